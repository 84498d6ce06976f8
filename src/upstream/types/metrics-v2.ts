/** Wire shapes of the metrics service's v2 routes (`/v2/...`). */
import type { WireMetricPoint } from './metrics.js';

/** The `network` values the v2 routes take (`testnet` and `fuji` name the same network). */
export type MetricsNetwork = 'mainnet' | 'fuji' | 'testnet';

/** A chain the metrics service covers (`GET /v2/chains`, `GET /v2/chains/{chainId}`). */
export interface WireMetricsChain {
  /** A JSON number on the wire. */
  evmChainId: number;
  chainName: string;
  blockchainId: string;
  subnetId: string;
  /** `mainnet` or `testnet`. */
  network: string;
}

export interface WireMetricsChainsResponse {
  chains: WireMetricsChain[];
  nextPageToken?: string;
}

/** A time series page: chain, staking and L1 validator fee metrics. */
export interface WireMetricsSeriesResponse {
  results: WireMetricPoint[];
  nextPageToken?: string;
}

/** Values over trailing windows that end now; a window the metric does not support is absent. */
export interface WireRollingWindow {
  lastHour?: number;
  lastDay?: number;
  lastWeek?: number;
  lastMonth?: number;
  last90Days?: number;
  lastYear?: number;
  allTime?: number;
}

export interface WireRollingWindowResponse {
  result: WireRollingWindow;
}

/** One point of ICM message counts, for one source/destination pair or group. */
export interface WireIcmMetricPoint extends WireMetricPoint {
  srcBlockchainId: string;
  destBlockchainId: string;
}

export interface WireIcmSeriesResponse {
  results: WireIcmMetricPoint[];
  nextPageToken?: string;
}

export interface WireIcmRollingWindow extends WireRollingWindow {
  srcBlockchainId: string;
  destBlockchainId: string;
}

/**
 * `GET /v2/icm/summary`: the description types `result` as one object; it is read as a list too, in
 * case a grouped summary answers one object per group.
 */
export interface WireIcmSummaryResponse {
  result: WireIcmRollingWindow | WireIcmRollingWindow[];
}

export type IcmGroupByValue = 'srcBlockchainId' | 'destBlockchainId' | 'srcBlockchainId,destBlockchainId';

export interface WireIcmQuery {
  srcBlockchainId?: string;
  destBlockchainId?: string;
  groupBy?: IcmGroupByValue;
  network?: MetricsNetwork;
}

/** A time range and page of the series routes. */
export interface WireSeriesQuery {
  startTimestamp?: number;
  endTimestamp?: number;
  timeInterval?: string;
  pageToken?: string;
  pageSize?: number;
}

/** An EVM address and its route-dependent value (a net bridged amount, as a decimal string). */
export interface WireAddressDetails {
  address: string;
  sortKey: string;
}

export interface WireLookingGlassResponse {
  addresses: WireAddressDetails[];
  nextPageToken?: string;
}

/** P-Chain addresses (bech32, no chain prefix) and their route-dependent value (a timestamp). */
export interface WirePChainAddressDetails {
  addresses: string[];
  sortKey: string;
}

export interface WirePChainLookingGlassResponse {
  addresses: WirePChainAddressDetails[];
  nextPageToken?: string;
}

/** The sub-query types of the composite query. */
export const COMPOSITE_QUERY_TYPES = [
  'AllTimeNativeBalance',
  'AnyTimeNativeBalance',
  'AllTimeErc20Balance',
  'AnyTimeErc20Balance',
  'AllTimeNftHolders',
  'AnyTimeNftHolders',
  'LatestBalance',
  'AllTimeStarsArenaBalance',
  'AnyTimeStarsArenaBalance',
  'LatestBalanceStarsArena',
] as const;
export type CompositeQueryType = (typeof COMPOSITE_QUERY_TYPES)[number];

/** One sub-query: its `params` depend on `type` (dates are `YYYY-MM-DD`, balances decimal strings). */
export interface WireCompositeSubQuery {
  id: string;
  type: CompositeQueryType;
  params: {
    firstDate?: string;
    lastDate?: string;
    startTs?: number;
    endTs?: number;
    minBalance?: string;
    evmChainId?: string;
    contractAddress?: string;
    tokenType?: 'ERC20' | 'NATIVE';
    subjectAddress?: string;
  };
}

export interface WireCompositeQueryRequest {
  queries: WireCompositeSubQuery[];
  operator: 'AND' | 'OR';
  pageSize?: number;
  pageToken?: string;
}

export interface WireCompositeQueryResponse {
  addresses: string[];
  /** Matches per sub-query, by its id. */
  subQueryCounts: Record<string, number>;
  totalCount: number;
  nextPageToken?: string;
}
