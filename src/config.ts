/**
 * Configuration from the environment. Every variable has a documented default (README's table) and
 * is validated at start: a bad value stops the process with a message naming the variable.
 */
import { readFileSync } from 'node:fs';

export interface Config {
  /** Interface the gateway listens on. */
  host: string;
  /** Port the gateway listens on; 0 picks a free port. */
  port: number;
  dataApiUrl: string;
  /** Server-side Data API key, used when the caller sends none. */
  dataApiKey: string | undefined;
  /**
   * Headers the Data API key is sent in: `DATA_API_KEY_HEADER` alone when set, else both names the
   * service honours (`x-glacier-api-key` of the official description and SDK, `x-data-api-key` of the brief).
   */
  dataApiKeyHeaders: readonly string[];
  nodeRpcUrl: { mainnet: string; fuji: string };
  metricsUrl: string;
  /** Deadline of one upstream call, headers and body included. */
  upstreamTimeoutMs: number;
  /** Most open connections per upstream origin. */
  upstreamConnections: number;
  /** How many times an idempotent call is retried after a connection error (not after a timeout). */
  upstreamRetries: number;
  /** Most entries in the shared cross-request upstream cache. */
  cacheMaxEntries: number;
  /** Most bytes (approximate, JSON length) held by the shared upstream cache. */
  cacheMaxBytes: number;
  /** Most calls in one EVM JSON-RPC batch request (the public node accepts 40). */
  rpcBatchMax: number;
  /** How long SIGTERM waits for in-flight requests before closing them. */
  shutdownTimeoutMs: number;
  /** First port of the simulated upstreams in sandbox mode. */
  sandboxPort: number;
  /** Most nested selection depth of one operation. */
  maxDepth: number;
  /** Most aliases of one operation. */
  maxAliases: number;
  /** Most tokens of one operation document. */
  maxTokens: number;
  /** Most cost (graphql-armor's depth-weighted count of fields) of one operation. */
  maxCost: number;
  /** Most upstream requests one operation may cause (cache hits are free). */
  maxUpstreamCalls: number;
  /**
   * Most upstream requests the guard may estimate for an operation before it runs. The estimate is an
   * upper bound (no cache hit, no repeated key), so this is larger than what operations really use.
   */
  maxEstimatedUpstreamCalls: number;
  /** Log level: debug, info, warn, error or silent. */
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Deadline of one whole operation; fields still waiting for an upstream then fail with UPSTREAM_TIMEOUT. */
  operationTimeoutMs: number;
  /** Most upstream requests one client (API key, else IP) may cause per second, over all its operations. */
  clientUpstreamCallsPerSecond: number;
  /** How often a live subscription's poller asks its upstream for news (SUBSCRIPTION_POLL_MS). */
  subscriptionPollMs: number;
  /** Most live subscriptions one client (API key, else IP) may hold open at once. */
  maxSubscriptionsPerClient: number;
  /** Consecutive failures (5xx, timeouts, connection errors) of one upstream origin that open its circuit breaker. */
  breakerThreshold: number;
  /** How long an open breaker fails calls fast before it lets one probe through. */
  breakerCooldownMs: number;
  /** Most bytes of a request body; past it the answer is 413. */
  maxBodyBytes: number;
  /** Most bytes of a request URL (path and query); past it the answer is 414. */
  maxUrlBytes: number;
  /** Most bytes of a request's header section; past it the answer is 431. */
  maxHeaderBytes: number;
  /** Origins allowed to call from a browser (CORS); undefined means any origin, never with credentials. */
  corsOrigins: string[] | undefined;
  /** Port of a separate listener for `/metrics`; undefined serves `/metrics` beside GraphQL. */
  metricsPort: number | undefined;
  /**
   * Node endpoints of chains, by EVM chain id or blockchain id, overriding the `rpcUrl` of their
   * Data API record (and, for the C-Chain, the node URL of its network).
   */
  chainRpcUrls: Map<string, ChainRpcOverride>;
  /** `TRUSTED_DOCUMENTS`: the manifest (document id → document) when only its documents may run. */
  trustedDocuments: Map<string, string> | undefined;
  /** Most documents registered by automatic persisted queries (when not in trusted-documents mode). */
  apqMaxDocuments: number;
  /** Most answers the response cache holds; 0 turns it off. */
  responseCacheMaxEntries: number;
  /**
   * `REDIS_URL`: the Redis shared by replicas (upstream cache, client rate limit, Retry-After windows,
   * response cache, live pollers). Undefined: everything stays in this process.
   */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel (`REDIS_KEY_PREFIX`). */
  redisKeyPrefix: string;
  /** Deadline of one Redis command (`REDIS_COMMAND_TIMEOUT_MS`); past it the gateway goes on without Redis. */
  redisCommandTimeoutMs: number;
  /**
   * How long the answer of a service's health or live check is reused (`UPSTREAM_HEALTH_TTL_MS`): one
   * probe per service and check per period, however many `/ready` and `upstreamStatus` callers; 0
   * shares a probe only while it is in flight.
   */
  upstreamHealthTtlMs: number;
}

/** An operator's endpoints for one chain: its EVM JSON-RPC and, optionally, its validators interface. */
export interface ChainRpcOverride {
  rpc: string;
  /** Unset: beside `rpc` when that ends in `/rpc` (`.../validators`), else none. */
  validators?: string;
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

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
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

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `"${raw}" is not a whole number`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `${value} is outside ${min}..${max}`);
  return value;
}

/** Without DATA_API_KEY_HEADER the key goes under both names the Data API accepts. */
export const DEFAULT_KEY_HEADERS: readonly string[] = ['x-glacier-api-key', 'x-data-api-key'];

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

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

export function loadConfig(env: Env = process.env): Config {
  const keyHeader = read(env, 'DATA_API_KEY_HEADER');
  if (keyHeader !== undefined && !/^[A-Za-z0-9-]+$/.test(keyHeader)) {
    throw new ConfigError('DATA_API_KEY_HEADER', `"${keyHeader}" is not a valid header name`);
  }
  const key = read(env, 'DATA_API_KEY');
  if (key !== undefined && !/^[\x21-\x7e]+$/.test(key)) {
    throw new ConfigError('DATA_API_KEY', 'must be printable ASCII without spaces');
  }
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `"${logLevel}" is not one of ${LOG_LEVELS.join(', ')}`);
  }
  return {
    host: read(env, 'HOST') ?? '0.0.0.0',
    port: int(env, 'PORT', 4000, 0, 65535),
    dataApiUrl: url(env, 'DATA_API_URL', 'https://data-api.avax.network'),
    dataApiKey: key,
    dataApiKeyHeaders: keyHeader === undefined ? DEFAULT_KEY_HEADERS : [keyHeader.toLowerCase()],
    nodeRpcUrl: {
      mainnet: url(env, 'NODE_RPC_URL_MAINNET', 'https://api.avax.network'),
      fuji: url(env, 'NODE_RPC_URL_FUJI', 'https://api.avax-test.network'),
    },
    metricsUrl: url(env, 'METRICS_URL', 'https://metrics.avax.network'),
    upstreamTimeoutMs: int(env, 'UPSTREAM_TIMEOUT_MS', 10_000, 100, 120_000),
    upstreamConnections: int(env, 'UPSTREAM_CONNECTIONS', 128, 1, 1024),
    upstreamRetries: int(env, 'UPSTREAM_RETRIES', 1, 0, 5),
    cacheMaxEntries: int(env, 'CACHE_MAX_ENTRIES', 10_000, 1, 10_000_000),
    cacheMaxBytes: int(env, 'CACHE_MAX_BYTES', 64 * 1024 * 1024, 1024, 8 * 1024 * 1024 * 1024),
    rpcBatchMax: int(env, 'RPC_BATCH_MAX', 40, 1, 1000),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    sandboxPort: int(env, 'SANDBOX_PORT', 4100, 0, 65531),
    maxDepth: int(env, 'MAX_DEPTH', 12, 1, 100),
    maxAliases: int(env, 'MAX_ALIASES', 30, 1, 1000),
    maxTokens: int(env, 'MAX_TOKENS', 2000, 10, 100_000),
    maxCost: int(env, 'MAX_COST', 300_000, 10, 100_000_000),
    maxUpstreamCalls: int(env, 'MAX_UPSTREAM_CALLS', 250, 1, 100_000),
    maxEstimatedUpstreamCalls: int(env, 'MAX_ESTIMATED_UPSTREAM_CALLS', 2000, 1, 10_000_000),
    logLevel: logLevel as Config['logLevel'],
    operationTimeoutMs: int(env, 'OPERATION_TIMEOUT_MS', 15_000, 100, 600_000),
    clientUpstreamCallsPerSecond: int(env, 'CLIENT_UPSTREAM_CALLS_PER_SECOND', 200, 1, 1_000_000),
    subscriptionPollMs: int(env, 'SUBSCRIPTION_POLL_MS', 2_000, 10, 600_000),
    maxSubscriptionsPerClient: int(env, 'MAX_SUBSCRIPTIONS_PER_CLIENT', 20, 1, 10_000),
    breakerThreshold: int(env, 'BREAKER_THRESHOLD', 5, 1, 1000),
    breakerCooldownMs: int(env, 'BREAKER_COOLDOWN_MS', 10_000, 100, 600_000),
    maxBodyBytes: int(env, 'MAX_BODY_BYTES', 1_000_000, 1024, 100_000_000),
    maxUrlBytes: int(env, 'MAX_URL_BYTES', 16_384, 256, 1_000_000),
    maxHeaderBytes: int(env, 'MAX_HEADER_BYTES', 32_768, 1024, 1_000_000),
    corsOrigins: origins(env, 'CORS_ORIGINS'),
    metricsPort: read(env, 'METRICS_PORT') === undefined ? undefined : int(env, 'METRICS_PORT', 0, 0, 65535),
    chainRpcUrls: chainRpcUrls(env, 'CHAIN_RPC_URLS'),
    trustedDocuments: trustedDocuments(env, 'TRUSTED_DOCUMENTS'),
    apqMaxDocuments: int(env, 'APQ_MAX_DOCUMENTS', 1000, 1, 1_000_000),
    responseCacheMaxEntries: int(env, 'RESPONSE_CACHE_MAX_ENTRIES', 1000, 0, 1_000_000),
    redisUrl: redisUrl(env, 'REDIS_URL'),
    redisKeyPrefix: redisKeyPrefix(env, 'REDIS_KEY_PREFIX'),
    redisCommandTimeoutMs: int(env, 'REDIS_COMMAND_TIMEOUT_MS', 200, 10, 10_000),
    upstreamHealthTtlMs: int(env, 'UPSTREAM_HEALTH_TTL_MS', 5_000, 0, 600_000),
  };
}

/** `REDIS_URL`: `redis://` or `rediss://` (TLS), optionally with a password and a database number. */
function redisUrl(env: Env, name: string): string | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    // The value may hold a password: never echo it.
    throw new ConfigError(name, 'is not a URL (expected e.g. redis://127.0.0.1:6379/0)');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new ConfigError(name, `must be a redis:// or rediss:// URL, got "${parsed.protocol}"`);
  }
  if (!parsed.hostname) throw new ConfigError(name, 'must name a host');
  return value;
}

/** `REDIS_KEY_PREFIX`: printable, no spaces, at most 64 characters; `avalanche-graph:` by default. */
function redisKeyPrefix(env: Env, name: string): string {
  const value = read(env, name) ?? 'avalanche-graph:';
  if (!/^[\x21-\x7e]{1,64}$/.test(value)) throw new ConfigError(name, 'must be 1 to 64 printable ASCII characters without spaces');
  return value;
}
