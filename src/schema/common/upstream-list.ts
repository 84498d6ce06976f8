/**
 * A connection over one upstream list, declared by what the list is: its name, the arguments of its
 * upstream read (`path`, then `query`) and how a page becomes items. The read is given the page's
 * token and size with the query; the cursors' scope is made from the name, the path and the query
 * (`listScope`), so a cursor is bound to everything that selects the list and cannot be replayed on
 * another list or with other arguments, and no site writes a scope by hand.
 */
import stableStringify from 'fast-json-stable-stringify';
import { paginate, type ConnectionArgs, type ConnectionBounds, type ConnectionResult, type CursorArgument, type PageSource } from './pagination.js';

/** What a read is sent beside its query: the page's token (none for the first page) and size. */
export interface PageQuery {
  pageToken: string | undefined;
  pageSize: number;
}

/** An upstream page: its items are picked by the list's `items`. */
export interface UpstreamAnswer {
  nextPageToken?: string | null;
}

/**
 * One list, as `upstreamList` reads it. The answer's type comes from `read`: write `items` and
 * `extras` as functions of the page at the site (`(page) => page.things`), where they take it.
 */
export interface UpstreamList<Path extends readonly unknown[], Query extends object, Answer extends UpstreamAnswer, T, X extends object> {
  /** The list's name: two lists that read the same upstream list differently (filtering its items) need two names. */
  name: string;
  /** The list's bounds (`first`, `last`), with the upstream's smallest page when above 1. */
  page: ConnectionBounds & { minSize?: number };
  /** The read's arguments before its query (a network, a chain id, an address), in its order. */
  path: Path;
  /** The read's query without the page's token and size; its undefined members count for nothing. */
  query: Query;
  /** Reads one page: the path's members, then the query with the page's token and size. */
  read: (...args: [...Path, Query & PageQuery]) => Promise<Answer>;
  /** A page's items as the connection's nodes (mapped, and primed into loaders where that saves calls). */
  items: (answer: Answer) => T[];
  /** What `items` depends on when it leaves some items out (a filter): bound into the cursors' scope as the path and query are. */
  itemFilter?: object;
  /**
   * What the list's pages carry beside their items (a total, the chain the list answered for), added
   * to the connection: each member from the first page read that has it (not null). Absent when no
   * page was read.
   */
  extras?: (answer: Answer) => X;
  /** What a failed read throws instead of its error; `handedBack` names the argument whose cursor carried the token. */
  readError?: (error: unknown, handedBack: CursorArgument | undefined) => unknown;
}

/**
 * The scope of a list's cursors: its name, then its path and query as JSON with sorted keys (a
 * BigInt member of either as its decimal string), so the same list and arguments always give the
 * same scope. First pages read some other way (`firstPageOf`) are given their list's scope from here.
 */
export function listScope(name: string, path: readonly unknown[], query: object, itemFilter?: object): string {
  const json = (value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
  const members = (object: object) => Object.fromEntries(Object.entries(object).map(([key, value]) => [key, json(value)]));
  return `${name}:${stableStringify(itemFilter ? [path.map(json), members(query), members(itemFilter)] : [path.map(json), members(query)])}`;
}

/** The connection of `args` over an upstream list: `paginate` with the read, the items and the scope of `list`. */
export async function upstreamList<const Path extends readonly unknown[], Query extends object, Answer extends UpstreamAnswer, T, X extends object = {}>(
  args: ConnectionArgs,
  list: UpstreamList<Path, Query, Answer, T, X>,
): Promise<ConnectionResult<NoInfer<T>> & Partial<NoInfer<X>>> {
  const { path, query, read, items, extras, readError } = list;
  const found: Partial<X> = {};
  let scope: string | undefined;
  // The scope is made when a cursor is checked or written: most selections ask for `nodes` only.
  // The bounds are written out rather than spread: a property written after a spread costs ~0.7 µs
  // on Node 20, and a list may be read for every item of a page.
  const source: PageSource<T> = {
    get scope() {
      return (scope ??= listScope(list.name, path, query, list.itemFilter));
    },
    defaultSize: list.page.defaultSize,
    maxSize: list.page.maxSize,
    minSize: list.page.minSize,
    minFirst: list.page.minFirst,
    fetchPage: async (pageToken, pageSize, handedBack) => {
      let answer: Answer;
      try {
        answer = await read(...path, { ...query, pageToken, pageSize });
      } catch (error) {
        throw readError ? readError(error, handedBack) : error;
      }
      if (extras) {
        for (const [key, value] of Object.entries(extras(answer))) (found as Record<string, unknown>)[key] ??= value ?? undefined;
      }
      return { items: items(answer), nextPageToken: answer.nextPageToken };
    },
  };
  return Object.assign(await paginate(source, args), found);
}
