/**
 * Data API reads about primary-network addresses: balances, last activity and the chains they
 * touched. The last-activity read has a POST form for address lists too long for a URL.
 */
import { nullIfNotFound } from '../transport/errors.js';
import { fitsGet, type Query } from '../transport/rest.js';
import { Endpoints } from './endpoints.js';
import { TTL } from '../transport/ttl.js';
import type { DataApiNetwork } from '../types/data-api-chains.js';
import type {
  WireAddressChainIdsResponse,
  WireBalancesQuery,
  WireLastActivityTimestamp,
  WireListBalancesResponse,
} from '../types/data-api-primary-addresses.js';

export class PrimaryAddressEndpoints extends Endpoints {
  /** `GET /v1/networks/{network}/blockchains/{blockchainId}/balances`: balances of addresses on the P-, X- or C-Chain (atomic memory). */
  getBalancesByAddresses(network: DataApiNetwork, blockchainId: string, query: WireBalancesQuery): Promise<WireListBalancesResponse> {
    // A balance at a past time never changes; the current one moves.
    return this.rest.get('/v1/networks/{network}/blockchains/{blockchainId}/balances', { network, blockchainId }, query as unknown as Query, {
      ttlMs: TTL.moving,
    });
  }

  /**
   * `GET` (or, past `fitsGet`, `POST`) `/v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses`:
   * the latest UTXO creation or consumption of the addresses on a chain; null when they have none.
   */
  getLastActivityTimestampByAddresses(network: DataApiNetwork, blockchainId: string, addresses: readonly string[]): Promise<WireLastActivityTimestamp | null> {
    const template = '/v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses';
    const params = { network, blockchainId };
    const query = { addresses };
    const answer = fitsGet(template, params, query)
      ? this.rest.get<WireLastActivityTimestamp>(template, params, query, { ttlMs: TTL.moving })
      : this.rest.postRead<WireLastActivityTimestamp>(template, params, { addresses: addresses.join(',') }, undefined, { ttlMs: TTL.moving });
    return nullIfNotFound(answer);
  }

  /** `GET /v1/networks/{network}/addresses:listChainIds`: the primary-network chains each address has touched. */
  getChainIdsForAddresses(network: DataApiNetwork, addresses: readonly string[]): Promise<WireAddressChainIdsResponse> {
    return this.rest.get('/v1/networks/{network}/addresses:listChainIds', { network }, { addresses }, { ttlMs: TTL.moving });
  }
}
