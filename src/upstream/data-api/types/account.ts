/**
 * Wire shapes of the Data API's account-owner operations (webhooks, usage metrics and logs,
 * transaction export jobs), by its official description. Every answer belongs to the API key it was
 * asked with. The bodies and queries the gateway builds take its own checked values, so their enums
 * are widened to strings (`Sendable`).
 */
import type { DataApiQuery, DataApiSchema, Sendable } from '@avalanche-graph/wire-types';

export type WireWebhookStatus = DataApiSchema<'WebhookStatusType'>;
export type WireEvmAddressActivityWebhook = DataApiSchema<'EVMAddressActivityResponse'>;
export type WirePrimaryNetworkAddressActivityWebhook = DataApiSchema<'PrimaryNetworkAddressActivityResponse'>;
export type WireValidatorActivityWebhook = DataApiSchema<'ValidatorActivityResponse'>;
/** A webhook of any kind, told apart by `eventType`. */
export type WireWebhook = DataApiSchema<'ListWebhooksResponse'>['webhooks'][number];
/** The body that creates a webhook, by `eventType`. */
export type WireCreateWebhookRequest = Sendable<
  DataApiSchema<'EVMAddressActivityRequest'> | DataApiSchema<'PrimaryNetworkAddressActivityRequest'> | DataApiSchema<'ValidatorActivityRequest'>
>;
export type WireSharedSecret = DataApiSchema<'SharedSecretsResponse'>;

/** One value of a usage time bucket, for one group (or all requests when not grouped). */
export type WireUsageMetricsValue = DataApiSchema<'UsageMetricsValueDTO'>;
export type WireRpcUsageMetricsValue = DataApiSchema<'RpcUsageMetricsValueAggregated'>;

/** A usage time bucket: its start (Unix seconds) and its values. */
export interface WireUsageMetricsBucket<V> {
  timestamp: number;
  values: V[];
}

export type WireUsageMetricsResponse = DataApiSchema<'UsageMetricsResponseDTO'>;
export type WirePrimaryNetworkRpcUsageMetricsResponse = DataApiSchema<'PrimaryNetworkRpcUsageMetricsResponseDTO'>;
export type WireSubnetRpcUsageMetricsResponse = DataApiSchema<'SubnetRpcUsageMetricsResponseDTO'>;
export type WireApiLog = DataApiSchema<'LogsFormat'>;
export type WireApiLogsResponse = DataApiSchema<'LogsResponseDTO'>;
export type WireUsageMetricsQuery = DataApiQuery<'getApiUsageMetrics'>;
export type WireApiLogsQuery = DataApiQuery<'getApiLogs'>;
/** Filters of the Data API usage metrics and logs (all optional). */
export type WireUsageFilters = Omit<WireApiLogsQuery, 'pageToken' | 'pageSize'>;
export type WirePrimaryNetworkRpcUsageQuery = Sendable<DataApiQuery<'getPrimaryNetworkRpcUsageMetrics'>>;
export type WireSubnetRpcUsageQuery = Sendable<DataApiQuery<'getSubnetRpcUsageMetrics'>>;
/** The body of a transaction export job: dates are `YYYY-MM-DD`, both included. */
export type WireTransactionExportRequest = Sendable<DataApiSchema<'CreateEvmTransactionExportRequest'> | DataApiSchema<'CreatePrimaryNetworkTransactionExportRequest'>>;
export type WireOperationStatus = DataApiSchema<'OperationStatusResponse'>;
