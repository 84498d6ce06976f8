/**
 * The Data API's "Data API Usage Metrics" operations: the key's usage metrics, request logs and RPC
 * usage. Only a caller's own key opens this group (see `caller-owned.ts`).
 */
import type { Query } from '../transport/rest.js';
import { FRESH } from './caller-owned.js';
import { Endpoints } from './endpoints.js';
import type {
  WireApiLogsQuery,
  WireApiLogsResponse,
  WirePrimaryNetworkRpcUsageMetricsResponse,
  WirePrimaryNetworkRpcUsageQuery,
  WireSubnetRpcUsageMetricsResponse,
  WireSubnetRpcUsageQuery,
  WireUsageMetricsQuery,
  WireUsageMetricsResponse,
} from './types/account.js';

export class UsageMetricsEndpoints extends Endpoints {
  /** `GET /v1/apiUsageMetrics`. */
  getApiUsageMetrics(query: WireUsageMetricsQuery): Promise<WireUsageMetricsResponse> {
    return this.rest.get('/v1/apiUsageMetrics', undefined, query as Query, FRESH);
  }

  /** `GET /v1/apiLogs`. */
  getApiLogs(query: WireApiLogsQuery): Promise<WireApiLogsResponse> {
    return this.rest.get('/v1/apiLogs', undefined, query as Query, FRESH);
  }

  /** `GET /v1/subnetRpcUsageMetrics`. */
  getSubnetRpcUsageMetrics(query: WireSubnetRpcUsageQuery): Promise<WireSubnetRpcUsageMetricsResponse> {
    return this.rest.get('/v1/subnetRpcUsageMetrics', undefined, query as Query, FRESH);
  }

  /** `GET /v1/primaryNetworkRpcUsageMetrics`. */
  getPrimaryNetworkRpcUsageMetrics(query: WirePrimaryNetworkRpcUsageQuery): Promise<WirePrimaryNetworkRpcUsageMetricsResponse> {
    return this.rest.get('/v1/primaryNetworkRpcUsageMetrics', undefined, query as unknown as Query, FRESH);
  }
}
