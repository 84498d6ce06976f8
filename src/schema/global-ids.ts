/**
 * Global ids of this graph: `base64("<Type>:<local id>")`, as Pothos's relay plugin writes them.
 * Types merged into another (one GraphQL type per concept, docs/changelog.md) no longer exist, but
 * the ids they minted still refetch their object through `node(id:)`: each maps to the surviving
 * type and a local id that says which source to read, as it was read then.
 */
import { decodeGlobalID } from '@pothos/plugin-relay';

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
