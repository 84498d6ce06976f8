/** Data API endpoints of validators, subnets and L1 validators (`/v1/networks/{network}/...`). */
import type { Query } from '../transport/rest.js';
import { Endpoints } from './endpoints.js';
import type { DataApiNetwork } from '../types/data-api-chains.js';
import type { WireSortOrder } from '../types/data-api-primary.js';
import type {
  WireListL1ValidatorsQuery,
  WireListL1ValidatorsResponse,
  WireListSubnetsResponse,
  WireListValidatorDetailsResponse,
  WireListValidatorsQuery,
  WireSingleValidatorQuery,
  WireSubnet,
} from '../types/data-api-validators.js';
import { TTL } from '../transport/ttl.js';
import { nullIfNotFound } from '../transport/errors.js';

export class ValidatorEndpoints extends Endpoints {
  /** `GET /v1/networks/{network}/validators`: validations of every status, filtered and sorted. */
  listValidators(network: DataApiNetwork, query: WireListValidatorsQuery): Promise<WireListValidatorDetailsResponse> {
    return this.rest.get('/v1/networks/{network}/validators', { network }, query as Query, { ttlMs: TTL.slow });
  }

  /** `GET /v1/networks/{network}/validators/{nodeId}`: the validations of one node. */
  getSingleValidatorDetails(network: DataApiNetwork, nodeId: string, query: WireSingleValidatorQuery): Promise<WireListValidatorDetailsResponse> {
    return this.rest.get('/v1/networks/{network}/validators/{nodeId}', { network, nodeId }, query as Query, { ttlMs: TTL.slow });
  }

  /** `GET /v1/networks/{network}/subnets`: the subnets created on the P-Chain, with their blockchains. */
  listSubnets(network: DataApiNetwork, query: { pageToken?: string; pageSize?: number; sortOrder?: WireSortOrder }): Promise<WireListSubnetsResponse> {
    return this.rest.get('/v1/networks/{network}/subnets', { network }, query as Query, { ttlMs: TTL.registry });
  }

  /** `GET /v1/networks/{network}/subnets/{subnetId}`: one subnet; null when the network has none by that id. */
  getSubnetById(network: DataApiNetwork, subnetId: string): Promise<WireSubnet | null> {
    return nullIfNotFound(this.rest.get('/v1/networks/{network}/subnets/{subnetId}', { network, subnetId }, undefined, { ttlMs: TTL.registry }));
  }

  /** `GET /v1/networks/{network}/l1Validators`: L1 validations (active only unless asked), by subnet, node or validation id. */
  listL1Validators(network: DataApiNetwork, query: WireListL1ValidatorsQuery): Promise<WireListL1ValidatorsResponse> {
    return this.rest.get('/v1/networks/{network}/l1Validators', { network }, query as Query, { ttlMs: TTL.slow });
  }
}
