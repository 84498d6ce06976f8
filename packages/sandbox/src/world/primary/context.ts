/** What every generator of one network's primary-network world shares. */
import type { SandboxChain } from '../chains.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import type { Rng } from '../rng.js';
import type { Ledger } from './ledger.js';
import type { ChainAlias, ShortId, Wallet } from './types.js';

export interface NetworkContext {
  network: NetworkKey;
  networkId: number;
  hrp: string;
  avaxAssetId: string;
  chainIds: Record<ChainAlias, string>;
  wallets: Wallet[];
  walletByHex: (hex: string) => Wallet;
  /** The EVM chains of this network (C-Chain and L1s). */
  chains: SandboxChain[];
  ledger: Ledger;
}

export function pickWallet(rng: Rng, ctx: NetworkContext, except?: ShortId): Wallet {
  for (;;) {
    const wallet = rng.pick(ctx.wallets);
    if (!except || wallet.key.hex !== except.hex) return wallet;
  }
}

/** A time uniformly in [from, to]. */
export function timeBetween(rng: Rng, from: number, to: number): number {
  return rng.int(Math.floor(from), Math.floor(to));
}

/** A random amount in [min, max] rounded to `step` (so amounts look like ones people send). */
export function amountBetween(rng: Rng, min: bigint, max: bigint, step = 1_000_000n): bigint {
  const value = rng.bigint(min, max);
  const rounded = (value / step) * step;
  return rounded < min ? min : rounded;
}
