/**
 * Trusted documents (TRUSTED_DOCUMENTS): only the documents of the operator's manifests run, asked
 * for by id (`documentId`, as GraphQL Code Generator's client preset sends it, or the APQ hash); any
 * other document is refused before parsing. Several manifests (one per app and version, codegen's
 * format or Apollo's: src/lib/document-manifest.ts) make one set.
 *
 * A manifest is a file or an HTTP(S) URL (a bucket or a CDN the frontend's release publishes to).
 * The set changes without a restart: `reload` (on SIGHUP, when a manifest's file changes:
 * src/lib/watched-files.ts, and when a URL answers something new, asked every POLL_INTERVAL_MS)
 * reads every manifest again and checks each document against the schema; only when all read and
 * check does the new set replace the old one, at once (requests in flight keep the document they
 * started with). Otherwise (a URL that cannot be fetched too) the old set stays and the reason is
 * logged, naming the manifest and the operation. TRUSTED_DOCUMENTS_MODE=log runs documents outside
 * the set too, each logged and counted, to roll a manifest out before enforcing it. An internal
 * consumer (AUTH_CONSUMERS, `internal: true`: an operator's GraphiQL, an internal tool) runs any
 * document.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { GraphQLError, Kind, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import type { ErrorCode } from '../errors.js';
import { fetchManifest, isManifestUrl, manifestName, parseManifest, readManifestFile, type FetchedManifest, type ManifestDocument } from '../lib/document-manifest.js';
import { watchFiles } from '../lib/watched-files.js';
import type { Logger } from '../observability/logger.js';
import { documentId, keyRequired } from './persisted-documents.js';

/** Untrusted documents remembered as logged (log mode): each is logged once while it is among them. */
const LOGGED_DOCUMENTS = 1_000;

/** How often a manifest's URL is asked for a change (and at once on SIGHUP). */
export const POLL_INTERVAL_MS = 30_000;

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

/** One manifest of the set: a file, or a URL with what it last answered. */
type Source = { kind: 'file'; path: string; name: string } | { kind: 'url'; url: string; name: string; last?: FetchedManifest };

export class TrustedDocuments {
  private documents: ReadonlyMap<string, string> = new Map();
  private readonly sources: Source[];
  private unwatch: (() => void) | undefined;
  private poller: NodeJS.Timeout | undefined;
  private polling = false;
  /** Reloads run one after another, so that an older read never replaces a newer one. */
  private queue: Promise<unknown> = Promise.resolve();

  /**
   * The set of `sources` (files' paths, HTTP(S) URLs), read and checked: throws when any does not
   * read or check at start (a gateway never starts with a list it cannot vouch for).
   */
  static async open(sources: readonly string[], schema: GraphQLSchema, logger: Logger, options: TrustedDocumentsOptions = {}): Promise<TrustedDocuments> {
    const store = new TrustedDocuments(sources, schema, logger, options);
    const loaded = await store.load();
    if ('problems' in loaded) throw new Error(`TRUSTED_DOCUMENTS: ${loaded.problems.slice(0, 5).join('; ')}`);
    store.documents = loaded.documents;
    return store;
  }

  private constructor(
    sources: readonly string[],
    private readonly schema: GraphQLSchema,
    private readonly logger: Logger,
    private readonly options: TrustedDocumentsOptions,
  ) {
    this.sources = sources.map((source) => (isManifestUrl(source) ? { kind: 'url', url: source, name: manifestName(source) } : { kind: 'file', path: source, name: source }));
  }

  /** The document of an id (or of `sha256:<id>`), if the set holds it. */
  get(id: string): string | undefined {
    return this.documents.get(id) ?? this.documents.get(`sha256:${id}`);
  }

  get size(): number {
    return this.documents.size;
  }

  /** Reads every manifest again; the new set replaces the old only if all read and check. Resolves to whether it did. */
  reload(why: string): Promise<boolean> {
    return this.reloadWith(why);
  }

  /** `reload`, taking the URLs' answers in `fetched` as read (a poll's). */
  private reloadWith(why: string, fetched?: ReadonlyMap<Source, FetchedManifest>): Promise<boolean> {
    const run = this.queue.then(async () => {
      const loaded = await this.load(fetched);
      if ('problems' in loaded) {
        this.logger.warn({ problems: loaded.problems.slice(0, 20) }, `trusted documents not reloaded (${why}): the ${this.documents.size} documents before stay`);
        this.options.onReload?.('kept');
        return false;
      }
      this.documents = loaded.documents;
      this.logger.info(`trusted documents reloaded (${why}): ${loaded.documents.size} documents from ${this.sources.length} manifests`);
      this.options.onReload?.('loaded');
      return true;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Reloads when a manifest's file changes and when a URL answers something new (asked every
   * `pollMs`, POLL_INTERVAL_MS by default, with the validators of its last answer).
   */
  watch(): void {
    if (this.unwatch) return;
    const files = this.sources.flatMap((source) => (source.kind === 'file' ? [source.path] : []));
    this.unwatch = watchFiles(files, (path) => void this.reload(`${path} changed`));
    if (this.sources.some((source) => source.kind === 'url')) {
      this.poller = setInterval(() => void this.poll(), this.options.pollMs ?? POLL_INTERVAL_MS);
      this.poller.unref();
    }
  }

  close(): void {
    this.unwatch?.();
    this.unwatch = undefined;
    clearInterval(this.poller);
  }

  /** Asks each URL for its manifest again; reloads (with those answers) when one has changed. A poll still running when the next is due makes it skip. */
  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      await this.pollOnce();
    } finally {
      this.polling = false;
    }
  }

  private async pollOnce(): Promise<void> {
    const fetched = new Map<Source, FetchedManifest>();
    const changed: string[] = [];
    const failed: string[] = [];
    await Promise.all(
      this.sources.map(async (source) => {
        if (source.kind !== 'url') return;
        try {
          const answer = await fetchManifest(source.url, source.last);
          fetched.set(source, answer);
          if (answer.text !== source.last?.text) changed.push(source.name);
        } catch (error) {
          failed.push((error as Error).message);
        }
      }),
    );
    if (failed.length) {
      this.logger.warn({ problems: failed }, `trusted documents not reloaded (poll): the ${this.documents.size} documents before stay`);
      this.options.onReload?.('kept');
      return;
    }
    if (changed.length) await this.reloadWith(`${changed.join(', ')} changed`, fetched);
  }

  /** Reads (or takes from `fetched`) and checks every manifest: the set of documents by id, or what is wrong. */
  private async load(fetched?: ReadonlyMap<Source, FetchedManifest>): Promise<{ documents: Map<string, string> } | { problems: string[] }> {
    const documents = new Map<string, string>();
    const problems: string[] = [];
    const read = await Promise.all(
      this.sources.map(async (source): Promise<ManifestDocument[] | Error> => {
        try {
          if (source.kind === 'file') return parseManifest(source.name, readManifestFile(source.path));
          const answer = fetched?.get(source) ?? (await fetchManifest(source.url, source.last));
          source.last = answer;
          return parseManifest(source.name, answer.text);
        } catch (error) {
          return error as Error;
        }
      }),
    );
    read.forEach((listed, index) => {
      if (listed instanceof Error) {
        problems.push(listed.message);
        return;
      }
      problems.push(...checkManifest(this.sources[index]!.name, listed, this.schema));
      for (const { id, document } of listed) documents.set(id, document);
    });
    return problems.length ? { problems } : { documents };
  }
}

export interface TrustedDocumentsOptions {
  /** Told each reload's outcome (a metric). */
  onReload?: (outcome: 'loaded' | 'kept') => void;
  /** How often manifest URLs are asked again (POLL_INTERVAL_MS). */
  pollMs?: number;
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
