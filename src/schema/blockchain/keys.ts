/**
 * A blockchain's shape and local id, below the builder: what the loaders (src/schema/loaders) and
 * other entities need of it without its GraphQL type.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { NetworkKey } from '@avalanche-graph/identity';

/** A blockchain record and the network it was read from (the wire record does not say). */
export interface BlockchainShape extends DataApiSchema<'Blockchain'> {
  network: NetworkKey;
}

/** Local id of a blockchain: `<network>:<blockchainId>`, so a refetch knows which network to ask. */
export const blockchainKey = (network: NetworkKey, blockchainId: string) => `${network}:${blockchainId}`;
