/**
 * EVM chain metrics of the simulated metrics service, deterministic from the world. A chain's daily
 * transaction count is its `/v1/avg_tps` series times the seconds of a day (so the v1 and v2 routes
 * agree), split over the day's hours; gas, fees and contract creations scale it by the chain's own
 * transactions in the EVM world (mean gas used, mean gas price, share of contract creations).
 * Everything else derives from these counts, so the series agree with each other: hours sum to
 * their day, weeks and months to their days, cumulative series to the running sum.
 */
import type { MetricsSchema } from '@avalanche-graph/wire-types';
import type { SandboxChain } from '../../world/chains.js';
import type { World } from '../../world/index.js';
import { Rng } from '../../world/rng.js';
import { buildTpsSeries } from '../series.js';

export const CHAIN_METRICS = [
  'activeAddresses', 'activeSenders', 'cumulativeTxCount', 'cumulativeAddresses', 'cumulativeContracts', 'cumulativeDeployers',
  'contracts', 'deployers', 'gasUsed', 'txCount', 'avgGps', 'maxGps', 'avgTps', 'maxTps', 'avgGasPrice', 'maxGasPrice', 'feesPaid',
] as const;
export type ChainMetricName = (typeof CHAIN_METRICS)[number];

export const ROLLING_METRICS = [
  'gasUsed', 'txCount', 'avgGps', 'maxGps', 'avgTps', 'maxTps', 'avgGasPrice', 'maxGasPrice', 'feesPaid', 'contracts', 'deployers',
  'activeAddresses', 'activeSenders',
] as const;
export type RollingMetricName = (typeof ROLLING_METRICS)[number];

export const TIME_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type TimeInterval = (typeof TIME_INTERVALS)[number];

/** Metrics served at every interval; the others only per day. */
export const ANY_INTERVAL_METRICS: ReadonlySet<string> = new Set(['activeAddresses', 'activeSenders', 'gasUsed', 'txCount']);

const HOUR = 3_600;
const DAY = 86_400;

export type Point = MetricsSchema<'MetricsValue'>;

/** One day of one chain: the raw counts every metric is computed from. */
interface Day {
  timestamp: number;
  txCount: number;
  hourly: number[];
  gasUsed: number;
  avgTps: number;
  maxTps: number;
  avgGasPrice: number;
  maxGasPrice: number;
  contracts: number;
  deployers: number;
  newAddresses: number;
  newDeployers: number;
}

export interface ChainSeries {
  chain: SandboxChain;
  /** Oldest first. */
  days: Day[];
  /** Counts from before the series begins (genesis to the first day), for cumulative metrics. */
  before: { txCount: number; addresses: number; contracts: number; deployers: number };
  meanGasPerTx: number;
}

/** Distinct addresses of a period with `txCount` transactions: grows slower than the count. */
export const activeAddressesFor = (txCount: number) => Math.round(Math.sqrt(txCount) * 12);
export const activeSendersFor = (txCount: number) => Math.round(Math.sqrt(txCount) * 7);

export function buildChainSeries(world: World, chain: SandboxChain): ChainSeries {
  const rng = new Rng(world.seed).fork(`metrics/v2/chain/${chain.evmChainId}`);
  const evm = world.evm.chain(chain.evmChainId);
  const txs = evm?.transactions ?? [];
  const mean = (values: number[], fallback: number) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : fallback);
  const meanGasPerTx = Math.round(mean(txs.map((t) => Number(t.gasUsed)), 60_000));
  const meanGasPrice = Math.round(mean(txs.map((t) => Number(t.effectiveGasPrice)), 25e9));
  const creationShare = txs.length ? txs.filter((t) => t.contractAddress).length / txs.length : 0.001;
  const tps = [...buildTpsSeries(world, chain).points].reverse();
  const days = tps.map((point): Day => {
    const txCount = Math.round(point.value * DAY);
    // Busier afternoons (UTC), a little noise; the hours sum to the day exactly.
    const weights = Array.from({ length: 24 }, (_, h) => 1 + 0.5 * Math.sin((2 * Math.PI * (h - 8)) / 24) + rng.next() * 0.2);
    const total = weights.reduce((a, b) => a + b, 0);
    const hourly = weights.map((w) => Math.floor((txCount * w) / total));
    hourly[23]! += txCount - hourly.reduce((a, b) => a + b, 0);
    const priceFactor = 0.8 + rng.next() * 0.4;
    const contracts = Math.round(txCount * creationShare * (0.7 + rng.next() * 0.6));
    const active = activeAddressesFor(txCount);
    return {
      timestamp: point.timestamp,
      txCount,
      hourly,
      gasUsed: txCount * Math.round(meanGasPerTx * (0.9 + rng.next() * 0.2)),
      avgTps: point.value,
      maxTps: Math.round(point.value * (2 + rng.next() * 3) * 100) / 100,
      avgGasPrice: Math.round(meanGasPrice * priceFactor),
      maxGasPrice: Math.round(meanGasPrice * priceFactor * (3 + rng.next() * 5)),
      contracts,
      deployers: Math.round(contracts * 0.4),
      newAddresses: Math.round(active * 0.05),
      newDeployers: Math.round(contracts * 0.1),
    };
  });
  const before = { txCount: rng.int(1_000_000, 5_000_000), addresses: rng.int(10_000, 50_000), contracts: rng.int(1_000, 9_000), deployers: rng.int(100, 900) };
  return { chain, days, before, meanGasPerTx };
}

/** A day's value of any metric (day-only metrics included). */
function dayValue(series: ChainSeries, index: number, metric: ChainMetricName): number {
  const day = series.days[index]!;
  const sumUpTo = (pick: (d: Day) => number) => series.days.slice(0, index + 1).reduce((s, d) => s + pick(d), 0);
  switch (metric) {
    case 'activeAddresses': return activeAddressesFor(day.txCount);
    case 'activeSenders': return activeSendersFor(day.txCount);
    case 'txCount': return day.txCount;
    case 'gasUsed': return day.gasUsed;
    case 'cumulativeTxCount': return series.before.txCount + sumUpTo((d) => d.txCount);
    case 'cumulativeAddresses': return series.before.addresses + sumUpTo((d) => d.newAddresses);
    case 'cumulativeContracts': return series.before.contracts + sumUpTo((d) => d.contracts);
    case 'cumulativeDeployers': return series.before.deployers + sumUpTo((d) => d.newDeployers);
    case 'contracts': return day.contracts;
    case 'deployers': return day.deployers;
    case 'avgGps': return Math.round((day.gasUsed / DAY) * 100) / 100;
    case 'maxGps': return Math.round((day.gasUsed / DAY) * (day.maxTps / Math.max(day.avgTps, 0.01)) * 100) / 100;
    case 'avgTps': return day.avgTps;
    case 'maxTps': return day.maxTps;
    case 'avgGasPrice': return day.avgGasPrice;
    case 'maxGasPrice': return day.maxGasPrice;
    case 'feesPaid': return day.gasUsed * day.avgGasPrice;
  }
}

/** The start of the interval holding `timestamp`: the hour, the day, Monday of the week, the 1st of the month (UTC). */
export function intervalStart(timestamp: number, interval: TimeInterval): number {
  if (interval === 'hour') return timestamp - (timestamp % HOUR);
  const day = timestamp - (timestamp % DAY);
  if (interval === 'day') return day;
  if (interval === 'week') return day - ((Math.floor(day / DAY) + 3) % 7) * DAY; // 1970-01-01 was a Thursday
  const date = new Date(day * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
}

/** A chain's series of one metric at one interval, oldest first (the metric must allow the interval). */
export function chainPoints(series: ChainSeries, metric: ChainMetricName, interval: TimeInterval): Point[] {
  if (interval === 'day') return series.days.map((d, i) => ({ timestamp: d.timestamp, value: dayValue(series, i, metric) }));
  if (interval === 'hour') {
    return series.days.flatMap((d) =>
      d.hourly.map((count, h) => {
        const value = metric === 'txCount' ? count : metric === 'gasUsed' ? Math.round((d.gasUsed * count) / Math.max(d.txCount, 1)) : metric === 'activeAddresses' ? activeAddressesFor(count) : activeSendersFor(count);
        return { timestamp: d.timestamp + h * HOUR, value };
      }),
    );
  }
  // Weeks and months: sums of their days; distinct addresses from the period's transactions.
  const buckets = new Map<number, { txCount: number; gasUsed: number }>();
  for (const d of series.days) {
    const key = intervalStart(d.timestamp, interval);
    const bucket = buckets.get(key) ?? { txCount: 0, gasUsed: 0 };
    bucket.txCount += d.txCount;
    bucket.gasUsed += d.gasUsed;
    buckets.set(key, bucket);
  }
  return [...buckets].map(([timestamp, b]) => ({
    timestamp,
    value: metric === 'txCount' ? b.txCount : metric === 'gasUsed' ? b.gasUsed : metric === 'activeAddresses' ? activeAddressesFor(b.txCount) : activeSendersFor(b.txCount),
  }));
}

/** How a metric combines across chains (`total`, `mainnet`, `testnet`) and across a window's days. */
function combine(metric: string): 'sum' | 'max' | 'mean' {
  if (metric.startsWith('max')) return 'max';
  if (metric === 'avgGasPrice') return 'mean';
  return 'sum';
}

/** The series of several chains merged by timestamp (sums, maxima, or the mean gas price). */
export function mergedPoints(all: ChainSeries[], metric: ChainMetricName, interval: TimeInterval): Point[] {
  const how = combine(metric);
  const merged = new Map<number, number[]>();
  for (const series of all) for (const p of chainPoints(series, metric, interval)) merged.set(p.timestamp, [...(merged.get(p.timestamp) ?? []), p.value]);
  return [...merged]
    .sort(([a], [b]) => a - b)
    .map(([timestamp, values]) => ({
      timestamp,
      value: how === 'max' ? Math.max(...values) : how === 'mean' ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : values.reduce((a, b) => a + b, 0),
    }));
}

export type RollingWindow = MetricsSchema<'ChainRollingWindowMetricsValue'>;

/** Trailing windows ending with the newest day of the series; distinct-address metrics only to a week. */
export function rollingWindow(all: ChainSeries[], metric: RollingMetricName): RollingWindow {
  const hourlyCapable = ANY_INTERVAL_METRICS.has(metric);
  const days = mergedPoints(all, metric === 'activeAddresses' || metric === 'activeSenders' ? 'txCount' : metric, 'day');
  const how = combine(metric);
  const over = (n: number) => {
    const values = days.slice(-n).map((p) => p.value);
    const v = how === 'max' ? Math.max(...values) : values.reduce((a, b) => a + b, 0) / (how === 'mean' || metric.startsWith('avg') ? values.length : 1);
    const rounded = Math.round(v * 100) / 100;
    return metric === 'activeAddresses' ? activeAddressesFor(rounded) : metric === 'activeSenders' ? activeSendersFor(rounded) : rounded;
  };
  let lastHour: number;
  if (hourlyCapable) {
    const hours = mergedPoints(all, metric, 'hour');
    lastHour = hours.at(-1)!.value;
  } else {
    lastHour = how === 'sum' && !metric.startsWith('avg') ? Math.round((days.at(-1)!.value / 24) * 100) / 100 : days.at(-1)!.value;
  }
  const window: RollingWindow = { lastHour, lastDay: over(1), lastWeek: over(7) };
  if (metric === 'activeAddresses' || metric === 'activeSenders') return window;
  // All time reaches back before the series: the cumulative count where there is one.
  const cumulative = ({ txCount: 'cumulativeTxCount', contracts: 'cumulativeContracts', deployers: 'cumulativeDeployers' } as const)[metric as 'txCount'];
  const allTime = cumulative ? mergedPoints(all, cumulative, 'day').at(-1)!.value : over(days.length);
  return { ...window, lastMonth: over(30), last90Days: over(90), lastYear: over(365), allTime };
}
