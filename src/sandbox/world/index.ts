/**
 * One consistent simulated Avalanche world, deterministic from a seed. Every simulated service
 * answers from the same world, so links between them (a chain's blockchain, a validator's
 * delegators) hold.
 */
import { createChains, type SandboxChain } from './chains.js';
import { Rng } from './rng.js';

export const DEFAULT_SEED = 'avalanche-sandbox-v1';

export interface World {
  seed: string;
  chains: SandboxChain[];
}

export function createWorld(seed: string = DEFAULT_SEED): World {
  const rng = new Rng(seed);
  return { seed, chains: createChains(rng.fork('chains')) };
}
