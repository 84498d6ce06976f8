/**
 * One operation's view of the upstreams: the limits that hold for the calls of one GraphQL operation
 * (its request budget and its deadline) and for the client that sent it (upstream calls per
 * second). Calls refused here are never sent; calls made wait no longer than the deadline.
 */
import { LRUCache } from 'lru-cache';
// The classes' own files, not the package's index, which loads every store it supports (~3 MiB).
import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js';
import RateLimiterRes from 'rate-limiter-flexible/lib/RateLimiterRes.js';
import { UpstreamError, type UpstreamService } from './errors.js';
import type { HttpCall, HttpObserver, RefusalReason, Transport } from './call.js';

/**
 * The operation's deadline. `race` settles a call's promise at the deadline at the latest (a late
 * answer is dropped for this operation; a call shared with other operations goes on for them).
 */
export class OperationDeadline {
  private readonly at: number;
  /** One timer for the whole operation, armed while some call waits, firing every waiter at once. */
  private timer: NodeJS.Timeout | undefined;
  private readonly waiting = new Set<() => void>();

  constructor(readonly timeoutMs: number) {
    this.at = performance.now() + timeoutMs;
  }

  get expired(): boolean {
    return performance.now() >= this.at;
  }

  error(service: UpstreamService, route: string): UpstreamError {
    return new UpstreamError({
      service,
      kind: 'timeout',
      route,
      upstreamMessage: `the operation reached its deadline of ${this.timeoutMs} ms (OPERATION_TIMEOUT_MS)`,
    });
  }

  race<T>(promise: Promise<T>, service: UpstreamService, route: string): Promise<T> {
    if (this.expired) {
      promise.catch(() => undefined);
      return Promise.reject(this.error(service, route));
    }
    return new Promise<T>((resolve, reject) => {
      const onDeadline = () => reject(this.error(service, route));
      this.waiting.add(onDeadline);
      this.arm();
      const settle = () => {
        this.waiting.delete(onDeadline);
        if (this.waiting.size === 0 && this.timer) {
          clearTimeout(this.timer);
          this.timer = undefined;
        }
      };
      promise.then(
        (value) => {
          settle();
          resolve(value);
        },
        (error: unknown) => {
          settle();
          reject(error);
        },
      );
    });
  }

  private arm(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const waiters = [...this.waiting];
      this.waiting.clear();
      for (const fire of waiters) fire();
    }, Math.max(0, this.at - performance.now()));
    this.timer.unref();
  }
}

/** A rate limiter's answer to a call: whether it may go, and what is left of its second. */
export interface RateLimitAnswer {
  granted: boolean;
  /** Calls left in the client's current second (0 when refused). */
  remaining: number;
  /** Milliseconds until the client's second ends and its budget is whole again. */
  msBeforeNext: number;
}

/** A rate limiter other replicas share (rate-limiter-flexible's RateLimiterRedis). Never throws. */
export interface SharedRateLimiter {
  /** Takes one point: its answer, or `unavailable` when it cannot be asked. */
  consume(client: string): Promise<RateLimitAnswer | 'unavailable'>;
}

/** A client's upstream rate as the `RateLimit-*` answer headers tell it (src/plugins/rate-limit-headers.ts). */
export interface RateLimitState {
  /** Upstream calls a second the client may cause. */
  limit: number;
  /** Calls left in its current second, as this process last learnt. */
  remaining: number;
  /** Whole seconds until the budget is whole again (at least 1: the window is a second). */
  resetSeconds: number;
}

/** rate-limiter-flexible's result, granted or not, as an answer. */
export function rateLimitAnswer(granted: boolean, result: RateLimiterRes): RateLimitAnswer {
  return { granted, remaining: granted ? result.remainingPoints : 0, msBeforeNext: result.msBeforeNext };
}

/** Why a client's call was refused for its rate: its own (a consumer's) or every client's. */
function clientRateMessage(limit: ClientRateLimit, client: string): string {
  const rate = limit.rate(client);
  if (rate !== limit.callsPerSecond) return `this consumer made more than ${rate} upstream requests in a second (its \`upstreamCallsPerSecond\` in AUTH_CONSUMERS)`;
  return `this client made more than ${rate} upstream requests in a second (CLIENT_UPSTREAM_CALLS_PER_SECOND)`;
}

/** Clients whose latest answer is remembered for their `RateLimit-*` headers (each for the rest of its second). */
const REMEMBERED_CLIENTS = 10_000;

/**
 * Upstream calls per second per client, over all its operations (memory-bounded: a record lives one
 * second). With a shared limiter (Redis), the budget is over all replicas; while it cannot be asked
 * (Redis down or failing) the in-process limiter stands in as the insurance, per replica. Each
 * client's latest answer is kept until its second ends, for `state` (what the answer headers say).
 */
export class ClientRateLimit {
  /** The limiters of each rate in use: CLIENT_UPSTREAM_CALLS_PER_SECOND's, and each consumer's own (a handful). */
  private readonly limiters = new Map<number, { memory: RateLimiterMemory; shared?: SharedRateLimiter }>();
  /** Each client's latest answer: the calls left and when its second ends (performance.now() time). */
  private readonly latest = new LRUCache<string, { remaining: number; endsAt: number }>({ max: REMEMBERED_CLIENTS });

  constructor(
    readonly callsPerSecond: number,
    /** The shared limiter (Redis) of a rate, made once per rate. */
    private readonly shared?: (callsPerSecond: number) => SharedRateLimiter,
    /** A client's own rate in place of `callsPerSecond`, where it has one (a consumer's). */
    private readonly rateOf?: (client: string) => number | undefined,
  ) {}

  /** The calls a second `client` may cause. */
  rate(client: string): number {
    return this.rateOf?.(client) ?? this.callsPerSecond;
  }

  /** Takes one call from the client's budget; resolves to the seconds to wait when it is spent, else undefined. */
  async take(client: string): Promise<number | undefined> {
    const rate = this.rate(client);
    let limiter = this.limiters.get(rate);
    if (!limiter) this.limiters.set(rate, (limiter = { memory: new RateLimiterMemory({ points: rate, duration: 1 }), shared: this.shared?.(rate) }));
    const shared = await limiter.shared?.consume(client);
    const answer =
      shared && shared !== 'unavailable'
        ? shared
        : await limiter.memory.consume(client, 1).then(
            (result) => rateLimitAnswer(true, result),
            (refusal: unknown) => {
              if (refusal instanceof RateLimiterRes) return rateLimitAnswer(false, refusal);
              throw refusal;
            },
          );
    this.latest.set(client, { remaining: answer.remaining, endsAt: performance.now() + answer.msBeforeNext });
    return answer.granted ? undefined : Math.max(1, Math.ceil(answer.msBeforeNext / 1000));
  }

  /** The client's rate, and what is left of it as this process last learnt (its whole budget once that second has ended). */
  state(client: string): RateLimitState {
    const limit = this.rate(client);
    const latest = this.latest.get(client);
    const left = latest ? latest.endsAt - performance.now() : 0;
    if (!latest || left <= 0) return { limit, remaining: limit, resetSeconds: 1 };
    return { limit, remaining: Math.min(limit, latest.remaining), resetSeconds: Math.max(1, Math.ceil(left / 1000)) };
  }
}

/**
 * What one operation cost upstream, as its access line (src/observability/request-log.ts) and its span
 * (src/observability/tracing-sdk.ts) both report it, and its client, named as its limits name it. Each count is
 * one increment where the thing happens; nothing else is kept per call.
 */
export class OperationUsage {
  /**
   * Requests sent (HttpTransport, when the first attempt goes out): a retry is not counted again, a
   * JSON-RPC batch is one, a call refused unsent (budget, deadline, client rate, an upstream's
   * Retry-After window, an open breaker) is none.
   */
  requests = 0;
  /**
   * Calls answered without a request of the operation's own (UpstreamCache.getOrFetch): kept in the
   * shared cache (memory or Redis), or joining an identical request in flight. A call the operation
   * already made (its memo) is neither.
   */
  cacheAnswers = 0;
  /** Bytes of the upstream answers the operation read, sent or from the shared cache (`hold`). */
  bytes = 0;

  constructor(
    readonly client: string,
    /** MAX_OPERATION_BYTES: `hold` says no past it. */
    readonly maxBytes = Infinity,
    /** Where the request's bytes are counted against the process's budget (its admission ticket). */
    private readonly holder?: { hold(bytes: number): void },
  ) {}

  /**
   * Counts an answer's bytes the operation now holds (as its text: one byte a character); false once
   * the operation holds more than MAX_OPERATION_BYTES (the answer is then dropped, not handed on).
   */
  hold(bytes: number): boolean {
    this.bytes += bytes;
    this.holder?.hold(bytes);
    return this.bytes <= this.maxBytes;
  }

  /** The error of a call whose answer took the operation past MAX_OPERATION_BYTES. */
  tooLarge(service: UpstreamService, route: string): UpstreamError {
    return new UpstreamError({
      service,
      kind: 'budget',
      route,
      upstreamMessage: `the operation's upstream answers take more than ${this.maxBytes} bytes (MAX_OPERATION_BYTES); ask for fewer or smaller lists`,
    });
  }
}

export interface OperationLimits {
  /** Most upstream requests of the operation (MAX_UPSTREAM_CALLS). */
  budget: number;
  deadline: OperationDeadline;
  /** The client's rate limit and its identity (a key fingerprint or an address, never a raw key). */
  clientLimit?: { limit: ClientRateLimit; client: string };
}

/**
 * The transport an operation's clients send through: refuses, without sending, a call past the
 * operation's budget, after its deadline, or past its client's rate; bounds the rest by the deadline.
 */
export function operationTransport(transport: Transport, limits: OperationLimits, observer: HttpObserver = {}): Transport & { used(): number } {
  let used = 0;
  const refuse = (call: HttpCall, reason: RefusalReason, details: Omit<ConstructorParameters<typeof UpstreamError>[0], 'service' | 'route'>) => {
    observer.onRefusedCall?.({ service: call.service, route: call.route, reason });
    call.trace?.refused(reason);
    return Promise.reject(new UpstreamError({ service: call.service, route: call.route, ...details }));
  };
  return {
    async json(call) {
      if (limits.deadline.expired) {
        observer.onRefusedCall?.({ service: call.service, route: call.route, reason: 'operation-timeout' });
        call.trace?.refused('operation-timeout');
        throw limits.deadline.error(call.service, call.route);
      }
      if (used >= limits.budget) {
        return refuse(call, 'budget', {
          kind: 'budget',
          upstreamMessage: `the operation needs more than ${limits.budget} upstream requests (MAX_UPSTREAM_CALLS); ask for fewer items or fewer nested lists`,
        });
      }
      used++;
      if (limits.clientLimit) {
        const retryAfter = await limits.clientLimit.limit.take(limits.clientLimit.client);
        if (retryAfter !== undefined) {
          return refuse(call, 'client-rate', {
            kind: 'rate-limited',
            retryAfter,
            upstreamMessage: clientRateMessage(limits.clientLimit.limit, limits.clientLimit.client),
          });
        }
      }
      // Not raced with the deadline here: the answer may be shared with other operations (the
      // cache's in-flight dedupe); each operation bounds its own wait (RequestMemo, RestClient.post).
      return transport.json(call);
    },
    used: () => used,
  };
}
