/**
 * Relay connections over the upstreams' page tokens (`nextPageToken`, `pageToken`, startIndex...).
 *
 * A cursor records the upstream page it came from (its token and size) and its index in that page,
 * so resuming `after` it re-reads that page and continues with the next edge, even mid-page. A
 * `first` larger than one upstream page is filled from the following pages, each asked for the
 * number of edges still missing (the services' tokens mark a position, whatever the page size).
 *
 * The upstreams page forward only, so going back (`last` before a cursor) needs the tokens of the
 * pages before the cursor's own: a cursor also carries its trail, the pages the walk that reached it
 * read before its page (up to `MAX_TRAIL_PAGES`, the newest kept). `before` re-reads the cursor's
 * page for the edges before it, then the trail's pages from the newest, one upstream call each, as
 * forward. The first page (token null) needs no trail, so a walk of up to `MAX_TRAIL_PAGES` + 1
 * pages can always go back to the list's start; past the trail the earlier edges are out of reach
 * and `before` is refused (before any call). `last` without `before` (the end of a list read from its
 * start) is refused too. Cursors are opaque (base64url JSON) and bound to the list they came from.
 *
 * No GraphQL here (the loaders page with it too): the connection and edge types are connection.ts's.
 */
import { createHash } from 'node:crypto';
import { badInput } from '../../errors.js';

export interface UpstreamPage<T> {
  items: T[];
  /** Token of the page after this one; absent on the last page. */
  nextPageToken?: string | null;
}

/** The bounds of a list's page size, from its upstream: what `first` and `last` are checked against. */
export interface ConnectionBounds {
  /** The upstream's default and maximum page size; `first` and `last` are bounded by them. */
  defaultSize: number;
  maxSize: number;
  /**
   * Smallest `first` (and `last`) the list takes: 1 by default; 0 where an empty page still tells
   * something (`hasNextPage`, a total). A `first` of 0 reads one upstream page of the smallest size
   * to learn whether edges follow, unless the resolver knows it without a call; 0 is never sent
   * upstream. A `last` of 0 is answered from its cursor alone.
   */
  minFirst?: number;
}

/** Which cursor argument handed a page token back to the gateway. */
export type CursorArgument = 'after' | 'before';

export interface PageSource<T> extends ConnectionBounds {
  /**
   * Identifies the list (endpoint and filters) so a cursor cannot be replayed on another one; read
   * only when a cursor is checked or written.
   */
  readonly scope: string;
  /** Smallest page size the upstream accepts, when above 1. */
  minSize?: number;
  /**
   * Reads one upstream page. `handedBack` names the argument whose cursor carried `pageToken` (a
   * token the caller kept, which may have expired upstream); it is undefined for the first page and
   * for tokens read from the upstream in this operation.
   */
  fetchPage(pageToken: string | undefined, pageSize: number, handedBack?: CursorArgument): Promise<UpstreamPage<T>>;
}

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface PageInfoShape {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface ConnectionResult<T> {
  edges: Edge<T>[];
  pageInfo: PageInfoShape;
}

/** An upstream page as it was read: its token (null: the list's first page) and the size asked for. */
type PageRef = readonly [token: string | null, size: number];

interface CursorPayload {
  /** upstream page token (null: the first page) */
  t: string | null;
  /** upstream page size the page was read with */
  s: number;
  /** index of the edge within that page */
  i: number;
  /** list scope fingerprint */
  h: string;
  /** the trail: the pages read before this one, oldest first (absent when none) */
  p?: PageRef[];
}

/** Upper bound on upstream pages one connection field reads, against pathological upstreams. */
const MAX_PAGES_PER_FIELD = 50;

/**
 * Pages a cursor's trail keeps (the newest), so how many upstream pages `before` can go back past
 * the cursor's own. Each costs a token in every cursor of a page (Relay selects them all): with the
 * sandbox's 36-character Data API tokens a cursor is 54 characters on a list's first page and 342
 * with a full trail (measured); with 64-character tokens, 528.
 */
export const MAX_TRAIL_PAGES = 4;

const NO_TRAIL: readonly PageRef[] = [];

function scopeHash(scope: string): string {
  return createHash('sha256').update(scope).digest('base64url').slice(0, 10);
}

export function encodeCursor(payload: CursorPayload): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/**
 * A list's scope fingerprint, hashed (and its scope read) when a cursor is first written: most
 * selections ask for `nodes` only, and then no cursor (and no hash) is ever made.
 */
function lazyScopeHash(list: { readonly scope: string }): () => string {
  let h: string | undefined;
  return () => (h ??= scopeHash(list.scope));
}

/**
 * An edge whose cursor is encoded when read: most selections ask for `nodes` only. The trail is the
 * page's, shared by its edges.
 */
function edgeOf<T>(t: string | null, s: number, i: number, trail: readonly PageRef[], h: () => string, node: T): Edge<T> {
  let cursor: string | undefined;
  return {
    node,
    get cursor() {
      return (cursor ??= encodeCursor(trail.length > 0 ? { t, s, i, h: h(), p: trail as PageRef[] } : { t, s, i, h: h() }));
    },
  };
}

/** The trail of the page read after `page`: the trail so far and `page`, the newest pages kept. */
function extendTrail(trail: readonly PageRef[], page: PageRef): readonly PageRef[] {
  return [...trail.slice(trail.length >= MAX_TRAIL_PAGES ? trail.length - MAX_TRAIL_PAGES + 1 : 0), page];
}

/**
 * A page's `pageInfo`, whose cursors (its first and last edges') are encoded when read.
 * `hasPreviousPage` says whether edges precede the page's first edge (or its position, when empty).
 */
function pageInfoOf<T>(hasNextPage: boolean, hasPreviousPage: boolean, edges: Edge<T>[]): PageInfoShape {
  return {
    hasNextPage,
    hasPreviousPage,
    get startCursor() {
      return edges[0]?.cursor ?? null;
    },
    get endCursor() {
      return edges.at(-1)?.cursor ?? null;
    },
  };
}

/** A page with no edges, for a resolver that knows without a call that none are there. */
export function emptyConnection(hasNextPage = false): ConnectionResult<never> {
  return { edges: [], pageInfo: { hasNextPage, hasPreviousPage: false, startCursor: null, endCursor: null } };
}

/**
 * Edges precede a position when it is past the first edge of its upstream page or its page is not
 * the list's first (a token marks the position after the edges of the pages before it).
 */
const edgesBefore = (t: string | null, i: number) => t !== null || i > 0;

const isPageRef = (ref: unknown, first: boolean): ref is PageRef =>
  Array.isArray(ref) &&
  ref.length === 2 &&
  (typeof ref[0] === 'string' || (first && ref[0] === null)) &&
  Number.isInteger(ref[1]) &&
  (ref[1] as number) >= 1;

/**
 * Checks that a cursor is one this graph writes (its list is checked where the list is known);
 * `argument` is the argument that passed it.
 */
export function checkCursor(cursor: string, argument: CursorArgument): CursorPayload {
  let payload: CursorPayload;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorPayload;
  } catch {
    throw badInput(argument, 'is not a cursor of this connection');
  }
  if (
    !payload ||
    typeof payload !== 'object' ||
    !(payload.t === null || typeof payload.t === 'string') ||
    !Number.isInteger(payload.s) ||
    payload.s < 1 ||
    !Number.isInteger(payload.i) ||
    payload.i < 0 ||
    payload.i >= payload.s ||
    // A trail leads to a page after the first, and only its oldest page may be the first.
    (payload.p !== undefined &&
      (payload.t === null || !Array.isArray(payload.p) || payload.p.length < 1 || payload.p.length > MAX_TRAIL_PAGES || !payload.p.every((ref, k) => isPageRef(ref, k === 0))))
  ) {
    throw badInput(argument, 'is not a cursor of this connection');
  }
  return payload;
}

/** Refuses `last`/`first` outside the list's bounds. */
function checkCount(argument: 'first' | 'last', count: number, bounds: ConnectionBounds): void {
  const min = bounds.minFirst ?? 1;
  if (!Number.isInteger(count) || count < min || count > bounds.maxSize) {
    throw badInput(argument, `must be between ${min} and ${bounds.maxSize}, got ${count}`);
  }
}

/** What a connection's arguments ask for: `count` edges after `cursor` (forward) or before it. */
export interface PageRequest {
  forward: boolean;
  count: number;
  /** The cursor (`after` forward, `before` backward); null for the list's first page. */
  cursor: CursorPayload | null;
}

/**
 * Reads a connection's arguments and refuses what cannot be answered, before any upstream call: the
 * operation guard and `paginate` both use it (the guard without the list's scope, which needs the
 * parent's data; `paginate` checks that too). Forward is `first`/`after`, backward `last`/`before`;
 * the two directions do not mix.
 */
export function pageRequest(args: ConnectionArgs, bounds: ConnectionBounds): PageRequest {
  const { first, after, last, before } = args;
  if (first != null && last != null) {
    // Relay sends a variable's default value in place of null: a fragment paged both ways whose
    // count has a default sends it as `first` beside `last` when it loads the previous page.
    throw badInput(
      'last',
      'cannot be combined with `first`: page forward with `first` and `after`, or back with `last` and `before` (in Relay, give the count variables of a fragment paged both ways no default value)',
    );
  }
  if (after != null && before != null) {
    throw badInput('before', 'cannot be combined with `after`: page forward with `first` and `after`, or back with `last` and `before`');
  }
  if (before != null) {
    if (first != null) throw badInput('before', 'pages back: pass `last` (how many edges before the cursor) with it, not `first`');
    const count = last ?? bounds.defaultSize;
    checkCount('last', count, bounds);
    const cursor = checkCursor(before, 'before');
    if (cursor.i === 0 && cursor.t !== null && !cursor.p) {
      throw badInput(
        'before',
        `cannot go further back from this cursor: a cursor remembers the ${MAX_TRAIL_PAGES} upstream pages before its own, and the edges before it are past them. Read the list from its start (\`first\` without \`after\`) instead`,
      );
    }
    return { forward: false, count, cursor };
  }
  if (last != null) {
    throw badInput('last', 'needs `before` (a cursor of this list): the lists are read from their start, so their end is not known. Pass `first` to read from the start, or `last` with `before` to go back from a cursor');
  }
  const count = first ?? bounds.defaultSize;
  checkCount('first', count, bounds);
  return { forward: true, count, cursor: after != null ? checkCursor(after, 'after') : null };
}

/**
 * Upstream pages a request may read, at most, where its cursor tells (the operation guard's
 * estimate): going back, the cursor's own page when edges precede it there, and its trail; going
 * forward, one (the estimate's convention for connections: a larger `first` reads more pages only
 * when the upstream answers short).
 */
export function pagesToRead(request: PageRequest): number {
  if (request.forward || !request.cursor) return 1;
  return (request.cursor.i > 0 ? 1 : 0) + (request.cursor.p?.length ?? 0);
}

/** The cursor, checked against the list it was written for and the list's bounds. */
function cursorOf(request: PageRequest, source: PageSource<unknown>): CursorPayload | null {
  const { cursor } = request;
  if (!cursor) return null;
  const argument: CursorArgument = request.forward ? 'after' : 'before';
  if (cursor.h !== scopeHash(source.scope)) throw badInput(argument, 'is a cursor of another list or of other arguments');
  if (cursor.s > source.maxSize || cursor.p?.some((ref) => ref[1] > source.maxSize)) throw badInput(argument, 'is not a cursor of this connection');
  return cursor;
}

/**
 * Reads `first` edges after the cursor, from as many upstream pages as needed, or `last` edges
 * before it, back through the cursor's trail.
 */
export async function paginate<T>(source: PageSource<T>, args: ConnectionArgs): Promise<ConnectionResult<T>> {
  const request = pageRequest(args, source);
  const cursor = cursorOf(request, source);
  const h = lazyScopeHash(source);
  if (!request.forward) return paginateBack(source, request.count, cursor!, h);
  const first = request.count;
  let token: string | null = null;
  let size = Math.max(source.minSize ?? 1, first);
  let start = 0;
  let trail: readonly PageRef[] = NO_TRAIL;
  let handedBack: CursorArgument | undefined;
  if (cursor) {
    ({ t: token, s: size } = cursor);
    trail = cursor.p ?? NO_TRAIL;
    start = cursor.i + 1;
    handedBack = 'after';
  }
  // Edges precede the page: the cursor's own edge, or the first edge's position says so.
  let hasPreviousPage = cursor !== null;
  const edges: Edge<T>[] = [];
  for (let pages = 0; pages < MAX_PAGES_PER_FIELD; pages++) {
    const page = await source.fetchPage(token ?? undefined, size, token === null ? undefined : handedBack);
    handedBack = undefined;
    const items = page.items ?? [];
    let i = start;
    if (edges.length === 0 && i < items.length) hasPreviousPage = edgesBefore(token, i);
    for (; i < items.length && edges.length < first; i++) {
      edges.push(edgeOf(token, size, i, trail, h, items[i]!));
    }
    const next = page.nextPageToken || null;
    if (edges.length >= first) return { edges, pageInfo: pageInfoOf(i < items.length || next !== null, hasPreviousPage, edges) };
    if (!next) return { edges, pageInfo: pageInfoOf(false, hasPreviousPage, edges) };
    trail = extendTrail(trail, [token, size]);
    token = next;
    start = 0;
    // Page tokens mark a position, not a size: read what is still missing (a cursor from a small
    // page must not make a large `first` crawl), within the upstream's bounds.
    size = Math.min(source.maxSize, Math.max(source.minSize ?? 1, first - edges.length));
  }
  return { edges, pageInfo: pageInfoOf(true, hasPreviousPage, edges) };
}

/**
 * The `last` edges before the cursor: the cursor's page up to the cursor (when edges precede it
 * there), then the trail's pages, newest first, each read as it was read forward (same token and
 * size, so the same edges at the same indexes). Where the trail ends before `last` edges are found
 * and the list's start is not reached, the page holds fewer edges and says that more precede.
 */
async function paginateBack<T>(source: PageSource<T>, last: number, cursor: CursorPayload, h: () => string): Promise<ConnectionResult<T>> {
  const newestFirst: Edge<T>[] = [];
  let token = cursor.t;
  let size = cursor.s;
  let end = cursor.i;
  let trail: readonly PageRef[] = cursor.p ?? NO_TRAIL;
  // Whether edges precede the page's first edge (with no edge: the cursor's position).
  let hasPreviousPage = edgesBefore(cursor.t, cursor.i);
  while (newestFirst.length < last) {
    if (end > 0) {
      const page = await source.fetchPage(token ?? undefined, size, token === null ? undefined : 'before');
      const items = page.items ?? [];
      let i = Math.min(end, items.length) - 1;
      for (; i >= 0 && newestFirst.length < last; i--) newestFirst.push(edgeOf(token, size, i, trail, h, items[i]!));
      if (i < Math.min(end, items.length) - 1) hasPreviousPage = edgesBefore(token, i + 1);
    }
    if (newestFirst.length >= last || trail.length === 0) break;
    [token, size] = trail.at(-1)!;
    trail = trail.slice(0, -1);
    end = Number.POSITIVE_INFINITY;
  }
  const edges = newestFirst.reverse();
  // The cursor's own edge follows the page.
  return { edges, pageInfo: pageInfoOf(true, hasPreviousPage, edges) };
}

/**
 * The first page of a list exactly as `paginate` answers it (same cursors, so `after` resumes
 * through `paginate`), from items read some other way: the list's first `first` items, read
 * together with other lists in one batched upstream call. `first` must be within the list's bounds.
 */
export function firstPageOf<T>(scope: string, first: number, items: readonly T[], hasNextPage: boolean): ConnectionResult<T> {
  const h = lazyScopeHash({ scope });
  const edges = items.slice(0, first).map((node, i) => edgeOf(null, first, i, NO_TRAIL, h, node));
  return { edges, pageInfo: pageInfoOf(hasNextPage, false, edges) };
}
