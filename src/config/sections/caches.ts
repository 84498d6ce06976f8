/** The caches' bounds (their bytes from MEMORY_LIMIT_MB), automatic persisted queries and trusted documents. */
import { isManifestUrl, manifestName, readManifest } from '../../lib/document-manifest.js';
import { oneOf, whole } from '../parse.js';
import { ConfigError, section, unset, variable, type Parser } from '../variable.js';
import { MEMORY_SHARES, memoryShare, MIB } from './overload.js';

/**
 * The JSON manifests of trusted documents, comma-separated (one per app and version): files' paths,
 * each read here so that a bad one stops the start, or HTTP(S) URLs, fetched as the gateway starts
 * (src/lib/document-manifest.ts: codegen's or Apollo's format).
 */
const manifests: Parser<string[]> = {
  accepts:
    "JSON manifests from document id to document, comma-separated, each a file's path or an `http(s)://` URL (codegen's `persisted-documents.json`, Apollo's `persisted-query-manifest.json`)",
  parse(raw, name) {
    const sources = [...new Set(raw.split(',').map((source) => source.trim()).filter(Boolean))];
    for (const source of sources) {
      try {
        if (!isManifestUrl(source)) readManifest(source);
        else if (!URL.canParse(source)) throw new Error(`${manifestName(source)} is not a URL`);
      } catch (error) {
        throw new ConfigError(name, (error as Error).message);
      }
    }
    return sources;
  },
};

export const caches = section('caches', {
  CACHE_MAX_ENTRIES: variable(whole(1, 10_000_000), {
    default: 10_000,
    meaning: 'The most entries in the shared cache of upstream answers (across requests; partitioned by API key).',
    see: 'operations.md#caches',
  }),
  CACHE_MAX_BYTES: variable(whole(1024, 8 * 1024 * MIB), {
    default: memoryShare(MEMORY_SHARES.upstreamCache, '`MEMORY_LIMIT_MB` / 16 (32 MiB at 512)'),
    meaning:
      'The most bytes the shared cache of upstream answers holds: each answer is kept as its JSON text and weighs the bytes of its text and key plus a fixed overhead.',
    see: 'operations.md#caches-and-memory',
  }),
  DOCUMENT_CACHE_MAX_BYTES: variable(whole(64 * 1024, 1024 * MIB), {
    default: memoryShare(MEMORY_SHARES.documentCache, '`MEMORY_LIMIT_MB` / 32 (16 MiB at 512)'),
    meaning:
      'The most bytes of parsed and validated documents kept so that a repeated document is not parsed again (a document weighs 48 bytes per character of its text, as measured).',
    see: 'operations.md#caches-and-memory',
  }),
  TRUSTED_DOCUMENTS: variable(manifests, {
    primary: true,
    default: unset('unset: any document runs'),
    meaning:
      'Only the documents of these manifests run, asked for by id; any other is refused before it is parsed. Each is checked against the schema, and read again without a restart on `SIGHUP`, when its file changes (looked at every second) and when its URL answers something new (asked every 30 s, with the validators of its last answer): a manifest that does not read or check, or a URL that cannot be fetched, keeps the documents before it (and the reason is logged). A URL is fetched as the gateway starts; one that cannot be stops the start.',
    see: 'clients.md#persisted-documents',
  }),
  TRUSTED_DOCUMENTS_MODE: variable(oneOf(['enforce', 'log'] as const), {
    default: 'enforce',
    meaning:
      '`log`: documents outside the manifests run too, each logged (its operation name and a hash of its text) and counted in `avalanche_graph_untrusted_documents_total`: to roll a manifest out before enforcing it.',
    see: 'clients.md#persisted-documents',
  }),
  APQ_MAX_DOCUMENTS: variable(whole(1, 1_000_000), {
    default: 1000,
    meaning: 'The most documents registered by automatic persisted queries, per process.',
    see: 'clients.md#persisted-documents',
  }),
  APQ_MAX_BYTES: variable(whole(64 * 1024, 1024 * MIB), {
    default: memoryShare(MEMORY_SHARES.apq, '`MEMORY_LIMIT_MB` / 64 (8 MiB at 512)'),
    meaning: 'The most bytes of documents registered by automatic persisted queries: a document weighs the bytes of its text and hash plus a fixed overhead.',
    see: 'operations.md#caches-and-memory',
  }),
  RESPONSE_CACHE_MAX_ENTRIES: variable(whole(0, 1_000_000), {
    default: 1000,
    meaning: 'The most whole answers the response cache keeps; `0` turns it off.',
    see: 'operations.md#response-cache',
  }),
  RESPONSE_CACHE_KNOWN_KEYS: variable(whole(0, 1_000_000), {
    default: 10_000,
    meaning:
      'How many API keys (as fingerprints) the response cache remembers having seen: the first operation of a key it does not remember runs without the cache (its answers could only be served back to that key), and from its next operation on the cache serves and stores its answers. `0`, or with `REDIS_URL` (another replica may hold the answer): the cache takes part from every key\'s first operation.',
    see: 'operations.md#response-cache',
  }),
  RESPONSE_CACHE_MAX_BYTES: variable(whole(64 * 1024, 1024 * MIB), {
    default: memoryShare(MEMORY_SHARES.responseCache, '`MEMORY_LIMIT_MB` / 32 (16 MiB at 512)'),
    meaning:
      'The most bytes the response cache holds in this process: each answer is kept as its JSON text and weighs the bytes of its text and key plus a fixed overhead.',
    see: 'operations.md#caches-and-memory',
  }),
});
