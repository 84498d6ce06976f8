/**
 * Global ids of this graph: `base64("<Type>:<local id>")`, as Pothos's relay plugin writes them.
 * Types merged into another (one GraphQL type per concept, docs/changelog.md) no longer exist, but
 * the ids they minted still refetch their object through `node(id:)`: each maps to the surviving
 * type and a local id that says which source to read, as it was read then.
 *
 * Also the local ids several types share: `<chainId>:<address>` (an account, a token contract, an
 * NFT collection, a contract's metadata) and `<network>:<cb58 id>` (primary-network records), and
 * the guard of `node(id:)` / `nodes(ids:)`.
 */
import { decodeGlobalID } from '@pothos/plugin-relay';
import { isCb58Id, isEvmAddress, isHash32, toChecksumAddress, isNetworkKey, type NetworkKey } from '@avalanche-graph/identity';
import type { FieldGuard } from './guards.js';
import { isEvmChainId } from './validate.js';

/** A merged type's name → the surviving type and the local id its old ids now stand for. */
const MERGED_TYPES: Readonly<Record<string, { typename: string; localId: (id: string) => string }>> = {
  // The node's description of an asset (`avm.getAssetDescription`), now `XChainAssetDetails` (see NODE_SOURCE).
  AssetDescription: { typename: 'XChainAssetDetails', localId: (id) => `${id}:node` },
};

/** Decodes a global id (throws on one that is not base64 of `<Type>:<id>`), mapping merged types to the survivor. */
export function decodeGraphGlobalId(globalId: string): { typename: string; id: string } {
  const decoded = decodeGlobalID(globalId);
  const merged = MERGED_TYPES[decoded.typename];
  return merged ? { typename: merged.typename, id: merged.localId(decoded.id) } : decoded;
}

/**
 * The estimate of `node(id:)` and `nodes(ids:)`: each id loads as a key of its type, at that type's
 * cost (the operation guard has checked every id before, against the schema).
 */
export const nodeIdsGuard: FieldGuard = {
  itemsByType: (args) => {
    const ids: readonly string[] = typeof args.id === 'string' ? [args.id] : Array.isArray(args.ids) ? args.ids : [];
    const counts = new Map<string, number>();
    for (const id of ids) {
      const { typename } = decodeGraphGlobalId(id);
      counts.set(typename, (counts.get(typename) ?? 0) + 1);
    }
    return counts;
  },
};

/** What is wrong with a local id that is an EVM chain id (a chain, the metrics service's record of one), or null. */
export const checkEvmChainIdKey = (key: string): string | null => (isEvmChainId(key) ? null : 'not an EVM chain id');

/**
 * Local id of what an address is on one EVM chain: `<chainId>:<address>`, the address lowercase, so
 * every spelling of it (checksummed, lowercase) is one id.
 */
export const chainAddressKey = (chainId: string, address: string) => `${chainId}:${address.toLowerCase()}`;

/** Reads a `<chainId>:<address>` local id; null when it is not one. */
export function parseChainAddressKey(key: string): { chainId: string; address: string } | null {
  const [chainId, address, extra] = key.split(':');
  if (!chainId || !isEvmChainId(chainId) || !address || !isEvmAddress(address) || extra !== undefined) return null;
  return { chainId, address };
}

/** The chain and the address (checksummed, as upstream calls send it) of a `<chainId>:<address>` local id; null when it is not one. */
export function chainAddress(key: string): { chainId: string; address: string } | null {
  const parsed = parseChainAddressKey(key);
  return parsed && { chainId: parsed.chainId, address: toChecksumAddress(parsed.address) };
}

/** What is wrong with a `<chainId>:<address>` local id, or null. */
export const checkChainAddressKey = (key: string): string | null => (parseChainAddressKey(key) ? null : 'expected <chainId>:<0x address>');

/** Local id of a primary-network record: `<network>:<cb58 id>`. */
export const networkIdKey = (network: NetworkKey, id: string) => `${network}:${id}`;

/** Reads a `<network>:<cb58 id>` local id; null when it is not one. */
export function parseNetworkIdKey(key: string): { network: NetworkKey; id: string } | null {
  const [network, id, extra] = key.split(':');
  if (!isNetworkKey(network) || !id || !isCb58Id(id) || extra !== undefined) return null;
  return { network, id };
}

/** What is wrong with a `<network>:<cb58 id>` local id whose id is named `idName` (e.g. `subnetId`), or null. */
export function checkNetworkIdKey(idName: string) {
  return (key: string): string | null => (parseNetworkIdKey(key) ? null : `expected <network>:<${idName}>, with mainnet or fuji and a cb58 id`);
}

/** What is wrong with a `<chainId>:<hash>` local id (of a block or a transaction), or null. */
export function checkChainHashKey(key: string): string | null {
  const [chainId, hash, extra] = key.split(':');
  if (!chainId || !/^\d{1,20}$/.test(chainId) || extra !== undefined) return 'expected <chainId>:<hash>';
  return hash && isHash32(hash) ? null : 'the hash is not 0x and 64 hex digits';
}
