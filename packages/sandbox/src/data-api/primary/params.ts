/**
 * Parameter parsing shared by the primary-network routes: the network path segment, primary chain
 * ids and aliases, address and node id lists, page sizes. Anything malformed is a 400 with a
 * message naming the parameter, as the Data API answers.
 */
import { bytesToHex, isCb58Id, isNodeId, parseBech32Address, PRIMARY_CHAIN_NAMES, primaryChainOfName, type NetworkKey, isNetworkValue, NETWORK_VALUES, networkOfValue, type NetworkValue } from '@avalanche-graph/identity';
import type { World } from '../../world/index.js';
import type { ChainAlias, PrimaryNetwork } from '../../world/primary/index.js';
import { badRequest } from '../errors.js';

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface NetworkParam {
  /** As the caller spelled it (echoed in `chainInfo.network`). */
  name: NetworkValue;
  network: NetworkKey;
  net: PrimaryNetwork;
}

export function networkParam(world: World, value: string | undefined): NetworkParam {
  if (!isNetworkValue(value)) throw badRequest(`network must be one of the following values: ${NETWORK_VALUES.join(', ')}`);
  const network = networkOfValue(value);
  return { name: value, network, net: world.primary.networks[network] };
}

/**
 * A primary-network chain named by alias (`x-chain`) or by its id on this network; `allowed` lists
 * the chains the endpoint serves. Anything else is a 400: the parameter is an enumeration.
 */
export function primaryChainParam(net: PrimaryNetwork, value: string, allowed: readonly ChainAlias[]): ChainAlias {
  const alias = primaryChainOfName(value) ?? (Object.keys(net.chainIds) as ChainAlias[]).find((a) => net.chainIds[a] === value);
  if (!alias || !allowed.includes(alias)) {
    const names = allowed.map((a) => PRIMARY_CHAIN_NAMES[a]);
    throw badRequest(`blockchainId must be one of ${[...names, ...allowed.map((a) => net.chainIds[a])].join(', ')} on ${net.network}`);
  }
  return alias;
}

/** An integer query parameter within [min, max], or the default when absent. */
export function intParam(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) throw badRequest(`${name} must be an integer number`);
  const value = Number(raw);
  if (value < min) throw badRequest(`${name} must not be less than ${min}`);
  if (value > max) throw badRequest(`${name} must not be greater than ${max}`);
  return value;
}

export function booleanParam(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (raw !== 'true' && raw !== 'false') throw badRequest(`${name} must be a boolean value`);
  return raw === 'true';
}

/** A comma-separated list parameter (empty items dropped); undefined when absent. */
export function listParam(query: URLSearchParams, name: string, max = 64): string[] | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const items = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) throw badRequest(`${name} must not be empty`);
  if (items.length > max) throw badRequest(`${name} must contain no more than ${max} elements`);
  return items;
}

/**
 * Bech32 addresses of this network (`avax1...`, or with a chain prefix among `chains`), as the hex
 * of their key hashes.
 */
export function addressesParam(query: URLSearchParams, name: string, net: PrimaryNetwork, chains: readonly ChainAlias[]): Set<string> | undefined {
  const items = listParam(query, name);
  return items && addressKeys(items, name, net, chains);
}

/** `addressesParam` over items already split (e.g. from a request body). */
export function addressKeys(items: readonly string[], name: string, net: PrimaryNetwork, chains: readonly ChainAlias[]): Set<string> {
  const keys = new Set<string>();
  for (const item of items) {
    const parsed = parseBech32Address(item);
    if (!parsed || parsed.hrp !== net.hrp || (parsed.chain !== null && !(chains as readonly string[]).includes(parsed.chain))) {
      throw badRequest(`${name} contains an invalid ${net.network} address: ${item}`);
    }
    keys.add(bytesToHex(parsed.bytes));
  }
  return keys;
}

export function nodeIdsParam(query: URLSearchParams, name = 'nodeIds'): Set<string> | undefined {
  const items = listParam(query, name);
  if (!items) return undefined;
  for (const item of items) if (!isNodeId(item)) throw badRequest(`${name} contains an invalid node id: ${item}`);
  return new Set(items);
}

export function cb58IdParam(value: string | null, name: string): string | undefined {
  if (value === null) return undefined;
  if (!isCb58Id(value)) throw badRequest(`${name} must be a valid cb58 id`);
  return value;
}
