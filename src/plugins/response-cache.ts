/**
 * The response cache (@graphql-yoga/plugin-response-cache): a repeated read is answered from memory,
 * with no execution and no upstream call, for as long as the least durable data in it stays true.
 *
 * TTLs come from the upstream layer's caching policy (src/upstream/transport/ttl.ts): a response lives as
 * long as the shortest TTL of the types and fields it contains, and a response that contains none
 * of the listed ones lives `TTL.moving`. Anything that moves with a chain's head (accounts, lists of
 * latest items, node reads at the tip, staking) is listed as moving, so a long TTL only applies to
 * answers made of immutable data alone (blocks and transactions by id, assets). Answers with errors
 * are never cached; nothing invalidates an entry early (the gateway cannot know of upstream changes).
 *
 * Entries are partitioned by the caller's API key (its fingerprint; `anon` without one): nothing is
 * served across keys; with FEDERATION_SECRET, by whether the caller is the router too. With
 * REDIS_URL the entries live in Redis, shared by the replicas (src/redis/shared.ts). GET answers
 * carry `ETag` (and `If-None-Match` gets a 304) and `cache-control`.
 */
import { createHash } from 'node:crypto';
import { useResponseCache, type BuildResponseCacheKeyFunction, type Cache } from '@graphql-yoga/plugin-response-cache';
import stableStringify from 'fast-json-stable-stringify';
import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import { usesIncrementalDelivery } from './incremental-delivery.js';
import { ENTRY_OVERHEAD_BYTES, stringBytes, type AccountedCache } from '../memory.js';
import { decode, encode } from '../redis/codec.js';
import { keyFingerprint } from '../upstream/transport/cache.js';
import { Upstreams } from '../upstream/index.js';
import { TTL } from '../upstream/transport/ttl.js';

const MOVING = [
  // Types whose fields move with the head of a chain or with staking.
  'Account',
  'NativeBalance',
  'TokenContract',
  'Network',
  'PChain',
  'XChain',
  'Validator',
  'L1Validator',
  'CurrentDelegator',
  'Delegator',
  'InterchainMessage',
  'Utxo',
  'PChainUtxo',
  'XChainUtxo',
  'XChainNodeUtxo',
  'PChainBalance',
  'XChainBalance',
  'MetricPoint',
  // Fields of longer-lived types that read the moving part.
  'Query.icmMessages',
  'Chain.blocks',
  'Chain.block',
  'Chain.latestBlockNumber',
  'Chain.feeConfig',
  'Chain.activeRules',
  'Chain.activePrecompiles',
  'Chain.validators',
  'Chain.avgTps',
  'Chain.address',
  'Blockchain.status',
];
const REGISTRY = ['Chain', 'Blockchain', 'NetworkToken', 'Query.chains', 'XChainTxFee', 'SignedMessage', 'ChainConfiguration'];
/**
 * Answers of one key's account (webhooks, usage, logs, export jobs) are never kept: the key's own
 * writes change them at once, and a stale webhook list would hide them.
 */
const NEVER = ['Query.dataApiAccount', 'DataApiAccount', 'Webhook', 'TransactionExportJob'];
const SLOW = ['NftCollection', 'NftToken', 'NftMetadata'];
/**
 * X-Chain transactions never change, from either source. A P-Chain transaction is not here: the Data
 * API's record of a staking transaction gains its reward transaction when the period ends.
 */
const IMMUTABLE = ['Block', 'Transaction', 'InternalTransaction', 'TokenTransfer', 'XChainBlock', 'XChainTransaction', 'PChainBlock', 'Vertex'];

export function responseCacheTtls(): Record<string, number> {
  return {
    ...Object.fromEntries(IMMUTABLE.map((c) => [c, TTL.immutable])),
    XChainAssetDetails: TTL.immutableLong,
    ...Object.fromEntries(SLOW.map((c) => [c, TTL.slow])),
    ...Object.fromEntries(REGISTRY.map((c) => [c, TTL.registry])),
    ...Object.fromEntries(MOVING.map((c) => [c, TTL.moving])),
    ...Object.fromEntries(NEVER.map((c) => [c, 0])),
  };
}

/**
 * The plugin's own key (the SHA-256 of document, operation name, variables and session, in hex),
 * computed synchronously: the plugin's default hashes with WebCrypto's `subtle.digest`, a job on
 * libuv's thread pool whose answer comes back a loop turn later, which every operation, hit or
 * miss, waited for before executing. Same input, same hash: entries other replicas wrote stay hits.
 */
export const responseCacheKey: BuildResponseCacheKeyFunction = ({ documentString, operationName, variableValues, sessionId }) =>
  createHash('sha256')
    .update([documentString, operationName ?? '', stableStringify(variableValues ?? {}), sessionId ?? ''].join('|'))
    .digest('hex');

/**
 * The response cache's store in this process (and Redis's stand-in while Redis is down): each answer
 * kept as its JSON text, weighing the bytes of its text and id plus a fixed overhead, at most
 * `maxEntries` answers and `maxBytes` bytes (RESPONSE_CACHE_MAX_ENTRIES, RESPONSE_CACHE_MAX_BYTES).
 * A hit parses the text again. No index from entities to answers is kept: nothing invalidates an
 * entry early (`invalidateViaMutation: false`), so `invalidate` has nothing to do.
 */
export function responseCacheStore(maxEntries: number, maxBytes: number): Cache & AccountedCache {
  const lru = new LRUCache<string, { text: string; size: number }>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (entry) => entry.size });
  return {
    get: (id) => {
      const kept = lru.get(id);
      return kept ? (decode(kept.text) as ExecutionResult | undefined) : undefined;
    },
    set: (id, data, _entities, ttl) => {
      const text = encode(data);
      if (text === undefined) return;
      lru.set(id, { text, size: stringBytes(id) + stringBytes(text) + ENTRY_OVERHEAD_BYTES }, Number.isFinite(ttl) && ttl > 0 ? { ttl } : {});
    },
    invalidate: () => undefined,
    get size() {
      return lru.size;
    },
    get calculatedSize() {
      return lru.calculatedSize;
    },
  };
}

/**
 * Which partitions the cache serves (RESPONSE_CACHE_KNOWN_KEYS). An answer can only be served back to
 * the key that asked for it, so an operation of a key this process has not seen (among the last `max`
 * keys) runs without the cache: no cache key is hashed, no `__typename` is added, nothing is looked
 * up, walked or stored. The key is remembered, and from its next operation on the cache takes part.
 * A crowd of one-off keys then costs the cache nothing, neither CPU nor room that real repeats need.
 * Keys are remembered by their fingerprint (16 characters), so the set is bounded in count and bytes.
 * `max` 0: every operation takes part, from a key's first.
 */
export function knownSessions(max: number) {
  const seen = max > 0 ? new LRUCache<string, true>({ max }) : undefined;
  return {
    /** Whether the cache serves this session now; remembers it for the next time. */
    admits(session: string): boolean {
      if (!seen || seen.get(session)) return true;
      seen.set(session, true);
      return false;
    },
  };
}

/**
 * `cache`: where entries live (Redis with REDIS_URL, else `responseCacheStore`).
 * `knownKeys`: RESPONSE_CACHE_KNOWN_KEYS (see `knownSessions`).
 * `isRouter` (with FEDERATION_SECRET): the router's answers are a partition of their own, so that no
 * caller without the secret is served one.
 */
export function useGatewayResponseCache(cache: Cache, knownKeys: number, isRouter?: (request: Request) => boolean): Plugin[] {
  // Operations with @defer or @stream are neither stored nor answered here: a stored answer would be
  // the whole of a stream, sent to a client that asked for one as a single payload, and the notices
  // of its later payloads would be lost in the merge. Their upstream reads are still cached.
  const incremental = new WeakSet<object>();
  // One decision per request, made where the plugin first asks (its conditional-GET check or its session).
  const sessions = knownSessions(knownKeys);
  const admitted = new WeakMap<Request, { session: string; admitted: boolean }>();
  const partitionOf = (request: Request) => {
    let decided = admitted.get(request);
    if (!decided) {
      const session = `${keyFingerprint(Upstreams.callerKey(request.headers))}${isRouter?.(request) ? ':router' : ''}`;
      decided = { session, admitted: sessions.admits(session) };
      admitted.set(request, decided);
    }
    return decided;
  };
  const markIncremental: Plugin = {
    onExecute({ args }) {
      if (usesIncrementalDelivery(args.document)) incremental.add(args.contextValue);
    },
  };
  const headers: Plugin = {
    // How long a client or CDN may keep a GET answer the cache stored (a key's answers only privately).
    onResultProcess({ request, result }) {
      if (request.method !== 'GET' || !result || Array.isArray(result) || Symbol.asyncIterator in result) return;
      const extensions = (result as { extensions?: Record<string, any> }).extensions;
      const meta = extensions?.responseCache as { hit?: boolean; didCache?: boolean; ttl?: number } | undefined;
      if (!meta || (!meta.hit && !meta.didCache)) return;
      const scope = Upstreams.callerKey(request.headers) ? 'private' : 'public';
      const http = (extensions!.http ||= {}) as { headers?: Record<string, string> };
      http.headers = { ...http.headers, 'cache-control': meta.didCache ? `${scope}, max-age=${Math.floor((meta.ttl ?? 0) / 1000)}` : `${scope}, no-cache` };
    },
  };
  return [
    markIncremental,
    useResponseCache({
      cache,
      enabled: (request, context) => partitionOf(request).admitted && !incremental.has(context),
      session: (request) => partitionOf(request).session,
      // The plugin makes a key for every request; one the cache will not serve needs no hash.
      buildResponseCacheKey: (input) => (input.request && !partitionOf(input.request).admitted ? 'unserved' : responseCacheKey(input)),
      ttl: TTL.moving,
      ttlPerSchemaCoordinate: responseCacheTtls(),
      // Entities of the mutation's answer (a signed message) do not appear in cached reads.
      invalidateViaMutation: false,
      includeExtensionMetadata: true,
    }),
    headers,
  ];
}
