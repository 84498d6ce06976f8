/**
 * The Data API's "EVM Chains" operations: the EVM chains the service indexes, one of them, and the
 * chains an address is active on.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { nullIfNotFound } from '../transport/errors.js';
import type { Query } from '../transport/rest.js';
import { TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { DataApiNetwork } from './types/chains.js';

export class EvmChainsEndpoints extends Endpoints {
  /** `GET /v1/address/{address}/chains`: the chains where the address sent or received anything (refreshed upstream every 15 minutes). */
  listAddressChains(address: string): Promise<DataApiSchema<'ListAddressChainsResponse'>> {
    return this.rest.get('/v1/address/{address}/chains', { address }, undefined, { ttlMs: TTL.registry });
  }

  /** `GET /v1/chains`: the EVM chains the service indexes. */
  supportedChains(query: { network?: DataApiNetwork; feature?: string } = {}): Promise<DataApiSchema<'ListChainsResponse'>> {
    return this.rest.get('/v1/chains', undefined, query as Query, { ttlMs: TTL.registry });
  }

  /** `GET /v1/chains/{chainId}`: one chain; null when the service does not know it. */
  getChainInfo(chainId: string): Promise<DataApiSchema<'ChainInfo'> | null> {
    return nullIfNotFound(this.rest.get('/v1/chains/{chainId}', { chainId }, undefined, { ttlMs: TTL.registry }));
  }
}
