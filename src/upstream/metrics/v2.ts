/**
 * The metrics service's v2 routes: chain, staking, L1 validator fee and ICM series, rolling
 * windows, the chains it covers and the "Looking Glass" address lists. Series pages carry page
 * tokens the service expires after minutes, so paged answers are shared only within an operation
 * (and while in flight); answers without tokens are kept briefly (the service updates hourly).
 */
import type { Query, RestClient } from '../transport/rest.js';
import { nullIfNotFound } from '../transport/errors.js';
import { TTL } from '../transport/ttl.js';
import type {
  MetricsNetwork,
  WireCompositeQueryRequest,
  WireCompositeQueryResponse,
  WireIcmQuery,
  WireIcmSeriesResponse,
  WireIcmSummaryResponse,
  WireLookingGlassResponse,
  WireMetricsChain,
  WireMetricsChainsResponse,
  WireMetricsSeriesResponse,
  WirePChainLookingGlassResponse,
  WireRollingWindowResponse,
  WireSeriesQuery,
} from './v2-types.js';

type Range = Pick<WireSeriesQuery, 'startTimestamp' | 'endTimestamp'>;
type Page = Pick<WireSeriesQuery, 'pageToken' | 'pageSize'>;

export class MetricsV2Endpoints {
  constructor(private readonly rest: RestClient) {}

  /** `GET /v2/chains`: the chains the service has metrics for. */
  listChains(query: { network?: MetricsNetwork; pageToken?: string }): Promise<WireMetricsChainsResponse> {
    return this.rest.get('/v2/chains', undefined, query as Query, { ttlMs: query.pageToken ? 0 : TTL.registry });
  }

  /** `GET /v2/chains/{chainId}`: one covered chain; null when the service does not cover it. */
  getChain(chainId: string): Promise<WireMetricsChain | null> {
    return nullIfNotFound(this.rest.get('/v2/chains/{chainId}', { chainId }, undefined, { ttlMs: TTL.registry }));
  }

  /** `GET /v2/chains/{chainId}/metrics/{metric}`: a chain's (or `total`/`mainnet`/`testnet`) series, newest first. */
  getEvmChainMetrics(chainId: string, metric: string, query: WireSeriesQuery): Promise<WireMetricsSeriesResponse> {
    return this.rest.get('/v2/chains/{chainId}/metrics/{metric}', { chainId, metric }, query as Query);
  }

  /** `GET /v2/chains/{chainId}/rollingWindowMetrics/{metric}`: trailing-window values. */
  getEvmChainRollingWindowMetrics(chainId: string, metric: string): Promise<WireRollingWindowResponse> {
    return this.rest.get('/v2/chains/{chainId}/rollingWindowMetrics/{metric}', { chainId, metric }, undefined, { ttlMs: TTL.slow });
  }

  /** `GET /v2/icm/timeseries`: ICM message counts per interval, per group. */
  getICMTimeseries(query: WireIcmQuery & WireSeriesQuery): Promise<WireIcmSeriesResponse> {
    return this.rest.get('/v2/icm/timeseries', undefined, query as Query);
  }

  /** `GET /v2/icm/summary`: ICM message counts over trailing windows. */
  getICMSummary(query: WireIcmQuery): Promise<WireIcmSummaryResponse> {
    return this.rest.get('/v2/icm/summary', undefined, query as Query, { ttlMs: TTL.slow });
  }

  /** `GET /v2/networks/{network}/metrics/{metric}`: daily staking series of a subnet (default: the primary network). */
  getStakingMetrics(network: MetricsNetwork, metric: string, query: Range & Page & { subnetId?: string }): Promise<WireMetricsSeriesResponse> {
    return this.rest.get('/v2/networks/{network}/metrics/{metric}', { network, metric }, query as Query);
  }

  /** `GET /v2/validators/metrics/{metric}`: fee series over all L1 validators. */
  getTotalL1ValidatorMetrics(metric: string, query: Range): Promise<WireMetricsSeriesResponse> {
    return this.rest.get('/v2/validators/metrics/{metric}', { metric }, query as Query, { ttlMs: TTL.slow });
  }

  /** `GET /v2/validation/{l1ValidationId}/metrics/{metric}`: fee series of one L1 validation. */
  getMetricsByValidationId(l1ValidationId: string, metric: string, query: Range): Promise<WireMetricsSeriesResponse> {
    return this.rest.get('/v2/validation/{l1ValidationId}/metrics/{metric}', { l1ValidationId, metric }, query as Query, { ttlMs: TTL.slow });
  }

  /** `GET /v2/validator/{nodeId}/metrics/{metric}`: fee series of one L1 validator node. */
  getMetricsByNodeId(nodeId: string, metric: string, query: Range): Promise<WireMetricsSeriesResponse> {
    return this.rest.get('/v2/validator/{nodeId}/metrics/{metric}', { nodeId, metric }, query as Query, { ttlMs: TTL.slow });
  }

  /** `GET /v2/subnet/{subnetId}/metrics/{metric}`: fee series of one L1 (subnet). */
  getMetricsBySubnetId(subnetId: string, metric: string, query: Range): Promise<WireMetricsSeriesResponse> {
    return this.rest.get('/v2/subnet/{subnetId}/metrics/{metric}', { subnetId, metric }, query as Query, { ttlMs: TTL.slow });
  }

  /** `GET /v2/chains/43114/btcb/bridged:getAddresses`: C-Chain addresses whose net bridged BTC.b reaches a threshold. */
  getAddressesByBtcbBridged(query: Page & { threshold: string }): Promise<WireLookingGlassResponse> {
    return this.rest.get('/v2/chains/43114/btcb/bridged:getAddresses', undefined, query as Query);
  }

  /** `GET /v2/subnets/{subnetId}/validators:getAddresses`: reward addresses of validations in a time range. */
  getValidatorsByDateRange(subnetId: string, query: Range & Page & { network?: MetricsNetwork }): Promise<WirePChainLookingGlassResponse> {
    return this.rest.get('/v2/subnets/{subnetId}/validators:getAddresses', { subnetId }, query as Query);
  }

  /** `POST /v2/lookingGlass/compositeQuery`: addresses matching sub-queries combined with AND or OR. */
  compositeQueryV2(body: WireCompositeQueryRequest): Promise<WireCompositeQueryResponse> {
    return this.rest.post('/v2/lookingGlass/compositeQuery', undefined, body);
  }
}
