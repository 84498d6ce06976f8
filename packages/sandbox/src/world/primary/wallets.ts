/** Wallets of the simulated primary network: one key hash, its X-, P- and bare bech32 addresses. */
import { bech32 } from '@scure/base';
import { bech32Address, bytesToHex, type NetworkKey, NETWORKS } from '@avalanche-graph/identity';
import type { Rng } from '../rng.js';
import type { ShortId, Wallet } from './types.js';

export function shortId(bytes: Uint8Array): ShortId {
  return { bytes, hex: bytesToHex(bytes) };
}

export function bareAddress(hrp: string, key: ShortId): string {
  return bech32.encode(hrp, bech32.toWords(key.bytes));
}

export function walletOf(network: NetworkKey, key: ShortId): Wallet {
  const hrp = NETWORKS[network].hrp;
  return { key, p: bech32Address('P', hrp, key.bytes), x: bech32Address('X', hrp, key.bytes), bare: bareAddress(hrp, key) };
}

export function createWallets(rng: Rng, network: NetworkKey, count: number): Wallet[] {
  return Array.from({ length: count }, () => walletOf(network, shortId(rng.bytes(20))));
}
