/**
 * The Data API's account-owner operations: webhooks, the webhooks' shared secret, usage metrics and
 * request logs, and transaction export jobs. Every answer is the key's own, so nothing here is kept
 * past the call (no TTL: in-flight sharing only, within the key's cache partition), writes go out
 * once (never retried, cached or shared), and reads of what a write changes skip the operation's memo.
 *
 * The client only exists for a caller's own key (see `DataApiClient.account`): the gateway's
 * configured key never reaches these routes.
 */
import { nullIfNotFound } from '../transport/errors.js';
import type { Query } from '../transport/rest.js';
import { Endpoints } from './endpoints.js';
import type {
  WireApiLogsQuery,
  WireApiLogsResponse,
  WireCreateWebhookRequest,
  WireListWebhookAddressesResponse,
  WireListWebhooksResponse,
  WireOperationStatus,
  WirePrimaryNetworkRpcUsageMetricsResponse,
  WirePrimaryNetworkRpcUsageQuery,
  WireSharedSecret,
  WireSubnetRpcUsageMetricsResponse,
  WireSubnetRpcUsageQuery,
  WireTransactionExportRequest,
  WireUpdateWebhookRequest,
  WireUsageMetricsQuery,
  WireUsageMetricsResponse,
  WireWebhook,
  WireWebhookStatus,
} from '../types/data-api-account.js';

/** Reads of moving, per-key state: not memoized for the operation (its own writes change them). */
const FRESH = { memo: false } as const;

export class AccountEndpoints extends Endpoints {
  /** `GET /v1/webhooks`: the key's webhooks, optionally of one status. */
  listWebhooks(query: { status?: WireWebhookStatus; pageToken?: string; pageSize?: number }): Promise<WireListWebhooksResponse> {
    return this.rest.get('/v1/webhooks', undefined, query as Query, FRESH);
  }

  /** `GET /v1/webhooks/{id}`: one webhook; null when the key has none with this id. */
  getWebhook(id: string): Promise<WireWebhook | null> {
    return nullIfNotFound(this.rest.get('/v1/webhooks/{id}', { id }, undefined, FRESH));
  }

  /** `POST /v1/webhooks`. */
  createWebhook(body: WireCreateWebhookRequest): Promise<WireWebhook> {
    return this.rest.post('/v1/webhooks', undefined, body);
  }

  /** `PATCH /v1/webhooks/{id}`. */
  updateWebhook(id: string, body: WireUpdateWebhookRequest): Promise<WireWebhook> {
    return this.rest.patch('/v1/webhooks/{id}', { id }, body);
  }

  /** `DELETE /v1/webhooks/{id}`: the service deactivates the webhook and answers it. */
  deactivateWebhook(id: string): Promise<WireWebhook> {
    return this.rest.delete('/v1/webhooks/{id}', { id });
  }

  /** `GET /v1/webhooks/{id}/addresses`: the addresses an EVM address-activity webhook watches. */
  getAddressesFromWebhook(id: string, query: { pageToken?: string; pageSize?: number }): Promise<WireListWebhookAddressesResponse> {
    return this.rest.get('/v1/webhooks/{id}/addresses', { id }, query as Query, FRESH);
  }

  /** `PATCH /v1/webhooks/{id}/addresses`. */
  addAddressesToWebhook(id: string, addresses: string[]): Promise<WireWebhook> {
    return this.rest.patch('/v1/webhooks/{id}/addresses', { id }, { addresses });
  }

  /** `DELETE /v1/webhooks/{id}/addresses` (the addresses go in the body). */
  removeAddressesFromWebhook(id: string, addresses: string[]): Promise<WireWebhook> {
    return this.rest.delete('/v1/webhooks/{id}/addresses', { id }, { addresses });
  }

  /** `GET /v1/webhooks:getSharedSecret`: the secret the service signs webhook deliveries with. */
  getSharedSecret(): Promise<WireSharedSecret> {
    return this.rest.get('/v1/webhooks:getSharedSecret', undefined, undefined, FRESH);
  }

  /** `POST /v1/webhooks:generateOrRotateSharedSecret`. */
  generateOrRotateSharedSecret(): Promise<WireSharedSecret> {
    return this.rest.post('/v1/webhooks:generateOrRotateSharedSecret', undefined, undefined);
  }

  /** `GET /v1/apiUsageMetrics`. */
  getApiUsageMetrics(query: WireUsageMetricsQuery): Promise<WireUsageMetricsResponse> {
    return this.rest.get('/v1/apiUsageMetrics', undefined, query as Query, FRESH);
  }

  /** `GET /v1/apiLogs`. */
  getApiLogs(query: WireApiLogsQuery): Promise<WireApiLogsResponse> {
    return this.rest.get('/v1/apiLogs', undefined, query as Query, FRESH);
  }

  /** `GET /v1/primaryNetworkRpcUsageMetrics`. */
  getPrimaryNetworkRpcUsageMetrics(query: WirePrimaryNetworkRpcUsageQuery): Promise<WirePrimaryNetworkRpcUsageMetricsResponse> {
    return this.rest.get('/v1/primaryNetworkRpcUsageMetrics', undefined, query as unknown as Query, FRESH);
  }

  /** `GET /v1/subnetRpcUsageMetrics`. */
  getSubnetRpcUsageMetrics(query: WireSubnetRpcUsageQuery): Promise<WireSubnetRpcUsageMetricsResponse> {
    return this.rest.get('/v1/subnetRpcUsageMetrics', undefined, query as Query, FRESH);
  }

  /** `POST /v1/operations/transactions:export`: starts an export job. */
  postTransactionExportJob(body: WireTransactionExportRequest): Promise<WireOperationStatus> {
    return this.rest.post('/v1/operations/transactions:export', undefined, body);
  }

  /** `GET /v1/operations/{operationId}`: a job's status; null when the key has no such job. */
  getOperationResult(operationId: string): Promise<WireOperationStatus | null> {
    return nullIfNotFound(this.rest.get('/v1/operations/{operationId}', { operationId }, undefined, FRESH));
  }
}
