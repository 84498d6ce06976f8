/**
 * The Data API's "AVAX Supply" operations: the AVAX supply.
 */
import { TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { WireAvaxSupply } from './types/primary-addresses.js';

export class AvaxSupplyEndpoints extends Endpoints {
  /** `GET /v1/avax/supply`: the AVAX supply (mainnet; the route takes no network). */
  getAvaxSupply(): Promise<WireAvaxSupply> {
    return this.rest.get('/v1/avax/supply', undefined, undefined, { ttlMs: TTL.registry });
  }
}
