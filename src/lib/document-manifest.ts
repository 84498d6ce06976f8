/**
 * A manifest of trusted documents, in either format frontends' tooling writes: GraphQL Code
 * Generator's client preset (`persisted-documents.json`: an object from document id to document) or
 * Apollo's persisted query list (`persisted-query-manifest.json`: `format`
 * `apollo-persisted-query-manifest`, version 1, `operations` of `{ id, name, type, body }`), from a
 * file or from an HTTP(S) URL (asked again with the validators of its last answer, so an unchanged
 * manifest costs a 304). A manifest is at most MAX_MANIFEST_BYTES; a URL is named in messages by its
 * origin and path only (a signed URL's query may be a credential).
 */
import { readFileSync, statSync } from 'node:fs';
import { request } from 'undici';

/** The most bytes of one manifest (a file or an answer): larger is refused, unread. */
export const MAX_MANIFEST_BYTES = 32 * 1024 * 1024;
/** How long a manifest's server has to answer, for its headers and for each gap in its body. */
const FETCH_TIMEOUT_MS = 10_000;

/** One document of a manifest: its id and text, and the operation name it declares when the manifest says. */
export interface ManifestDocument {
  id: string;
  document: string;
  name?: string;
}

/** Whether a manifest is named by an HTTP(S) URL rather than a file's path. */
export const isManifestUrl = (source: string) => /^https?:\/\//i.test(source);

/** A manifest's name in messages and logs: a file's path, a URL's origin and path (no credentials, no query). */
export function manifestName(source: string): string {
  if (!isManifestUrl(source)) return source;
  try {
    const url = new URL(source);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '(a manifest URL that does not parse)';
  }
}

/** Reads a manifest file; throws an Error saying what is wrong (the path, the entry). */
export function readManifest(path: string): ManifestDocument[] {
  return parseManifest(path, readManifestFile(path));
}

/** A manifest file's text; throws when it cannot be read or passes MAX_MANIFEST_BYTES. */
export function readManifestFile(path: string): string {
  try {
    if (statSync(path).size > MAX_MANIFEST_BYTES) throw new Error(`larger than ${MAX_MANIFEST_BYTES} bytes`);
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read a JSON manifest at ${path}: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** What a manifest URL last answered: its text and the validators to ask with next time. */
export interface FetchedManifest {
  text: string;
  etag?: string;
  lastModified?: string;
}

/**
 * GETs a manifest URL, with `previous`'s validators when given: the answer's text (`previous` itself
 * on 304). Throws an Error naming the URL (by `manifestName`) when it cannot be had whole.
 */
export async function fetchManifest(url: string, previous?: FetchedManifest): Promise<FetchedManifest> {
  const name = manifestName(url);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (previous?.etag) headers['if-none-match'] = previous.etag;
  if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified;
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(url, { headers, headersTimeout: FETCH_TIMEOUT_MS, bodyTimeout: FETCH_TIMEOUT_MS, signal: AbortSignal.timeout(3 * FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new Error(`cannot fetch the manifest at ${name}: ${(error as Error).message.split('\n')[0]}`);
  }
  const { statusCode, body } = answer;
  if (statusCode === 304 && previous) {
    await body.dump();
    return previous;
  }
  if (statusCode !== 200) {
    await body.dump();
    throw new Error(`cannot fetch the manifest at ${name}: it answered ${statusCode}`);
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > MAX_MANIFEST_BYTES) {
        body.destroy();
        throw new Error(`larger than ${MAX_MANIFEST_BYTES} bytes`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    throw new Error(`cannot fetch the manifest at ${name}: ${(error as Error).message.split('\n')[0]}`);
  }
  const header = (field: string) => {
    const value = answer.headers[field];
    return typeof value === 'string' ? value : undefined;
  };
  return { text: Buffer.concat(chunks).toString('utf8'), etag: header('etag'), lastModified: header('last-modified') };
}

/** A manifest's documents from its text; throws an Error saying what is wrong (`path`: a file's, or a URL's `manifestName`; the entry). */
export function parseManifest(path: string, text: string): ManifestDocument[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`cannot read a JSON manifest at ${path}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${path}: a manifest is a JSON object (codegen's id to document, or Apollo's persisted query manifest)`);
  const documents = isApolloManifest(parsed) ? apolloDocuments(path, parsed) : codegenDocuments(path, parsed as Record<string, unknown>);
  if (documents.length === 0) throw new Error(`${path}: the manifest holds no document`);
  return documents;
}

function isApolloManifest(parsed: object): parsed is { format: string; version: unknown; operations: unknown } {
  return (parsed as { format?: unknown }).format === 'apollo-persisted-query-manifest';
}

function apolloDocuments(path: string, manifest: { version: unknown; operations: unknown }): ManifestDocument[] {
  if (manifest.version !== 1) throw new Error(`${path}: Apollo's persisted query manifest version ${String(manifest.version).slice(0, 10)} is not read (version 1 is)`);
  if (!Array.isArray(manifest.operations)) throw new Error(`${path}: \`operations\` must be a list`);
  return manifest.operations.map((operation: unknown, index) => {
    const { id, body, name } = (operation ?? {}) as { id?: unknown; body?: unknown; name?: unknown };
    if (typeof id !== 'string' || id === '' || typeof body !== 'string' || body.trim() === '') {
      throw new Error(`${path}: operation ${index} needs a string \`id\` and \`body\``);
    }
    return { id, document: body, name: typeof name === 'string' ? name : undefined };
  });
}

function codegenDocuments(path: string, manifest: Record<string, unknown>): ManifestDocument[] {
  return Object.entries(manifest).map(([id, document]) => {
    if (typeof document !== 'string' || document.trim() === '') throw new Error(`${path}: document ${id.slice(0, 80)} is not a GraphQL document string`);
    return { id, document };
  });
}
