/** Wire shapes of the metrics service's v2 routes (`/v2/...`), by its official description. */
import type { AnyOf, MetricsQuery, MetricsSchema, Sendable } from '@avalanche-graph/wire-types';

/** The `network` values the v2 routes take (`testnet` and `fuji` name the same network). */
export type MetricsNetwork = MetricsSchema<'Network'>;
/** A chain the metrics service covers (`GET /v2/chains`, `GET /v2/chains/{chainId}`). */
export type WireMetricsChain = MetricsSchema<'Chain'>;
export type WireMetricsChainsResponse = MetricsSchema<'ListChainsResponse'>;
/** A time series page: chain, staking and L1 validator fee metrics. */
export type WireMetricsSeriesResponse = MetricsSchema<'MetricsApiResponse'>;
/** Values over trailing windows that end now; a window the metric does not support is absent. */
export type WireRollingWindow = MetricsSchema<'ChainRollingWindowMetricsValue'>;
export type WireRollingWindowResponse = MetricsSchema<'RollingWindowMetricsApiResponse'>;
/** One point of ICM message counts, for one source/destination pair or group. */
export type WireIcmMetricPoint = MetricsSchema<'ICMMetricsValue'>;
export type WireIcmSeriesResponse = MetricsSchema<'ICMMetricsApiResponse'>;
export type WireIcmRollingWindow = MetricsSchema<'ICMRollingWindowMetricsValue'>;

/**
 * `GET /v2/icm/summary`: the description types `result` as one object; it is read as a list too, in
 * case a grouped summary answers one object per group.
 */
export interface WireIcmSummaryResponse {
  result: WireIcmRollingWindow | WireIcmRollingWindow[];
}

export type WireIcmQuery = MetricsQuery<'getICMSummary'>;
/** A time range and page of the series routes (`timeInterval` as the graph's own enum gives it). */
export type WireSeriesQuery = Sendable<MetricsQuery<'getEvmChainMetrics'>>;
/** An EVM address and its route-dependent value (a net bridged amount, as a decimal string). */
export type WireAddressDetails = MetricsSchema<'AddressDetails'>;
export type WireLookingGlassResponse = MetricsSchema<'LookingGlassResponse'>;
/** P-Chain addresses (bech32, no chain prefix) and their route-dependent value (a timestamp). */
export type WirePChainAddressDetails = MetricsSchema<'PChainAddressDetails'>;
export type WirePChainLookingGlassResponse = MetricsSchema<'PChainLookingGlassResponse'>;
type CompositeSubQueryVariant = MetricsSchema<'CompositeQueryRequestDto'>['queries'][number];
/** The sub-query types of the composite query. */
export type CompositeQueryType = CompositeSubQueryVariant['type'];

/**
 * One sub-query of the composite query, as the gateway builds it: its `params` are those of its
 * `type` (dates are `YYYY-MM-DD`, balances decimal strings), chosen per type.
 */
export interface WireCompositeSubQuery {
  id: string;
  type: CompositeQueryType;
  params: AnyOf<CompositeSubQueryVariant['params']>;
}

/** The composite query's body; `pageSize` is set per page. */
export interface WireCompositeQueryRequest extends Omit<MetricsSchema<'CompositeQueryRequestDto'>, 'queries' | 'pageSize'> {
  queries: WireCompositeSubQuery[];
  pageSize?: number;
}
export type WireCompositeQueryResponse = MetricsSchema<'CompositeQueryResponse'>;
