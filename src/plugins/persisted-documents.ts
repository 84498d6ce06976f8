/**
 * Persisted documents, two ways:
 * - automatic persisted queries (APQ, Apollo's protocol; the default): a client sends the sha256 hash
 *   of its document in `extensions.persistedQuery`; on a miss (`PersistedQueryNotFound`) it sends the
 *   document once with the hash, and later requests (GETs that CDNs can cache) carry only the hash.
 *   Registered documents live in an LRU bounded by documents and bytes (APQ_MAX_DOCUMENTS,
 *   APQ_MAX_BYTES: a document weighs its text and hash plus a fixed overhead, src/memory.ts).
 * - trusted documents (`TRUSTED_DOCUMENTS=manifest.json`): only the documents of the manifests run,
 *   asked for by id; any other is refused before parsing (trusted-documents.ts).
 * Both are @graphql-yoga/plugin-persisted-operations; APQ registration is the small plugin below.
 */
import { createHash } from 'node:crypto';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { createGraphQLError, type GraphQLParams, type Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import type { ErrorCode } from '../errors.js';
import { ENTRY_OVERHEAD_BYTES, stringBytes, type AccountedCache } from '../memory.js';

function apqHash(params: GraphQLParams): string | null {
  const persisted = (params.extensions as { persistedQuery?: { version?: unknown; sha256Hash?: unknown } } | undefined)?.persistedQuery;
  return persisted && persisted.version === 1 && typeof persisted.sha256Hash === 'string' ? persisted.sha256Hash : null;
}

/** The document id of a request: the client preset's `documentId`, else the APQ hash. */
export function documentId(params: GraphQLParams): string | null {
  const id = (params as { documentId?: unknown }).documentId;
  return typeof id === 'string' ? id : apqHash(params);
}

/** The refusal of a request with no document, id or hash. */
export const keyRequired = {
  message: 'Must provide a query string, a documentId or a persisted query hash (extensions.persistedQuery.sha256Hash)',
  extensions: { code: 'BAD_REQUEST' satisfies ErrorCode, http: { status: 400 } },
};

/** The registered APQ documents by hash, at most `maxDocuments` documents and `maxBytes` bytes. */
export function apqStore(maxDocuments: number, maxBytes: number): LRUCache<string, string> & AccountedCache {
  return new LRUCache<string, string>({ max: maxDocuments, maxSize: maxBytes, sizeCalculation: (doc, hash) => stringBytes(hash) + stringBytes(doc) + ENTRY_OVERHEAD_BYTES });
}

/** APQ: documents register themselves with their hash; requests may then send the hash alone. */
export function useAutomaticPersistedQueries(store: LRUCache<string, string>): Plugin[] {
  const register: Plugin = {
    onParams({ params }) {
      const hash = apqHash(params);
      if (!params.query || hash === null) return;
      if (createHash('sha256').update(params.query).digest('hex') !== hash.toLowerCase()) {
        throw createGraphQLError('provided sha does not match query', {
          extensions: { code: 'PERSISTED_QUERY_HASH_MISMATCH' satisfies ErrorCode, http: { status: 400 } },
        });
      }
      store.set(hash.toLowerCase(), params.query);
    },
  };
  return [
    register,
    usePersistedOperations({
      allowArbitraryOperations: true,
      extractPersistedOperationId: (params) => apqHash(params)?.toLowerCase() ?? null,
      getPersistedOperation: (hash) => store.get(hash) ?? null,
      // Apollo clients resend the document on exactly this message.
      customErrors: { notFound: { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' satisfies ErrorCode } }, keyNotFound: keyRequired },
    }),
  ];
}
