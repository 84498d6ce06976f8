/**
 * What the in-process caches hold, in the bytes they really take: every cache keeps strings (the
 * serialized answer, the document's text) and is bounded by lru-cache's `maxSize`, each entry weighed
 * by `stringBytes` of what it keeps plus a fixed per-entry overhead. The bounds are configuration
 * (CACHE_MAX_BYTES, RESPONSE_CACHE_MAX_BYTES, DOCUMENT_CACHE_MAX_BYTES, APQ_MAX_BYTES), documented in
 * docs/operations.md#caches-and-memory with the total they add up to.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Bytes a string takes in V8's heap: one per character when every character is Latin-1 (V8's
 * one-byte strings: JSON answers and documents almost always are), two otherwise, plus its header.
 */
export function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex
  return STRING_HEADER_BYTES + (/[^\u0000-\u00ff]/.test(text) ? 2 * text.length : text.length);
}

const STRING_HEADER_BYTES = 16;

/**
 * What one lru-cache entry costs beside the strings it keeps: its Map entry and its slots in the
 * cache's key, value, TTL and link arrays (79 bytes measured with TTLs on Node 20, heap and array
 * buffers over 100,000 entries in a cache of 100,000 slots), and the small record the gateway keeps
 * per entry. lru-cache allocates its slot arrays for its entry cap up front (about 52 bytes a
 * slot), which the entry caps' defaults keep small.
 */
export const ENTRY_OVERHEAD_BYTES = 128;

/**
 * Heap bytes a parsed document (graphql-js AST with locations, as yoga keeps it) takes per character
 * of its text, its text included: 44 measured over the test suite's 46 documents on Node 20; counted
 * as 48. An estimate, as an AST's size is not observable from JavaScript; a document's text is exact.
 */
export const DOCUMENT_BYTES_PER_CHARACTER = 48;

/** The caches whose accounted bytes `/metrics` reports (`avalanche_graph_cache_bytes{cache}`) and the memory run prints. */
export const CACHE_NAMES = ['upstream', 'response', 'documents', 'apq'] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

/** What a cache has accounted for: its entries and the bytes they weigh. lru-cache's LRUCache is one. */
export interface AccountedCache {
  readonly size: number;
  readonly calculatedSize: number;
}

/** The process's in-process caches by name, filled as the gateway builds them. */
export type CacheRegistry = Map<CacheName, AccountedCache>;

/**
 * Gives back to the system the heap that building the gateway left behind: one full collection of
 * V8's memory-reducing kind (the `last-resort` flavour of its `gc` extension, which compacts and
 * shrinks the young generation), run once before the listener opens, so no request waits for it.
 * Building the schema and its plugins grows the young generation to its maximum; V8's own memory
 * reducer gives it back only after some 30 s of idleness. Node 24 (V8 13) honours the flavour:
 * about 40 MiB of RSS at start (docs/benchmarks.md#memory); on Node 20 the call is an ordinary full
 * collection and changes little. `gc` is taken from a fresh context (as jest's leak detector does),
 * so no global `gc` is left for other code.
 */
export function settleHeap(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: string; execution: string; flavor: string }) => void;
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
