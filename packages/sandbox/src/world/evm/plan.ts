/**
 * The skeleton of one EVM chain, made before any block: its clock (block count and timestamps), its
 * accounts and contracts, its genesis allocation and, for an L1, its subnet-EVM chain config. Cheap
 * to build, so ICM messages can be planned across chains (and the Data API can serve an L1's genesis)
 * while each chain's blocks are generated only when first used.
 */
import { bytesToHex, toChecksumAddress } from '@avalanche-graph/identity';
import type { SandboxChain } from '../chains.js';
import type { Rng } from '../rng.js';
import { l1ChainConfig, type L1ChainConfig } from './chain-config.js';
import { WEI_PER_TOKEN, WORLD_NOW_MS } from './constants.js';
import type { PlannedIcm } from './icm.js';
import type { Erc20Token, NftStandard } from './types.js';

export interface CollectionSpec {
  address: string;
  standard: NftStandard;
  name: string;
  symbol: string;
  /** Native wei paid to the collection per ERC-721 mint (0 = free mint). */
  mintPrice: bigint;
}

export interface ChainPlan {
  chain: SandboxChain;
  /** Stream for the block generator (independent of the plan's own draws). */
  rng: Rng;
  blockCount: number;
  /** Block timestamps in ms, index = block number. */
  timestampsMs: number[];
  /** Every externally owned account active here: own wallets, shared wallets, relayers. */
  wallets: string[];
  /** Wallets also active on other chains; the first is active on every chain. */
  sharedWallets: string[];
  relayers: string[];
  genesisAlloc: Map<string, bigint>;
  tokens: Erc20Token[];
  /** Genesis ERC-20 balances (token address → holder → amount). */
  tokenAlloc: Map<string, Map<string, bigint>>;
  collections: CollectionSpec[];
  router: string;
  pool: string;
  /** Contracts that receive ICM messages. */
  icmApps: string[];
  baseFeeWei: bigint;
  gasLimit: bigint;
  /** ICM sends and deliveries placed in this chain's blocks (filled by the ICM planner). */
  icmByBlock: Map<number, PlannedIcm[]>;
  /** The L1's chain config, the one source of its genesis and of what its node reports; undefined for the C-Chain. */
  l1Config?: L1ChainConfig;
}

interface TokenTemplate {
  name: string;
  symbol: string;
  decimals: number;
  priceUsd: number;
}

const TOKEN_TEMPLATES: TokenTemplate[] = [
  { name: 'Sandbox Dollar', symbol: 'SDUSD', decimals: 6, priceUsd: 1 },
  { name: 'Glacier Gold', symbol: 'GGLD', decimals: 18, priceUsd: 2310.5 },
  { name: 'Peak Points', symbol: 'PEAK', decimals: 8, priceUsd: 0.0831 },
  { name: 'Summit Share', symbol: 'SMT', decimals: 18, priceUsd: 3.14 },
  { name: 'Avalanche Trail', symbol: 'TRAIL', decimals: 12, priceUsd: 0.57 },
];

const ERC721_NAMES = ['Sandbox Summits', 'Arcade Heroes', 'Ledger Seals', 'Echo Shards', 'Snowfall Sprites', 'Ridge Runners'];
const ERC1155_NAMES = ['Sandbox Items', 'Arcade Loot', 'Ledger Stamps', 'Echo Relics'];

export function randomAddress(rng: Rng): string {
  return toChecksumAddress(bytesToHex(rng.bytes(20)));
}

function pickDistinct<T>(rng: Rng, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
  return out;
}

function symbolOf(name: string): string {
  return name
    .split(' ')
    .map((w) => w[0])
    .join('')
    .toUpperCase();
}

/** Whole tokens to base units. */
export function units(whole: number, decimals: number): bigint {
  return BigInt(Math.round(whole * 1000)) * 10n ** BigInt(decimals) / 1000n;
}

export function createChainPlan(rng: Rng, chain: SandboxChain, sharedWallets: string[], relayers: string[], nativePriceUsd: number): ChainPlan {
  const r = rng.fork('plan');
  const blockCount = r.int(150, 300);
  const intervalMs = chain.isCChain ? r.int(1800, 2400) : r.int(2500, 5000);
  // Walk back from the world's now so every chain's tip is close to the same moment.
  const timestampsMs = new Array<number>(blockCount);
  let t = WORLD_NOW_MS - r.int(500, 3000);
  for (let n = blockCount - 1; n >= 0; n--) {
    timestampsMs[n] = t;
    t -= Math.round(intervalMs * (0.6 + r.next() * 0.8));
  }

  const own = Array.from({ length: r.int(20, 30) }, () => randomAddress(r));
  const wallets = [...own, ...sharedWallets, ...relayers];
  const genesisAlloc = new Map<string, bigint>();
  for (const w of wallets) genesisAlloc.set(w, r.bigint(100n, 20_000n) * WEI_PER_TOKEN + r.bigint(0n, WEI_PER_TOKEN));
  for (const relayer of relayers) genesisAlloc.set(relayer, 5_000n * WEI_PER_TOKEN);

  const nativeSymbol = chain.info.networkToken.symbol;
  const templates: TokenTemplate[] = [
    { name: `Wrapped ${chain.info.networkToken.name}`, symbol: `W${nativeSymbol}`, decimals: 18, priceUsd: nativePriceUsd },
    ...pickDistinct(r, TOKEN_TEMPLATES, r.int(1, 2)),
  ];
  const tokens: Erc20Token[] = templates.map((tpl) => ({
    address: randomAddress(r),
    name: tpl.name,
    symbol: tpl.symbol,
    decimals: tpl.decimals,
    logoUri: `https://images.sandbox.invalid/tokens/${tpl.symbol.toLowerCase()}.svg`,
    priceUsd: tpl.priceUsd,
  }));

  const router = randomAddress(r);
  const pool = randomAddress(r);
  const tokenAlloc = new Map<string, Map<string, bigint>>();
  for (const token of tokens) {
    const holders = new Map<string, bigint>();
    for (const w of wallets) holders.set(w, units(r.int(1_000, 1_000_000), token.decimals));
    holders.set(pool, units(1_000_000_000, token.decimals));
    tokenAlloc.set(token.address, holders);
  }

  const collections: CollectionSpec[] = [
    ...pickDistinct(r, ERC721_NAMES, r.int(1, 2)).map((name) => ({
      address: randomAddress(r),
      standard: 'ERC-721' as const,
      name,
      symbol: symbolOf(name),
      mintPrice: r.chance(0.5) ? 0n : WEI_PER_TOKEN / BigInt(r.pick([2, 4, 10])),
    })),
    ...pickDistinct(r, ERC1155_NAMES, 1).map((name) => ({ address: randomAddress(r), standard: 'ERC-1155' as const, name, symbol: symbolOf(name), mintPrice: 0n })),
  ];

  const plan: ChainPlan = {
    chain,
    rng: rng.fork('blocks'),
    blockCount,
    timestampsMs,
    wallets,
    sharedWallets,
    relayers,
    genesisAlloc,
    tokens,
    tokenAlloc,
    collections,
    router,
    pool,
    icmApps: Array.from({ length: 2 }, () => randomAddress(r)),
    baseFeeWei: BigInt(r.int(chain.isCChain ? 20 : 1, chain.isCChain ? 30 : 25)) * 1_000_000_000n,
    gasLimit: chain.isCChain ? 15_000_000n : BigInt(r.pick([8_000_000, 12_000_000, 20_000_000])),
    icmByBlock: new Map(),
  };
  if (!chain.isCChain) plan.l1Config = l1ChainConfig(plan);
  return plan;
}
