/**
 * Identifiers of the primary network: the P-, X- and C-Chain ids behind their aliases, the bech32
 * prefix of each network, and the input checks of primary-network arguments.
 */
import { badInput } from '../../errors.js';
import { parseBech32Address } from '../../lib/codec.js';
import type { NetworkNameValue } from '../enums.js';
import { cb58Id, list, nodeId } from '../validate.js';

/** The two networks behind the three names (TESTNET is FUJI): global ids use these. */
export type PrimaryNetworkKey = 'mainnet' | 'fuji';

export type PrimaryChainAlias = 'P' | 'X' | 'C';

export function networkKey(name: NetworkNameValue): PrimaryNetworkKey {
  return name === 'MAINNET' ? 'mainnet' : 'fuji';
}

export function networkName(key: PrimaryNetworkKey): NetworkNameValue {
  return key === 'mainnet' ? 'MAINNET' : 'FUJI';
}

/** The real blockchain ids of the primary network's chains (public, fixed at each network's genesis). */
export const PRIMARY_CHAIN_IDS: Record<PrimaryNetworkKey, Record<PrimaryChainAlias, string>> = {
  mainnet: {
    P: '11111111111111111111111111111111LpoYY',
    X: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
    C: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
  },
  fuji: {
    P: '11111111111111111111111111111111LpoYY',
    X: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
    C: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
  },
};

const ALIASES: Record<string, PrimaryChainAlias> = { 'p-chain': 'P', 'x-chain': 'X', 'c-chain': 'C' };

/** The bech32 prefix of a network's addresses. */
export function hrpOf(key: PrimaryNetworkKey): string {
  return key === 'mainnet' ? 'avax' : 'fuji';
}

/** A blockchain id or one of the aliases p-chain, x-chain, c-chain, as a cb58 id. */
export function blockchainIdArg(argument: string, value: string, key: PrimaryNetworkKey): string {
  const alias = ALIASES[value.toLowerCase()];
  if (alias) return PRIMARY_CHAIN_IDS[key][alias];
  return cb58Id(argument, value);
}

/** Which primary-network chain a blockchain id is on this network, if any. */
export function primaryChainOf(blockchainId: string, key: PrimaryNetworkKey): PrimaryChainAlias | undefined {
  const ids = PRIMARY_CHAIN_IDS[key];
  return (Object.keys(ids) as PrimaryChainAlias[]).find((alias) => ids[alias] === blockchainId);
}

/** One of the given primary-network chains, by alias or id; anything else is bad input. */
export function primaryChainArg(
  argument: string,
  value: string,
  key: PrimaryNetworkKey,
  allowed: readonly PrimaryChainAlias[],
): { blockchainId: string; alias: PrimaryChainAlias } {
  const blockchainId = blockchainIdArg(argument, value, key);
  const alias = primaryChainOf(blockchainId, key);
  if (!alias || !allowed.includes(alias)) {
    const names = allowed.map((a) => `${a.toLowerCase()}-chain`).join(', ');
    throw badInput(argument, `"${value}" is not a chain this list covers on ${key} (one of ${names}, by alias or blockchain id)`);
  }
  return { blockchainId, alias };
}

/**
 * A primary-network address of this network: `avax1...`/`fuji1...`, optionally prefixed with the
 * alias of one of the allowed chains (`P-avax1...`). Returns the bare form: the prefix only names
 * the chain, the key is the same, and the Data API filters by key (one cache entry, not three).
 */
export function primaryAddress(argument: string, value: string, key: PrimaryNetworkKey, chains: readonly PrimaryChainAlias[]): string {
  const parsed = parseBech32Address(value);
  const hrp = hrpOf(key);
  if (!parsed) throw badInput(argument, `"${short(value)}" is not a bech32 address (e.g. P-${hrp}1...)`);
  if (parsed.hrp !== hrp) throw badInput(argument, `"${short(value)}" is an address of another network (expected prefix ${hrp})`);
  if (parsed.chain !== null && !(chains as readonly string[]).includes(parsed.chain)) {
    throw badInput(argument, `"${short(value)}" has chain prefix "${parsed.chain}-"; expected ${chains.map((c) => `"${c}-"`).join(' or ')} or none`);
  }
  return parsed.chain === null ? value : value.slice(parsed.chain.length + 1);
}

export function primaryAddresses(
  argument: string,
  values: readonly string[],
  max: number,
  key: PrimaryNetworkKey,
  chains: readonly PrimaryChainAlias[],
): string[] {
  return list(argument, values, max, (arg, v) => primaryAddress(arg, v, key, chains));
}

export function nodeIds(argument: string, values: readonly string[], max: number): string[] {
  return list(argument, values, max, nodeId);
}

function short(value: string): string {
  return value.length > 80 ? `${value.slice(0, 77)}...` : value;
}
