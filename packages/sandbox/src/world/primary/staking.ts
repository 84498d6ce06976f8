/**
 * Primary-network stakers: validators (each with its current and up to two completed validation
 * periods) and delegations to them (active, pending, completed), with the rewards the world's flat
 * rate gives them. The P-Chain simulation turns this plan into transactions and UTXOs.
 */
import { cb58Encode, nodeIdFromBytes } from '@avalanche-graph/identity';
import type { Rng } from '../rng.js';
import { AVAX, DAY, HISTORY_START, PERCENT_DENOMINATOR, REWARD_RATE_PPM, STAKING, WORLD_NOW, YEAR } from './constants.js';
import { amountBetween, pickWallet, timeBetween, type NetworkContext } from './context.js';
import { singleOwner } from './ledger.js';
import type { BlsSigner, Delegation, RewardOwner, ShortId, ValidationPeriod, Validator } from './types.js';

const MIN_STAKING = 14 * DAY;
const FEE_CHOICES = [20_000, 20_000, 25_000, 30_000, 50_000, 75_000, 100_000, 200_000];

export interface StakingPlan {
  validators: Validator[];
  delegations: Delegation[];
}

/** Reward of `amount` staked for `seconds` at the world's rate. */
export function rewardFor(amount: bigint, seconds: number): bigint {
  return (amount * REWARD_RATE_PPM * BigInt(seconds)) / BigInt(YEAR) / PERCENT_DENOMINATOR;
}

function owner(key: ShortId): RewardOwner {
  return singleOwner(key);
}

/** A compressed BLS public key (48 bytes) and proof of possession (96 bytes), flagged compressed. */
export function blsKey(rng: Rng): BlsSigner {
  const publicKey = rng.bytes(48);
  const proofOfPossession = rng.bytes(96);
  publicKey[0] = (publicKey[0]! & 0x1f) | 0x80;
  proofOfPossession[0] = (proofOfPossession[0]! & 0x1f) | 0x80;
  return { publicKey, proofOfPossession };
}

export function planStaking(ctx: NetworkContext, rng: Rng): StakingPlan {
  const bounds = STAKING[ctx.network];
  const validators: Validator[] = [];
  const delegations: Delegation[] = [];
  const count = rng.int(15, 25);
  for (let i = 0; i < count; i++) {
    const nodeId = nodeIdFromBytes(rng.bytes(20));
    const staker = pickWallet(rng, ctx).key;
    const validationRewardOwner = owner(rng.chance(0.8) ? staker : pickWallet(rng, ctx).key);
    const delegationRewardOwner = rng.chance(0.7) ? validationRewardOwner : owner(pickWallet(rng, ctx).key);
    const shares = rng.pick(FEE_CHOICES);
    const signer = rng.chance(0.85) ? blsKey(rng) : undefined;
    const period = (start: number, end: number): ValidationPeriod => {
      const stake = amountBetween(rng, bounds.minValidator, bounds.maxValidator, AVAX);
      return { txId: cb58Encode(rng.bytes(32)), nodeId, start, end, stake, shares, validationRewardOwner, delegationRewardOwner, staker, signer, potentialReward: rewardFor(stake, end - start) };
    };
    const start = WORLD_NOW - rng.int(5 * DAY, 330 * DAY);
    const end = Math.min(start + 365 * DAY, Math.max(start + rng.int(MIN_STAKING, 365 * DAY), WORLD_NOW + rng.int(DAY, 120 * DAY)));
    const current = period(start, end);
    const past: ValidationPeriod[] = [];
    let cursor = start - rng.int(0, 3 * DAY);
    for (let n = rng.int(0, 2); n > 0; n--) {
      const pastStart = cursor - rng.int(MIN_STAKING + DAY, 90 * DAY);
      if (pastStart < HISTORY_START + 2 * DAY) break;
      const p = period(pastStart, cursor);
      p.rewardTxId = cb58Encode(rng.bytes(32));
      past.unshift(p);
      cursor = pastStart - rng.int(0, 2 * DAY);
    }
    const uptime = rng.chance(0.85) ? 97 + rng.next() * 3 : 80 + rng.next() * 17;
    validators.push({ nodeId, current, past, uptime: Math.round(uptime * 10_000) / 10_000, connected: rng.chance(0.9) });
    delegations.push(...planDelegations(ctx, rng, current, past));
  }
  return { validators, delegations };
}

function planDelegations(ctx: NetworkContext, rng: Rng, current: ValidationPeriod, past: ValidationPeriod[]): Delegation[] {
  const bounds = STAKING[ctx.network];
  const out: Delegation[] = [];
  const add = (period: ValidationPeriod, status: Delegation['status'], start: number, end: number, issuedTime: number) => {
    if (end - start < MIN_STAKING || end > period.end || start < period.start) return;
    const delegator = pickWallet(rng, ctx).key;
    const amount = amountBetween(rng, bounds.minDelegator, bounds.maxDelegator, AVAX / 10n);
    const grossReward = rewardFor(amount, end - start);
    const feeReward = (grossReward * BigInt(period.shares)) / PERCENT_DENOMINATOR;
    out.push({
      txId: cb58Encode(rng.bytes(32)),
      nodeId: period.nodeId,
      status,
      start,
      end,
      amount,
      delegator,
      rewardOwner: owner(rng.chance(0.8) ? delegator : pickWallet(rng, ctx).key),
      period,
      grossReward,
      feeReward,
      rewardTxId: status === 'completed' ? cb58Encode(rng.bytes(32)) : undefined,
      issuedTime,
    });
  };
  const within = (lo: number, hi: number): number | null => (lo <= hi ? timeBetween(rng, lo, hi) : null);
  for (let n = rng.int(0, 6); n > 0; n--) {
    const start = within(current.start + 3_600, WORLD_NOW - 3_600);
    const end = start === null ? null : within(Math.max(start + MIN_STAKING, WORLD_NOW + DAY), current.end);
    if (start !== null && end !== null) add(current, 'active', start, end, start);
  }
  if (rng.chance(0.3)) {
    const start = WORLD_NOW + rng.int(3_600, 7 * DAY);
    const end = within(start + MIN_STAKING, current.end);
    if (end !== null) add(current, 'pending', start, end, WORLD_NOW - rng.int(3_600, 3 * DAY));
  }
  for (const period of past) {
    for (let n = rng.int(0, 3); n > 0; n--) {
      const start = within(period.start, period.end - MIN_STAKING);
      const end = start === null ? null : within(start + MIN_STAKING, period.end);
      if (start !== null && end !== null) add(period, 'completed', start, end, start);
    }
  }
  return out;
}
