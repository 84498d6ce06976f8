/**
 * The primary-network part of the world (owned by the primary-network sandbox work): P-Chain
 * validators, delegators, rewards, UTXOs, blockchains; X-Chain assets, blocks, vertices, txs.
 */
import type { SandboxChain } from '../chains.js';
import type { Rng } from '../rng.js';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PrimaryWorld {}

export function createPrimaryWorld(_rng: Rng, _chains: SandboxChain[]): PrimaryWorld {
  return {};
}
