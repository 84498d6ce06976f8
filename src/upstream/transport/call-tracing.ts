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
import type { Transport, UpstreamTracer } from './call.js';

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
