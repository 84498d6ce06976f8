/**
 * One consistent simulated Avalanche world, deterministic from a seed. Every simulated service
 * answers from the same world, so links between them (a chain's blockchain, a validator's
 * delegators) hold.
 */
import { createChains, type SandboxChain } from './chains.js';
import { createEvmWorld, type EvmWorld } from './evm/index.js';
import { createPrimaryWorld, type PrimaryWorld } from './primary/index.js';
import { Rng } from './rng.js';

export const DEFAULT_SEED = 'avalanche-sandbox-v1';

export interface World {
  seed: string;
  chains: SandboxChain[];
  evm: EvmWorld;
  primary: PrimaryWorld;
}

export function createWorld(seed: string = DEFAULT_SEED): World {
  const rng = new Rng(seed);
  const chains = createChains(rng.fork('chains'));
  const evm = createEvmWorld(rng.fork('evm'), chains);
  return { seed, chains, evm, primary: createPrimaryWorld(rng.fork('primary'), chains, evm) };
}
