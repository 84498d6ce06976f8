/**
 * Relay connections over the upstreams' page tokens (`nextPageToken`, `pageToken`, startIndex...).
 *
 * A cursor records the upstream page it came from (its token and size) and its index in that page,
 * so resuming `after` it re-reads that page and continues with the next edge, even mid-page. A
 * `first` larger than one upstream page is filled from the following pages, each asked for the
 * number of edges still missing (the services' tokens mark a position, whatever the page size). Cursors are opaque
 * (base64url JSON) and bound to the list they came from. Only forward pagination exists.
 */
import { createHash } from 'node:crypto';
import type { ArgBuilder, ObjectRef } from '@pothos/core';
import { builder, type Types } from '../builder.js';
import { badInput } from '../errors.js';

export interface UpstreamPage<T> {
  items: T[];
  /** Token of the page after this one; absent on the last page. */
  nextPageToken?: string | null;
}

export interface PageSource<T> {
  /** Identifies the list (endpoint and filters) so a cursor cannot be replayed on another one. */
  scope: string;
  /** The upstream's default and maximum page size; `first` is bounded by them. */
  defaultSize: number;
  maxSize: number;
  /** Smallest page size the upstream accepts, when above 1. */
  minSize?: number;
  /**
   * Smallest `first` the list takes: 1 by default; 0 where an empty page still tells something
   * (`hasNextPage`, a total). A `first` of 0 reads one upstream page of the smallest size to learn
   * whether edges follow, unless the resolver knows it without a call; 0 is never sent upstream.
   */
  minFirst?: number;
  fetchPage(pageToken: string | undefined, pageSize: number): Promise<UpstreamPage<T>>;
}

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface ConnectionResult<T> {
  edges: Edge<T>[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

interface CursorPayload {
  /** upstream page token (null: the first page) */
  t: string | null;
  /** upstream page size the page was read with */
  s: number;
  /** index of the edge within that page */
  i: number;
  /** list scope fingerprint */
  h: string;
}

/** Upper bound on upstream pages one connection field reads, against pathological upstreams. */
const MAX_PAGES_PER_FIELD = 50;

function scopeHash(scope: string): string {
  return createHash('sha256').update(scope).digest('base64url').slice(0, 10);
}

export function encodeCursor(payload: CursorPayload): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/**
 * A list's scope fingerprint, hashed when a cursor is first written: most selections ask for
 * `nodes` only, and then no cursor (and no hash) is ever made.
 */
function lazyScopeHash(scope: string): () => string {
  let h: string | undefined;
  return () => (h ??= scopeHash(scope));
}

/** An edge whose cursor is encoded when read: most selections ask for `nodes` and `endCursor` only. */
function edgeOf<T>(t: string | null, s: number, i: number, h: () => string, node: T): Edge<T> {
  let cursor: string | undefined;
  return {
    node,
    get cursor() {
      return (cursor ??= encodeCursor({ t, s, i, h: h() }));
    },
  };
}

/** A page's `pageInfo`, whose `endCursor` (the last edge's cursor) is encoded when read. */
function pageInfoOf<T>(hasNextPage: boolean, edges: Edge<T>[]): ConnectionResult<T>['pageInfo'] {
  const last = edges.at(-1);
  return {
    hasNextPage,
    get endCursor() {
      return last?.cursor ?? null;
    },
  };
}

/** Checks that a cursor is one this graph writes (its list is checked where the list is known). */
export function checkCursor(cursor: string): CursorPayload {
  let payload: CursorPayload;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorPayload;
  } catch {
    throw badInput('after', 'is not a cursor of this connection');
  }
  if (
    !payload ||
    typeof payload !== 'object' ||
    !(payload.t === null || typeof payload.t === 'string') ||
    !Number.isInteger(payload.s) ||
    payload.s < 1 ||
    !Number.isInteger(payload.i) ||
    payload.i < 0 ||
    payload.i >= payload.s
  ) {
    throw badInput('after', 'is not a cursor of this connection');
  }
  return payload;
}

export function decodeCursor(cursor: string, scope: string): CursorPayload {
  const payload = checkCursor(cursor);
  if (payload.h !== scopeHash(scope)) throw badInput('after', 'is a cursor of another list or of other arguments');
  return payload;
}

/** Reads `first` edges after the cursor, from as many upstream pages as needed. */
export async function paginate<T>(source: PageSource<T>, args: ConnectionArgs): Promise<ConnectionResult<T>> {
  const first = args.first ?? source.defaultSize;
  const minFirst = source.minFirst ?? 1;
  if (!Number.isInteger(first) || first < minFirst || first > source.maxSize) {
    throw badInput('first', `must be between ${minFirst} and ${source.maxSize}, got ${first}`);
  }
  const h = lazyScopeHash(source.scope);
  let token: string | null = null;
  let size = Math.max(source.minSize ?? 1, first);
  let start = 0;
  if (args.after) {
    const cursor = decodeCursor(args.after, source.scope);
    if (cursor.s > source.maxSize) throw badInput('after', 'is not a cursor of this connection');
    ({ t: token, s: size } = cursor);
    start = cursor.i + 1;
  }
  const edges: Edge<T>[] = [];
  for (let pages = 0; pages < MAX_PAGES_PER_FIELD; pages++) {
    const page = await source.fetchPage(token ?? undefined, size);
    const items = page.items ?? [];
    let i = start;
    for (; i < items.length && edges.length < first; i++) {
      edges.push(edgeOf(token, size, i, h, items[i]!));
    }
    const next = page.nextPageToken || null;
    if (edges.length >= first) return { edges, pageInfo: pageInfoOf(i < items.length || next !== null, edges) };
    if (!next) return { edges, pageInfo: pageInfoOf(false, edges) };
    token = next;
    start = 0;
    // Page tokens mark a position, not a size: read what is still missing (a cursor from a small
    // page must not make a large `first` crawl), within the upstream's bounds.
    size = Math.min(source.maxSize, Math.max(source.minSize ?? 1, first - edges.length));
  }
  return { edges, pageInfo: pageInfoOf(true, edges) };
}

/**
 * The first page of a list exactly as `paginate` answers it (same cursors, so `after` resumes
 * through `paginate`), from items read some other way: the list's first `first` items, read
 * together with other lists in one batched upstream call. `first` must be within the list's bounds.
 */
export function firstPageOf<T>(scope: string, first: number, items: readonly T[], hasNextPage: boolean): ConnectionResult<T> {
  const h = lazyScopeHash(scope);
  const edges = items.slice(0, first).map((node, i) => edgeOf(null, first, i, h, node));
  return { edges, pageInfo: pageInfoOf(hasNextPage, edges) };
}

export const PageInfo = builder
  .objectRef<ConnectionResult<unknown>['pageInfo']>('PageInfo')
  .implement({
    description: 'Where a page of a connection ends and whether more follows. Pagination is forward only: pass `endCursor` as `after`.',
    fields: (t) => ({
      hasNextPage: t.exposeBoolean('hasNextPage', { description: 'True when more edges follow the last one of this page.' }),
      endCursor: t.exposeString('endCursor', {
        nullable: true,
        description: 'Cursor of the last edge of this page (pass it as `after`); null when the page is empty.',
      }),
    }),
  });

const connectionTypes = new Map<string, ObjectRef<any, ConnectionResult<any>>>();

/**
 * The `<Name>Connection` and `<Name>Edge` types for a node type (created once per name). The node ref
 * is loosely typed because object, loadable-node and interface refs have unrelated Pothos types;
 * the connection's own shape stays typed through `T`. `X` types what a list adds to its pages
 * beside the edges (e.g. the `chainInfo` the Data API sends with UTXOs), for fields added to the
 * connection with `builder.objectFields`; optional, since a resolver may not have read any page.
 */
export function connectionType<T, X extends object = {}>(
  name: string,
  nodeRef: ObjectRef<any, T> | any,
  description: string,
): ObjectRef<any, ConnectionResult<T> & Partial<X>> {
  const existing = connectionTypes.get(name);
  if (existing) return existing as ObjectRef<any, ConnectionResult<T> & Partial<X>>;
  const edge = builder.objectRef<Edge<T>>(`${name}Edge`).implement({
    description: `One ${name} in a page of a connection, with its cursor.`,
    fields: (t) => ({
      cursor: t.exposeString('cursor', { description: 'Opaque position of this edge; pass it as `after` to continue after it.' }),
      node: t.field({ type: nodeRef, description: `The ${name}.`, resolve: (e) => e.node as any }),
    }),
  });
  const connection = builder.objectRef<ConnectionResult<T>>(`${name}Connection`).implement({
    description,
    fields: (t) => ({
      edges: t.field({ type: [edge], description: 'The edges of this page, in upstream order.', resolve: (c) => c.edges }),
      nodes: t.field({ type: [nodeRef], description: 'The nodes of this page, in upstream order (edges without cursors).', resolve: (c) => c.edges.map((e) => e.node) as any }),
      pageInfo: t.field({ type: PageInfo, description: 'Where this page ends and whether more follows.', resolve: (c) => c.pageInfo }),
    }),
  });
  connectionTypes.set(name, connection);
  return connection as ObjectRef<any, ConnectionResult<T> & Partial<X>>;
}

/** The `first`/`after` arguments of a connection field, with the upstream bounds in the description. */
export function connectionArgs(t: { arg: ArgBuilder<Types> }, bounds: { defaultSize: number; maxSize: number; minFirst?: number }) {
  return {
    first: t.arg.int({
      required: false,
      // Read by the operation guard: the bounds it checks and the page size it estimates with.
      extensions: { connection: bounds },
      description: `How many edges to return: ${bounds.minFirst ?? 1} to ${bounds.maxSize}, default ${bounds.defaultSize}.${
        bounds.minFirst === 0 ? ' 0 returns no edges, only whether the list has any (`pageInfo.hasNextPage`).' : ''
      } More than one upstream page is filled from the following pages.`,
    }),
    after: t.arg.string({ required: false, description: 'Return the edges after this cursor (an `endCursor` or edge `cursor` of the same list).' }),
  };
}
