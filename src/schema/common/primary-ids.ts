/**
 * Identifiers of the primary network: the P-, X- and C-Chain ids behind their aliases, the bech32
 * prefix of each network, and the input checks of primary-network arguments.
 */
import type { ArgBuilder } from '@pothos/core';
import type { Types } from '../../builder.js';
import { badInput } from '../../errors.js';
import { parseBech32Address, NETWORKS, PRIMARY_CHAIN_NAMES, primaryChainOf, primaryChainOfName, type NetworkKey, type PrimaryChainAlias } from '@avalanche-graph/identity';
import { cb58Id, list, nodeId } from './validate.js';

/** The `blockchain` argument of a read on one of the P-, X- and C-Chain, which `primaryChainArg` checks. */
export function blockchainArg(t: { arg: ArgBuilder<Types> }) {
  return t.arg.string({ required: true, description: 'p-chain, x-chain or c-chain, or one of their blockchain ids on this network.' });
}

/** A blockchain id or one of the aliases p-chain, x-chain, c-chain, as a cb58 id. */
export function blockchainIdArg(argument: string, value: string, key: NetworkKey): string {
  const alias = primaryChainOfName(value.toLowerCase());
  if (alias) return NETWORKS[key].blockchainIds[alias];
  return cb58Id(argument, value);
}

/** One of the given primary-network chains, by alias or id; anything else is bad input. */
export function primaryChainArg(
  argument: string,
  value: string,
  key: NetworkKey,
  allowed: readonly PrimaryChainAlias[],
): { blockchainId: string; alias: PrimaryChainAlias } {
  const blockchainId = blockchainIdArg(argument, value, key);
  const alias = primaryChainOf(blockchainId, key);
  if (!alias || !allowed.includes(alias)) {
    const names = allowed.map((a) => PRIMARY_CHAIN_NAMES[a]).join(', ');
    throw badInput(argument, `"${value}" is not a chain this list covers on ${key} (one of ${names}, by alias or blockchain id)`);
  }
  return { blockchainId, alias };
}

/**
 * A primary-network address of this network: `avax1...`/`fuji1...`, optionally prefixed with the
 * alias of one of the allowed chains (`P-avax1...`). Returns the bare form: the prefix only names
 * the chain, the key is the same, and the Data API filters by key (one cache entry, not three).
 */
export function primaryAddress(argument: string, value: string, key: NetworkKey, chains: readonly PrimaryChainAlias[]): string {
  const parsed = parseBech32Address(value);
  const hrp = NETWORKS[key].hrp;
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
  key: NetworkKey,
  chains: readonly PrimaryChainAlias[],
): string[] {
  return list(argument, values, max, (arg, v) => primaryAddress(arg, v, key, chains));
}

export function nodeIds(argument: string, values: readonly string[], max: number): string[] {
  return list(argument, values, max, nodeId);
}

/** A P-Chain address as the Data API prints it (`avax1...`) with the `P-` prefix the node prints. */
export function pChainAddress(address: string): string {
  return address.includes('-') ? address : `P-${address}`;
}

function short(value: string): string {
  return value.length > 80 ? `${value.slice(0, 77)}...` : value;
}

/** Most addresses one UTXO query may name (the upstream's own bound on its comma-separated list). */
export const MAX_UTXO_ADDRESSES = 64;
