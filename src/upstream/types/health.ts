/** Wire shape of the health and live checks the Data API (`/v1/...-check`) and the metrics service (`/v2/...-check`) share. */

/** A component's state; the services may add values. */
export type WireHealthIndicatorStatus = 'up' | 'down' | (string & {});

export interface WireHealthIndicator {
  status?: WireHealthIndicatorStatus;
}

/** The verdict; the services may add values. */
export type WireHealthStatus = 'ok' | 'error' | 'shutting_down' | (string & {});

export interface WireHealthCheckResult {
  status?: WireHealthStatus;
  /** Components that are up. */
  info?: Record<string, WireHealthIndicator> | null;
  /** Components that are down. */
  error?: Record<string, WireHealthIndicator> | null;
  /** Every component the check looked at. */
  details?: Record<string, WireHealthIndicator>;
}
