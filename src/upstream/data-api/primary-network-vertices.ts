/**
 * The Data API's "Primary Network Vertices" operations: the X-Chain's DAG vertices (the DAG stopped
 * growing when the X-Chain was linearized).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { nullIfNotFound } from '../transport/errors.js';
import type { Query } from '../transport/rest.js';
import { pageTtl, TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { DataApiNetwork } from './types/chains.js';

interface PageQuery {
  pageToken?: string;
  pageSize?: number;
}

const BASE = '/v1/networks/{network}/blockchains/{blockchainId}';

export class PrimaryNetworkVerticesEndpoints extends Endpoints {
  /** `GET /v1/networks/{network}/blockchains/{blockchainId}/vertices`: X-Chain DAG vertices, latest first. */
  listLatestXChainVertices(network: DataApiNetwork, blockchainId: string, query: PageQuery): Promise<DataApiSchema<'ListXChainVerticesResponse'>> {
    // The DAG stopped growing when the X-Chain was linearized: later pages never change.
    return this.rest.get('/v1/networks/{network}/blockchains/{blockchainId}/vertices', { network, blockchainId }, query as Query, { ttlMs: pageTtl(query) });
  }

  /** `GET .../vertices/{vertexHash}`: one X-Chain vertex; null when unknown. */
  getVertexByHash(network: DataApiNetwork, blockchainId: string, vertexHash: string): Promise<DataApiSchema<'XChainVertex'> | null> {
    return nullIfNotFound(this.rest.get(`${BASE}/vertices/{vertexHash}`, { network, blockchainId, vertexHash }, undefined, { ttlMs: TTL.immutable }));
  }

  /** `GET .../vertices:listByHeight`: the X-Chain vertices at one DAG height. */
  getVertexByHeight(
    network: DataApiNetwork,
    blockchainId: string,
    query: { vertexHeight: number; sortOrder?: DataApiSchema<'SortOrder'>; pageToken?: string; pageSize?: number },
  ): Promise<DataApiSchema<'ListXChainVerticesResponse'>> {
    // The DAG stopped growing when the X-Chain was linearized: a height's vertices never change.
    return this.rest.get(`${BASE}/vertices:listByHeight`, { network, blockchainId }, query as Query, { ttlMs: TTL.immutable });
  }
}
