/** Data API endpoints of the primary network (`/v1/networks/{network}/...`). */
import { fitsGet, type Query } from '../transport/rest.js';
import { Endpoints } from './endpoints.js';
import type { DataApiNetwork } from '../types/data-api-chains.js';
import type {
  WireBlockchain,
  WireListBlockchainsResponse,
  WireListDelegatorsQuery,
  WireListDelegatorsResponse,
  WireListHistoricalRewardsQuery,
  WireListHistoricalRewardsResponse,
  WireListUtxosQuery,
  WireListUtxosResponse,
  WireListXChainVerticesResponse,
  WireSortOrder,
} from '../types/data-api-primary.js';
import { pageTtl, TTL } from '../transport/ttl.js';
import { nullIfNotFound } from '../transport/errors.js';

interface PageQuery {
  pageToken?: string;
  pageSize?: number;
}

export class PrimaryEndpoints extends Endpoints {
  /** `GET /v1/networks/{network}/blockchains`: the blockchains created on the P-Chain. */
  listBlockchains(network: DataApiNetwork, query: PageQuery & { sortOrder?: WireSortOrder }): Promise<WireListBlockchainsResponse> {
    return this.rest.get('/v1/networks/{network}/blockchains', { network }, query as Query, { ttlMs: TTL.registry });
  }

  /** `GET /v1/networks/{network}/blockchains/{blockchainId}`: one blockchain. */
  getBlockchainById(network: DataApiNetwork, blockchainId: string): Promise<WireBlockchain | null> {
    return nullIfNotFound(this.rest.get('/v1/networks/{network}/blockchains/{blockchainId}', { network, blockchainId }, undefined, {
      ttlMs: TTL.immutable,
    }));
  }

  /**
   * `GET /v1/networks/{network}/blockchains/{blockchainId}/utxos`: UTXOs on the P-, X- or C-Chain, of
   * some addresses or of all. An address list too long for a URL (see `fitsGet`) goes by the POST
   * form of the route (`getUtxosByAddressesV2`), which answers the same pages.
   */
  getUtxosByAddresses(network: DataApiNetwork, blockchainId: string, query: WireListUtxosQuery): Promise<WireListUtxosResponse> {
    const template = '/v1/networks/{network}/blockchains/{blockchainId}/utxos';
    const params = { network, blockchainId };
    const { addresses, ...rest } = query;
    // Decided without the page token, so that every page of one list goes the same way.
    if (addresses === undefined || fitsGet(template, params, { ...query, pageToken: undefined } as unknown as Query)) {
      return this.rest.get(template, params, query as unknown as Query, { ttlMs: TTL.moving });
    }
    return this.rest.postRead(template, params, { addresses: addresses.join(',') }, rest as unknown as Query, { ttlMs: TTL.moving });
  }

  /** `GET /v1/networks/{network}/rewards`: staking rewards already paid, by address or node. */
  listHistoricalPrimaryNetworkRewards(network: DataApiNetwork, query: WireListHistoricalRewardsQuery): Promise<WireListHistoricalRewardsResponse> {
    return this.rest.get('/v1/networks/{network}/rewards', { network }, query as Query, { ttlMs: TTL.moving });
  }

  /** `GET /v1/networks/{network}/delegators`: delegations, by reward address or node. */
  listDelegators(network: DataApiNetwork, query: WireListDelegatorsQuery): Promise<WireListDelegatorsResponse> {
    return this.rest.get('/v1/networks/{network}/delegators', { network }, query as Query, { ttlMs: TTL.moving });
  }

  /** `GET /v1/networks/{network}/blockchains/{blockchainId}/vertices`: X-Chain DAG vertices, latest first. */
  listLatestXChainVertices(network: DataApiNetwork, blockchainId: string, query: PageQuery): Promise<WireListXChainVerticesResponse> {
    // The DAG stopped growing when the X-Chain was linearized: later pages never change.
    return this.rest.get('/v1/networks/{network}/blockchains/{blockchainId}/vertices', { network, blockchainId }, query as Query, { ttlMs: pageTtl(query) });
  }
}
