/**
 * The HTTP server around the gateway: listening, WebSocket upgrades (websocket.ts), and graceful
 * shutdown (stop accepting, let in-flight requests finish up to a deadline, close upstream pools).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config/index.js';
import { createGatewayLogger, type Logger } from '../observability/logger.js';
import { createMetrics, type GatewayMetrics } from '../observability/metrics.js';
import { startMetricsServer, type MetricsServer } from '../observability/metrics-server.js';
import { Upstreams } from '../upstream/index.js';
import type { DispatcherFactory } from '../upstream/transport/http.js';
import { LiveSubscriptions } from '../live/index.js';
import { answerClientErrors, nodeHeaderLimit, withBody, withHeadLimits } from './http-limits.js';
import { BodyBudget } from './request-body.js';
import { Connections, isRefused } from './connections.js';
import { createGateway, type Gateway } from '../yoga.js';
import { settleHeap, type CacheRegistry } from '../memory.js';
import { responseCacheStore } from '../plugins/response-cache.js';
import type { Cache as ResponseCacheStore } from '@graphql-yoga/plugin-response-cache';
import { RedisStore } from '../redis/store.js';
import { Admission } from '../admission/admission.js';
import { admissionGate, admissionPrecheck } from '../admission/http.js';
import { BUSY_UTILIZATION } from '../admission/fair-share.js';
import { CALM_MS, Pressure } from '../admission/pressure.js';
import { trustedProxy } from './client-address.js';
import { serveWebSockets } from './websocket.js';
import { SharedStreams } from './shared-streams.js';
import { TrustedDocuments } from '../plugins/trusted-documents.js';
import { schema } from '../schema/index.js';
import { authenticationGate, callerClient, callersFor, type Callers } from '../auth/index.js';
import { startTracing, type Tracing } from '../observability/tracing.js';

/** Everything a gateway process runs but its listeners: the yoga server and what it is built on. */
export interface GatewayRuntime {
  gateway: Gateway;
  upstreams: Upstreams;
  metrics: GatewayMetrics;
  /** Live subscriptions: the hub of pollers. */
  live: LiveSubscriptions;
  logger: Logger;
  /** The Redis the replicas share (REDIS_URL), if configured. */
  redis: RedisStore | undefined;
  /** The in-process caches, with the entries and bytes each has accounted for. */
  caches: CacheRegistry;
  /** OpenTelemetry tracing, when an OTLP endpoint is configured. */
  tracing: Tracing | undefined;
  /** Admission control: operations in flight, the queue, the bytes they hold (src/admission/). */
  admission: Admission;
  /** The heap, resident-memory and event-loop guard admission consults (started by `startServer`). */
  pressure: Pressure;
  /** Whether the event loop is busy (BUSY_UTILIZATION of the last second): what the bounds that apply only then ask. */
  busy(): boolean;
  /** The trusted documents (TRUSTED_DOCUMENTS), reloadable, when configured. */
  trustedDocuments: TrustedDocuments | undefined;
  /** The callers the operator knows (AUTH_JWKS_URL, AUTH_CONSUMERS), when callers are authenticated. */
  callers: Callers | undefined;
  /** What `/ready` answers: false until the gateway accepts requests, and again while it shuts down. */
  accepting: boolean;
  /** Completes open subscriptions, then closes the upstream pools (once in-flight calls finish), Redis, and flushes the spans. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** Carries each upstream origin's calls instead of a Pool (tests: the simulated services in process). */
  dispatcher?: DispatcherFactory;
}

export interface RunningServer extends GatewayRuntime {
  server: Server;
  url: string;
  /** Where `/metrics` is served: beside GraphQL, or on METRICS_PORT. */
  metricsUrl: string;
  /** Stops accepting, waits for in-flight requests (up to the configured deadline), closes pools; ends a drain at once. */
  close(): Promise<void>;
  /**
   * Leaves a load balancer's rotation, then closes (SIGTERM): `/ready` answers 503 at once while the
   * gateway goes on serving for SHUTDOWN_DRAIN_MS, each answer closing its connection, so that the
   * balancer's health checks take the replica out before its listener closes; then `close()`.
   */
  drain(): Promise<void>;
}

/** Builds the gateway and its upstream layer, metrics, subscriptions and Redis, without listening. */
export async function createRuntime(config: Config, logger: Logger = createGatewayLogger(config), options: RuntimeOptions = {}): Promise<GatewayRuntime> {
  const metrics = createMetrics({ endpoint: config.metricsPort === undefined, memoryLimitBytes: config.memoryLimitBytes });
  // Loads the OpenTelemetry SDK only when an OTLP endpoint is configured.
  const tracing = await startTracing(config, logger);
  // With REDIS_URL, replicas share caches, limits and pollers through it; without, all stays in process.
  const { redis, shared } = await connectRedis(config, logger, metrics);
  // Callers the operator knows (AUTH_JWKS_URL, AUTH_CONSUMERS): a consumer's own limits replace the per-client ones.
  const callers = callersFor(config, { logger, onReload: (outcome) => metrics.callersReload(outcome) });
  // AUTH_CONSUMERS and AUTH_PLANS: reloaded when either file changes (and on SIGHUP: `reloadOnHangup`).
  callers?.watch();
  const upstreams = new Upstreams(
    config,
    {
      ...metrics.observer,
      // Raw error bodies (keys already redacted) are for operators debugging an upstream, never for clients.
      onFailedAnswer: ({ service, route, status, body }) => logger.debug({ body }, `${service} ${route} answered ${status}`),
    },
    {
      ...(redis && shared ? { cache: shared.redisCacheTier(redis), windows: shared.redisWindows(redis), rateLimiter: (rate: number) => shared.redisRateLimiter(redis, rate) } : {}),
      clientRate: (client) => callers?.limitsOf(client)?.upstreamCallsPerSecond,
    },
    options.dispatcher,
  );
  const caches: CacheRegistry = new Map([['upstream', upstreams.cache]]);
  metrics.watchCaches(caches);
  // With Redis, the response cache's in-process store stands in while Redis is down.
  let responseCache: ResponseCacheStore | undefined;
  if (redis && shared && config.responseCacheMaxEntries > 0) {
    const local = responseCacheStore(config.responseCacheMaxEntries, config.responseCacheMaxBytes);
    caches.set('response', local);
    responseCache = shared.redisResponseCache(redis, local);
  }
  metrics.watchBreakers(() => upstreams.breakers());
  const live = new LiveSubscriptions(config, upstreams, { logger, redis, onOverflow: () => metrics.subscriptionOverflow(), subscriptionsOf: (client) => callers?.limitsOf(client)?.subscriptions });
  // TRUSTED_DOCUMENTS: read (files, URLs) before listening, reloaded when one changes (and on SIGHUP: `reloadOnHangup`).
  const trustedDocuments = config.trustedDocuments
    ? await TrustedDocuments.open(config.trustedDocuments, schema, logger, { onReload: (outcome) => metrics.trustedDocumentsReload(outcome) })
    : undefined;
  trustedDocuments?.watch();
  metrics.watchSubscriptions(() => live.hub.openSubscriptions());
  const { admission, pressure, overload, busy } = admissionFor(config, logger, metrics, callers, (client) => upstreams.rateLimitOf(client).remaining <= 0);
  // The object `/ready` reads: the runtime itself, so setting its `accepting` is seen at once.
  const state = { accepting: false };
  const gateway = createGateway({
    config,
    upstreams,
    logger,
    live,
    isReady: () => state.accepting,
    plugins: [metrics.plugin],
    onRefused: (reason) => metrics.reject(reason),
    onShed: (reason) => admission.count(reason),
    onExecuted: (executor) => metrics.executed(executor),
    onSubscriptionEvent: (executed, lagSeconds) => metrics.subscriptionEvent(executed, lagSeconds),
    trustedDocuments,
    onUntrustedDocument: () => metrics.untrustedDocument(),
    callers,
    responseCache,
    caches,
    tracing,
    overload,
  });
  const close = async () => {
    state.accepting = false;
    trustedDocuments?.close();
    callers?.close();
    pressure.stop();
    live.close();
    await upstreams.close();
    await redis?.close();
    await tracing?.shutdown(config.shutdownTimeoutMs);
  };
  return Object.assign(state, { gateway, upstreams, metrics, live, logger, redis, caches, tracing, admission, pressure, busy, trustedDocuments, callers, close });
}

/** Admission and the pressure guard it consults (the guard wakes admission's queue when pressure ends), and what `/ready` reports of them. */
function admissionFor(config: Config, logger: Logger, metrics: GatewayMetrics, callers: Callers | undefined, callsSpent: (client: string) => boolean) {
  // Admission consults the pressure guard; the guard wakes admission's queue when pressure ends.
  let admission: Admission | undefined;
  const pressure = new Pressure({
    memoryLimitBytes: config.memoryLimitBytes,
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
    onChange: (state, reading) => {
      const detail = { heapUsedMiB: mib(reading.heapUsed), heapLimitMiB: mib(reading.heapLimit), rssMiB: mib(reading.rss), eventLoopDelayMs: Math.round(reading.eventLoopDelayMs) };
      if (state) {
        const unready = config.unreadyAfterPressureMs > 0 ? `/ready answers 503 if it lasts ${config.unreadyAfterPressureMs} ms (UNREADY_AFTER_PRESSURE_MS)` : '/ready stays 200 (UNREADY_AFTER_PRESSURE_MS=0)';
        logger.warn(detail, `overloaded (${state}): admitting nothing new until calm for ${CALM_MS} ms; ${unready}`);
      } else logger.info(detail, 'no longer overloaded: admitting again');
      if (!state) admission?.wake();
    },
  });
  // While the event loop is this busy, clients past their share of the work wait, and an address refused for its connections lately stays refused.
  const busy = () => pressure.utilization >= BUSY_UTILIZATION;
  admission = new Admission(
    {
      maxInFlight: config.maxOperationsInFlight,
      maxPerClient: config.maxOperationsPerClient,
      maxQueued: config.maxQueuedOperations,
      queueMs: config.admissionQueueMs,
      maxInFlightBytes: config.maxInFlightBytes,
      limitOf: (client) => callers?.limitsOf(client)?.operationsInFlight,
      callsSpent,
    },
    () => pressure.state,
    (reason) => metrics.shed(reason),
    busy,
  );
  // Unready only once pressure has lasted UNREADY_AFTER_PRESSURE_MS (never with 0): shedding alone keeps the replica in its pool.
  const sustained = () => config.unreadyAfterPressureMs > 0 && pressure.state !== undefined && pressure.heldMs() >= config.unreadyAfterPressureMs;
  const overload = () => ({ pressure: pressure.state, sustained: sustained(), stats: admission.stats(), utilization: pressure.utilization });
  metrics.watchAdmission(overload);
  return { admission, pressure, overload, busy };
}

/** REDIS_URL's store, connected (waited for up to 2 s: one that does not answer is an outage, not a failed start), and the shared state's module. */
async function connectRedis(config: Config, logger: Logger, metrics: GatewayMetrics) {
  if (!config.redis) return { redis: undefined, shared: undefined };
  const redis = await RedisStore.connect({
    target: config.redis,
    prefix: config.redisKeyPrefix,
    commandTimeoutMs: config.redisCommandTimeoutMs,
    logger,
    onError: (op) => metrics.redisError(op),
  });
  // Loaded only with REDIS_URL: its Redis rate limiter pulls in a dozen more modules.
  const shared = await import('../redis/shared.js');
  metrics.watchRedis(() => redis.up);
  await redis.waitReady(2000);
  return { redis, shared };
}

/** `settleHeap`: give the heap building left behind back before listening (the process's entry does). */
export async function startServer(config: Config, logger: Logger = createGatewayLogger(config), options: { settleHeap?: boolean } = {}): Promise<RunningServer> {
  const runtime = await createRuntime(config, logger);
  const { gateway, metrics, admission, pressure, busy } = runtime;
  // The client every per-client bound counts: the verified caller (src/auth/), else the address, never a key the caller could make up.
  const clientOf = callerClient(config);
  const server = createServer(
    {
      maxHeaderSize: nodeHeaderLimit(config),
      // The deadlines of what the client sends, checked every second (Node's default: 30 s).
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: 1_000,
      // An idle keep-alive connection: Node's default, said here so that no Node release changes it.
      keepAliveTimeout: 5_000,
    },
    requestHandler(config, runtime, clientOf),
  );
  // How many connections, from one address and in all, and what a client that stops reading may hold.
  const connections = new Connections(server, config, trustedProxy(config), (reason) => {
    metrics.connectionClosed(reason);
    if (reason === 'address' || reason === 'total') admission.count('connections');
    else if (reason === 'unread') admission.count('unread');
  }, busy);
  answerClientErrors(server, config, () => metrics.connectionClosed('request-timeout'));
  // graphql-ws subscribers of one shareable operation share one stream (shared-streams.ts), counted as the others are.
  const sharedStreams = new SharedStreams({ onEvent: (executed, lagSeconds) => metrics.subscriptionEvent(executed, lagSeconds), onOverflow: () => metrics.subscriptionOverflow() });
  const onUnauthenticated = () => metrics.reject('unauthenticated');
  const websockets = serveWebSockets(server, gateway, config, logger, { admission, clientOf, callers: runtime.callers, onUnauthenticated }, sharedStreams);
  pressure.start();
  if (options.settleHeap) settleHeap();
  const metricsServer = await listen(server, config, runtime);
  runtime.accepting = true;
  const address = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/graphql`;
  const metricsUrl = metricsServer?.url ?? url.replace(/\/graphql$/, '/metrics');
  const { close, drain } = shutdown(config, runtime, { server, connections, websockets, metricsServer });
  return Object.assign(runtime, { server, url, metricsUrl, close, drain });
}

/**
 * What a request meets, in order: the head's limits; with caller authentication, the caller's
 * credentials (401 before admission: a bound then counts the caller, not its address); admission's
 * precheck (a request it would refuse at once is refused before its body is read); the body, read
 * whole within its size, pace and the bytes of all bodies being read (a client still sending holds
 * no slot); then admission (a refusal is cheap and parses nothing); then yoga (the context finds the
 * request's ticket: `ticketOf`).
 */
function requestHandler(config: Config, runtime: GatewayRuntime, clientOf: (req: IncomingMessage) => string): (req: IncomingMessage, res: ServerResponse) => void {
  const { gateway, admission, metrics, callers } = runtime;
  const bodies = new BodyBudget(config.maxBodyBytesReading, config.maxBodyBytes);
  const gate = { graphqlPath: gateway.graphqlEndpoint, clientOf, corsOrigins: config.corsOrigins, refusalDelayMs: config.refusalDelayMs };
  const admitted = admissionPrecheck(
    admission,
    gate,
    withBody(admissionGate(admission, gate, gateway), {
      maxBodyBytes: config.maxBodyBytes,
      bodyTimeoutMs: config.bodyTimeoutMs,
      budget: bodies,
      clientOf,
      onRefused: (why) => (why === 'budget' ? admission.count('bodies') : metrics.connectionClosed('body-timeout')),
    }),
  );
  const authenticated = callers
    ? authenticationGate(callers, { graphqlPath: gateway.graphqlEndpoint, corsOrigins: config.corsOrigins, onRefused: () => metrics.reject('unauthenticated') }, admitted)
    : admitted;
  const handle = withHeadLimits(authenticated, config);
  return (req, res) => {
    // A connection refused for its address's bound has had its answer (connections.ts).
    if (isRefused(req.socket)) return;
    // Shutting down: keep no connection for a next request, so that it opens a new one, to another
    // replica once the balancer has taken this one out (and none is cut while idle at the close).
    if (!runtime.accepting) res.setHeader('connection', 'close');
    handle(req, res);
  };
}

/** Listens on HOST:PORT, and on METRICS_PORT when set; a failure closes what was opened (and Redis) and throws. */
async function listen(server: Server, config: Config, runtime: GatewayRuntime): Promise<MetricsServer | undefined> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await runtime.redis?.close();
    throw error;
  });
  try {
    // Beside /metrics, the probes: answered by yoga as on the GraphQL port (they are not operations).
    return config.metricsPort === undefined ? undefined : await startMetricsServer(runtime.metrics.registry, config.host, config.metricsPort, runtime.gateway);
  } catch (error) {
    server.close();
    await runtime.redis?.close();
    throw error;
  }
}

/** What `close` and `drain` stop, beside the runtime. */
interface Listening {
  server: Server;
  connections: Connections;
  websockets: ReturnType<typeof serveWebSockets>;
  metricsServer: MetricsServer | undefined;
}

/** The running server's `close` and `drain` (RunningServer's), each done once however often asked. */
function shutdown(config: Config, runtime: GatewayRuntime, { server, connections, websockets, metricsServer }: Listening): Pick<RunningServer, 'close' | 'drain'> {
  const { upstreams, live, redis, tracing, logger } = runtime;
  let closing: Promise<void> | undefined;
  let draining: Promise<void> | undefined;
  let endDrain: (() => void) | undefined;
  const close = () =>
    (closing ??= (async () => {
      runtime.accepting = false;
      endDrain?.();
      connections.stop();
      // WebSockets first, with 1001 (going away), so that graphql-ws clients reconnect and resubscribe
      // elsewhere rather than see their subscriptions complete; the server waits for them to close.
      const socketsClosed = websockets.close();
      // Open subscriptions never finish by themselves: complete them so their responses end.
      live.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections become idle as their last request finishes: close them as they do.
      server.closeIdleConnections();
      const sweeper = setInterval(() => server.closeIdleConnections(), 25);
      // At the deadline: cut the clients still waiting and abort the upstream calls they wait on, so
      // a hanging upstream cannot hold the process past SHUTDOWN_TIMEOUT_MS.
      let late = false;
      const deadline = setTimeout(() => {
        late = true;
        server.closeAllConnections();
        websockets.terminate();
        void upstreams.abort();
      }, config.shutdownTimeoutMs);
      deadline.unref();
      await Promise.all([closed, socketsClosed]);
      clearInterval(sweeper);
      clearTimeout(deadline);
      await (late ? upstreams.abort() : upstreams.close());
      await metricsServer?.close();
      await redis?.close();
      // The spans of the last operations: exported before the process exits.
      await tracing?.shutdown(config.shutdownTimeoutMs);
    })());

  const drain = () =>
    (draining ??= (async () => {
      if (!closing) {
        runtime.accepting = false;
        logger.info(`shutting down: /ready answers 503, serving on for ${config.shutdownDrainMs} ms (SHUTDOWN_DRAIN_MS) before the listener closes`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, config.shutdownDrainMs);
          endDrain = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      await close();
    })());
  return { close, drain };
}

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

/**
 * Reads the trusted documents and the consumers and plans files again on SIGHUP (as nginx and HAProxy
 * reload on it), where the gateway has them; returns what stops listening.
 */
export function reloadOnHangup(...reloadable: Array<{ reload(why: string): unknown } | undefined>): () => void {
  const onHangup = () => {
    for (const target of reloadable) void target?.reload('SIGHUP');
  };
  process.on('SIGHUP', onHangup);
  return () => process.off('SIGHUP', onHangup);
}

/** Exits cleanly on SIGTERM/SIGINT after in-flight requests finish; `close` is told which signal came. */
export function closeOnSignals(close: (signal: NodeJS.Signals) => Promise<void>, logger: Logger): void {
  let received = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) return;
    received = true;
    logger.info(`${signal} received: finishing in-flight requests`);
    close(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
