/**
 * The Data API's "EVM Contracts" operations: what the contract at an address is.
 */
import { nullIfNotFound } from '../transport/errors.js';
import { TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { WireContract } from './types/assets.js';

export class EvmContractsEndpoints extends Endpoints {
  /** `GET /v1/chains/{chainId}/addresses/{address}`: what the contract at an address is; null when the Data API knows none there. */
  getContractMetadata(chainId: string, address: string): Promise<WireContract | null> {
    return nullIfNotFound(this.rest.get('/v1/chains/{chainId}/addresses/{address}', { chainId, address }, undefined, { ttlMs: TTL.registry }));
  }
}
