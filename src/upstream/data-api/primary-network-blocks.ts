/**
 * The Data API's "Primary Network Blocks" operations: blocks of the primary network's chains: one
 * by height or hash, a chain's latest, those a node proposed.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { nullIfNotFound } from '../transport/errors.js';
import type { Query } from '../transport/rest.js';
import { TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { DataApiNetwork } from './types/chains.js';
import type { WireListBlocksQuery } from './types/primary-ledger.js';

const BASE = '/v1/networks/{network}/blockchains/{blockchainId}';

export class PrimaryNetworkBlocksEndpoints extends Endpoints {
  /** `GET .../blocks/{blockId}`: a block by height or hash; null when unknown. */
  getBlockById(network: DataApiNetwork, blockchainId: string, blockId: string): Promise<DataApiSchema<'PrimaryNetworkBlock'> | null> {
    return nullIfNotFound(this.rest.get(`${BASE}/blocks/{blockId}`, { network, blockchainId, blockId }, undefined, { ttlMs: TTL.immutable }));
  }

  /** `GET .../nodes/{nodeId}/blocks`: blocks a node proposed, latest first. */
  listPrimaryNetworkBlocksByNodeId(network: DataApiNetwork, blockchainId: string, nodeId: string, query: WireListBlocksQuery): Promise<DataApiSchema<'ListPrimaryNetworkBlocksResponse'>> {
    return this.rest.get(`${BASE}/nodes/{nodeId}/blocks`, { network, blockchainId, nodeId }, query as Query, { ttlMs: TTL.moving });
  }

  /** `GET .../blocks`: a chain's blocks, latest first. */
  listLatestPrimaryNetworkBlocks(network: DataApiNetwork, blockchainId: string, query: WireListBlocksQuery): Promise<DataApiSchema<'ListPrimaryNetworkBlocksResponse'>> {
    return this.rest.get(`${BASE}/blocks`, { network, blockchainId }, query as Query, { ttlMs: TTL.moving });
  }
}
