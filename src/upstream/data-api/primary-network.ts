/**
 * The Data API's "Primary Network" operations: a network's staking details, blockchains, subnets,
 * validators, delegators and L1 validators, an X-Chain asset, and the chains addresses touched.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { nullIfNotFound } from '../transport/errors.js';
import type { Query } from '../transport/rest.js';
import { TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { DataApiNetwork } from './types/chains.js';
import type { WireAddressChainIdsResponse, WireNetworkDetails } from './types/primary-addresses.js';
import type { WireListDelegatorsQuery, WireListDelegatorsResponse } from './types/primary.js';
import type { WireListL1ValidatorsQuery, WireListValidatorDetailsResponse, WireListValidatorsQuery, WireSingleValidatorQuery } from './types/validators.js';

interface PageQuery {
  pageToken?: string;
  pageSize?: number;
}

const BASE = '/v1/networks/{network}/blockchains/{blockchainId}';

export class PrimaryNetworkEndpoints extends Endpoints {
  /** `GET .../assets/{assetId}`: an X-Chain asset as the Data API describes it; null when unknown. */
  getAssetDetails(network: DataApiNetwork, blockchainId: string, assetId: string): Promise<DataApiSchema<'XChainAssetDetails'> | null> {
    return nullIfNotFound(this.rest.get(`${BASE}/assets/{assetId}`, { network, blockchainId, assetId }, undefined, { ttlMs: TTL.immutableLong }));
  }

  /** `GET /v1/networks/{network}/addresses:listChainIds`: the primary-network chains each address has touched. */
  getChainIdsForAddresses(network: DataApiNetwork, addresses: readonly string[]): Promise<WireAddressChainIdsResponse> {
    return this.rest.get('/v1/networks/{network}/addresses:listChainIds', { network }, { addresses }, { ttlMs: TTL.moving });
  }

  /** `GET /v1/networks/{network}`: validator and delegator counts and stake totals. */
  getNetworkDetails(network: DataApiNetwork): Promise<WireNetworkDetails> {
    return this.rest.get('/v1/networks/{network}', { network }, undefined, { ttlMs: TTL.slow });
  }

  /** `GET /v1/networks/{network}/blockchains`: the blockchains created on the P-Chain. */
  listBlockchains(network: DataApiNetwork, query: PageQuery & { sortOrder?: DataApiSchema<'SortOrder'> }): Promise<DataApiSchema<'ListBlockchainsResponse'>> {
    return this.rest.get('/v1/networks/{network}/blockchains', { network }, query as Query, { ttlMs: TTL.registry });
  }

  /** `GET /v1/networks/{network}/blockchains/{blockchainId}`: one blockchain. */
  getBlockchainById(network: DataApiNetwork, blockchainId: string): Promise<DataApiSchema<'Blockchain'> | null> {
    return nullIfNotFound(this.rest.get('/v1/networks/{network}/blockchains/{blockchainId}', { network, blockchainId }, undefined, {
      ttlMs: TTL.immutable,
    }));
  }

  /** `GET /v1/networks/{network}/subnets`: the subnets created on the P-Chain, with their blockchains. */
  listSubnets(network: DataApiNetwork, query: { pageToken?: string; pageSize?: number; sortOrder?: DataApiSchema<'SortOrder'> }): Promise<DataApiSchema<'ListSubnetsResponse'>> {
    return this.rest.get('/v1/networks/{network}/subnets', { network }, query as Query, { ttlMs: TTL.registry });
  }

  /** `GET /v1/networks/{network}/subnets/{subnetId}`: one subnet; null when the network has none by that id. */
  getSubnetById(network: DataApiNetwork, subnetId: string): Promise<DataApiSchema<'Subnet'> | null> {
    return nullIfNotFound(this.rest.get('/v1/networks/{network}/subnets/{subnetId}', { network, subnetId }, undefined, { ttlMs: TTL.registry }));
  }

  /** `GET /v1/networks/{network}/validators`: validations of every status, filtered and sorted. */
  listValidators(network: DataApiNetwork, query: WireListValidatorsQuery): Promise<WireListValidatorDetailsResponse> {
    return this.rest.get('/v1/networks/{network}/validators', { network }, query as Query, { ttlMs: TTL.slow });
  }

  /** `GET /v1/networks/{network}/validators/{nodeId}`: the validations of one node. */
  getSingleValidatorDetails(network: DataApiNetwork, nodeId: string, query: WireSingleValidatorQuery): Promise<WireListValidatorDetailsResponse> {
    return this.rest.get('/v1/networks/{network}/validators/{nodeId}', { network, nodeId }, query as Query, { ttlMs: TTL.slow });
  }

  /** `GET /v1/networks/{network}/delegators`: delegations, by reward address or node. */
  listDelegators(network: DataApiNetwork, query: WireListDelegatorsQuery): Promise<WireListDelegatorsResponse> {
    return this.rest.get('/v1/networks/{network}/delegators', { network }, query as Query, { ttlMs: TTL.moving });
  }

  /** `GET /v1/networks/{network}/l1Validators`: L1 validations (active only unless asked), by subnet, node or validation id. */
  listL1Validators(network: DataApiNetwork, query: WireListL1ValidatorsQuery): Promise<DataApiSchema<'ListL1ValidatorsResponse'>> {
    return this.rest.get('/v1/networks/{network}/l1Validators', { network }, query as Query, { ttlMs: TTL.slow });
  }
}
