/**
 * The Data API's "Primary Network Rewards" operations: staking rewards, pending and paid, by
 * address or node.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { Query } from '../transport/rest.js';
import { TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { DataApiNetwork } from './types/chains.js';
import type { WireListPendingRewardsQuery } from './types/primary-addresses.js';
import type { WireListHistoricalRewardsQuery } from './types/primary.js';

export class PrimaryNetworkRewardsEndpoints extends Endpoints {
  /** `GET /v1/networks/{network}/rewards:listPending`: rewards of staking periods that have not ended, by address or node. */
  listPendingPrimaryNetworkRewards(network: DataApiNetwork, query: WireListPendingRewardsQuery): Promise<DataApiSchema<'ListPendingRewardsResponse'>> {
    return this.rest.get('/v1/networks/{network}/rewards:listPending', { network }, query as Query, { ttlMs: TTL.moving });
  }

  /** `GET /v1/networks/{network}/rewards`: staking rewards already paid, by address or node. */
  listHistoricalPrimaryNetworkRewards(network: DataApiNetwork, query: WireListHistoricalRewardsQuery): Promise<DataApiSchema<'ListHistoricalRewardsResponse'>> {
    return this.rest.get('/v1/networks/{network}/rewards', { network }, query as Query, { ttlMs: TTL.moving });
  }
}
