/**
 * Trusted documents (TRUSTED_DOCUMENTS): only the documents of the operator's manifests run, asked
 * for by id (`documentId`, as GraphQL Code Generator's client preset sends it, or the APQ hash); any
 * other document is refused before parsing. Several manifests (one per app and version, codegen's
 * format or Apollo's: src/lib/document-manifest.ts) make one set.
 *
 * The set changes without a restart: `reload` (on SIGHUP, and when a manifest's file changes, looked
 * at every WATCH_INTERVAL_MS) reads every manifest again and checks each document against the
 * schema; only when all read and check does the new set replace the old one, at once (requests in
 * flight keep the document they started with). Otherwise the old set stays and the reason is logged,
 * naming the manifest and the operation. TRUSTED_DOCUMENTS_MODE=log runs documents outside the set
 * too, each logged and counted, to roll a manifest out before enforcing it. An internal consumer
 * (AUTH_CONSUMERS, `internal: true`: an operator's GraphiQL, an internal tool) runs any document.
 */
import { createHash } from 'node:crypto';
import { unwatchFile, watchFile } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { GraphQLError, Kind, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import type { ErrorCode } from '../errors.js';
import { readManifest, type ManifestDocument } from '../lib/document-manifest.js';
import type { Logger } from '../observability/logger.js';
import { documentId, keyRequired } from './persisted-documents.js';

/** Untrusted documents remembered as logged (log mode): each is logged once while it is among them. */
const LOGGED_DOCUMENTS = 1_000;

/** How often a manifest's file is looked at for a change. */
export const WATCH_INTERVAL_MS = 1_000;

/** What is wrong with the documents of one manifest against the schema: one line per document, naming its operation. */
export function checkManifest(path: string, documents: readonly ManifestDocument[], schema: GraphQLSchema): string[] {
  const problems: string[] = [];
  for (const { id, document, name } of documents) {
    let parsed: DocumentNode;
    try {
      parsed = parse(document);
    } catch (error) {
      problems.push(`${path}: ${name ?? id}: ${(error as GraphQLError).message}`);
      continue;
    }
    const operation = parsed.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
    const label = (operation?.kind === Kind.OPERATION_DEFINITION ? operation.name?.value : undefined) ?? name ?? id;
    for (const error of validate(schema, parsed)) problems.push(`${path}: operation ${label}: ${error.message}`);
  }
  return problems;
}

/** Reads and checks every manifest: the set of documents by id, or what is wrong. */
function load(paths: readonly string[], schema: GraphQLSchema): { documents: Map<string, string> } | { problems: string[] } {
  const documents = new Map<string, string>();
  const problems: string[] = [];
  for (const path of paths) {
    let listed: ManifestDocument[];
    try {
      listed = readManifest(path);
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    problems.push(...checkManifest(path, listed, schema));
    for (const { id, document } of listed) documents.set(id, document);
  }
  return problems.length ? { problems } : { documents };
}

export class TrustedDocuments {
  private documents: ReadonlyMap<string, string>;
  private watching = false;

  /** Throws when the manifests do not read or check at start. */
  constructor(
    private readonly paths: readonly string[],
    private readonly schema: GraphQLSchema,
    private readonly logger: Logger,
    private readonly onReload?: (outcome: 'loaded' | 'kept') => void,
  ) {
    const loaded = load(paths, schema);
    if ('problems' in loaded) throw new Error(`TRUSTED_DOCUMENTS: ${loaded.problems.slice(0, 5).join('; ')}`);
    this.documents = loaded.documents;
  }

  /** The document of an id (or of `sha256:<id>`), if the set holds it. */
  get(id: string): string | undefined {
    return this.documents.get(id) ?? this.documents.get(`sha256:${id}`);
  }

  get size(): number {
    return this.documents.size;
  }

  /** Reads every manifest again; the new set replaces the old only if all read and check. Returns whether it did. */
  reload(why: string): boolean {
    const loaded = load(this.paths, this.schema);
    if ('problems' in loaded) {
      this.logger.warn({ problems: loaded.problems.slice(0, 20) }, `trusted documents not reloaded (${why}): the ${this.documents.size} documents before stay`);
      this.onReload?.('kept');
      return false;
    }
    this.documents = loaded.documents;
    this.logger.info(`trusted documents reloaded (${why}): ${loaded.documents.size} documents from ${this.paths.length} manifests`);
    this.onReload?.('loaded');
    return true;
  }

  /** Reloads when a manifest's file changes (its size or modification time). */
  watch(): void {
    if (this.watching) return;
    this.watching = true;
    for (const path of this.paths) {
      watchFile(path, { interval: WATCH_INTERVAL_MS, persistent: false }, (now, before) => {
        if (now.mtimeMs !== before.mtimeMs || now.size !== before.size) this.reload(`${path} changed`);
      });
    }
  }

  close(): void {
    if (!this.watching) return;
    this.watching = false;
    for (const path of this.paths) unwatchFile(path);
  }
}

/** The node request a server context carries (over HTTP and WebSocket). */
const reqOf = (context: unknown) => (context as { req?: IncomingMessage }).req;

/**
 * Only the set's documents run (`enforce`), or every document, those outside the set logged and
 * counted (`log`: told to `onUntrusted`).
 */
export function useTrustedDocuments(
  store: TrustedDocuments,
  mode: 'enforce' | 'log',
  logger: Logger,
  onUntrusted?: () => void,
  /** Whether a request's caller may run any document (an internal consumer), by the node request it came on. */
  mayRunAny?: (req: IncomingMessage | undefined) => boolean,
): Plugin[] {
  // The requests of callers that may run any document, marked before the check below asks.
  const unrestricted = new WeakSet<Request>();
  const bypass: Plugin = {
    onParams({ request, context }) {
      if (mayRunAny?.(reqOf(context))) unrestricted.add(request);
    },
  };
  const persisted = usePersistedOperations({
    allowArbitraryOperations: mode === 'log' ? true : (request) => unrestricted.has(request),
    extractPersistedOperationId: documentId,
    getPersistedOperation: (id) => store.get(id) ?? null,
    customErrors: {
      notFound: { message: 'Unknown document id: this gateway runs only the documents of its manifests (TRUSTED_DOCUMENTS)', extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' satisfies ErrorCode } },
      persistedQueryOnly: {
        message: 'This gateway runs only trusted documents: send the documentId of a document of its manifests instead of a query',
        extensions: { code: 'PERSISTED_QUERY_ONLY' satisfies ErrorCode, http: { status: 400 } },
      },
      keyNotFound: keyRequired,
    },
  });
  if (mode === 'enforce') return [bypass, persisted];
  // Each document logged the first time it is seen (of the last LOGGED_DOCUMENTS), counted every time.
  const logged = new LRUCache<string, true>({ max: LOGGED_DOCUMENTS });
  const untrusted: Plugin = {
    onParams({ params, context }) {
      if (!params.query || documentId(params) !== null || mayRunAny?.(reqOf(context))) return;
      onUntrusted?.();
      // Named by its operation and a hash of its text: enough to find it in a client, nothing of its values.
      const hash = createHash('sha256').update(params.query).digest('hex').slice(0, 16);
      if (logged.has(hash)) return;
      logged.set(hash, true);
      const operationName = params.operationName ?? /^\s*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(params.query)?.[1] ?? null;
      logger.info({ operationName: operationName?.slice(0, 100) ?? null, documentHash: hash }, 'untrusted document ran (TRUSTED_DOCUMENTS_MODE=log)');
    },
  };
  return [untrusted, persisted];
}
