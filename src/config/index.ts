/**
 * Configuration from the environment. Each variable is declared once, in `VARIABLES` below: its
 * name, default, accepted values and meaning, and how it is read. `loadConfig` reads them all and
 * stops at the first bad value with a `ConfigError` naming the variable; `npm run config-doc`
 * renders the same table as docs/configuration.md (test/config-doc.test.ts fails when they differ).
 */
import { readFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import { checkTrustedAddress, FORWARDING_HEADERS, MAX_FORWARDED_HOPS, type ForwardingHeader, type TrustProxy } from '../http/client-address.js';

/** The gateway's settings, each from the variable named in its comment (see `VARIABLES`). */
export interface Config {
  /** `HOST` */
  host: string;
  /** `PORT` */
  port: number;
  /** `DATA_API_URL` */
  dataApiUrl: string;
  /** `DATA_API_KEY` */
  dataApiKey: string | undefined;
  /** `DATA_API_KEY_HEADER` (lower-cased), else `DEFAULT_KEY_HEADERS`. */
  dataApiKeyHeaders: readonly string[];
  /** `NODE_RPC_URL_MAINNET`, `NODE_RPC_URL_FUJI` */
  nodeRpcUrl: { mainnet: string; fuji: string };
  /** `METRICS_URL` */
  metricsUrl: string;
  /** `UPSTREAM_TIMEOUT_MS` */
  upstreamTimeoutMs: number;
  /** `UPSTREAM_CONNECTIONS` */
  upstreamConnections: number;
  /** `UPSTREAM_RETRIES` */
  upstreamRetries: number;
  /** `CACHE_MAX_ENTRIES` */
  cacheMaxEntries: number;
  /** `CACHE_MAX_BYTES` */
  cacheMaxBytes: number;
  /** `DOCUMENT_CACHE_MAX_BYTES` */
  documentCacheMaxBytes: number;
  /** `RPC_BATCH_MAX` */
  rpcBatchMax: number;
  /** `SHUTDOWN_TIMEOUT_MS` */
  shutdownTimeoutMs: number;
  /** `SHUTDOWN_DRAIN_MS` */
  shutdownDrainMs: number;
  /** `SANDBOX_PORT` */
  sandboxPort: number;
  /** `MAX_DEPTH` */
  maxDepth: number;
  /** `MAX_ALIASES` */
  maxAliases: number;
  /** `MAX_BATCH_OPERATIONS`: operations in one batched request; 0 turns batching off. */
  maxBatchOperations: number;
  /** `MAX_TOKENS` */
  maxTokens: number;
  /** `MAX_VALUE_DEPTH` */
  maxValueDepth: number;
  /** `MAX_COST` */
  maxCost: number;
  /** `MAX_UPSTREAM_CALLS` */
  maxUpstreamCalls: number;
  /** `MAX_ESTIMATED_UPSTREAM_CALLS` */
  maxEstimatedUpstreamCalls: number;
  /** `LOG_LEVEL` (lower-cased) */
  logLevel: LogLevel;
  /** `OPERATION_TIMEOUT_MS` */
  operationTimeoutMs: number;
  /** `CLIENT_UPSTREAM_CALLS_PER_SECOND` */
  clientUpstreamCallsPerSecond: number;
  /** `SUBSCRIPTION_POLL_MS` */
  subscriptionPollMs: number;
  /** `MAX_SUBSCRIPTIONS_PER_CLIENT` */
  maxSubscriptionsPerClient: number;
  /** `BREAKER_THRESHOLD` */
  breakerThreshold: number;
  /** `BREAKER_COOLDOWN_MS` */
  breakerCooldownMs: number;
  /** `MAX_BODY_BYTES` */
  maxBodyBytes: number;
  /** `MAX_URL_BYTES` */
  maxUrlBytes: number;
  /** `MAX_HEADER_BYTES` */
  maxHeaderBytes: number;
  /** `CORS_ORIGINS`; undefined means any origin (never with credentials). */
  corsOrigins: string[] | undefined;
  /** `METRICS_PORT`; undefined serves `/metrics` beside GraphQL. */
  metricsPort: number | undefined;
  /** `CHAIN_RPC_URLS`, by EVM chain id or blockchain id (empty when unset). */
  chainRpcUrls: Map<string, ChainRpcOverride>;
  /** `TRUSTED_DOCUMENTS`: the manifest (document id → document) when only its documents may run. */
  trustedDocuments: Map<string, string> | undefined;
  /** `APQ_MAX_DOCUMENTS` */
  apqMaxDocuments: number;
  /** `APQ_MAX_BYTES` */
  apqMaxBytes: number;
  /** `RESPONSE_CACHE_MAX_ENTRIES` */
  responseCacheMaxEntries: number;
  /** `RESPONSE_CACHE_MAX_BYTES` */
  responseCacheMaxBytes: number;
  /** `REDIS_URL`; undefined: everything stays in this process. */
  redis: RedisTarget | undefined;
  /** `REDIS_KEY_PREFIX` */
  redisKeyPrefix: string;
  /** `REDIS_COMMAND_TIMEOUT_MS` */
  redisCommandTimeoutMs: number;
  /** `UPSTREAM_HEALTH_TTL_MS` */
  upstreamHealthTtlMs: number;
  /** `FEDERATION_SECRET`; undefined: `_entities` and `_service` answer every caller. */
  federationSecret: string | undefined;
  /** The `OTEL_*` variables of traces; undefined: tracing is off (src/observability/tracing.ts). */
  traces: TracesConfig | undefined;
  /** `TRUST_PROXY`; undefined: no proxy is trusted, the client is the socket's address. */
  trustProxy: TrustProxy | undefined;
  /** `TRUST_PROXY_HEADER` */
  trustProxyHeader: ForwardingHeader;
  /** `MEMORY_LIMIT_MB`, in bytes: what the settings below and the caches' bytes derive from. */
  memoryLimitBytes: number;
  /** `MAX_OPERATIONS_IN_FLIGHT` */
  maxOperationsInFlight: number;
  /** `MAX_OPERATIONS_PER_CLIENT` */
  maxOperationsPerClient: number;
  /** `MAX_QUEUED_OPERATIONS` */
  maxQueuedOperations: number;
  /** `ADMISSION_QUEUE_MS` */
  admissionQueueMs: number;
  /** `MAX_IN_FLIGHT_BYTES` */
  maxInFlightBytes: number;
  /** `MAX_OPERATION_BYTES` */
  maxOperationBytes: number;
  /** `MAX_EVENT_LOOP_DELAY_MS`; 0: not watched. */
  maxEventLoopDelayMs: number;
  /** `MAX_WEBSOCKETS` */
  maxWebSockets: number;
  /** `MAX_SUBSCRIPTIONS` */
  maxSubscriptions: number;
}

/** Where and how spans are exported (OpenTelemetry's standard variables, read here). */
export interface TracesConfig {
  /** The OTLP/HTTP URL spans are posted to: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, else `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`. */
  url: string;
  /** `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`, else `OTEL_EXPORTER_OTLP_PROTOCOL`. */
  protocol: OtlpProtocol;
  /** `OTEL_SERVICE_NAME` */
  serviceName: string;
  /** `OTEL_TRACES_SAMPLER` */
  sampler: TracesSampler;
  /** `OTEL_TRACES_SAMPLER_ARG`: the ratio of the `traceidratio` samplers. */
  samplerRatio: number;
}

const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];
const TRACES_SAMPLERS = ['parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio', 'always_on', 'always_off', 'traceidratio'] as const;
export type TracesSampler = (typeof TRACES_SAMPLERS)[number];

/** An operator's endpoints for one chain: its EVM JSON-RPC and, optionally, its validators interface. */
export interface ChainRpcOverride {
  rpc: string;
  /** Unset: beside `rpc` when that ends in `/rpc` (`.../validators`), else none. */
  validators?: string;
}

/**
 * The Redis replicas share (`REDIS_URL`): one server (`redis://`, `rediss://`, handed to ioredis as
 * written), the master of a Sentinel group (`redis+sentinel://`), or a Cluster (`redis+cluster://`).
 * `username` and `password` are the data nodes' (never logged or echoed in an error).
 */
export type RedisTarget =
  | { mode: 'server'; url: string }
  | ({ mode: 'sentinel'; sentinels: RedisHost[]; masterName: string; db: number; sentinelUsername?: string; sentinelPassword?: string } & RedisCredentials)
  | ({ mode: 'cluster'; nodes: RedisHost[] } & RedisCredentials);

export interface RedisHost {
  host: string;
  port: number;
}

interface RedisCredentials {
  /** `rediss+...`: TLS to every node (and to the sentinels). */
  tls: boolean;
  username?: string;
  password?: string;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Without DATA_API_KEY_HEADER the key goes under both names the Data API accepts. */
export const DEFAULT_KEY_HEADERS: readonly string[] = ['x-glacier-api-key', 'x-data-api-key'];

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

/** Where a variable's row goes in docs/configuration.md. */
export const SECTIONS = {
  server: 'Listening, logging and shutdown',
  overload: 'Memory and overload',
  services: 'Upstream services and keys',
  calls: 'Upstream calls',
  caches: 'Caches and persisted documents',
  limits: 'Limits of one request and one client',
  subscriptions: 'Subscriptions',
  redis: 'Redis (several replicas)',
  federation: 'Federation',
  traces: 'Traces (OpenTelemetry)',
  sandbox: 'Sandbox mode',
} as const;

/** One environment variable: everything the gateway and its documentation know of it. */
export interface Variable<T> {
  section: keyof typeof SECTIONS;
  /** The value when unset, as the documentation shows it: a literal in backticks, or words. */
  default: string;
  /** What a value may be (format and bounds), as the documentation shows it. */
  accepts: string;
  /** What it sets, for operators. */
  meaning: string;
  /** The docs/ page (and anchor) where the rule it tunes is explained. */
  see?: string;
  /** Reads it from the environment; throws a ConfigError naming it when its value is bad. */
  read(env: Env, name: string): T;
}

const variable = <T>(spec: Variable<T>): Variable<T> => spec;

const MIB = 1024 * 1024;

/** A whole number within bounds. */
const whole = (fallback: number, min: number, max: number, spec: Omit<Variable<number>, 'default' | 'accepts' | 'read'>): Variable<number> =>
  variable({ ...spec, default: `\`${fallback}\``, accepts: `whole number, ${min}–${max}`, read: (env, name) => int(env, name, fallback, min, max) });

/**
 * A whole number within bounds whose default derives from MEMORY_LIMIT_MB or another variable:
 * undefined when unset, resolved by `loadConfig` (`derived`), which the documentation's default says.
 */
const derivedWhole = (fallback: string, min: number, max: number, spec: Omit<Variable<number | undefined>, 'default' | 'accepts' | 'read'>): Variable<number | undefined> =>
  variable({ ...spec, default: fallback, accepts: `whole number, ${min}–${max}`, read: (env, name) => (read(env, name) === undefined ? undefined : int(env, name, min, min, max)) });

/** MEMORY_LIMIT_MB when unset: the container's (cgroup) memory limit when one is set below the machine's memory, else this. */
export const DEFAULT_MEMORY_LIMIT_MB = 512;

/** The container's memory limit in MiB (cgroup v1 or v2, as libuv reads it), or undefined when none is set. */
export function containerMemoryMb(): number | undefined {
  const limit = process.constrainedMemory?.() ?? 0;
  return limit > 0 && limit < totalmem() ? Math.floor(limit / MIB) : undefined;
}

/**
 * What derives from MEMORY_LIMIT_MB (M), as docs/operations.md#memory-and-overload explains: V8's old
 * generation (`npm start` and the image pass it as --max-old-space-size), the caches' bytes, the bytes
 * operations in flight may hold, and the admission bounds.
 */
export const MEMORY_SHARES = {
  /** The old generation: 3/5 of M (307 MiB of 512); the young one (2 × 16 MiB), code and buffers take most of the rest. */
  heap: 3 / 5,
  /** CACHE_MAX_BYTES: M/16 (32 MiB of 512). */
  upstreamCache: 1 / 16,
  /** RESPONSE_CACHE_MAX_BYTES: M/32 (16 MiB). */
  responseCache: 1 / 32,
  /** DOCUMENT_CACHE_MAX_BYTES: M/32 (16 MiB). */
  documentCache: 1 / 32,
  /** APQ_MAX_BYTES: M/64 (8 MiB). */
  apq: 1 / 64,
  /** MAX_IN_FLIGHT_BYTES: M/16 (32 MiB of upstream answers, which take several times that as objects). */
  inFlight: 1 / 16,
} as const;

/** One of OpenTelemetry's standard variables of traces (docs/operations.md#traces). */
const otel = <T>(fallback: string, accepts: string, meaning: string, read: Variable<T>['read']): Variable<T> =>
  variable({ section: 'traces', default: fallback, accepts, meaning, see: 'operations.md#traces', read });

/** A base URL of an upstream service. */
const serviceUrl = (fallback: string, spec: Omit<Variable<string>, 'default' | 'accepts' | 'read'>): Variable<string> =>
  variable({ ...spec, default: `\`${fallback}\``, accepts: 'http(s) URL without query, fragment or credentials', read: (env, name) => url(env, name, fallback) });

/**
 * Every variable the gateway reads, in the order `loadConfig` checks them (with several bad values,
 * the first is reported). The documentation groups them by `section`.
 */
export const VARIABLES = {
  MEMORY_LIMIT_MB: variable<number>({
    section: 'overload',
    default: `the container's memory limit (cgroup) when one is set, else \`${DEFAULT_MEMORY_LIMIT_MB}\``,
    accepts: 'whole number, 128–1048576',
    meaning:
      'The memory the process may take, in MiB: the one memory setting. V8\'s heap limit (3/5 of it, passed by `npm start` and the image), the caches\' byte bounds, `MAX_IN_FLIGHT_BYTES` and the admission bounds derive from it.',
    see: 'operations.md#memory-and-overload',
    read: (env, name) => (read(env, name) === undefined ? Math.max(128, containerMemoryMb() ?? DEFAULT_MEMORY_LIMIT_MB) : int(env, name, DEFAULT_MEMORY_LIMIT_MB, 128, 1_048_576)),
  }),
  MAX_OPERATIONS_IN_FLIGHT: derivedWhole('`MEMORY_LIMIT_MB` / 8 (64 at 512)', 1, 100_000, {
    section: 'overload',
    meaning: 'The most GraphQL requests (over HTTP, and operations over WebSocket) this process runs at once; more wait in the queue, then are refused with 503 `OVERLOADED` and `Retry-After`, before any upstream call. A subscription holds a slot only until its stream starts.',
    see: 'operations.md#memory-and-overload',
  }),
  MAX_OPERATIONS_PER_CLIENT: derivedWhole('`MAX_OPERATIONS_IN_FLIGHT` / 4 (16 at 512)', 1, 100_000, {
    section: 'overload',
    meaning: 'The most of those one client (its API key, else its address) runs at once; as many more may wait, and past that it is refused with 429 `RATE_LIMITED` and `Retry-After`, so that one caller cannot take every slot.',
    see: 'operations.md#memory-and-overload',
  }),
  MAX_QUEUED_OPERATIONS: derivedWhole('4 × `MAX_OPERATIONS_IN_FLIGHT` (256 at 512)', 0, 1_000_000, {
    section: 'overload',
    meaning: 'The most requests waiting for a slot; past it a request is refused at once (503 `OVERLOADED`). `0`: no waiting.',
    see: 'operations.md#memory-and-overload',
  }),
  ADMISSION_QUEUE_MS: whole(1_000, 0, 60_000, {
    section: 'overload',
    meaning: 'How long a request waits for a slot before it is refused (503 `OVERLOADED`, `Retry-After: 1`).',
    see: 'operations.md#memory-and-overload',
  }),
  MAX_IN_FLIGHT_BYTES: derivedWhole('`MEMORY_LIMIT_MB` / 16 (32 MiB at 512)', 1024 * 1024, 64 * 1024 * MIB, {
    section: 'overload',
    meaning: 'The most bytes of upstream answers the operations running together hold (as their text; parsed, they take several times that); while they hold more, new requests wait or are refused. Counted as each answer is read (or taken from the cache), given back when its request ends.',
    see: 'operations.md#memory-and-overload',
  }),
  MAX_OPERATION_BYTES: derivedWhole('`MAX_IN_FLIGHT_BYTES` / 4 (8 MiB at 512)', 64 * 1024, 64 * 1024 * MIB, {
    section: 'overload',
    meaning: 'The most bytes of upstream answers one operation may read; past it its remaining fields fail with `UPSTREAM_BUDGET_EXCEEDED` naming this variable, and the rest of the answer is kept.',
    see: 'operations.md#memory-and-overload',
  }),
  MAX_EVENT_LOOP_DELAY_MS: whole(1_000, 0, 600_000, {
    section: 'overload',
    meaning: 'The event-loop delay (how late a timer checked four times a second runs) past which nothing new is admitted until the loop is calm again for 5 s, as a heap over 85% of its limit or a resident size over 90% of `MEMORY_LIMIT_MB` does; `/ready` then answers 503. `0`: the loop is not watched.',
    see: 'operations.md#memory-and-overload',
  }),
  MAX_WEBSOCKETS: derivedWhole('2 × `MEMORY_LIMIT_MB` (1024 at 512)', 1, 1_000_000, {
    section: 'overload',
    meaning: 'The most WebSocket connections open at once; a further upgrade is refused with 503 `OVERLOADED` and `Retry-After`.',
    see: 'operations.md#memory-and-overload',
  }),
  MAX_SUBSCRIPTIONS: derivedWhole('4 × `MEMORY_LIMIT_MB` (2048 at 512)', 1, 10_000_000, {
    section: 'overload',
    meaning: 'The most live subscriptions open at once in this process, over all clients (each client also has `MAX_SUBSCRIPTIONS_PER_CLIENT`); past it: `OVERLOADED`.',
    see: 'operations.md#memory-and-overload',
  }),
  DATA_API_KEY_HEADER: variable<string | undefined>({
    section: 'services',
    default: 'unset: both `x-glacier-api-key` and `x-data-api-key`',
    accepts: 'a header name (letters, digits, `-`)',
    meaning: 'The one header the Data API key is sent in; unset, it goes under both names.',
    see: 'operations.md#api-keys',
    read: (env, name) => {
      const value = read(env, name);
      if (value !== undefined && !/^[A-Za-z0-9-]+$/.test(value)) throw new ConfigError(name, `"${value}" is not a valid header name`);
      return value;
    },
  }),
  DATA_API_KEY: variable<string | undefined>({
    section: 'services',
    default: 'unset',
    accepts: 'printable ASCII without spaces',
    meaning: 'The gateway\'s own Data API key, sent when a caller sends none (a key raises the Data API\'s rate limit). Never sent to the node RPC or the metrics service.',
    see: 'operations.md#api-keys',
    read: (env, name) => {
      const value = read(env, name);
      if (value !== undefined && !/^[\x21-\x7e]+$/.test(value)) throw new ConfigError(name, 'must be printable ASCII without spaces');
      return value;
    },
  }),
  LOG_LEVEL: variable<LogLevel>({
    section: 'server',
    default: '`info`',
    accepts: LOG_LEVELS.map((level) => `\`${level}\``).join(', '),
    meaning: 'The least severe log line written (JSON lines on stderr): `info` writes an access line per operation, `debug` adds upstream error bodies, with keys redacted.',
    see: 'operations.md#logs',
    read: (env, name) => {
      const value = (read(env, name) ?? 'info').toLowerCase();
      if (!(LOG_LEVELS as readonly string[]).includes(value)) throw new ConfigError(name, `"${value}" is not one of ${LOG_LEVELS.join(', ')}`);
      return value as LogLevel;
    },
  }),
  TRUST_PROXY: variable<TrustProxy | undefined>({
    section: 'server',
    default: 'unset: no proxy, the client is the socket\'s address',
    accepts: `\`false\` (or \`0\`); a hop count, 1–${MAX_FORWARDED_HOPS}; or a comma-separated list of addresses and CIDRs (IPv4, IPv6) and \`loopback\`, \`linklocal\`, \`uniquelocal\``,
    meaning:
      'The proxies (load balancers) whose forwarding header is believed: the client address that per-client limits and the log use is then read from `TRUST_PROXY_HEADER` back through these hops; a hop count trusts that many nearest hops, whatever their address.',
    see: 'operations.md#behind-a-proxy',
    read: trustProxy,
  }),
  TRUST_PROXY_HEADER: variable<ForwardingHeader>({
    section: 'server',
    default: '`x-forwarded-for`',
    accepts: '`x-forwarded-for` or `forwarded` (RFC 7239)',
    meaning: 'The one header the trusted proxies write the client into (read only with `TRUST_PROXY`); the other is ignored, as a client could have written it.',
    see: 'operations.md#behind-a-proxy',
    read: (env, name) => oneOf(env, name, FORWARDING_HEADERS, 'x-forwarded-for'),
  }),
  HOST: variable<string>({
    section: 'server',
    default: '`0.0.0.0` (`127.0.0.1` under `npm run sandbox`)',
    accepts: 'an interface address or host name',
    meaning: 'The interface the gateway listens on (and `/metrics` with `METRICS_PORT`).',
    read: (env, name) => read(env, name) ?? '0.0.0.0',
  }),
  PORT: whole(4000, 0, 65535, {
    section: 'server',
    meaning: 'The port of GraphQL and GraphiQL (`/graphql`), liveness (`/health`), readiness (`/ready`) and, unless `METRICS_PORT` is set, `/metrics`; `0` picks a free port.',
  }),
  DATA_API_URL: serviceUrl('https://data-api.avax.network', { section: 'services', meaning: 'The Data API\'s base URL.' }),
  NODE_RPC_URL_MAINNET: serviceUrl('https://api.avax.network', {
    section: 'services',
    meaning: 'The mainnet AvalancheGo API node: the P- and X-Chain (`/ext/bc/P`, `/ext/bc/X`) and C-Chain (`/ext/bc/C/rpc`) paths are appended.',
    see: 'operations.md#where-node-reads-go',
  }),
  NODE_RPC_URL_FUJI: serviceUrl('https://api.avax-test.network', {
    section: 'services',
    meaning: 'The Fuji AvalancheGo API node, as `NODE_RPC_URL_MAINNET`.',
    see: 'operations.md#where-node-reads-go',
  }),
  METRICS_URL: serviceUrl('https://metrics.avax.network', { section: 'services', meaning: 'The metrics service\'s base URL.' }),
  UPSTREAM_TIMEOUT_MS: whole(10_000, 100, 120_000, { section: 'calls', meaning: 'The deadline of one upstream call, headers and body included; past it the field fails with `UPSTREAM_TIMEOUT`.' }),
  UPSTREAM_CONNECTIONS: whole(128, 1, 1024, {
    section: 'calls',
    meaning:
      'The most open (keep-alive) connections per upstream origin. Calls beyond them queue: at 32, ten concurrent operations of ten transaction lists each waited on the pool (p50 116 ms against 63 ms at 128, with 20 ms upstream latency).',
  }),
  UPSTREAM_RETRIES: whole(1, 0, 5, { section: 'calls', meaning: 'How many times an idempotent call (a read) is retried after a connection error; never after a timeout, and a write never.' }),
  CACHE_MAX_ENTRIES: whole(10_000, 1, 10_000_000, { section: 'caches', meaning: 'The most entries in the shared cache of upstream answers (across requests; partitioned by API key).', see: 'operations.md#caches' }),
  CACHE_MAX_BYTES: derivedWhole('`MEMORY_LIMIT_MB` / 16 (32 MiB at 512)', 1024, 8 * 1024 * MIB, {
    section: 'caches',
    meaning: 'The most bytes the shared cache of upstream answers holds: each answer is kept as its JSON text and weighs the bytes of its text and key plus a fixed overhead.',
    see: 'operations.md#caches-and-memory',
  }),
  DOCUMENT_CACHE_MAX_BYTES: derivedWhole('`MEMORY_LIMIT_MB` / 32 (16 MiB at 512)', 64 * 1024, 1024 * MIB, {
    section: 'caches',
    meaning: 'The most bytes of parsed and validated documents kept so that a repeated document is not parsed again (a document weighs 48 bytes per character of its text, as measured).',
    see: 'operations.md#caches-and-memory',
  }),
  RPC_BATCH_MAX: whole(40, 1, 1000, { section: 'calls', meaning: 'The most calls in one EVM JSON-RPC batch request (the public node accepts 40); an operation\'s calls to one chain beyond it go in further batches.' }),
  SHUTDOWN_TIMEOUT_MS: whole(10_000, 0, 600_000, {
    section: 'server',
    meaning: 'How long SIGTERM waits for in-flight requests; at the deadline they are cut and their upstream calls aborted.',
    see: 'operations.md#shutdown',
  }),
  SHUTDOWN_DRAIN_MS: whole(5_000, 0, 600_000, {
    section: 'server',
    meaning:
      'How long SIGTERM keeps serving after `/ready` turns 503, before the listener closes and `SHUTDOWN_TIMEOUT_MS` starts: longer than a load balancer takes to see the replica unready (`deploy/haproxy.cfg`: two checks a second apart). SIGINT does not wait.',
    see: 'operations.md#shutdown',
  }),
  SANDBOX_PORT: whole(4100, 0, 65531, {
    section: 'sandbox',
    meaning:
      '`npm run sandbox` and `sandbox:upstreams` only: the first of the five ports of the simulated upstreams (Data API, mainnet node, Fuji node, metrics service, the L1s\' own nodes); `0` picks free ports. The simulator\'s own variables are in [sandbox.md](sandbox.md#variables).',
  }),
  MAX_DEPTH: whole(12, 1, 100, { section: 'limits', meaning: 'The most nested selection depth of one operation.', see: 'operations.md#limits' }),
  MAX_ALIASES: whole(30, 1, 1000, { section: 'limits', meaning: 'The most aliases in one operation.', see: 'operations.md#limits' }),
  MAX_TOKENS: whole(2000, 10, 100_000, { section: 'limits', meaning: 'The most tokens in one operation document.', see: 'operations.md#limits' }),
  MAX_VALUE_DEPTH: whole(16, 3, 1000, {
    section: 'limits',
    meaning:
      'The most levels of lists and input objects nested in one value: an argument or default value in the document, a variable\'s type, a variable\'s JSON. Deeper is refused before parsing (`GRAPHQL_PARSE_FAILED`) or, in a variable, before anything reads it (`BAD_USER_INPUT` naming it). The graph\'s own arguments nest at most 3 levels.',
    see: 'operations.md#limits',
  }),
  MAX_COST: whole(300_000, 10, 100_000_000, {
    section: 'limits',
    meaning: 'The most cost of one operation, by graphql-armor\'s count (each field weighs more the deeper it is); it sees the query\'s shape, not list sizes.',
    see: 'operations.md#limits',
  }),
  MAX_BATCH_OPERATIONS: whole(10, 0, 100, {
    section: 'limits',
    meaning:
      'The most operations in one batched request (a JSON array body, as Apollo\'s `BatchHttpLink` sends); more is refused with HTTP 413. Each operation of a batch is checked, budgeted and rate-limited as if it came alone. `0` turns batching off.',
    see: 'operations.md#limits',
  }),
  MAX_UPSTREAM_CALLS: whole(250, 1, 100_000, {
    section: 'limits',
    meaning: 'The most upstream requests one operation may send while it runs (cache hits are free); past it the remaining fields fail with `UPSTREAM_BUDGET_EXCEEDED` and the rest of the answer is kept.',
    see: 'operations.md#limits',
  }),
  MAX_ESTIMATED_UPSTREAM_CALLS: whole(2000, 1, 10_000_000, {
    section: 'limits',
    meaning:
      'The most upstream requests the guard may estimate for an operation before it runs; over it the operation is refused with `UPSTREAM_BUDGET_EXCEEDED` and no call. The estimate is an upper bound (no cache hit, no repeated key), hence larger than `MAX_UPSTREAM_CALLS`.',
    see: 'operations.md#limits',
  }),
  OPERATION_TIMEOUT_MS: whole(15_000, 100, 600_000, {
    section: 'limits',
    meaning: 'The deadline of one whole operation; fields still waiting for an upstream then fail with `UPSTREAM_TIMEOUT` and the rest of the answer is returned.',
    see: 'operations.md#limits',
  }),
  CLIENT_UPSTREAM_CALLS_PER_SECOND: whole(200, 1, 1_000_000, {
    section: 'limits',
    meaning:
      'The most upstream requests one client (its API key, else its address: the socket\'s, or behind `TRUST_PROXY` the forwarded one) may cause per second over all its operations; past it calls are refused unsent with `RATE_LIMITED`. Per process unless `REDIS_URL` is set.',
    see: 'operations.md#limits',
  }),
  SUBSCRIPTION_POLL_MS: whole(2_000, 10, 600_000, { section: 'subscriptions', meaning: 'How often a live subscription\'s poller asks its upstream for news.', see: 'clients.md#subscriptions' }),
  MAX_SUBSCRIPTIONS_PER_CLIENT: whole(20, 1, 10_000, {
    section: 'subscriptions',
    meaning: 'The most live subscriptions one client (its API key, else its address, as for `CLIENT_UPSTREAM_CALLS_PER_SECOND`) holds open at once, per process; past it: `TOO_MANY_SUBSCRIPTIONS`.',
    see: 'clients.md#subscriptions',
  }),
  BREAKER_THRESHOLD: whole(5, 1, 1000, {
    section: 'calls',
    meaning: 'Consecutive failures (timeouts, connection errors, 5xx, bodies that are not JSON) of one upstream that open its circuit breaker.',
    see: 'operations.md#sick-upstreams',
  }),
  BREAKER_COOLDOWN_MS: whole(10_000, 100, 600_000, {
    section: 'calls',
    meaning: 'How long an open breaker fails calls fast (`UPSTREAM_UNAVAILABLE`) before it lets one probe through.',
    see: 'operations.md#sick-upstreams',
  }),
  MAX_BODY_BYTES: whole(1_000_000, 1024, 100_000_000, { section: 'limits', meaning: 'The most bytes of a request body; past it: 413, and nothing more is read.', see: 'operations.md#limits' }),
  MAX_URL_BYTES: whole(16_384, 256, 1_000_000, { section: 'limits', meaning: 'The most bytes of a request URL (path and query); past it: 414.', see: 'operations.md#limits' }),
  MAX_HEADER_BYTES: whole(32_768, 1024, 1_000_000, { section: 'limits', meaning: 'The most bytes of a request\'s header section; past it: 431.', see: 'operations.md#limits' }),
  CORS_ORIGINS: variable<string[] | undefined>({
    section: 'server',
    default: 'any origin',
    accepts: 'comma-separated origins (`https://app.example.com,https://admin.example.com`), or `*`',
    meaning: 'The origins browsers may call the gateway from; credentials are never allowed (the gateway uses no cookies).',
    see: 'operations.md#browsers',
    read: (env, name) => origins(env, name),
  }),
  METRICS_PORT: variable<number | undefined>({
    section: 'server',
    default: 'unset: `/metrics` beside GraphQL',
    accepts: 'whole number, 0–65535',
    meaning: 'Serve `/metrics` only on this port (same `HOST`), so the scrape endpoint need not be public; `0` picks a free port.',
    see: 'operations.md#metrics-and-probes',
    read: (env, name) => (read(env, name) === undefined ? undefined : int(env, name, 0, 0, 65535)),
  }),
  CHAIN_RPC_URLS: variable<Map<string, ChainRpcOverride>>({
    section: 'services',
    default: 'unset: each chain\'s Data API record',
    accepts: 'a JSON object from an EVM chain id (`"779672"`) or a blockchain id to a URL, or to `{"rpc": URL, "validators": URL}`',
    meaning: 'Node endpoints of chains (e.g. your own node), overriding the `rpcUrl` of their Data API record and, for the C-Chain, the API node.',
    see: 'operations.md#where-node-reads-go',
    read: (env, name) => chainRpcUrls(env, name),
  }),
  TRUSTED_DOCUMENTS: variable<Map<string, string> | undefined>({
    section: 'caches',
    default: 'unset: any document runs',
    accepts: 'the path of a JSON manifest from document id to document (codegen\'s `persisted-documents.json`)',
    meaning: 'Only the manifest\'s documents run, asked for by id; any other is refused before it is parsed.',
    see: 'clients.md#persisted-documents',
    read: (env, name) => trustedDocuments(env, name),
  }),
  APQ_MAX_DOCUMENTS: whole(1000, 1, 1_000_000, {
    section: 'caches',
    meaning: 'The most documents registered by automatic persisted queries, per process.',
    see: 'clients.md#persisted-documents',
  }),
  APQ_MAX_BYTES: derivedWhole('`MEMORY_LIMIT_MB` / 64 (8 MiB at 512)', 64 * 1024, 1024 * MIB, {
    section: 'caches',
    meaning: 'The most bytes of documents registered by automatic persisted queries: a document weighs the bytes of its text and hash plus a fixed overhead.',
    see: 'operations.md#caches-and-memory',
  }),
  RESPONSE_CACHE_MAX_ENTRIES: whole(1000, 0, 1_000_000, { section: 'caches', meaning: 'The most whole answers the response cache keeps; `0` turns it off.', see: 'operations.md#response-cache' }),
  RESPONSE_CACHE_MAX_BYTES: derivedWhole('`MEMORY_LIMIT_MB` / 32 (16 MiB at 512)', 64 * 1024, 1024 * MIB, {
    section: 'caches',
    meaning: 'The most bytes the response cache holds in this process: each answer is kept as its JSON text and weighs the bytes of its text and key plus a fixed overhead.',
    see: 'operations.md#caches-and-memory',
  }),
  REDIS_URL: variable<RedisTarget | undefined>({
    section: 'redis',
    default: 'unset: everything in this process',
    accepts:
      'one server: `redis://[[user]:password@]host:port[/db]`; Sentinel: `redis+sentinel://[[user]:password@]host:port[,host:port...]/<master name>[/db]` (sentinels, port 26379 by default); Cluster: `redis+cluster://[[user]:password@]host:port[,host:port...]` (some of its nodes, port 6379 by default); `rediss` for TLS in each form',
    meaning:
      'The Redis replicas share: the upstream cache, client rate limits, `Retry-After` windows, the response cache and the live pollers. A Redis outage, or a master down, never fails a query.',
    see: 'operations.md#several-replicas-redis',
    read: (env, name) => redisTarget(env, name),
  }),
  REDIS_KEY_PREFIX: variable<string>({
    section: 'redis',
    default: '`avalanche-graph:`',
    accepts: '1 to 64 printable ASCII characters without spaces',
    meaning: 'The prefix of every Redis key and channel, so that several deployments can share one Redis.',
    see: 'operations.md#several-replicas-redis',
    read: (env, name) => redisKeyPrefix(env, name),
  }),
  REDIS_COMMAND_TIMEOUT_MS: whole(200, 10, 10_000, {
    section: 'redis',
    meaning: 'The deadline of one Redis command; past it the gateway goes on without Redis.',
    see: 'operations.md#several-replicas-redis',
  }),
  UPSTREAM_HEALTH_TTL_MS: whole(5_000, 0, 600_000, {
    section: 'calls',
    meaning:
      'How long the answer of the Data API\'s or metrics service\'s health or live check is reused (`/ready`, `upstreamStatus`): one probe per service and check per period, however many callers; `0` shares a probe only while it is in flight.',
    see: 'operations.md#metrics-and-probes',
  }),
  FEDERATION_SECRET: variable<string | undefined>({
    section: 'federation',
    default: 'unset: `_entities` and `_service` answer every caller',
    accepts: '16 to 256 printable ASCII characters without spaces',
    meaning:
      'A secret shared with the federation router: `_entities` and `_service` then answer only requests carrying it in the `x-federation-secret` header; others are refused with `FORBIDDEN` before any upstream call. Compared in constant time; never logged or echoed.',
    see: 'federation.md#keeping-_entities-and-_service-for-the-router',
    read: (env, name) => federationSecret(env, name),
  }),
  OTEL_SDK_DISABLED: otel('`false`', '`true` or `false`', '`true` turns tracing off whatever else is set.', (env, name) => oneOf(env, name, ['false', 'true'] as const, 'false') === 'true'),
  OTEL_TRACES_EXPORTER: otel('`otlp`', '`otlp` or `none`', '`none` turns tracing off; OTLP over HTTP is the one exporter.', (env, name) => oneOf(env, name, ['otlp', 'none'] as const, 'otlp')),
  OTEL_EXPORTER_OTLP_ENDPOINT: otel(
    'unset: no traces',
    'http(s) URL',
    'The OTLP/HTTP base URL of a collector (e.g. `http://otel-collector:4318`): spans are posted to it + `/v1/traces`. Tracing is on when this or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set; unset, the OpenTelemetry packages are not even loaded.',
    otlpUrl,
  ),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otel('unset: `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`', 'http(s) URL', 'The whole URL spans are posted to, used as it is; wins over `OTEL_EXPORTER_OTLP_ENDPOINT`.', otlpUrl),
  OTEL_EXPORTER_OTLP_PROTOCOL: otel('`http/protobuf`', '`http/protobuf` or `http/json`', 'How spans are encoded; `grpc` is not supported (use the collector\'s OTLP/HTTP port, 4318).', otlpProtocol),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otel('unset: `OTEL_EXPORTER_OTLP_PROTOCOL`', '`http/protobuf` or `http/json`', 'The same for traces alone; wins over `OTEL_EXPORTER_OTLP_PROTOCOL`.', otlpProtocol),
  OTEL_SERVICE_NAME: otel('`avalanche-graph`', '1 to 128 printable ASCII characters', 'The `service.name` of every span\'s resource.', (env, name) => {
    const value = read(env, name) ?? 'avalanche-graph';
    if (!/^[\x20-\x7e]{1,128}$/.test(value)) throw new ConfigError(name, 'must be 1 to 128 printable ASCII characters');
    return value;
  }),
  OTEL_TRACES_SAMPLER: otel(
    '`parentbased_always_on`',
    TRACES_SAMPLERS.map((s) => `\`${s}\``).join(', '),
    'Which operations are recorded. `parentbased_*` follow the sampled flag of the caller\'s `traceparent` when there is one, and the named rule otherwise; `traceidratio` records that share of traces whatever the caller says.',
    (env, name) => oneOf(env, name, TRACES_SAMPLERS, 'parentbased_always_on'),
  ),
  OTEL_TRACES_SAMPLER_ARG: otel('`1`', 'a number, 0–1', 'The share of traces the `traceidratio` samplers record.', (env, name) => {
    const raw = read(env, name);
    if (raw === undefined) return 1;
    if (!/^\d*\.?\d+$/.test(raw) || Number(raw) > 1) throw new ConfigError(name, `"${raw}" is not a number from 0 to 1`);
    return Number(raw);
  }),
};

type Values = { [Name in keyof typeof VARIABLES]: (typeof VARIABLES)[Name] extends Variable<infer T> ? T : never };

/** Reads every variable, in declaration order; throws a ConfigError naming the first bad one. */
function readVariables(env: Env): Values {
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(VARIABLES) as [string, Variable<unknown>][]) values[name] = spec.read(env, name);
  return values as Values;
}

export function loadConfig(env: Env = process.env): Config {
  const v = readVariables(env);
  const memory = v.MEMORY_LIMIT_MB * MIB;
  const share = (part: number) => Math.floor(memory * part);
  const inFlight = v.MAX_OPERATIONS_IN_FLIGHT ?? Math.max(4, Math.floor(v.MEMORY_LIMIT_MB / 8));
  const inFlightBytes = v.MAX_IN_FLIGHT_BYTES ?? share(MEMORY_SHARES.inFlight);
  return {
    host: v.HOST,
    port: v.PORT,
    dataApiUrl: v.DATA_API_URL,
    dataApiKey: v.DATA_API_KEY,
    dataApiKeyHeaders: v.DATA_API_KEY_HEADER === undefined ? DEFAULT_KEY_HEADERS : [v.DATA_API_KEY_HEADER.toLowerCase()],
    nodeRpcUrl: { mainnet: v.NODE_RPC_URL_MAINNET, fuji: v.NODE_RPC_URL_FUJI },
    metricsUrl: v.METRICS_URL,
    upstreamTimeoutMs: v.UPSTREAM_TIMEOUT_MS,
    upstreamConnections: v.UPSTREAM_CONNECTIONS,
    upstreamRetries: v.UPSTREAM_RETRIES,
    cacheMaxEntries: v.CACHE_MAX_ENTRIES,
    cacheMaxBytes: v.CACHE_MAX_BYTES ?? share(MEMORY_SHARES.upstreamCache),
    documentCacheMaxBytes: v.DOCUMENT_CACHE_MAX_BYTES ?? share(MEMORY_SHARES.documentCache),
    rpcBatchMax: v.RPC_BATCH_MAX,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: v.SHUTDOWN_DRAIN_MS,
    sandboxPort: v.SANDBOX_PORT,
    maxDepth: v.MAX_DEPTH,
    maxAliases: v.MAX_ALIASES,
    maxTokens: v.MAX_TOKENS,
    maxValueDepth: v.MAX_VALUE_DEPTH,
    maxCost: v.MAX_COST,
    maxUpstreamCalls: v.MAX_UPSTREAM_CALLS,
    maxBatchOperations: v.MAX_BATCH_OPERATIONS,
    maxEstimatedUpstreamCalls: v.MAX_ESTIMATED_UPSTREAM_CALLS,
    logLevel: v.LOG_LEVEL,
    operationTimeoutMs: v.OPERATION_TIMEOUT_MS,
    clientUpstreamCallsPerSecond: v.CLIENT_UPSTREAM_CALLS_PER_SECOND,
    subscriptionPollMs: v.SUBSCRIPTION_POLL_MS,
    maxSubscriptionsPerClient: v.MAX_SUBSCRIPTIONS_PER_CLIENT,
    breakerThreshold: v.BREAKER_THRESHOLD,
    breakerCooldownMs: v.BREAKER_COOLDOWN_MS,
    maxBodyBytes: v.MAX_BODY_BYTES,
    maxUrlBytes: v.MAX_URL_BYTES,
    maxHeaderBytes: v.MAX_HEADER_BYTES,
    corsOrigins: v.CORS_ORIGINS,
    metricsPort: v.METRICS_PORT,
    chainRpcUrls: v.CHAIN_RPC_URLS,
    trustedDocuments: v.TRUSTED_DOCUMENTS,
    apqMaxDocuments: v.APQ_MAX_DOCUMENTS,
    apqMaxBytes: v.APQ_MAX_BYTES ?? share(MEMORY_SHARES.apq),
    responseCacheMaxEntries: v.RESPONSE_CACHE_MAX_ENTRIES,
    responseCacheMaxBytes: v.RESPONSE_CACHE_MAX_BYTES ?? share(MEMORY_SHARES.responseCache),
    redis: v.REDIS_URL,
    redisKeyPrefix: v.REDIS_KEY_PREFIX,
    redisCommandTimeoutMs: v.REDIS_COMMAND_TIMEOUT_MS,
    upstreamHealthTtlMs: v.UPSTREAM_HEALTH_TTL_MS,
    federationSecret: v.FEDERATION_SECRET,
    trustProxy: v.TRUST_PROXY,
    trustProxyHeader: v.TRUST_PROXY_HEADER,
    traces: tracesConfig(v),
    memoryLimitBytes: memory,
    maxOperationsInFlight: inFlight,
    maxOperationsPerClient: v.MAX_OPERATIONS_PER_CLIENT ?? Math.max(1, Math.floor(inFlight / 4)),
    maxQueuedOperations: v.MAX_QUEUED_OPERATIONS ?? inFlight * 4,
    admissionQueueMs: v.ADMISSION_QUEUE_MS,
    maxInFlightBytes: inFlightBytes,
    maxOperationBytes: v.MAX_OPERATION_BYTES ?? Math.max(64 * 1024, Math.floor(inFlightBytes / 4)),
    maxEventLoopDelayMs: v.MAX_EVENT_LOOP_DELAY_MS,
    maxWebSockets: v.MAX_WEBSOCKETS ?? 2 * v.MEMORY_LIMIT_MB,
    maxSubscriptions: v.MAX_SUBSCRIPTIONS ?? 4 * v.MEMORY_LIMIT_MB,
  };
}

/** Traces are on with an endpoint, unless `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`. */
function tracesConfig(v: Values): TracesConfig | undefined {
  if (v.OTEL_SDK_DISABLED || v.OTEL_TRACES_EXPORTER === 'none') return undefined;
  // As the SDK joins them: the signal's own URL as it is, else the base URL and the signal's path.
  const url = v.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (v.OTEL_EXPORTER_OTLP_ENDPOINT === undefined ? undefined : `${v.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`);
  if (url === undefined) return undefined;
  return {
    url,
    protocol: v.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? v.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf',
    serviceName: v.OTEL_SERVICE_NAME,
    sampler: v.OTEL_TRACES_SAMPLER,
    samplerRatio: v.OTEL_TRACES_SAMPLER_ARG,
  };
}

// How values are read and checked.

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `"${raw}" is not a whole number`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `${value} is outside ${min}..${max}`);
  return value;
}

function url(env: Env, name: string, fallback: string): string {
  const value = read(env, name) ?? fallback;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `"${value}" is not a URL (expected e.g. ${fallback})`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(name, `must be an http or https URL, got "${parsed.protocol}"`);
  }
  if (parsed.search || parsed.hash) {
    throw new ConfigError(name, 'must not carry a query or fragment');
  }
  if (parsed.username || parsed.password) {
    throw new ConfigError(name, 'must not carry credentials; use DATA_API_KEY for the Data API key');
  }
  // Base URLs are joined with absolute paths: drop a trailing slash.
  return parsed.toString().replace(/\/+$/, '');
}

/** Checks one URL of a JSON variable: http(s), no credentials, no fragment. */
function endpointUrl(name: string, where: string, value: unknown): string {
  if (typeof value !== 'string') throw new ConfigError(name, `${where} must be a URL string`);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `${where}: "${value.slice(0, 80)}" is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError(name, `${where} must be an http or https URL`);
  if (parsed.username || parsed.password || parsed.hash) throw new ConfigError(name, `${where} must not carry credentials or a fragment`);
  return parsed.toString().replace(/\/+$/, '');
}

/**
 * `CHAIN_RPC_URLS`: a JSON object from an EVM chain id ("779672") or a blockchain id (cb58) to the
 * chain's JSON-RPC URL, or to `{ "rpc": URL, "validators": URL }`.
 */
function chainRpcUrls(env: Env, name: string): Map<string, ChainRpcOverride> {
  const raw = read(env, name);
  const out = new Map<string, ChainRpcOverride>();
  if (raw === undefined) return out;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(name, 'is not JSON (expected e.g. {"779672": "https://rpc.example.com/ext/bc/.../rpc"})');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigError(name, 'must be a JSON object keyed by chain id');
  for (const [chain, value] of Object.entries(parsed)) {
    if (!/^(\d{1,20}|[1-9A-HJ-NP-Za-km-z]{40,60})$/.test(chain)) {
      throw new ConfigError(name, `"${chain.slice(0, 80)}" is neither an EVM chain id nor a blockchain id`);
    }
    if (typeof value === 'string') {
      out.set(chain, { rpc: endpointUrl(name, chain, value) });
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const entry = value as { rpc?: unknown; validators?: unknown };
      out.set(chain, {
        rpc: endpointUrl(name, `${chain}.rpc`, entry.rpc),
        ...(entry.validators !== undefined ? { validators: endpointUrl(name, `${chain}.validators`, entry.validators) } : {}),
      });
    } else {
      throw new ConfigError(name, `${chain} must map to a URL or to {"rpc": URL, "validators": URL}`);
    }
  }
  return out;
}

/**
 * `TRUSTED_DOCUMENTS`: the path of a JSON manifest from document id to document, as GraphQL Code
 * Generator's client preset writes it (`persisted-documents.json`).
 */
function trustedDocuments(env: Env, name: string): Map<string, string> | undefined {
  const path = read(env, name);
  if (path === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(name, `cannot read a JSON manifest at ${path}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigError(name, 'the manifest must be a JSON object from document id to document');
  const out = new Map<string, string>();
  for (const [id, document] of Object.entries(parsed)) {
    if (typeof document !== 'string' || document.trim() === '') throw new ConfigError(name, `document ${id.slice(0, 80)} is not a GraphQL document string`);
    out.set(id, document);
  }
  if (out.size === 0) throw new ConfigError(name, 'the manifest holds no document');
  return out;
}

/** A comma-separated list of origins (`https://app.example.com`), or `*` for any origin. */
function origins(env: Env, name: string): string[] | undefined {
  const raw = read(env, name);
  if (raw === undefined || raw === '*') return undefined;
  return raw.split(',').map((item) => {
    const value = item.trim();
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new ConfigError(name, `"${value}" is not an origin (expected e.g. https://app.example.com)`);
    }
    if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.origin !== value.replace(/\/$/, '')) {
      throw new ConfigError(name, `"${value}" is not an origin: scheme, host and optional port only`);
    }
    return parsed.origin;
  });
}

const REDIS_FORMS = 'redis://, rediss://, redis+sentinel://, rediss+sentinel://, redis+cluster:// or rediss+cluster://';

/**
 * `REDIS_URL`, in one of three forms. A value may hold a password: an error names the part that is
 * wrong, never the value.
 */
function redisTarget(env: Env, name: string): RedisTarget | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  const scheme = /^([a-z][a-z+]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'redis' || scheme === 'rediss') {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new ConfigError(name, 'is not a URL (expected e.g. redis://127.0.0.1:6379/0)');
    }
    if (!parsed.hostname) throw new ConfigError(name, 'must name a host');
    return { mode: 'server', url: value };
  }
  const form = scheme === undefined ? null : /^(rediss?)\+(sentinel|cluster)$/.exec(scheme);
  if (!form) throw new ConfigError(name, `must be a ${REDIS_FORMS} URL${scheme ? `, got "${scheme}://"` : ''}`);
  const tls = form[1] === 'rediss';
  const mode = form[2] as 'sentinel' | 'cluster';
  const example = mode === 'sentinel' ? `${form[0]}://:password@10.0.0.1:26379,10.0.0.2:26379/mymaster/0` : `${form[0]}://:password@10.0.0.1:6379,10.0.0.2:6379`;
  // Not WHATWG URL: it takes one host; here the authority is a list of them.
  const rest = value.slice(form[0].length + 3);
  const queryAt = rest.indexOf('?');
  const beforeQuery = queryAt < 0 ? rest : rest.slice(0, queryAt);
  const pathAt = beforeQuery.indexOf('/');
  const authority = pathAt < 0 ? beforeQuery : beforeQuery.slice(0, pathAt);
  const path = pathAt < 0 ? '' : beforeQuery.slice(pathAt + 1);
  const at = authority.lastIndexOf('@');
  const credentials = redisCredentials(name, at < 0 ? undefined : authority.slice(0, at));
  const hosts = (at < 0 ? authority : authority.slice(at + 1)).split(',').map((host, i) => redisHost(name, host, i, mode === 'sentinel' ? 26379 : 6379, example));
  const options = new URLSearchParams(queryAt < 0 ? '' : rest.slice(queryAt + 1));
  const allowed = mode === 'sentinel' ? ['sentinel_username', 'sentinel_password'] : [];
  for (const key of options.keys()) {
    if (!allowed.includes(key)) throw new ConfigError(name, `unknown option "${key.slice(0, 40)}"${allowed.length > 0 ? ` (only ${allowed.join(', ')})` : ''}`);
  }
  if (mode === 'cluster') {
    if (path !== '') throw new ConfigError(name, 'a Redis Cluster has database 0 only: drop the path after the nodes');
    return { mode, nodes: hosts, tls, ...credentials };
  }
  const [masterName, db, ...extra] = path.split('/');
  if (!masterName) throw new ConfigError(name, `must name the master after the sentinels (expected e.g. ${example})`);
  if (!/^[\w.-]{1,128}$/.test(masterName)) throw new ConfigError(name, 'the master name may hold letters, digits, "_", "." and "-" only');
  if (extra.length > 0 || (db !== undefined && !/^\d{1,5}$/.test(db))) throw new ConfigError(name, 'after the master name only a database number may follow (e.g. /mymaster/0)');
  const sentinelUsername = options.get('sentinel_username');
  const sentinelPassword = options.get('sentinel_password');
  return {
    mode,
    sentinels: hosts,
    masterName,
    db: db === undefined ? 0 : Number(db),
    tls,
    ...credentials,
    ...(sentinelUsername ? { sentinelUsername } : {}),
    ...(sentinelPassword ? { sentinelPassword } : {}),
  };
}

/** `[user]:password` before the hosts of a Sentinel or Cluster URL, percent-decoded. */
function redisCredentials(name: string, userinfo: string | undefined): { username?: string; password?: string } {
  if (userinfo === undefined) return {};
  const colon = userinfo.indexOf(':');
  if (colon < 0) throw new ConfigError(name, 'credentials must be written user:password@ or :password@ (the value is not shown)');
  try {
    const username = decodeURIComponent(userinfo.slice(0, colon));
    const password = decodeURIComponent(userinfo.slice(colon + 1));
    return { ...(username ? { username } : {}), ...(password ? { password } : {}) };
  } catch {
    throw new ConfigError(name, 'the credentials are not validly percent-encoded (the value is not shown)');
  }
}

/** The `index`th `host[:port]` of a Sentinel or Cluster URL (an IPv6 address in brackets). */
function redisHost(name: string, text: string, index: number, defaultPort: number, example: string): RedisHost {
  let parsed: URL | undefined;
  try {
    parsed = text === '' ? undefined : new URL(`redis://${text}`);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !parsed.hostname || parsed.pathname !== '' || parsed.username || parsed.password || parsed.search || parsed.hash) {
    // Not echoed: a password with an unencoded "/" or "@" would end up here.
    throw new ConfigError(name, `address ${index + 1} of the list is not a host or host:port (expected e.g. ${example}; percent-encode "/", "?", "#" and "@" in a password)`);
  }
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port: parsed.port ? Number(parsed.port) : defaultPort };
}

/** `REDIS_KEY_PREFIX`: printable, no spaces, at most 64 characters; `avalanche-graph:` by default. */
function redisKeyPrefix(env: Env, name: string): string {
  const value = read(env, name) ?? 'avalanche-graph:';
  if (!/^[\x21-\x7e]{1,64}$/.test(value)) throw new ConfigError(name, 'must be 1 to 64 printable ASCII characters without spaces');
  return value;
}

/** One of `values` (compared in lower case, as OpenTelemetry's SDKs do), else `fallback` when unset. */
function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = raw.toLowerCase() as T;
  if (!values.includes(value)) throw new ConfigError(name, `"${raw}" is not one of ${values.join(', ')}`);
  return value;
}

/** An OTLP/HTTP endpoint. Not echoed when bad: a collector's URL may carry a token. */
function otlpUrl(env: Env, name: string): string | undefined {
  const value = read(env, name);
  if (value !== undefined && !(URL.canParse(value) && /^https?:$/.test(new URL(value).protocol))) {
    throw new ConfigError(name, 'must be an http or https URL (OTLP over HTTP, e.g. http://otel-collector:4318); the value is not shown');
  }
  return value;
}

function otlpProtocol(env: Env, name: string): OtlpProtocol | undefined {
  if (read(env, name)?.toLowerCase() === 'grpc') throw new ConfigError(name, 'grpc is not supported: use the collector\'s OTLP/HTTP port (4318) with http/protobuf or http/json');
  return read(env, name) === undefined ? undefined : oneOf(env, name, OTLP_PROTOCOLS, 'http/protobuf');
}

/** `TRUST_PROXY`: `false`, a hop count, or addresses, CIDRs and proxy-addr's named ranges. */
function trustProxy(env: Env, name: string): TrustProxy | undefined {
  const raw = read(env, name);
  if (raw === undefined || raw.toLowerCase() === 'false') return undefined;
  if (raw.toLowerCase() === 'true') throw new ConfigError(name, 'trusting every proxy would let any client choose its address: give a hop count or the proxies\' addresses');
  if (/^\d+$/.test(raw)) {
    const hops = int(env, name, 0, 0, MAX_FORWARDED_HOPS);
    return hops === 0 ? undefined : { hops };
  }
  const addresses = raw.split(',').map((entry) => entry.trim());
  for (const entry of addresses) {
    try {
      if (!entry) throw new Error('empty entry');
      checkTrustedAddress(entry);
    } catch {
      throw new ConfigError(name, `"${entry.slice(0, 80)}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`);
    }
  }
  return { addresses };
}

/** A header value: the error says what a good one is, never what was given (it is a secret). */
function federationSecret(env: Env, name: string): string | undefined {
  const value = read(env, name);
  if (value !== undefined && !/^[\x21-\x7e]{16,256}$/.test(value)) throw new ConfigError(name, 'must be 16 to 256 printable ASCII characters without spaces (the value is not shown)');
  return value;
}
