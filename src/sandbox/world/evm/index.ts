/**
 * The EVM part of the world (owned by the EVM sandbox work): blocks, transactions, balances,
 * tokens, NFTs and ICM messages of every chain in `chains`.
 */
import type { SandboxChain } from '../chains.js';
import type { Rng } from '../rng.js';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EvmWorld {}

export function createEvmWorld(_rng: Rng, _chains: SandboxChain[]): EvmWorld {
  return {};
}
