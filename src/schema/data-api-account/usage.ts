/**
 * The caller's key's usage: Data API usage metrics and request logs, and its RPC usage of the
 * primary network's and of L1s' public endpoints. Time series are bucketed by the service; every
 * filter is checked before the call.
 */
import type { ArgBuilder } from '@pothos/core';
import { builder, type Types } from '../../builder.js';
import { badInput } from '../../errors.js';
import type {
  WireApiLog,
  WireRpcUsageMetricsValue,
  WireUsageFilters,
  WireUsageMetricsBucket,
  WireUsageMetricsValue,
} from '../../upstream/data-api/types/account.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { upstreamList } from '../common/upstream-list.js';
import { enumValues, NetworkName, upstreamEnum } from '../common/enums.js';
import { dataApiNetwork, type NetworkNameValue } from '../common/network-names.js';
import { fieldGuard } from '../common/guards.js';
import { serves } from '../common/operations.js';
import { evmChainId } from '../common/validate.js';
import { DataApiAccount, responseCodeArg, seconds, text, timeRange } from './account.js';
import { accountOf, serviceId } from './keys.js';

export const API_LOG_PAGE = { defaultSize: 10, maxSize: 100 };
const MAX_FILTER_LENGTH = 256;

export const UsageRequestType = upstreamEnum('UsageRequestType', {
  description: 'Which kind of request a usage record counts.',
  values: {
    data: 'Data API requests.',
    rpc: 'RPC requests through the Data API\'s endpoints.',
  },
  unknown: 'A kind this gateway does not know yet (not accepted as a filter).',
});

export const UsageTimeInterval = builder.enumType('UsageTimeInterval', {
  description: 'The width of the buckets of a Data API usage time series.',
  values: enumValues({
    minute: 'One bucket per minute.',
    hourly: 'One bucket per hour.',
    daily: 'One bucket per day (UTC).',
    weekly: 'One bucket per week.',
    monthly: 'One bucket per month.',
  }),
});

export const RpcUsageTimeInterval = builder.enumType('RpcUsageTimeInterval', {
  description: 'The width of the buckets of an RPC usage time series.',
  values: enumValues({
    hourly: 'One bucket per hour.',
    daily: 'One bucket per day (UTC).',
    weekly: 'One bucket per week.',
    monthly: 'One bucket per month.',
  }),
});

export const UsageGroupBy = builder.enumType('UsageGroupBy', {
  description: 'What a Data API usage series is split by.',
  values: enumValues({
    requestPath: 'By request path.',
    responseCode: 'By HTTP status of the answer.',
    chainId: 'By chain.',
    apiKeyId: 'By API key.',
    requestType: 'By kind of request (data or rpc).',
  }),
});

export const PrimaryNetworkRpcUsageGroupBy = builder.enumType('PrimaryNetworkRpcUsageGroupBy', {
  description: 'What a primary-network RPC usage series is split by.',
  values: enumValues({
    rpcMethod: 'By RPC method.',
    requestPath: 'By request path.',
    responseCode: 'By HTTP status of the answer.',
    country: 'By the client\'s country.',
    continent: 'By the client\'s continent.',
    userAgent: 'By the client\'s user agent.',
  }),
});

export const SubnetRpcUsageGroupBy = builder.enumType('SubnetRpcUsageGroupBy', {
  description: 'What an L1 RPC usage series is split by.',
  values: enumValues({
    rpcMethod: 'By RPC method.',
    responseCode: 'By HTTP status of the answer.',
    rlBypassToken: 'By rate-limit bypass token.',
  }),
});

export const UsageGroupedBy = upstreamEnum('UsageGroupedBy', {
  description: 'What the values of a usage bucket are split by.',
  values: {
    None: 'Not split: one value for all requests.',
    requestPath: 'By request path.',
    responseCode: 'By HTTP status.',
    chainId: 'By chain.',
    apiKeyId: 'By API key.',
    requestType: 'By kind of request.',
    rpcMethod: 'By RPC method.',
    rlBypassToken: 'By rate-limit bypass token.',
    country: 'By country.',
    continent: 'By continent.',
    userAgent: 'By user agent.',
  },
  unknown: 'A split this gateway does not know yet.',
});

type UsageValue = WireUsageMetricsValue | WireRpcUsageMetricsValue;

export const UsageValueRef = builder.objectRef<UsageValue>('UsageValue').implement({
  description: 'Request counts and rates of one group (or of all requests) in one bucket.',
  fields: (t) => ({
    groupedBy: t.field({
      type: UsageGroupedBy,
      description: 'What the bucket is split by.',
      resolve: (v) => UsageGroupedBy.from(v.groupedBy),
    }),
    groupValue: t.string({
      nullable: true,
      description: 'The group\'s value (a path, a status, a chain id...); null when not split.',
      resolve: (v) => (v.groupValue === undefined || v.groupValue === null ? null : String(v.groupValue)),
    }),
    totalRequests: t.exposeFloat('totalRequests', { description: 'Requests counted.' }),
    requestsPerSecond: t.exposeFloat('requestsPerSecond', { description: 'Average requests per second over the bucket.' }),
    successRatePercent: t.exposeFloat('successRatePercent', { description: 'Share of requests answered with success, in percent.' }),
    medianResponseTimeMsecs: t.exposeFloat('medianResponseTimeMsecs', { description: 'Median response time, in ms.' }),
    invalidRequests: t.exposeFloat('invalidRequests', { description: 'Requests refused as invalid.' }),
    apiCreditsUsed: t.exposeFloat('apiCreditsUsed', { description: 'API credits used.' }),
    apiCreditsWasted: t.exposeFloat('apiCreditsWasted', { description: 'API credits spent on invalid requests.' }),
  }),
});

export const UsageBucket = builder.objectRef<WireUsageMetricsBucket<UsageValue>>('UsageBucket').implement({
  description: 'One time bucket of a usage series.',
  fields: (t) => ({
    timestamp: t.field({ type: 'Timestamp', description: 'Start of the bucket, Unix seconds.', resolve: (b) => seconds(b.timestamp) }),
    values: t.expose('values', { type: [UsageValueRef], description: 'One value per group (one when not split).' }),
  }),
});

interface UsageSeries {
  aggregateDuration: string;
  orgId?: string;
  network?: string;
  chainId?: string;
  metrics: Array<WireUsageMetricsBucket<UsageValue>>;
}

export const UsageSeriesRef = builder.objectRef<UsageSeries>('UsageSeries').implement({
  description: 'A usage time series of the caller\'s key.',
  fields: (t) => ({
    aggregateDuration: t.exposeString('aggregateDuration', { description: 'The width of each bucket, as the service names it.' }),
    orgId: t.exposeString('orgId', { nullable: true, description: 'The organization counted (Data API usage).' }),
    network: t.exposeString('network', { nullable: true, description: 'The network counted (primary-network RPC usage).' }),
    chainId: t.exposeString('chainId', { nullable: true, description: 'The chain counted (L1 RPC usage).' }),
    buckets: t.expose('metrics', { type: [UsageBucket], description: 'The buckets, oldest first as the service sends them.' }),
  }),
});

export const ApiLog = builder.objectRef<WireApiLog>('ApiLog').implement({
  description: 'One request made with the caller\'s key (or its organization\'s keys), as the Data API logged it.',
  fields: (t) => ({
    logId: t.exposeString('logId', { description: 'The log record\'s id.' }),
    orgId: t.exposeString('orgId', { description: 'The organization of the key.' }),
    timestamp: t.field({ type: 'Timestamp', description: 'When the request was made, Unix seconds.', resolve: (l) => seconds(l.eventTimestamp) }),
    apiKeyId: t.exposeString('apiKeyId', { description: 'The id of the key used (never the key itself).' }),
    apiKeyAlias: t.exposeString('apiKeyAlias', { description: 'The alias of the key used.' }),
    hostRegion: t.exposeString('hostRegion', { description: 'The region that served the request.' }),
    requestType: t.field({ type: UsageRequestType, description: 'Data or RPC request.', resolve: (l) => UsageRequestType.from(l.requestType) }),
    requestPath: t.exposeString('requestPath', { description: 'The path requested.' }),
    responseCode: t.exposeInt('responseCode', { description: 'The HTTP status answered.' }),
    apiCreditsConsumed: t.exposeFloat('apiCreditsConsumed', { description: 'API credits the request used.' }),
    requestDurationMsecs: t.exposeFloat('requestDurationMsecs', { description: 'How long the request took, in ms.' }),
    chainId: t.exposeString('chainId', { nullable: true, description: 'The chain of the request, when it had one.' }),
    rpcMethod: t.exposeString('rpcMethod', { nullable: true, description: 'The RPC method, for RPC requests.' }),
    ipAddress: t.string({ description: 'The client\'s IP address.', resolve: (l) => l.metadata.ipAddress }),
    host: t.string({ description: 'The host the client called.', resolve: (l) => l.metadata.host }),
    userAgent: t.string({ description: 'The client\'s user agent.', resolve: (l) => l.metadata.userAgent }),
  }),
});

export const ApiLogConnection = connectionType('ApiLog', ApiLog, 'A page of request logs, as the Data API orders them.');

type Maybe<T> = T | null | undefined;

interface FilterArgs {
  start?: Maybe<number>;
  end?: Maybe<number>;
  chainId?: Maybe<string>;
  responseCode?: Maybe<number>;
  requestType?: Maybe<'data' | 'rpc' | 'UNKNOWN'>;
  apiKeyId?: Maybe<string>;
  requestPath?: Maybe<string>;
  orgId?: Maybe<string>;
}

/** The filters shared by `usage` and `logs`, checked. */
function usageFilters(args: FilterArgs): WireUsageFilters {
  if (args.requestType === 'UNKNOWN') throw badInput('requestType', 'UNKNOWN is not a request type to filter by; use DATA or RPC');
  return {
    ...timeRange(args),
    chainId: args.chainId != null ? evmChainId('chainId', args.chainId) : undefined,
    responseCode: responseCodeArg('responseCode', args.responseCode),
    requestType: args.requestType ?? undefined,
    apiKeyId: args.apiKeyId != null ? serviceId('apiKeyId', args.apiKeyId) : undefined,
    requestPath: args.requestPath != null ? requestPath('requestPath', args.requestPath) : undefined,
    orgId: args.orgId != null ? serviceId('orgId', args.orgId) : undefined,
  };
}

function requestPath(argument: string, value: string): string {
  if (!value.startsWith('/')) throw badInput(argument, 'must be a path starting with /');
  return text(argument, value, MAX_FILTER_LENGTH);
}

/** An ISO 3166-1 alpha-2 code (or XX, the service's unknown), upper case. */
function countryCode(argument: string, value: string): string {
  if (!/^[A-Za-z]{2}$/.test(value)) throw badInput(argument, `"${value.slice(0, 20)}" is not a two-letter code`);
  return value.toUpperCase();
}

const rpcMethod = (argument: string, value: string) => {
  if (!/^[A-Za-z0-9_.]{1,100}$/.test(value)) throw badInput(argument, `"${value.slice(0, 80)}" is not an RPC method name`);
  return value;
};

/** The filters of the usage series and logs; the RPC usage series take some of them. */
function usageFilterArgs(t: { arg: ArgBuilder<Types> }) {
  return {
    start: t.arg({ type: 'Timestamp', required: false, description: 'From this time (Unix seconds; the service rounds down to the day).' }),
    end: t.arg({ type: 'Timestamp', required: false, description: 'Until this time (Unix seconds; the service rounds down to the day).' }),
    chainId: t.arg.string({ required: false, description: 'Only requests about this EVM chain id.' }),
    responseCode: t.arg.int({ required: false, description: 'Only requests answered with this HTTP status.' }),
    requestType: t.arg({ type: UsageRequestType, required: false, description: 'Only data or only RPC requests (not UNKNOWN).' }),
    apiKeyId: t.arg.string({ required: false, description: 'Only requests with this API key id.' }),
    requestPath: t.arg.string({ required: false, description: `Only requests to this path (at most ${MAX_FILTER_LENGTH} characters).` }),
    orgId: t.arg.string({ required: false, description: 'The organization to read (the key\'s own when omitted).' }),
  };
}

builder.objectFields(DataApiAccount, (t) => {
  const filterArgs = usageFilterArgs(t);
  return {
    usage: t.checkedField({
      type: UsageSeriesRef,
      nullable: true,
      description: 'Data API usage of the caller\'s key over time, optionally split and filtered (`GET /v1/apiUsageMetrics`).',
      args: {
        ...filterArgs,
        timeInterval: t.arg({ type: UsageTimeInterval, required: false, description: 'Bucket width; the service\'s default when omitted.' }),
        groupBy: t.arg({ type: UsageGroupBy, required: false, description: 'Split each bucket by this; not split when omitted.' }),
      },
      extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getApiUsageMetrics') },
      check: usageFilters,
      resolve: (_, filters, args, ctx) =>
        accountOf(ctx).usageMetrics.getApiUsageMetrics({ ...filters, timeInterval: args.timeInterval ?? undefined, groupBy: args.groupBy ?? undefined }),
    }),
    logs: t.checkedField({
      type: ApiLogConnection,
      nullable: true,
      description: 'The requests made with the caller\'s key, filtered (`GET /v1/apiLogs`).',
      args: { ...filterArgs, ...connectionArgs(t, API_LOG_PAGE) },
      extensions: serves('data:getApiLogs'),
      check: usageFilters,
      resolve: (_, query, args, ctx) => {
        const account = accountOf(ctx);
        return upstreamList(args, {
          name: 'apiLogs',
          page: API_LOG_PAGE,
          path: [],
          query,
          read: (query) => account.usageMetrics.getApiLogs(query),
          items: (page) => page.logs,
        });
      },
    }),
  };
});

builder.objectFields(DataApiAccount, (t) => {
  const filterArgs = usageFilterArgs(t);
  return {
    primaryNetworkRpcUsage: t.checkedField({
      type: UsageSeriesRef,
      nullable: true,
      description: 'The caller\'s RPC usage of a primary network\'s public endpoints (`GET /v1/primaryNetworkRpcUsageMetrics`).',
      args: {
        network: t.arg({ type: NetworkName, required: true, description: 'The network.' }),
        start: filterArgs.start,
        end: filterArgs.end,
        timeInterval: t.arg({ type: RpcUsageTimeInterval, required: false, description: 'Bucket width; the service\'s default when omitted.' }),
        groupBy: t.arg({ type: PrimaryNetworkRpcUsageGroupBy, required: false, description: 'Split each bucket by this; not split when omitted.' }),
        responseCode: filterArgs.responseCode,
        requestPath: filterArgs.requestPath,
        country: t.arg.string({ required: false, description: 'Only clients of this country (ISO 3166-1 alpha-2; XX: unknown).' }),
        continent: t.arg.string({ required: false, description: 'Only clients of this continent (two-letter code).' }),
        userAgent: t.arg.string({ required: false, description: `Only clients with this user agent (at most ${MAX_FILTER_LENGTH} characters).` }),
        rpcMethod: t.arg.string({ required: false, description: 'Only calls of this RPC method.' }),
      },
      extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getPrimaryNetworkRpcUsageMetrics') },
      check: primaryRpcQuery,
      resolve: (_, query, _args, ctx) => accountOf(ctx).usageMetrics.getPrimaryNetworkRpcUsageMetrics(query),
    }),
    subnetRpcUsage: t.checkedField({
      type: UsageSeriesRef,
      nullable: true,
      description: 'The caller\'s RPC usage of L1s\' public endpoints (`GET /v1/subnetRpcUsageMetrics`).',
      args: {
        chainId: t.arg.string({ required: false, description: 'Only this L1\'s EVM chain id.' }),
        start: filterArgs.start,
        end: filterArgs.end,
        timeInterval: t.arg({ type: RpcUsageTimeInterval, required: false, description: 'Bucket width; the service\'s default when omitted.' }),
        groupBy: t.arg({ type: SubnetRpcUsageGroupBy, required: false, description: 'Split each bucket by this; not split when omitted.' }),
        responseCode: filterArgs.responseCode,
        rpcMethod: t.arg.string({ required: false, description: 'Only calls of this RPC method.' }),
        rlBypassApiToken: t.arg.string({ required: false, description: 'Only calls with this rate-limit bypass token.' }),
      },
      extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getSubnetRpcUsageMetrics') },
      check: subnetRpcQuery,
      resolve: (_, query, _args, ctx) => accountOf(ctx).usageMetrics.getSubnetRpcUsageMetrics(query),
    }),
  };
});

/** The arguments both RPC usage series take. */
interface RpcUsageArgs {
  start?: Maybe<number>;
  end?: Maybe<number>;
  timeInterval?: Maybe<string>;
  groupBy?: Maybe<string>;
  responseCode?: Maybe<number>;
  rpcMethod?: Maybe<string>;
}

/** What both RPC usage routes are sent of their time window, grouping and status filter, checked. */
function rpcUsageWindow(args: RpcUsageArgs) {
  return {
    ...timeRange(args),
    timeInterval: args.timeInterval ?? undefined,
    groupBy: args.groupBy ?? undefined,
    responseCode: responseCodeArg('responseCode', args.responseCode),
  };
}

const rpcMethodArg = (args: RpcUsageArgs) => (args.rpcMethod != null ? rpcMethod('rpcMethod', args.rpcMethod) : undefined);

function primaryRpcQuery(
  args: RpcUsageArgs & { network: NetworkNameValue; requestPath?: Maybe<string>; country?: Maybe<string>; continent?: Maybe<string>; userAgent?: Maybe<string> },
) {
  return {
    network: dataApiNetwork(args.network),
    ...rpcUsageWindow(args),
    requestPath: args.requestPath != null ? requestPath('requestPath', args.requestPath) : undefined,
    country: args.country != null ? countryCode('country', args.country) : undefined,
    continent: args.continent != null ? countryCode('continent', args.continent) : undefined,
    userAgent: args.userAgent != null ? text('userAgent', args.userAgent, MAX_FILTER_LENGTH) : undefined,
    rpcMethod: rpcMethodArg(args),
  };
}

function subnetRpcQuery(args: RpcUsageArgs & { chainId?: Maybe<string>; rlBypassApiToken?: Maybe<string> }) {
  return {
    chainId: args.chainId != null ? evmChainId('chainId', args.chainId) : undefined,
    ...rpcUsageWindow(args),
    rpcMethod: rpcMethodArg(args),
    rlBypassApiToken: args.rlBypassApiToken != null ? text('rlBypassApiToken', args.rlBypassApiToken, MAX_FILTER_LENGTH) : undefined,
  };
}
