/**
 * The upstream layer's entry: shared transport and cache, built once per process, and the clients a
 * request uses. Nothing here knows GraphQL.
 */
import { NETWORK_KEYS } from '@avalanche-graph/identity';
import type { Config } from '../config/index.js';
import { keyFingerprint, NoCache, UpstreamCache, type SharedCacheTier } from './transport/cache.js';
import { addressGroup } from '../lib/client-ip.js';
import { DataApiClient } from './data-api/index.js';
import { healthProbeClients, UpstreamHealth } from './health/index.js';
import { HttpTransport, type DispatcherFactory } from './transport/http.js';
import type { HttpObserver, Transport, UpstreamTracer } from './transport/call.js';
import { tracedTransport } from './transport/call-tracing.js';
import { MetricsClient } from './metrics/index.js';
import { NodeRpcClients } from './node-rpc/index.js';
import { RequestMemo } from './transport/rest.js';
import { ClientRateLimit, OperationDeadline, OperationUsage, operationTransport, type RateLimitState, type SharedRateLimiter } from './transport/request.js';
import type { SharedWindows } from './transport/resilience.js';

export { UpstreamError } from './transport/errors.js';
export type { UpstreamService, UpstreamFailure } from './transport/errors.js';

/** The request headers a caller may send its own Data API key in. */
export const CALLER_KEY_HEADERS = ['x-data-api-key', 'x-glacier-api-key'] as const;

export interface RequestUpstreams {
  dataApi: DataApiClient;
  nodeRpc: NodeRpcClients;
  metrics: MetricsClient;
  /** The services' health and live checks and the circuit breakers: one per process, shared by every request. */
  health: UpstreamHealth;
  /** What the operation has cost upstream so far, and its client (none for a poller). */
  readonly usage?: OperationUsage;
}

/** What replicas share (Redis, REDIS_URL); each part is optional and never throws. */
export interface SharedUpstreamState {
  cache?: SharedCacheTier;
  windows?: SharedWindows;
  /** The shared limiter of upstream calls per second at a rate. */
  rateLimiter?: (callsPerSecond: number) => SharedRateLimiter;
  /** A client's own upstream calls per second, where it has one (a consumer's: src/auth/). Not shared in Redis: read here. */
  clientRate?: (client: string) => number | undefined;
}

export class Upstreams {
  readonly transport: HttpTransport;
  readonly cache: UpstreamCache;
  private readonly clientLimit: ClientRateLimit;
  /** The services' health and live checks (probed on their own transport) and the breakers' states. */
  readonly health: UpstreamHealth;
  private readonly healthTransport: HttpTransport;
  /** The configured key's fingerprint, computed once. */
  private readonly configuredKeyPartition: string;

  constructor(
    private readonly config: Config,
    private readonly observer: HttpObserver = {},
    shared: SharedUpstreamState = {},
    /** Carries the calls of each origin instead of a Pool (tests: the simulated services in process). */
    dispatcher?: DispatcherFactory,
  ) {
    // Breakers are named after the configured services, never by URL (an internal host is not a label).
    const targets = new Map<string, string>([
      [new URL(config.dataApiUrl).origin, 'data-api'],
      ...NETWORK_KEYS.map((key): [string, string] => [new URL(config.nodeRpcUrl[key]).origin, `node-rpc-${key}`]),
      [new URL(config.metricsUrl).origin, 'metrics'],
    ]);
    this.transport = new HttpTransport(
      {
        timeoutMs: config.upstreamTimeoutMs,
        connections: config.upstreamConnections,
        retries: config.upstreamRetries,
        breaker: { threshold: config.breakerThreshold, cooldownMs: config.breakerCooldownMs, targets },
        sharedWindows: shared.windows,
        dispatcher,
      },
      observer,
    );
    this.cache = new UpstreamCache({ maxEntries: config.cacheMaxEntries, maxBytes: config.cacheMaxBytes, shared: shared.cache });
    this.configuredKeyPartition = keyFingerprint(config.dataApiKey);
    this.clientLimit = new ClientRateLimit(config.clientUpstreamCallsPerSecond, shared.rateLimiter, shared.clientRate);
    const probes = healthProbeClients(config, observer, dispatcher);
    this.healthTransport = probes.transport;
    this.health = new UpstreamHealth({
      clients: probes.clients,
      ttlMs: config.upstreamHealthTtlMs,
      breakers: () => this.breakers(),
      targets: [...new Set(targets.values())],
    });
  }

  /**
   * The clients for one request (one operation), sharing a per-request memo so the same upstream
   * call is made once, within the operation's budget and deadline and its client's rate. The
   * caller's own Data API key wins over the configured one; `client` is who the calls are limited as
   * (`Upstreams.clientOf` its address, or its verified identity: src/auth/). With a tracer (tracing on), each call is a span. The
   * bytes of the answers the operation reads count against MAX_OPERATION_BYTES and, through `holder`
   * (the request's admission ticket), against the process's MAX_IN_FLIGHT_BYTES.
   */
  forRequest(callerKey: string | undefined, client = Upstreams.clientOf(undefined), tracer?: UpstreamTracer, holder?: { hold(bytes: number): void }): RequestUpstreams {
    const deadline = new OperationDeadline(this.config.operationTimeoutMs);
    // The key's fingerprint (a hash) once per request: it partitions the cache.
    const partition = callerKey ? keyFingerprint(callerKey) : this.configuredKeyPartition;
    const usage = new OperationUsage(client, this.config.maxOperationBytes, holder);
    const memo = new RequestMemo((answer, service, route) => deadline.race(answer, service, route), usage);
    const limited = operationTransport(this.transport, {
      budget: this.config.maxUpstreamCalls,
      deadline,
      clientLimit: { limit: this.clientLimit, client },
    }, this.observer);
    const transport = tracer ? tracedTransport(limited, tracer) : limited;
    return this.clients({ transport, cache: this.cache, memo }, callerKey, partition, usage);
  }

  /** A client's upstream calls per second and what is left of them (its answers' `RateLimit-*` headers). */
  rateLimitOf(client: string): RateLimitState {
    return this.clientLimit.state(client);
  }

  /**
   * The clients of a live poller (subscriptions): the shared transport (call deadlines, retries,
   * circuit breakers, and the upstream's `Retry-After` windows of the key), with no operation budget
   * or deadline (a poller outlives any operation) and no cache (it must see the head now). One poller
   * serves every subscriber of its subject and key, so its calls count against no client.
   */
  forPoller(callerKey: string | undefined): RequestUpstreams {
    return this.clients({ transport: this.transport, cache: new NoCache() }, callerKey);
  }

  /**
   * One client per service over `shared`; the caller's key (else the configured one) goes to the
   * Data API only. Each client is made when a resolver first asks for it: most operations touch one
   * or two services, and building all three (with their endpoint groups) was a visible part of a
   * small operation's CPU.
   */
  private clients(
    shared: { transport: Transport; cache: UpstreamCache; memo?: RequestMemo },
    callerKey: string | undefined,
    keyPartition = callerKey ? keyFingerprint(callerKey) : this.configuredKeyPartition,
    usage?: OperationUsage,
  ): RequestUpstreams {
    const { config } = this;
    // Named rather than spread: on Node 20, a property written after a spread costs ~0.7 µs.
    const { transport, cache, memo } = shared;
    return new LazyClients(
      this.health,
      () =>
        new DataApiClient({
          transport,
          cache,
          memo,
          baseUrl: config.dataApiUrl,
          keyHeaders: config.dataApiKeyHeaders,
          apiKey: callerKey ?? config.dataApiKey,
          callerKey: callerKey !== undefined,
          keyPartition,
        }),
      () => new NodeRpcClients({ transport, cache, memo, urls: config.nodeRpcUrl, chainRpcUrls: config.chainRpcUrls, batchMax: config.rpcBatchMax }),
      () => new MetricsClient({ transport, cache, memo, baseUrl: config.metricsUrl }),
      usage,
    );
  }

  /**
   * The client a caller is limited as: its address (an IPv6 /64 as one), never the API key it sends,
   * which anyone can make up anew for every request to buy another share. Keys partition caches and
   * upstream quotas, not the gateway's per-client bounds. (A caller authenticated by a token the
   * gateway verified is limited as that identity instead: src/auth/.)
   */
  static clientOf(clientAddress: string | undefined): string {
    return `ip:${clientAddress === undefined ? 'unknown' : addressGroup(clientAddress)}`;
  }

  /** Reads the caller's key from request headers (the mission's name first, then the SDK's). */
  static callerKey(headers: { get(name: string): string | null }): string | undefined {
    for (const name of CALLER_KEY_HEADERS) {
      const value = headers.get(name)?.trim();
      if (value) return value;
    }
    return undefined;
  }

  /** Closes the upstream pools after their in-flight calls. */
  async close(): Promise<void> {
    await Promise.all([this.transport.close(), this.healthTransport.close()]);
  }

  /** The upstream circuit breakers: closed (calls go out), open (failing fast) or half-open (probing). */
  breakers(): Array<{ service: string; target: string; state: 'closed' | 'half-open' | 'open' }> {
    return this.transport.breakerStates();
  }

  /** Aborts in-flight upstream calls and closes the pools now. */
  async abort(): Promise<void> {
    await Promise.all([this.transport.destroy(), this.healthTransport.destroy()]);
  }
}

/** A request's clients, each built on first use (see `Upstreams.clients`). */
class LazyClients implements RequestUpstreams {
  #dataApi: DataApiClient | undefined;
  #nodeRpc: NodeRpcClients | undefined;
  #metrics: MetricsClient | undefined;

  constructor(
    readonly health: UpstreamHealth,
    private readonly makeDataApi: () => DataApiClient,
    private readonly makeNodeRpc: () => NodeRpcClients,
    private readonly makeMetrics: () => MetricsClient,
    readonly usage?: OperationUsage,
  ) {}

  get dataApi(): DataApiClient {
    return (this.#dataApi ??= this.makeDataApi());
  }

  get nodeRpc(): NodeRpcClients {
    return (this.#nodeRpc ??= this.makeNodeRpc());
  }

  get metrics(): MetricsClient {
    return (this.#metrics ??= this.makeMetrics());
  }
}
