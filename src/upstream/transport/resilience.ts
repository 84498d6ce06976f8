/**
 * Not calling a sick or limiting upstream again and again:
 * - `RetryAfterWindows`: after a 429, calls to that upstream with the same key partition are refused
 *   unsent until its `Retry-After` has passed (other partitions are not affected);
 * - `OriginBreakers`: a circuit breaker per upstream origin (cockatiel): after BREAKER_THRESHOLD
 *   consecutive failures (timeouts, connection errors, 5xx, bodies that are not JSON) calls fail fast
 *   for BREAKER_COOLDOWN_MS, then one probe goes through and its outcome closes or reopens it.
 * Both keep bounded state: windows live in an LRU with their own TTL, breakers exist per configured
 * origin and per named chain endpoint (at most MAX_EXTRA_TARGETS; other origins share one).
 */
import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhen, type CircuitBreakerPolicy } from 'cockatiel';
import { LRUCache } from 'lru-cache';
import { UpstreamError, type UpstreamService } from './errors.js';

/** Seconds a 429 without `Retry-After` keeps the upstream closed for that partition. */
export const DEFAULT_RETRY_AFTER_S = 1;
/** Longest window honoured: a larger `Retry-After` is capped (a wrong header must not stop a key for a day). */
export const MAX_RETRY_AFTER_S = 3600;

/**
 * Windows other replicas share (Redis, REDIS_URL): a window one replica saw holds on all. Never
 * throws; `get` resolves undefined when there is none or the store is down.
 */
export interface SharedWindows {
  /** The end (epoch ms) of the partition's window, if one is open. */
  get(service: UpstreamService, origin: string, partition: string): Promise<number | undefined>;
  /** Records a window ending at `until`; fire and forget. */
  set(service: UpstreamService, origin: string, partition: string, until: number): void;
}

export class RetryAfterWindows {
  private readonly until = new LRUCache<string, number>({ max: 10_000, ttlAutopurge: false });

  constructor(private readonly shared?: SharedWindows) {}

  private key(service: UpstreamService, origin: string, partition: string): string {
    return `${service}|${origin}|${partition}`;
  }

  /** Records a 429; returns the seconds the window lasts. */
  limit(service: UpstreamService, origin: string, partition: string, retryAfter: number | undefined, now = Date.now()): number {
    const seconds = Math.min(MAX_RETRY_AFTER_S, Math.max(1, retryAfter ?? DEFAULT_RETRY_AFTER_S));
    this.until.set(this.key(service, origin, partition), now + seconds * 1000, { ttl: seconds * 1000 });
    this.shared?.set(service, origin, partition, now + seconds * 1000);
    return seconds;
  }

  /** Seconds left in the partition's window (rounded up), or undefined when calls may go out. */
  remaining(service: UpstreamService, origin: string, partition: string, now = Date.now()): number | undefined {
    const until = this.until.get(this.key(service, origin, partition));
    return until !== undefined && until > now ? Math.ceil((until - now) / 1000) : undefined;
  }

  /** `remaining`, also asking the shared windows when this process knows of none. */
  async remainingShared(service: UpstreamService, origin: string, partition: string): Promise<number | undefined> {
    const local = this.remaining(service, origin, partition);
    if (local !== undefined || !this.shared) return local;
    const until = await this.shared.get(service, origin, partition);
    const now = Date.now();
    if (until === undefined || until <= now) return undefined;
    this.until.set(this.key(service, origin, partition), until, { ttl: until - now });
    return Math.ceil((until - now) / 1000);
  }
}

export type BreakerStateName = 'closed' | 'half-open' | 'open';

export interface BreakerOptions {
  threshold: number;
  cooldownMs: number;
  /** Names of the configured origins (e.g. `data-api`, `node-rpc-mainnet`): labels, never URLs. */
  targets: Map<string, string>;
}

/** What counts against an origin's health: it answered badly or not at all (4xx and 429 are answers). */
export function isOriginFailure(error: unknown): boolean {
  if (!(error instanceof UpstreamError)) return false;
  if (error.kind === 'timeout' || error.kind === 'connection' || error.kind === 'invalid-json') return true;
  return error.kind === 'http' && error.status !== undefined && error.status >= 500;
}

interface Breaker {
  service: UpstreamService;
  policy: CircuitBreakerPolicy;
  openedAt: number;
}

export class OriginBreakers {
  private readonly breakers = new Map<string, Breaker>();

  constructor(private readonly options: BreakerOptions) {}

  /** Breakers beyond the configured ones; past this many, further targets share `other`. */
  static readonly MAX_EXTRA_TARGETS = 64;
  private extra = 0;

  private target(origin: string, named: string | undefined): string {
    const configured = this.options.targets.get(origin);
    if (configured) return configured;
    if (named && (this.breakers.has(named) || this.extra < OriginBreakers.MAX_EXTRA_TARGETS)) return named;
    return 'other';
  }

  private breaker(service: UpstreamService, origin: string, named: string | undefined): Breaker {
    const target = this.target(origin, named);
    let breaker = this.breakers.get(target);
    if (!breaker) {
      const policy = circuitBreaker(handleWhen(isOriginFailure), {
        halfOpenAfter: this.options.cooldownMs,
        breaker: new ConsecutiveBreaker(this.options.threshold),
      });
      const created: Breaker = { service, policy, openedAt: 0 };
      policy.onBreak(() => (created.openedAt = Date.now()));
      if (!this.options.targets.has(origin) && target !== 'other') this.extra++;
      this.breakers.set(target, created);
      breaker = created;
    }
    return breaker;
  }

  /** Runs one attempt through the origin's breaker; an open breaker refuses it unsent. */
  async run<T>(call: { service: UpstreamService; route: string; target?: string }, origin: string, attempt: () => Promise<T>): Promise<T> {
    const { service, route } = call;
    const breaker = this.breaker(service, origin, call.target);
    try {
      return await breaker.policy.execute(attempt);
    } catch (error) {
      if (error instanceof BrokenCircuitError) {
        const left = Math.max(1, Math.ceil((breaker.openedAt + this.options.cooldownMs - Date.now()) / 1000));
        throw new UpstreamError({
          service,
          kind: 'unavailable',
          route,
          retryAfter: left,
          upstreamMessage: `failing fast after ${this.options.threshold} consecutive failures; the next call probes it in about ${left} s`,
        });
      }
      throw error;
    }
  }

  /** The state of the breaker a call to `origin` goes through. */
  state(call: { service: UpstreamService; target?: string }, origin: string): BreakerStateName {
    return stateName(this.breaker(call.service, origin, call.target).policy.state);
  }

  /** The state of every breaker created so far. */
  states(): Array<{ service: UpstreamService; target: string; state: BreakerStateName }> {
    return [...this.breakers].map(([target, b]) => ({ service: b.service, target, state: stateName(b.policy.state) }));
  }
}

function stateName(state: CircuitState): BreakerStateName {
  if (state === CircuitState.Closed) return 'closed';
  if (state === CircuitState.HalfOpen) return 'half-open';
  return 'open';
}
