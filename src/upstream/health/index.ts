/**
 * The upstream services' own word on their health: the Data API's and the metrics service's health
 * check (every component, reads and writes) and live check (reads only), probed at most once per
 * service and check every UPSTREAM_HEALTH_TTL_MS however many callers ask (`/ready`, GraphQL's
 * `upstreamStatus`), and the gateway's circuit breakers beside them.
 *
 * Probes go through a transport of their own, with the configured key and deadline but no breaker
 * in common with the data calls: a service whose health route says "error" (or does not answer)
 * while its data routes work must not have its data calls failed fast because /ready was polled.
 * A probe never throws: an unreachable service is a probe that says so.
 */
import type { Config } from '../../config/index.js';
import { NoCache } from '../transport/cache.js';
import { DataApiClient } from '../data-api/index.js';
import { UpstreamError } from '../transport/errors.js';
import { HttpTransport, type DispatcherFactory } from '../transport/http.js';
import { type HttpObserver } from '../transport/call.js';
import { MetricsClient } from '../metrics/index.js';
import type { BreakerStateName } from '../transport/resilience.js';
import type { RestClient } from '../transport/rest.js';
import type { WireHealthCheckResult } from './types.js';

/** The services that have health and live checks. */
export const HEALTH_SERVICES = ['data-api', 'metrics'] as const;
export type HealthService = (typeof HEALTH_SERVICES)[number];

/** `health`: every component (reads and writes); `live`: reads only. */
export type HealthCheckKind = 'health' | 'live';

const ROUTES: Record<HealthService, Record<HealthCheckKind, string>> = {
  'data-api': { health: '/v1/health-check', live: '/v1/live-check' },
  metrics: { health: '/v2/health-check', live: '/v2/live-check' },
};

/**
 * - `ok`, `error`, `shutting_down`: the service's own verdict (a 5xx answer is `error`);
 * - `unknown`: it answered without a verdict this gateway knows (a 4xx, a body that is not JSON, a new status);
 * - `unreachable`: no answer (timeout, connection refused or reset).
 */
export type HealthProbeStatus = 'ok' | 'error' | 'shutting_down' | 'unknown' | 'unreachable';

export interface HealthProbe {
  service: HealthService;
  check: HealthCheckKind;
  status: HealthProbeStatus;
  /** When the answer (or the failure) came, epoch ms. */
  checkedAt: number;
  /** The HTTP status of the answer; undefined when none came. */
  httpStatus?: number;
  /** Why the status is not the service's own verdict: `timeout`, `connection`, `HTTP 503`, ... */
  reason?: string;
  /** The components the service reported, with their state as sent (`up`, `down`). */
  components: Array<{ name: string; status: string }>;
}

const VERDICTS = ['ok', 'error', 'shutting_down'] as const;

/** The components of an answer: its `details`, else `info` and `error` together. */
function components(body: WireHealthCheckResult): HealthProbe['components'] {
  const all = body.details ?? { ...(body.info ?? {}), ...(body.error ?? {}) };
  return Object.entries(all).map(([name, indicator]) => ({ name, status: typeof indicator?.status === 'string' ? indicator.status : 'unknown' }));
}

function fromAnswer(service: HealthService, check: HealthCheckKind, body: unknown, now: number): HealthProbe {
  const result = (body !== null && typeof body === 'object' ? body : {}) as WireHealthCheckResult;
  const verdict = (VERDICTS as readonly unknown[]).includes(result.status) ? (result.status as HealthProbeStatus) : 'unknown';
  return {
    service,
    check,
    status: verdict,
    checkedAt: now,
    httpStatus: 200,
    ...(verdict === 'unknown' ? { reason: 'no known status in the answer' } : {}),
    components: components(result),
  };
}

function fromFailure(service: HealthService, check: HealthCheckKind, error: unknown, now: number): HealthProbe {
  const base = { service, check, checkedAt: now, components: [] };
  if (!(error instanceof UpstreamError)) return { ...base, status: 'unknown', reason: 'probe failed' };
  if (error.kind === 'http') {
    const status = error.status ?? 0;
    return { ...base, status: status >= 500 ? 'error' : 'unknown', httpStatus: status, reason: `HTTP ${status}` };
  }
  if (error.kind === 'timeout' || error.kind === 'connection') return { ...base, status: 'unreachable', reason: error.kind };
  return { ...base, status: 'unknown', reason: error.kind };
}

interface Entry {
  probe?: HealthProbe;
  inflight?: Promise<HealthProbe>;
}

export interface UpstreamHealthOptions {
  /** The clients the probes are sent with, per service. */
  clients: Record<HealthService, RestClient>;
  /** How long a probe's answer is reused (UPSTREAM_HEALTH_TTL_MS); 0: only while in flight. */
  ttlMs: number;
  /** The gateway's circuit breakers, by target name. */
  breakers: () => Array<{ target: string; state: BreakerStateName }>;
  /** The names of the configured upstream targets (listed even before their breaker exists). */
  targets: readonly string[];
  now?: () => number;
}

export class UpstreamHealth {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly options: UpstreamHealthOptions) {
    this.now = options.now ?? Date.now;
  }

  private entry(service: HealthService, check: HealthCheckKind): Entry {
    const key = `${service}|${check}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = {};
      this.entries.set(key, entry);
    }
    return entry;
  }

  private fresh(probe: HealthProbe | undefined): probe is HealthProbe {
    return probe !== undefined && this.now() - probe.checkedAt < this.options.ttlMs;
  }

  /** A probe's answer at most UPSTREAM_HEALTH_TTL_MS old: the kept one, else one call shared by every caller waiting. */
  check(service: HealthService, check: HealthCheckKind): Promise<HealthProbe> {
    const entry = this.entry(service, check);
    if (this.fresh(entry.probe)) return Promise.resolve(entry.probe);
    entry.inflight ??= this.probe(service, check).then((probe) => {
      entry.probe = probe;
      entry.inflight = undefined;
      return probe;
    });
    return entry.inflight;
  }

  /** The last probe's answer, whatever its age (undefined before the first); starts no probe. */
  last(service: HealthService, check: HealthCheckKind): HealthProbe | undefined {
    return this.entry(service, check).probe;
  }

  /** The circuit breaker of each upstream target: the configured ones (closed until first used), then any other. */
  breakers(): Array<{ target: string; state: BreakerStateName }> {
    const known = new Map(this.options.breakers().map((b) => [b.target, b.state]));
    const targets = [...new Set([...this.options.targets, ...known.keys()])];
    return targets.map((target) => ({ target, state: known.get(target) ?? 'closed' }));
  }

  private async probe(service: HealthService, check: HealthCheckKind): Promise<HealthProbe> {
    try {
      const body = await this.options.clients[service].get<unknown>(ROUTES[service][check]);
      return fromAnswer(service, check, body, this.now());
    } catch (error) {
      return fromFailure(service, check, error, this.now());
    }
  }
}

/**
 * The probes' own transport and clients over the configuration: the configured Data API key (never a
 * caller's: one answer serves every caller), the upstream deadline, no retry, and a breaker that
 * never opens (a probe must see the service, not the gateway's memory of it).
 */
export function healthProbeClients(
  config: Config,
  observer: HttpObserver,
  dispatcher?: DispatcherFactory,
): { transport: HttpTransport; clients: Record<HealthService, RestClient> } {
  const transport = new HttpTransport(
    {
      timeoutMs: config.upstreamTimeoutMs,
      connections: 2,
      retries: 0,
      breaker: { threshold: Number.MAX_SAFE_INTEGER, cooldownMs: config.breakerCooldownMs, targets: new Map() },
      dispatcher,
    },
    observer,
  );
  const cache = new NoCache();
  const dataApi = new DataApiClient({ transport, cache, baseUrl: config.dataApiUrl, keyHeaders: config.dataApiKeyHeaders, apiKey: config.dataApiKey });
  const metrics = new MetricsClient({ transport, cache, baseUrl: config.metricsUrl });
  return { transport, clients: { 'data-api': dataApi.rest, metrics: metrics.rest } };
}
