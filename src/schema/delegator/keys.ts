/**
 * Shapes, bounds and the list read of delegations: what the delegator loaders (first pages read
 * together for many validators) and the Delegator type share.
 */
import type { Context } from '../../context.js';
import type { WireDelegator } from '../../upstream/data-api/types/primary.js';
import type { ConnectionArgs, ConnectionResult } from '../common/pagination.js';
import { listScope, upstreamList } from '../common/upstream-list.js';
import { type NetworkNameValue, dataApiNetwork, networkKey } from '../common/network-names.js';
import type { NetworkKey } from '@avalanche-graph/identity';

/** Most reward addresses and node ids one delegators query may name. */
export const MAX_DELEGATOR_FILTERS = 64;

export const DELEGATOR_PAGE = { defaultSize: 10, maxSize: 100 };

/** A delegation and the network it was listed on (the wire record does not say). */
export type DelegatorShape = WireDelegator & { network: NetworkKey };

/** Pages of one validator's delegations to one reward owner read to find a delegation by its transaction. */
export const DELEGATOR_LOOKUP_PAGES = 3;

export interface DelegatorFilters {
  /** Reward addresses, validated (see `primaryAddresses`). */
  rewardAddresses?: readonly string[];
  /** Node ids, validated (see `nodeIds`). */
  nodeIds?: readonly string[];
  /** A wire status (`delegationStatusArg` turns the enum argument into one). */
  delegationStatus?: string;
  sortOrder?: 'asc' | 'desc';
}

/** The name of the delegators list (see `delegatorsScope`). */
const DELEGATORS = 'delegators';

/**
 * The delegations matching already-validated filters, as a connection. Validate arguments first
 * (`primaryAddresses`/`nodeIds` of ./ids.js, `delegationStatusArg`) so bad input never reaches the
 * upstream.
 */
export function delegatorsConnection(ctx: Context, network: NetworkNameValue, filters: DelegatorFilters, args: ConnectionArgs): Promise<ConnectionResult<DelegatorShape>> {
  const key = networkKey(network);
  return upstreamList(args, {
    name: DELEGATORS,
    page: DELEGATOR_PAGE,
    path: [dataApiNetwork(network)],
    query: delegatorsQuery(filters),
    read: (wireNetwork, query) => ctx.upstreams.dataApi.primaryNetwork.listDelegators(wireNetwork, query),
    items: (page) => page.delegators.map((d): DelegatorShape => ({ ...d, network: key })),
  });
}

/** The filters as the Data API is sent them (an empty list is left out). */
function delegatorsQuery(filters: DelegatorFilters) {
  return {
    rewardAddresses: filters.rewardAddresses?.length ? filters.rewardAddresses : undefined,
    nodeIds: filters.nodeIds?.length ? filters.nodeIds : undefined,
    delegationStatus: filters.delegationStatus,
    sortOrder: filters.sortOrder,
  };
}

/** The scope of a delegators connection's cursors (as `delegatorsConnection` writes them), for first pages read in a batch. */
export function delegatorsScope(network: NetworkNameValue, filters: DelegatorFilters): string {
  return listScope(DELEGATORS, [dataApiNetwork(network)], delegatorsQuery(filters));
}
