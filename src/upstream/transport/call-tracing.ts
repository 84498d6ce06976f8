/**
 * What the upstream layer tells tracing (src/observability/tracing.ts) about an operation's calls. It knows no
 * OpenTelemetry: the clients of an operation get a tracer only when tracing is on, and each place
 * that reports to it does so behind one check of it (`transport.tracer`, `call.trace`).
 *
 * A call becomes one span: a request sent (with its retries, breaker state and status), or a call
 * answered without one, from the shared cache or by joining an identical request another operation
 * has in flight. A call the operation already made (its memo, its loaders) is not a new span.
 */
import type { CacheUsage, UpstreamCache } from './cache.js';
import type { UpstreamService } from './errors.js';
import type { HttpCall, RefusalReason, Transport } from './http.js';
import type { BreakerStateName } from './resilience.js';

/** How a call was answered without a request of its own: kept in the shared cache (memory or Redis), or joined in flight. */
export type ServedFrom = 'hit' | 'in-flight';

/** What the transport reports of one request it sends for a traced call (`HttpCall.trace`). */
export interface CallTrace {
  /** Adds the request's `traceparent` (and `tracestate`) to an attempt's headers. */
  inject(headers: Record<string, string>): void;
  /** An attempt goes out: 0 the first, 1 the first retry; with the state of the origin's breaker before it. */
  attempt(retry: number, breaker: BreakerStateName): void;
  /** The upstream answered this HTTP status. */
  status(code: number): void;
  /** The request was refused unsent. */
  refused(reason: RefusalReason): void;
}

/** A request's span, ended by the transport that started it. */
export interface RequestSpan extends CallTrace {
  end(error?: unknown): void;
}

/** One operation's tracer (src/observability/tracing.ts), given to its clients through their transport. */
export interface UpstreamTracer {
  /** Starts the span of a request; undefined while the operation has no span (before it runs, after it ended). */
  request(call: HttpCall): RequestSpan | undefined;
  /** Records a call answered without a request, from `startedAt` (`performance.now()`) to now. */
  served(where: { service: UpstreamService; route: string }, from: ServedFrom, startedAt: number, error?: unknown): void;
}

/** An operation's transport whose every request gets a span, a child of the operation's. */
export function tracedTransport(inner: Transport, tracer: UpstreamTracer): Transport {
  return {
    tracer,
    async json(call) {
      const span = tracer.request(call);
      if (!span) return inner.json(call);
      try {
        const value = await inner.json({ ...call, trace: span });
        span.end();
        return value;
      } catch (error) {
        span.end(error);
        throw error;
      }
    },
  };
}

/** A read of an operation's clients, as `cache.getOrFetch` takes it, with where it goes (its span's name). */
export interface CachedRead<T> {
  cache: UpstreamCache;
  key: string;
  ttlMs: number;
  where: { service: UpstreamService; route: string };
  fetch: () => Promise<T>;
  usage?: CacheUsage;
}

/**
 * `cache.getOrFetch`, recording a call the cache answered without `fetch` (whose request, if it
 * sends one, gets its span from `tracedTransport`).
 */
async function tracedGetOrFetch<T>(tracer: UpstreamTracer, { cache, key, ttlMs, where, fetch, usage }: CachedRead<T>): Promise<T> {
  const startedAt = performance.now();
  // Read before getOrFetch, which decides synchronously: kept, in flight, or (neither) Redis or the upstream.
  const before = cache.peek(key);
  let fetched = false;
  try {
    const value = await cache.getOrFetch(key, ttlMs, () => {
      fetched = true;
      return fetch();
    }, usage);
    if (!fetched) tracer.served(where, before ?? 'hit', startedAt);
    return value;
  } catch (error) {
    if (!fetched) tracer.served(where, before ?? 'hit', startedAt, error);
    throw error;
  }
}

/**
 * `cache.getOrFetch` for a read of an operation's clients: with a span for a call the cache answers
 * when the operation is traced (`tracer`), else the cache's own, with nothing in between.
 */
export function cachedRead<T>(tracer: UpstreamTracer | undefined, read: CachedRead<T>): Promise<T> {
  return tracer ? tracedGetOrFetch(tracer, read) : read.cache.getOrFetch(read.key, read.ttlMs, read.fetch, read.usage);
}
