/**
 * Wire shapes of the Data API's account-owner operations (webhooks, usage metrics and logs,
 * transaction export jobs), as the service sends and takes them. Every answer belongs to the API key
 * it was asked with.
 */

export type WireWebhookStatus = 'active' | 'inactive';
export type WirePrimaryNetworkType = 'mainnet' | 'fuji';

/** What every kind of webhook has. */
interface WireWebhookBase {
  id: string;
  url: string;
  chainId: string;
  status: WireWebhookStatus | string;
  /** Creation time, Unix seconds. */
  createdAt: number;
  name: string;
  description: string;
}

export interface WireAddressActivityMetadata {
  eventSignatures?: string[];
  addresses: string[];
}

export interface WireEvmAddressActivityWebhook extends WireWebhookBase {
  eventType: 'address_activity';
  metadata: WireAddressActivityMetadata;
  includeInternalTxs?: boolean;
  includeLogs?: boolean;
}

export interface WireBalanceThresholdFilter {
  balanceType: string;
  /** nAVAX, as a decimal string. */
  balanceThreshold: string;
}

export interface WirePrimaryNetworkAddressActivityMetadata {
  eventSignatures?: string[];
  keyType: 'addresses' | string;
  keys: string[];
  subEvents: { addressActivitySubEvents: string[] };
  balanceThresholdFilter?: WireBalanceThresholdFilter;
}

export interface WirePrimaryNetworkAddressActivityWebhook extends WireWebhookBase {
  eventType: 'primary_network_address_activity';
  metadata: WirePrimaryNetworkAddressActivityMetadata;
}

export interface WireValidatorActivityMetadata {
  eventSignatures?: string[];
  keyType: 'nodeId' | 'subnetId' | string;
  keys: string[];
  subEvents: { validatorActivitySubEvents: string[] };
  nodeIds?: string[];
  subnetIds?: string[];
  /** nAVAX, as a decimal string. */
  l1ValidatorFeeBalanceThreshold?: string;
}

export interface WireValidatorActivityWebhook extends WireWebhookBase {
  eventType: 'validator_activity';
  metadata: WireValidatorActivityMetadata;
}

/** A webhook of any kind, told apart by `eventType` (a kind added later keeps its common fields). */
export type WireWebhook = WireEvmAddressActivityWebhook | WirePrimaryNetworkAddressActivityWebhook | WireValidatorActivityWebhook;

export interface WireListWebhooksResponse {
  webhooks: WireWebhook[];
  nextPageToken?: string;
}

export interface WireListWebhookAddressesResponse {
  addresses: string[];
  totalAddresses: number;
  nextPageToken?: string;
}

/** Common fields of the bodies that create a webhook. */
interface WireCreateWebhookBase {
  url: string;
  name?: string;
  description?: string;
}

export type WireCreateWebhookRequest =
  | (WireCreateWebhookBase & {
      eventType: 'address_activity';
      chainId: string;
      metadata: WireAddressActivityMetadata;
      includeInternalTxs?: boolean;
      includeLogs?: boolean;
    })
  | (WireCreateWebhookBase & {
      eventType: 'primary_network_address_activity';
      network: WirePrimaryNetworkType;
      chainId: string;
      metadata: WirePrimaryNetworkAddressActivityMetadata;
    })
  | (WireCreateWebhookBase & {
      eventType: 'validator_activity';
      network: WirePrimaryNetworkType;
      metadata: WireValidatorActivityMetadata;
    });

export interface WireUpdateWebhookRequest {
  name?: string;
  description?: string;
  url?: string;
  status?: WireWebhookStatus;
  includeInternalTxs?: boolean;
  includeLogs?: boolean;
}

export interface WireSharedSecret {
  secret: string;
}

/** One value of a usage time bucket, for one group (or all requests when not grouped). */
export interface WireUsageMetricsValue {
  groupedBy: string;
  groupValue?: string | number;
  totalRequests: number;
  requestsPerSecond: number;
  successRatePercent: number;
  medianResponseTimeMsecs: number;
  invalidRequests: number;
  apiCreditsUsed: number;
  apiCreditsWasted: number;
}

export interface WireUsageMetricsBucket<V> {
  /** Start of the bucket, Unix seconds. */
  timestamp: number;
  values: V[];
}

export interface WireUsageMetricsResponse {
  aggregateDuration: string;
  orgId: string;
  metrics: Array<WireUsageMetricsBucket<WireUsageMetricsValue>>;
}

export interface WireRpcUsageMetricsValue {
  totalRequests: number;
  apiCreditsUsed: number;
  requestsPerSecond: number;
  successRatePercent: number;
  medianResponseTimeMsecs: number;
  invalidRequests: number;
  apiCreditsWasted: number;
  groupedBy: string;
  groupValue?: string | number;
}

export interface WirePrimaryNetworkRpcUsageMetricsResponse {
  aggregateDuration: string;
  metrics: Array<WireUsageMetricsBucket<WireRpcUsageMetricsValue>>;
  network: string;
}

export interface WireSubnetRpcUsageMetricsResponse {
  aggregateDuration: string;
  metrics: Array<WireUsageMetricsBucket<WireRpcUsageMetricsValue>>;
  chainId: string;
}

export interface WireApiLog {
  orgId: string;
  logId: string;
  /** Unix seconds (the service may send fractions). */
  eventTimestamp: number;
  apiKeyId: string;
  apiKeyAlias: string;
  hostRegion: string;
  requestType: string;
  requestPath: string;
  apiCreditsConsumed: number;
  requestDurationMsecs: number;
  responseCode: number;
  chainId?: string;
  rpcMethod?: string;
  metadata: { ipAddress: string; host: string; userAgent: string };
}

export interface WireApiLogsResponse {
  orgId: string;
  logs: WireApiLog[];
  nextPageToken?: string;
}

/** Filters of the Data API usage metrics and logs (all optional). */
export interface WireUsageFilters {
  orgId?: string;
  startTimestamp?: number;
  endTimestamp?: number;
  chainId?: string;
  responseCode?: string;
  requestType?: 'data' | 'rpc';
  apiKeyId?: string;
  requestPath?: string;
}

export interface WireUsageMetricsQuery extends WireUsageFilters {
  timeInterval?: string;
  groupBy?: string;
}

export interface WireApiLogsQuery extends WireUsageFilters {
  pageToken?: string;
  pageSize?: number;
}

export interface WirePrimaryNetworkRpcUsageQuery {
  network: 'mainnet' | 'fuji' | 'testnet';
  timeInterval?: string;
  startTimestamp?: number;
  endTimestamp?: number;
  groupBy?: string;
  responseCode?: string;
  requestPath?: string;
  country?: string;
  continent?: string;
  userAgent?: string;
  rpcMethod?: string;
}

export interface WireSubnetRpcUsageQuery {
  timeInterval?: string;
  startTimestamp?: number;
  endTimestamp?: number;
  groupBy?: string;
  chainId?: string;
  responseCode?: string;
  rpcMethod?: string;
  rlBypassApiToken?: string;
}

export type WireEvmExportType = 'TRANSACTION_EXPORT_EVM';
export type WirePrimaryNetworkExportType =
  | 'TRANSACTION_EXPORT_PRIMARY_NETWORK'
  | 'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING'
  | 'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE';

/** The body of a transaction export job: dates are `YYYY-MM-DD`, both included. */
export type WireTransactionExportRequest =
  | { type: WireEvmExportType; firstDate?: string; lastDate?: string; options: { addresses: string[]; includeChains: string[] } }
  | {
      type: WirePrimaryNetworkExportType;
      firstDate?: string;
      lastDate?: string;
      options: { addresses?: string[]; cChainEvmAddresses?: string[]; includeChains: string[] };
    };

export interface WireOperationStatus {
  operationId: string;
  operationType: string;
  operationStatus: string;
  message?: string;
  metadata?: { code?: string; downloadUrl?: string; nextDate?: string };
  /** Unix milliseconds (the service's job clock). */
  createdAtTimestamp: number;
  updatedAtTimestamp: number;
}
