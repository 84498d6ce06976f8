/** Data API reads about the primary network's stake and supply: network details, pending rewards, the AVAX supply. */
import type { Query } from '../transport/rest.js';
import { Endpoints } from './endpoints.js';
import { TTL } from '../transport/ttl.js';
import type { DataApiNetwork } from '../types/data-api-chains.js';
import type {
  WireAvaxSupply,
  WireListPendingRewardsQuery,
  WireListPendingRewardsResponse,
  WireNetworkDetails,
} from '../types/data-api-primary-addresses.js';

export class PrimaryStakingEndpoints extends Endpoints {
  /** `GET /v1/networks/{network}`: validator and delegator counts and stake totals. */
  getNetworkDetails(network: DataApiNetwork): Promise<WireNetworkDetails> {
    return this.rest.get('/v1/networks/{network}', { network }, undefined, { ttlMs: TTL.slow });
  }

  /** `GET /v1/networks/{network}/rewards:listPending`: rewards of staking periods that have not ended, by address or node. */
  listPendingPrimaryNetworkRewards(network: DataApiNetwork, query: WireListPendingRewardsQuery): Promise<WireListPendingRewardsResponse> {
    return this.rest.get('/v1/networks/{network}/rewards:listPending', { network }, query as Query, { ttlMs: TTL.moving });
  }

  /** `GET /v1/avax/supply`: the AVAX supply (mainnet; the route takes no network). */
  getAvaxSupply(): Promise<WireAvaxSupply> {
    return this.rest.get('/v1/avax/supply', undefined, undefined, { ttlMs: TTL.registry });
  }
}
