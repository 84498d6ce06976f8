/**
 * Builds the GraphQL server object (no socket): schema, context per request, error masking,
 * security limits, GraphiQL (served offline, see graphiql.ts) and the readiness probe.
 */
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { IncomingMessage } from 'node:http';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { createYoga, type Plugin, type YogaServerInstance, type YogaServerOptions } from 'graphql-yoga';
import { callerClient, identityOf, type Callers } from './auth/index.js';
import type { Config } from './config/index.js';
import type { Context } from './context.js';
import { maskError } from './errors.js';
import { routerCheck, useFederationSecret } from './plugins/federation-secret.js';
import { graphiqlOptions, renderGraphiQL, useGraphiQLAssets, useGraphiQLPolicy } from './plugins/graphiql.js';
import { useIncrementalDelivery } from './plugins/incremental-delivery.js';
import { useEventContexts, type StreamSharing } from './plugins/event-contexts.js';
import { SSE_TOKEN_HEADER, useGraphQLSSESingleConnection } from './plugins/graphql-sse.js';
import { useOperationGuard } from './plugins/operation-guard.js';
import { apqStore, useAutomaticPersistedQueries } from './plugins/persisted-documents.js';
import { RATE_LIMIT_HEADERS, useRateLimitHeaders } from './plugins/rate-limit-headers.js';
import { useTrustedDocuments, type TrustedDocuments } from './plugins/trusted-documents.js';
import { responseCacheStore, useGatewayResponseCache } from './plugins/response-cache.js';
import { documentCache } from './plugins/document-cache.js';
import { useCompiledExecution, type Executor } from './plugins/compiled-execution.js';
import type { CacheRegistry } from './memory.js';
import type { ShedReason, Ticket } from './admission/admission.js';
import { ticketOf } from './admission/http.js';
import type { Cache as ResponseCacheStore } from '@graphql-yoga/plugin-response-cache';
import type { Logger } from './observability/logger.js';
import { LiveSubscriptions } from './live/index.js';
import { schema } from './schema/index.js';
import { DEFAULT_NETWORK_NAME } from './schema/common/network-names.js';
import { REQUEST_ID_HEADER, requestLogFor, useRequestLog, yogaLogger } from './observability/request-log.js';
import type { OperationTrace, Tracing } from './observability/tracing.js';
import { useTracing } from './observability/tracing-plugin.js';
import { CALLER_KEY_HEADERS, Upstreams } from './upstream/index.js';
import { useValueDepthLimit } from './plugins/value-depth.js';
import { useNotices } from './plugins/notices.js';
import { readiness, type OverloadReport } from './plugins/readiness.js';
import { useSubscriptionAdmission } from './plugins/subscription-admission.js';

export const DEFAULT_QUERY = `# Avalanche graph: one query over the Data API, the node RPC and the metrics service.
# Try it, then explore the schema with the Docs button.
query Chains {
  chains(network: ${DEFAULT_NETWORK_NAME}) {
    chainId
    chainName
    status
    networkToken { symbol decimals }
  }
}
`;

/**
 * Headers that only a preflighted (CORS-checked) request can carry: with one of them, or with a
 * content type a form cannot send, a request is not a cross-site forgery.
 */
const PREFLIGHT_HEADERS = ['x-graphql-yoga-csrf', 'apollo-require-preflight', ...CALLER_KEY_HEADERS];

export interface GatewayOptions {
  config: Config;
  upstreams: Upstreams;
  logger: Logger;
  /** Answers `/ready`: false while starting or shutting down. */
  isReady?: () => boolean;
  /** More yoga plugins (e.g. metrics). */
  plugins?: Plugin[];
  /** The live subscriptions' hub (one per process; made here when not given). */
  live?: LiveSubscriptions;
  /** Told when the operation guard refuses an operation (for metrics). */
  onRefused?: (reason: 'bad-input' | 'estimate') => void;
  /** Told which executor ran each executed operation (for metrics). */
  onExecuted?: (executor: Executor) => void;
  /** Where the response cache keeps entries (Redis with REDIS_URL); in process by default. */
  responseCache?: ResponseCacheStore;
  /** Where the in-process caches made here are listed, for `/metrics` (made here when not given). */
  caches?: CacheRegistry;
  /** OpenTelemetry tracing, when on (src/observability/tracing.ts). */
  tracing?: Tracing;
  /** What `/ready` reports of overload (admission and pressure, src/admission/), when the server admits. */
  overload?: () => OverloadReport;
  /** Told of each subscription event a subscriber gets: whether an execution ran for it (else it took the answer of a subscriber of the same operation), and its delivery lag in seconds (from the event's arrival in this process) when known. */
  onSubscriptionEvent?: (executed: boolean, lagSeconds?: number) => void;
  /** Told of a refusal made before admission for the same reasons (graphql-sse's reservations and streams past their bounds). */
  onShed?: (reason: ShedReason) => void;
  /** The trusted documents (TRUSTED_DOCUMENTS), reloadable; made from the configuration when absent. */
  trustedDocuments?: TrustedDocuments;
  /** Told of each document run outside the trusted documents (TRUSTED_DOCUMENTS_MODE=log). */
  onUntrustedDocument?: () => void;
  /** The callers the operator knows (src/auth/): its internal consumers run any document. */
  callers?: Callers;
}

/** What the node adapter passes beside each request: the socket, for the client's address; over WebSocket, the operation's admission ticket. */
export interface ServerContext {
  req?: IncomingMessage;
  /**
   * The operation's admission ticket (src/admission/) over WebSocket, where one socket carries many
   * operations; over HTTP it is the request's (`ticketOf(req)`). Its upstream answers' bytes are counted on it.
   */
  ticket?: Ticket;
  /** The transport's sharing of subscription streams (graphql-ws: src/http/shared-streams.ts), when it fans answers out itself. */
  streamSharing?: StreamSharing;
}

export type Gateway = YogaServerInstance<ServerContext, Context>;

/** What the gateway's pieces share while it is built: made once from the options. */
interface Parts {
  live: LiveSubscriptions;
  /** FEDERATION_SECRET: whether a request comes from the router (src/plugins/federation-secret.ts). */
  isRouter: ReturnType<typeof routerCheck> | undefined;
  /** Who a request's client is: its verified caller (src/auth/), else its address (TRUST_PROXY: src/http/client-address.ts). */
  clientOf: (req: IncomingMessage | undefined) => string;
  documents: ReturnType<typeof documentCache>;
  requestLog: ReturnType<typeof useRequestLog>;
  trusted: TrustedDocuments | undefined;
  apq: ReturnType<typeof apqStore> | undefined;
  responses: ResponseCacheStore | undefined;
}

export function createGateway(options: GatewayOptions): Gateway {
  const { config, logger } = options;
  const parts = gatewayParts(options);
  return createYoga<ServerContext, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    healthCheckEndpoint: '/health',
    landingPage: false,
    logging: yogaLogger(logger),
    // GraphiQL from this origin only (see graphiql.ts): the default query and the examples as tabs.
    graphiql: graphiqlOptions(DEFAULT_QUERY, { authorization: config.authJwksUrl !== undefined, consumerHeader: config.authConsumers ? config.authConsumerHeader : undefined }),
    renderGraphiQL,
    maskedErrors: { maskError: (error, message) => maskError(error, message) },
    // Browsers may call from the listed origins (any when unset), never with credentials: the
    // gateway uses no cookies, and keys travel in headers.
    cors: {
      origin: config.corsOrigins ?? '*',
      credentials: false,
      // PUT, DELETE and the stream's token: graphql-sse's single connection mode (src/plugins/graphql-sse.ts).
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['content-type', 'accept', REQUEST_ID_HEADER, SSE_TOKEN_HEADER, ...PREFLIGHT_HEADERS],
      exposedHeaders: [REQUEST_ID_HEADER, ...RATE_LIMIT_HEADERS],
      maxAge: 600,
    },
    // No uploads: multipart bodies are refused rather than parsed.
    multipart: false,
    // Parsed documents, bounded in bytes (DOCUMENT_CACHE_MAX_BYTES), not only in number.
    parserAndValidationCache: parts.documents.options,
    // MAX_BODY_BYTES is enforced before yoga, on the raw socket (http-limits.ts), and the body
    // arrives here already read: yoga's own limit would pipe it through a counting stream again
    // (a stream pipeline and an abort per request, ~2% of a cold operation's CPU).
    maxRequestBodySize: false,
    // A JSON array of operations (Apollo's BatchHttpLink): each gets its own context (so its own
    // guard, budget, deadline and response-cache entry) and counts against the client's rate as a
    // request of its own would; the body limit covers the whole batch.
    batching: config.maxBatchOperations > 0 ? { limit: config.maxBatchOperations } : false,
    context: contextFactory(options, parts),
    plugins: gatewayPlugins(options, parts),
  });
}

/** The pieces made once per gateway: the hub, the caches (listed in `options.caches`), the request log, the documents' stores. */
function gatewayParts(options: GatewayOptions): Parts {
  const { config, upstreams, logger } = options;
  const caches: CacheRegistry = options.caches ?? new Map();
  const documents = documentCache(config.documentCacheMaxBytes);
  const clientOf = callerClient(config);
  const requestLog = useRequestLog({
    logger,
    graphqlEndpoint: '/graphql',
    documentOf: (query) => {
      const document = documents.lru.peek(query);
      return document instanceof Error ? undefined : document;
    },
    clientOf: (_request, req) => clientOf(req),
  });
  caches.set('documents', documents.lru);
  const trusted = options.trustedDocuments;
  // Never a gateway that runs any document when the operator named a list: the store is read (files, URLs) before this.
  if (config.trustedDocuments && !trusted) throw new Error('createGateway: TRUSTED_DOCUMENTS is set: pass the set read by TrustedDocuments.open as `trustedDocuments`');
  const apq = trusted ? undefined : apqStore(config.apqMaxDocuments, config.apqMaxBytes);
  if (apq) caches.set('apq', apq);
  let responses = options.responseCache;
  if (!responses && config.responseCacheMaxEntries > 0) {
    const store = responseCacheStore(config.responseCacheMaxEntries, config.responseCacheMaxBytes);
    caches.set('response', store);
    responses = store;
  }
  return {
    live: options.live ?? new LiveSubscriptions(config, upstreams, { logger }),
    isRouter: config.federationSecret ? routerCheck(config.federationSecret) : undefined,
    clientOf,
    documents,
    requestLog,
    trusted,
    apq,
    responses,
  };
}

/** Each operation's context: its upstream clients (its caller's key, its client's limits, its ticket's bytes), live session, log and loaders. */
function contextFactory(options: GatewayOptions, { live, clientOf }: Parts) {
  const { config, upstreams, logger } = options;
  return ({ request, req, ticket = ticketOf(req) }: ServerContext & { request: Request }): Context => {
    const callerKey = Upstreams.callerKey(request.headers);
    const client = clientOf(req);
    const session = live.session(callerKey, client);
    const requestLog = requestLogFor(request, logger, 'ws', req);
    const make = (trace?: OperationTrace): Context => {
      // Its loaders are made on first use, keyed by this object (src/schema/loaders).
      return { upstreams: upstreams.forRequest(callerKey, client, trace, ticket), config, notices: [], live: session, requestLog, forEvent: make, trace, ticket };
    };
    return make(options.tracing?.operation());
  };
}

/** The yoga plugins, in the order they must run (each one's comment says why it sits where it does). */
function gatewayPlugins(options: GatewayOptions, parts: Parts): YogaServerOptions<ServerContext, Context>['plugins'] {
  const { config, upstreams, logger } = options;
  const { requestLog, trusted, apq, isRouter, responses, clientOf } = parts;
  return [
    // First: the request's id and log, for every line and error of the request (src/observability/request-log.ts).
    requestLog.opening,
    readiness(options.isReady ?? (() => true), upstreams.health, options.overload),
    // The client's upstream rate on every answer of the endpoint (the draft's RateLimit-* names).
    useRateLimitHeaders('/graphql', (req) => upstreams.rateLimitOf(clientOf(req))),
    useGraphiQLAssets(),
    useGraphiQLPolicy('/graphql'),
    // A cross-site form (urlencoded, multipart, text/plain) or a GET without a preflight header
    // is refused with 403 before parsing.
    useCSRFPrevention({ requestHeaders: PREFLIGHT_HEADERS }),
    // After the CSRF check: graphql-sse's single connection mode (PUT, DELETE, or a stream token);
    // its operations run through every plugin below, as a POST's do.
    useGraphQLSSESingleConnection({ endpoint: '/graphql', logger, reservationTtlMs: config.sseReservationTtlMs, maxReservations: config.sseMaxReservations, maxStreams: config.sseMaxStreams, onShed: options.onShed }),
    // A span per operation: before the plugins that may answer in its place (src/observability/tracing-plugin.ts).
    ...(options.tracing ? [useTracing()] : []),
    // @defer and @stream, as multipart or SSE; whole answers for a batch or a client that takes no stream.
    ...useIncrementalDelivery(),
    EnvelopArmorPlugin({
      maxDepth: { n: config.maxDepth },
      maxAliases: { n: config.maxAliases },
      maxTokens: { n: config.maxTokens },
      costLimit: { maxCost: config.maxCost },
      // The schema is public (introspection is on): suggestions help people exploring in GraphiQL.
      blockFieldSuggestion: { enabled: false },
    }),
    // After armor (it wraps armor's parser), before the parameter hooks below (persisted
    // documents, the response cache's key): values nested past MAX_VALUE_DEPTH never reach them.
    useValueDepthLimit(config.maxValueDepth),
    // Before parsing: a document id or APQ hash becomes its document; in trusted-documents mode no other document runs.
    ...(trusted
      ? useTrustedDocuments(trusted, config.trustedDocumentsMode, logger, options.onUntrustedDocument, (req) => options.callers?.isInternal(identityOf(req)) ?? false)
      : useAutomaticPersistedQueries(apq!)),
    // Before the response cache, so that a cached answer keeps its notices.
    useNotices(),
    // Federation fields for the router only (FEDERATION_SECRET), before the cache can answer.
    ...(isRouter ? [useFederationSecret(isRouter)] : []),
    // Compiled execution of queries (graphql-js for the rest); before the response cache, which wraps it.
    useCompiledExecution({ compile: config.compiledExecution, onExecuted: options.onExecuted }),
    // After validation, before execution and before the response cache: bad arguments and over-budget
    // operations never reach an upstream, and a refused operation never reaches the cache.
    useOperationGuard({ maxEstimatedUpstreamCalls: config.maxEstimatedUpstreamCalls, onRefused: options.onRefused }),
    // After the document is known (persisted ids resolved): a cached answer skips everything below.
    // A shared store (Redis) serves every key from its first operation: another replica may have its answer.
    ...(responses ? useGatewayResponseCache(responses, options.responseCache ? 0 : config.responseCacheKnownKeys, isRouter) : []),
    useEventContexts(options.onSubscriptionEvent),
    useSubscriptionAdmission(),
    ...(options.plugins ?? []),
    // Last: its onParams sees the resolved parameters (a persisted document's text).
    requestLog.closing,
  ];
}
