/**
 * Staking and L1 validator fee series of the simulated metrics service, counted from the primary
 * world: a day's validator count and weight are the validation periods (current and past) of the
 * P-Chain's validators that cover the day's start, its delegator figures the delegations that do;
 * an L1's are its L1 validators registered by then (L1s have no delegations). L1 validators pay the
 * continuous fee for each day from their start while their balance lasts (an inactive one, with no
 * balance left, is counted as paying nothing).
 */
import { DAY, WORLD_NOW } from '../../world/primary/constants.js';
import type { L1Validator, PrimaryNetwork } from '../../world/primary/types.js';
import { PRIMARY_NETWORK_SUBNET_ID } from '../../world/chains.js';
import type { Point } from './chain-series.js';

export const STAKING_METRICS = ['delegatorCount', 'delegatorWeight', 'validatorCount', 'validatorWeight'] as const;
export type StakingMetricName = (typeof STAKING_METRICS)[number];

export const TOTAL_L1_METRICS = ['totalCumulativeFeesDaily', 'totalValidatorFeesDaily', 'totalPayingValidatorsDaily'] as const;
export const VALIDATION_METRICS = ['validationCumulativeFeesDaily', 'validationFeesDaily'] as const;
export const NODE_METRICS = ['perNodeCumulativeFeesPaid', 'perNodeDailyFeesPaid'] as const;
export const SUBNET_METRICS = ['perSubnetDailyFeesPaid', 'perSubnetCumulativeFeesPaid', 'perSubnetPayingValidators'] as const;

/** The continuous fee an L1 validator pays, nAVAX per day (512 nAVAX a second). */
export const L1_FEE_PER_DAY = 512 * DAY;

const dayOf = (t: number) => t - (t % DAY);
const TODAY = dayOf(WORLD_NOW);

/** Days from `first` to the world's today, oldest first. */
function days(first: number): number[] {
  const out: number[] = [];
  for (let d = dayOf(first); d <= TODAY; d += DAY) out.push(d);
  return out;
}

/** The subnet ids of a network that have validators: the primary network's and its L1s'. */
export function knownSubnet(net: PrimaryNetwork, subnetId: string): boolean {
  return subnetId === PRIMARY_NETWORK_SUBNET_ID || net.blockchains.some((b) => b.subnetId === subnetId);
}

/** A daily staking series of one subnet, oldest first. */
export function stakingPoints(net: PrimaryNetwork, subnetId: string, metric: StakingMetricName): Point[] {
  if (subnetId !== PRIMARY_NETWORK_SUBNET_ID) {
    const l1 = net.l1Validators.filter((v) => v.subnetId === subnetId);
    const first = Math.min(...l1.map((v) => v.startTime), WORLD_NOW);
    return days(first).map((d) => {
      const on = l1.filter((v) => v.startTime <= d);
      const value = metric === 'validatorCount' ? on.length : metric === 'validatorWeight' ? on.reduce((s, v) => s + Number(v.weight), 0) : 0;
      return { timestamp: d, value };
    });
  }
  const periods = net.validators.flatMap((v) => [...v.past, v.current]);
  const first = Math.min(...periods.map((p) => p.start));
  return days(first).map((d) => {
    const covering = <T extends { start: number; end: number }>(list: readonly T[]) => list.filter((x) => x.start <= d && d < x.end);
    let value: number;
    if (metric === 'validatorCount') value = covering(periods).length;
    else if (metric === 'validatorWeight') value = covering(periods).reduce((s, p) => s + Number(p.stake), 0);
    else if (metric === 'delegatorCount') value = covering(net.delegations).length;
    else value = covering(net.delegations).reduce((s, x) => s + Number(x.amount), 0);
    return { timestamp: d, value };
  });
}

/** Whether an L1 validator pays the fee on day `d`: registered by then, with balance left. */
const pays = (v: L1Validator, d: number) => v.balance > 0n && dayOf(v.startTime) <= d;

/** Daily fees, cumulative fees or paying-validator counts of a set of L1 validators, oldest first. */
export function feePoints(validators: readonly L1Validator[], kind: 'daily' | 'cumulative' | 'paying'): Point[] {
  const first = Math.min(...validators.map((v) => v.startTime), WORLD_NOW);
  let total = 0;
  return days(first).map((d) => {
    const paying = validators.filter((v) => pays(v, d)).length;
    total += paying * L1_FEE_PER_DAY;
    return { timestamp: d, value: kind === 'paying' ? paying : kind === 'daily' ? paying * L1_FEE_PER_DAY : total };
  });
}

/** Which fee series a metric name asks for. */
export function feeKind(metric: string): 'daily' | 'cumulative' | 'paying' {
  if (metric.includes('Cumulative')) return 'cumulative';
  if (metric.includes('Paying')) return 'paying';
  return 'daily';
}
