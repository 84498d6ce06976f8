/**
 * The parsed documents yoga keeps so that a repeated document is neither parsed nor validated again
 * (its validation result is kept beside the document, in a WeakMap). Yoga's own cache holds 1024
 * documents of any size, so a flood of distinct long documents could hold gigabytes; this one is
 * bounded in bytes too (DOCUMENT_CACHE_MAX_BYTES): a document weighs its text's length times the
 * heap an AST takes per character (src/memory.ts), and a document that failed to parse the same, for
 * its error (which keeps the text).
 */
import type { DocumentNode } from 'graphql';
import type { YogaServerOptions } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import { DOCUMENT_BYTES_PER_CHARACTER, ENTRY_OVERHEAD_BYTES } from '../memory.js';

/** As yoga's own cache: 1024 documents at most, each kept an hour at most. */
const MAX_DOCUMENTS = 1024;
const TTL_MS = 3_600_000;

type ParserCacheOptions = Exclude<YogaServerOptions<object, object>['parserAndValidationCache'], boolean | undefined>;

/** One LRU for yoga's two caches (parsed documents and parse errors), under one byte bound. */
export function documentCache(maxBytes: number): { lru: LRUCache<string, DocumentNode | Error>; options: ParserCacheOptions } {
  const lru = new LRUCache<string, DocumentNode | Error>({
    max: MAX_DOCUMENTS,
    ttl: TTL_MS,
    maxSize: maxBytes,
    sizeCalculation: (_value, text) => text.length * DOCUMENT_BYTES_PER_CHARACTER + ENTRY_OVERHEAD_BYTES,
  });
  return {
    lru,
    options: {
      documentCache: {
        get: (text) => {
          const kept = lru.get(text);
          return kept instanceof Error ? undefined : kept;
        },
        set: (text, document) => void lru.set(text, document),
      },
      errorCache: {
        get: (text) => {
          const kept = lru.get(text);
          return kept instanceof Error ? kept : undefined;
        },
        set: (text, error) => {
          if (error instanceof Error) lru.set(text, error);
        },
      },
    },
  };
}
