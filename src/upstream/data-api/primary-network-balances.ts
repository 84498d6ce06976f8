/**
 * The Data API's "Primary Network Balances" operations: balances of addresses on the P-, X- or
 * C-Chain.
 */
import type { Query } from '../transport/rest.js';
import { TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { DataApiNetwork } from './types/chains.js';
import type { WireBalancesQuery, WireListBalancesResponse } from './types/primary-addresses.js';

export class PrimaryNetworkBalancesEndpoints extends Endpoints {
  /** `GET /v1/networks/{network}/blockchains/{blockchainId}/balances`: balances of addresses on the P-, X- or C-Chain (atomic memory). */
  getBalancesByAddresses(network: DataApiNetwork, blockchainId: string, query: WireBalancesQuery): Promise<WireListBalancesResponse> {
    // A balance at a past time never changes; the current one moves.
    return this.rest.get('/v1/networks/{network}/blockchains/{blockchainId}/balances', { network, blockchainId }, query as unknown as Query, {
      ttlMs: TTL.moving,
    });
  }
}
