/** Wire shapes of the metrics service (`https://metrics.avax.network`). */

/** One point of a daily series: the day's start (Unix seconds, 00:00 UTC) and its value. */
export interface WireMetricPoint {
  timestamp: number;
  value: number;
}

/** `GET /v1/avg_tps/{chainId}`: newest first; `nextPageToken` is absent on the last page. */
export interface WireAvgTpsResponse {
  results: WireMetricPoint[];
  /** The HTTP status, repeated in the body. */
  status?: number;
  /** Unix seconds of the aggregation run that produced the newest point. */
  lastRun?: number;
  nextPageToken?: string;
}
