/** Wallets of the simulated primary network: one key hash, its X-, P- and bare bech32 addresses. */
import { bech32 } from '@scure/base';
import { bech32Address, BECH32_HRP, bytesToHex } from '../../../lib/codec.js';
import type { SandboxNetwork } from '../chains.js';
import type { Rng } from '../rng.js';
import type { ShortId, Wallet } from './types.js';

export function shortId(bytes: Uint8Array): ShortId {
  return { bytes, hex: bytesToHex(bytes) };
}

export function hrpOf(network: SandboxNetwork): string {
  return BECH32_HRP[network];
}

export function bareAddress(hrp: string, key: ShortId): string {
  return bech32.encode(hrp, bech32.toWords(key.bytes));
}

export function walletOf(network: SandboxNetwork, key: ShortId): Wallet {
  const hrp = hrpOf(network);
  return { key, p: bech32Address('P', hrp, key.bytes), x: bech32Address('X', hrp, key.bytes), bare: bareAddress(hrp, key) };
}

export function createWallets(rng: Rng, network: SandboxNetwork, count: number): Wallet[] {
  return Array.from({ length: count }, () => walletOf(network, shortId(rng.bytes(20))));
}
