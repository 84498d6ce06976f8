/**
 * The shared, cross-request cache of upstream answers and the in-flight dedupe of identical calls.
 * Bounded by entries and by the bytes it really holds: an entry keeps the answer's JSON text (the
 * body it was parsed from, else the value serialized), not the parsed objects, which take several
 * times as much heap; a hit parses it again, so every caller also gets an answer of its own. An entry
 * weighs its key's and text's bytes plus a fixed overhead (src/memory.ts). Each entry has its own
 * TTL. Keys are built by the clients and always include the API-key fingerprint where a key is sent,
 * so nothing fetched with one caller's key is served to another.
 *
 * With a shared tier (Redis, REDIS_URL) the LRU stays in front of it: a miss here asks the shared
 * tier (which another replica may have filled) before the upstream, and an answer fetched here is
 * kept in both, with the same TTL. The in-flight dedupe stays in this process. A shared tier that
 * fails answers "miss" (see src/redis/store.ts): the LRU alone then serves, as without Redis.
 */
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { ENTRY_OVERHEAD_BYTES, stringBytes } from '../../memory.js';
import { decode, encode } from '../../redis/codec.js';

export interface CacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** A cache shared with other replicas, behind the LRU. */
  shared?: SharedCacheTier;
}

/** A cache other replicas share (keys are the same strings the LRU uses). Never throws. */
export interface SharedCacheTier {
  /** The value and the milliseconds it has left, or undefined (a miss, or the tier is down). */
  get(key: string): Promise<{ value: unknown; ttlMs: number } | undefined>;
  /** Keeps the value `ttlMs`; fire and forget. */
  set(key: string, value: unknown, ttlMs: number): void;
  /**
   * Resolves when the reads asked for in this tick have been answered (at once when there are none):
   * an uncacheable call waits for them, so the calls of one tick still reach the upstream together
   * (one EVM JSON-RPC batch).
   */
  settled(): Promise<void>;
}

/** A kept answer: its JSON text and how to read it back. */
export interface AnswerText {
  text: string;
  parse: (text: string) => unknown;
}

interface Entry extends AnswerText {
  size: number;
}

export class UpstreamCache {
  private readonly lru: LRUCache<string, Entry>;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly shared: SharedCacheTier | undefined;

  constructor(options: CacheOptions) {
    this.shared = options.shared;
    this.lru = new LRUCache<string, Entry>({
      max: options.maxEntries,
      maxSize: options.maxBytes,
      sizeCalculation: (entry) => entry.size,
      ttlAutopurge: false,
    });
  }

  /**
   * Returns the cached value, else joins an identical call in flight, else runs `fetch`.
   * `ttlMs` 0 means: share while in flight, do not keep afterwards. `usage` counts the answers that
   * needed no `fetch` of this caller's.
   */
  async getOrFetch<T>(key: string, ttlMs: number, fetch: () => Promise<T>, usage?: CacheUsage): Promise<T> {
    const hit = this.lru.get(key);
    if (hit) {
      if (usage) {
        usage.cacheAnswers++;
        // A hit is parsed into objects of the operation's own: it holds them as it would a fresh answer.
        usage.hold?.(hit.text.length);
      }
      return hit.parse(hit.text) as T;
    }
    const pending = this.inFlight.get(key);
    if (pending) {
      if (usage) usage.cacheAnswers++;
      return pending as Promise<T>;
    }
    const promise = (async () => {
      try {
        if (ttlMs > 0 && this.shared) {
          const remote = await this.shared.get(key);
          if (remote) {
            if (usage) usage.cacheAnswers++;
            const value = remote.value as T;
            this.keep(key, value, Math.min(ttlMs, remote.ttlMs));
            return value;
          }
        } else if (this.shared) {
          await this.shared.settled();
        }
        const value = await fetch();
        if (ttlMs > 0) {
          this.keep(key, value, ttlMs);
          this.shared?.set(key, value, ttlMs);
        }
        return value;
      } finally {
        this.inFlight.delete(key);
      }
    })();
    this.inFlight.set(key, promise);
    return promise;
  }

  /** How `getOrFetch` would answer the key now: kept here, joining a call in flight, or neither (tracing). */
  peek(key: string): 'hit' | 'in-flight' | undefined {
    if (this.lru.has(key)) return 'hit';
    return this.inFlight.has(key) ? 'in-flight' : undefined;
  }

  /** Keeps the value's text (a value JSON cannot hold faithfully is not kept: `encode`). */
  private keep(key: string, value: unknown, ttlMs: number): void {
    const answer = answerText(value);
    if (!answer) return;
    const size = stringBytes(key) + stringBytes(answer.text) + ENTRY_OVERHEAD_BYTES;
    this.lru.set(key, { text: answer.text, parse: answer.parse, size }, { ttl: ttlMs });
  }

  get size(): number {
    return this.lru.size;
  }

  get calculatedSize(): number {
    return this.lru.calculatedSize;
  }

  clear(): void {
    this.lru.clear();
  }
}

/** Where an operation counts the answers the cache gave it, and the bytes it now holds (its OperationUsage). */
export interface CacheUsage {
  cacheAnswers: number;
  hold?(bytes: number): unknown;
}

/**
 * A cache that keeps nothing and shares nothing: every call goes out. For live pollers, which must
 * see the head now (a cached page could hide a new block for its TTL) and are already one per subject.
 */
export class NoCache extends UpstreamCache {
  constructor() {
    super({ maxEntries: 1, maxBytes: 1 });
  }

  override getOrFetch<T>(_key: string, _ttlMs: number, fetch: () => Promise<T>): Promise<T> {
    return fetch();
  }
}

/**
 * The bodies upstream answers were parsed from, and their parser (set by the transport), so that
 * caching an answer keeps its body as it came instead of serializing the value again.
 */
export const answerTexts = new WeakMap<object, AnswerText>();

const decodeText = (text: string) => decode(text);

function answerText(value: unknown): AnswerText | undefined {
  if (value !== null && typeof value === 'object') {
    const known = answerTexts.get(value);
    if (known !== undefined) return known;
  }
  const text = encode(value);
  return text === undefined ? undefined : { text, parse: decodeText };
}

/** A short, one-way fingerprint of an API key, safe to put in a cache key (never logged). */
export function keyFingerprint(apiKey: string | undefined): string {
  if (!apiKey) return 'anon';
  return createHash('sha256').update(apiKey).digest('base64url').slice(0, 16);
}
