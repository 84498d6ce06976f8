/**
 * What replicas share through Redis, each behind the interface its in-process counterpart exposes:
 * the upstream cache's shared tier, the `Retry-After` windows, the client rate limiter and the
 * response cache. Key layout (prefix `avalanche-graph:` by default, REDIS_KEY_PREFIX):
 *
 * - `up:<sha256 of the cache key>`: an upstream answer (the cache key holds the service, the key
 *   partition and the path; hashing keeps URLs and addresses out of key names);
 * - `ra:<service>:<partition>:<sha256 of the origin, 16>`: the end of a Retry-After window;
 * - `rl:<client>`: the client rate limit (`key:<fingerprint>` or `ip:<address>`);
 * - `rc:<response id>`: a response-cache entry (the id hashes document, variables and session, the
 *   session being the key fingerprint);
 * - `lease:<subject>` and channel `live:<subject>`: live pollers (see live.ts).
 *
 * Partitions are key fingerprints (`keyFingerprint`): no key, value or channel holds an API key. Each
 * command names one key, so on a Redis Cluster the keys spread over every slot (see store.ts).
 */
import type { Cache } from '@graphql-yoga/plugin-response-cache';
import type { ExecutionResult } from 'graphql';
import { createHash } from 'node:crypto';
// From their own files: the package's index requires every store it supports (src/types/rate-limiter-flexible.d.ts).
import RateLimiterRedis from 'rate-limiter-flexible/lib/RateLimiterRedis.js';
import RateLimiterRes from 'rate-limiter-flexible/lib/RateLimiterRes.js';
import type { SharedCacheTier } from '../upstream/transport/cache.js';
import type { UpstreamService } from '../upstream/transport/errors.js';
import { rateLimitAnswer, type SharedRateLimiter } from '../upstream/transport/request.js';
import type { SharedWindows } from '../upstream/transport/resilience.js';
import { decode, encode } from './codec.js';
import { readWithTtl, type RedisStore } from './store.js';

/** Largest value kept in Redis (its encoded length); larger answers stay in the process's LRU only. */
export const MAX_SHARED_VALUE_BYTES = 4 * 1024 * 1024;

const hash = (text: string, length = 43) => createHash('sha256').update(text).digest('base64url').slice(0, length);

/**
 * The upstream cache's shared tier. The reads of one tick (GET and PTTL per key) go out together
 * (`readWithTtl`) and settle together, so calls that miss still reach the upstream in the same tick
 * (an EVM JSON-RPC batch stays one batch).
 */
export function redisCacheTier(store: RedisStore): SharedCacheTier {
  const keyOf = (key: string) => store.key('up', hash(key));
  type Read = { key: string | undefined; resolve: (hit: { value: unknown; ttlMs: number } | undefined) => void };
  let queue: Read[] = [];
  const enqueue = (key: string | undefined) =>
    new Promise<{ value: unknown; ttlMs: number } | undefined>((resolve) => {
      // After the promise jobs of this tick (as DataLoader schedules its batches).
      if (queue.length === 0) void Promise.resolve().then(() => process.nextTick(() => void flush()));
      queue.push({ key, resolve });
    });
  const flush = async () => {
    const all = queue;
    queue = [];
    const reads = all.filter((read): read is Read & { key: string } => read.key !== undefined);
    const answer = reads.length === 0 ? [] : await store.run('cache-get', (c) => readWithTtl(c, reads.map((read) => read.key)));
    reads.forEach((read, i) => {
      const [text, ttl] = answer?.[i] ?? [];
      const value = decode(text);
      read.resolve(value === undefined || typeof ttl !== 'number' || ttl <= 0 ? undefined : { value, ttlMs: ttl });
    });
    for (const waiter of all) if (waiter.key === undefined) waiter.resolve(undefined);
  };
  return {
    get(key) {
      if (!store.available()) return Promise.resolve(undefined);
      return enqueue(keyOf(key));
    },
    async settled() {
      // Always joins the tick's batch: a cacheable read of this tick may come after this call.
      if (store.available()) await enqueue(undefined);
    },
    set(key, value, ttlMs) {
      const text = encode(value);
      if (text === undefined || text.length > MAX_SHARED_VALUE_BYTES) return;
      void store.run('cache-set', (c) => c.set(keyOf(key), text, 'PX', Math.max(1, Math.round(ttlMs))));
    },
  };
}

export function redisWindows(store: RedisStore): SharedWindows {
  const keyOf = (service: UpstreamService, origin: string, partition: string) => store.key('ra', service, partition, hash(origin, 16));
  return {
    async get(service, origin, partition) {
      const text = await store.run('window-get', (c) => c.get(keyOf(service, origin, partition)));
      const until = text ? Number(text) : NaN;
      return Number.isFinite(until) ? until : undefined;
    },
    set(service, origin, partition, until) {
      const ttl = Math.max(1, until - Date.now());
      void store.run('window-set', (c) => c.set(keyOf(service, origin, partition), String(until), 'PX', ttl));
    },
  };
}

/** The client rate limit over all replicas; while Redis cannot be asked, each replica's own limiter stands in. */
export function redisRateLimiter(store: RedisStore, callsPerSecond: number): SharedRateLimiter {
  const limiter = new RateLimiterRedis({
    storeClient: store.client,
    keyPrefix: store.key('rl'),
    points: callsPerSecond,
    duration: 1,
    // Not queued while disconnected: fail at once, and ClientRateLimit falls back to memory.
    rejectIfRedisNotReady: true,
  });
  return {
    async consume(client) {
      const outcome = await store.run('rate-limit', () =>
        limiter.consume(client, 1).then(
          (result) => rateLimitAnswer(true, result),
          (refusal: unknown) => {
            // A spent budget is an answer, not a failure of Redis.
            if (refusal instanceof RateLimiterRes) return rateLimitAnswer(false, refusal);
            throw refusal;
          },
        ),
      );
      return outcome ?? 'unavailable';
    },
  };
}

/**
 * The response cache in Redis (every replica answers from the same entries). While Redis cannot be
 * asked, the replica uses the in-process `local` store instead (a miss there executes as usual).
 * Nothing invalidates an entry early (see `responseCacheStore`), so no index from entities to entries
 * is kept: an entry is one key.
 */
export function redisResponseCache(store: RedisStore, local: Cache): Cache {
  const entryKey = (id: string) => store.key('rc', id);
  return {
    async get(id) {
      if (!store.available()) return local.get(id);
      const text = await store.run('response-cache-get', (c) => c.get(entryKey(id)));
      return (decode(text) as ExecutionResult | undefined) ?? undefined;
    },
    async set(id, data, entities, ttl) {
      const text = encode(data);
      if (!store.available() || text === undefined || text.length > MAX_SHARED_VALUE_BYTES) return local.set(id, data, entities, ttl);
      const px = Number.isFinite(ttl) && ttl > 0 ? Math.round(ttl) : 24 * 3600 * 1000;
      await store.run('response-cache-set', (c) => c.set(entryKey(id), text, 'PX', px));
    },
    invalidate: (entities) => local.invalidate(entities),
  };
}
