/**
 * A world that lives: on timers, it mines a block on every EVM chain, delivers the oldest pending ICM
 * message and changes every validator set (a validator leaves, or the one that left comes back), so
 * that live subscriptions have something to report without anyone moving the world by hand.
 *
 * Each change is one of the world's own moves (`mineBlock`, `deliverIcmMessage`, `removeValidator`
 * and `restoreValidator`), so every service answers from the new state at once and the world stays
 * consistent with itself. What a change does depends only on the seed and on the changes before it
 * (the validator that leaves is drawn from the seed and the tick's number), never on the clock: the
 * same seed and the same sequence of ticks give the same world. Blocks are two seconds apart in the
 * world's time, whatever the interval.
 */
import { PRIMARY_NETWORK_SUBNET_ID, type NetworkKey, NETWORK_KEYS } from '@avalanche-graph/identity';
import { durationFromEnv } from './lib/env.js';
import type { World } from './world/index.js';
import { Rng } from './world/rng.js';

/** How often the world changes, in ms of wall time; 0 or absent: that change never happens by itself. */
export interface SandboxLifeOptions {
  /** A new (empty) block on every EVM chain of the world: the C-Chains of mainnet and Fuji and every L1. */
  blockIntervalMs?: number;
  /** The oldest pending ICM message is delivered (a block is mined on its destination chain), until none is pending. */
  icmIntervalMs?: number;
  /**
   * Every validator set of both networks (the primary network's, and each L1's with two validators or
   * more) changes: a validator drawn from the seed leaves the set, with its delegations, or the one that
   * left at the previous change comes back.
   */
  validatorSetIntervalMs?: number;
}

/** The kinds of change, as `SandboxLife.tick` and `ticks` name them. */
export type LifeChange = 'blocks' | 'icm' | 'validatorSets';

export interface SandboxLife {
  /** The intervals in force (0: that change is off); all 0 unless `startSandbox` was given `life`. */
  readonly intervals: Required<SandboxLifeOptions>;
  /** How many times each change has happened, by its timer or by `tick`. */
  ticks(): Record<LifeChange, number>;
  /** Makes one change now, as its timer does (its timer need not run): for demos and deterministic tests. */
  tick(change: LifeChange): void;
  /** Stops the timers: the world stays as it is from now on (`close()` stops them too). */
  stop(): void;
}

/** The intervals of `npm run sandbox` and of the package's command, unless SANDBOX_* variables say otherwise. */
export const DEFAULT_LIFE: Required<SandboxLifeOptions> = { blockIntervalMs: 2_000, icmIntervalMs: 5_000, validatorSetIntervalMs: 30_000 };

/** The variable that sets each interval. */
const VARIABLES: Record<keyof SandboxLifeOptions, string> = {
  blockIntervalMs: 'SANDBOX_BLOCK_INTERVAL_MS',
  icmIntervalMs: 'SANDBOX_ICM_INTERVAL_MS',
  validatorSetIntervalMs: 'SANDBOX_VALIDATOR_SET_INTERVAL_MS',
};

/**
 * SANDBOX_BLOCK_INTERVAL_MS, SANDBOX_ICM_INTERVAL_MS and SANDBOX_VALIDATOR_SET_INTERVAL_MS: each 0
 * (that change off) or a whole number of ms from 100 to 3600000; unset or empty: `DEFAULT_LIFE`'s.
 * Throws SandboxConfigError naming a bad one.
 */
export function lifeFromEnv(env: Record<string, string | undefined>): Required<SandboxLifeOptions> {
  const read = (key: keyof SandboxLifeOptions) => durationFromEnv(env, VARIABLES[key], { fallback: DEFAULT_LIFE[key], min: 100, max: 3_600_000, zero: 'off' });
  return { blockIntervalMs: read('blockIntervalMs'), icmIntervalMs: read('icmIntervalMs'), validatorSetIntervalMs: read('validatorSetIntervalMs') };
}

/** One line saying how the world moves, for a launcher to print. */
export function describeLife(intervals: Required<SandboxLifeOptions>): string {
  const every = (ms: number, what: string) => (ms > 0 ? [`${what} every ${ms / 1000} s`] : []);
  const parts = [
    ...every(intervals.blockIntervalMs, 'a block on every EVM chain'),
    ...every(intervals.icmIntervalMs, 'a pending ICM message delivered'),
    ...every(intervals.validatorSetIntervalMs, 'a validator set change'),
  ];
  return parts.length > 0 ? `World: ${parts.join(', ')} (${Object.values(VARIABLES).join(', ')}; 0 turns one off)` : `World: frozen (${Object.values(VARIABLES).join(', ')} are 0)`;
}

/** Starts the timers of `options` over `world` (none for an absent or 0 interval); each is unref'd. */
export function startLife(world: World, options: SandboxLifeOptions = {}): SandboxLife {
  const intervals: Required<SandboxLifeOptions> = {
    blockIntervalMs: interval(options, 'blockIntervalMs'),
    icmIntervalMs: interval(options, 'icmIntervalMs'),
    validatorSetIntervalMs: interval(options, 'validatorSetIntervalMs'),
  };
  const counts: Record<LifeChange, number> = { blocks: 0, icm: 0, validatorSets: 0 };
  /** The node that left each validator set at its last change, by `network|subnet`. */
  const away = new Map<string, string>();

  const changes: Record<LifeChange, () => void> = {
    blocks: () => {
      for (const id of world.evm.chainIds) world.evm.chain(id)!.mineBlock();
    },
    icm: () => {
      // Oldest first: the messages are listed by their source time.
      const next = world.evm.icmMessages().find((m) => m.status === 'pending');
      if (next) world.evm.deliverIcmMessage(next.messageId);
    },
    validatorSets: () => {
      for (const network of NETWORK_KEYS) {
        for (const set of validatorSets(world, network)) {
          const key = `${network}|${set.subnetId}`;
          const left = away.get(key);
          away.delete(key);
          // Back at the next change (unless someone else already put it back).
          if (left !== undefined && world.primary.removedValidators(network).includes(left)) {
            world.primary.restoreValidator(network, left);
            continue;
          }
          if (set.nodeIds.length < 2) continue;
          const leaving = new Rng(world.seed).fork(`life/validators/${key}/${counts.validatorSets}`).pick(set.nodeIds);
          world.primary.removeValidator(network, leaving);
          away.set(key, leaving);
        }
      }
    },
  };
  const tick = (change: LifeChange) => {
    changes[change]();
    counts[change]++;
  };

  const timers = (Object.entries({ blocks: intervals.blockIntervalMs, icm: intervals.icmIntervalMs, validatorSets: intervals.validatorSetIntervalMs }) as [LifeChange, number][])
    .filter(([, ms]) => ms > 0)
    // unref: a living world never keeps a process alive by itself.
    .map(([change, ms]) => setInterval(() => tick(change), ms).unref());

  return {
    intervals,
    ticks: () => ({ ...counts }),
    tick,
    stop: () => {
      for (const timer of timers) clearInterval(timer);
    },
  };
}

function interval(options: SandboxLifeOptions, key: keyof SandboxLifeOptions): number {
  const ms = options[key] ?? 0;
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`life.${key} must be a number of ms, 0 or more (0: off)`);
  return ms;
}

/** A network's current validator sets: the primary network's, then each L1's (by subnet id), as node ids. */
function validatorSets(world: World, network: NetworkKey): { subnetId: string; nodeIds: string[] }[] {
  const net = world.primary.networks[network];
  const l1 = new Map<string, string[]>();
  for (const v of net.l1Validators) l1.set(v.subnetId, [...(l1.get(v.subnetId) ?? []), v.nodeId]);
  return [{ subnetId: PRIMARY_NETWORK_SUBNET_ID, nodeIds: net.validators.map((v) => v.nodeId) }, ...[...l1].map(([subnetId, nodeIds]) => ({ subnetId, nodeIds }))];
}
