/**
 * The daily average-TPS series of one chain: deterministic from the world's seed and the chain, so
 * every page of every run agrees. The series ends on the UTC day of the chain's latest block (the
 * world's "today"), which ties the metrics service to the same clock as the Data API and the node.
 */
import type { MetricsSchema } from '@avalanche-graph/wire-types';
import { isTestnet } from '@avalanche-graph/identity';
import type { SandboxChain } from '../world/chains.js';
import { WORLD_NOW_MS } from '../world/evm/index.js';
import type { World } from '../world/index.js';
import { Rng } from '../world/rng.js';

/** A point of a series: for a daily one, the day's start (Unix seconds, 00:00 UTC) and its average. */
export type MetricPoint = MetricsSchema<'MetricsValue'>;

export interface TpsSeries {
  /** Newest first, one point per day, no gaps. */
  points: MetricPoint[];
  /** When the (simulated) aggregation job last ran: the chain's latest block time. */
  lastRun: number;
}

/** How many days the service keeps. */
export const SERIES_DAYS = 120;
const DAY = 86_400;
/** The world's clock, for a chain without EVM blocks (keeps the service deterministic anyway). */
const WORLD_NOW = Math.floor(WORLD_NOW_MS / 1000);

/** The busiest chains get a higher base rate, the way the C-Chain outpaces most L1s. */
function baseRate(chain: SandboxChain, rng: Rng): number {
  if (chain.isCChain) return isTestnet(chain.network) ? 2 + rng.next() * 2 : 12 + rng.next() * 6;
  return 0.2 + rng.next() * 1.5;
}

function latestBlockTime(world: World, chain: SandboxChain): number {
  const evm = world.evm.chain(chain.evmChainId);
  if (!evm) return WORLD_NOW;
  const latest = evm.blockByNumber(evm.latestBlockNumber());
  return latest?.timestamp ?? WORLD_NOW;
}

export function buildTpsSeries(world: World, chain: SandboxChain): TpsSeries {
  const rng = new Rng(world.seed).fork(`metrics/avg_tps/${chain.evmChainId}`);
  const lastRun = latestBlockTime(world, chain);
  const today = lastRun - (lastRun % DAY);
  const base = baseRate(chain, rng);
  // A bounded random walk with a weekend dip (day 0 of the epoch was a Thursday, so 2 and 3 are
  // Saturday and Sunday): plausible charts, never negative.
  const chronological: MetricPoint[] = [];
  let level = base;
  for (let i = SERIES_DAYS - 1; i >= 0; i--) {
    const timestamp = today - i * DAY;
    level = Math.max(base * 0.3, Math.min(base * 2.5, level * (0.85 + rng.next() * 0.3)));
    const weekday = Math.floor(timestamp / DAY) % 7;
    const weekly = weekday === 2 || weekday === 3 ? 0.85 : 1;
    chronological.push({ timestamp, value: Math.round(level * weekly * 100) / 100 });
  }
  return { points: chronological.reverse(), lastRun };
}
