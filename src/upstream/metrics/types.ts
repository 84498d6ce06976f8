/** Wire shapes of the metrics service (`https://metrics.avax.network`). */
import type { MetricsSchema } from '@avalanche-graph/wire-types';

/** One point of a daily series: the day's start (Unix seconds, 00:00 UTC) and its value. */
export type WireMetricPoint = MetricsSchema<'MetricsValue'>;

/**
 * `GET /v1/avg_tps/{chainId}`: newest first; `nextPageToken` is absent on the last page. The route
 * predates the service's description, which leaves it out.
 */
export interface WireAvgTpsResponse {
  results: WireMetricPoint[];
  /** The HTTP status, repeated in the body. */
  status?: number;
  /** Unix seconds of the aggregation run that produced the newest point. */
  lastRun?: number;
  nextPageToken?: string;
}
