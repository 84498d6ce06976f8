/**
 * `paginate`, the Relay connection over upstream page tokens that every list field uses, against a
 * fake upstream whose tokens mark a position (as the services' do): the bounds of `first`, cursors
 * that resume mid-page, `first` filled from several upstream pages, and cursors it must refuse.
 */
import { describe, expect, it } from 'vitest';
import { encodeCursor, firstPageOf, paginate, type ConnectionResult, type PageSource } from '../../src/schema/connection.js';

const ITEMS = Array.from({ length: 23 }, (_, i) => `item-${i}`);

/**
 * A list of `items` served in pages: a token is the position to read from, a page holds what was
 * asked for up to `cap` items (an upstream's own page limit), and every call is recorded.
 */
function upstream(options: { items?: string[]; cap?: number; scope?: string; defaultSize?: number; maxSize?: number; minSize?: number; minFirst?: number } = {}) {
  const items = options.items ?? ITEMS;
  const calls: Array<[token: string | undefined, size: number]> = [];
  const source: PageSource<string> = {
    scope: options.scope ?? 'GET /v1/items',
    defaultSize: options.defaultSize ?? 10,
    maxSize: options.maxSize ?? 100,
    minSize: options.minSize,
    minFirst: options.minFirst,
    fetchPage: async (token, size) => {
      calls.push([token, size]);
      const from = token === undefined ? 0 : Number(token);
      const to = Math.min(items.length, from + Math.min(size, options.cap ?? Infinity));
      return { items: items.slice(from, to), nextPageToken: to < items.length ? String(to) : undefined };
    },
  };
  return { source, calls };
}

const nodes = (result: ConnectionResult<string>) => result.edges.map((e) => e.node);

const refused = (argument: string) => ({ extensions: { code: 'BAD_USER_INPUT', argument } });

describe('paginate: first', () => {
  it('reads the upstream\'s default page size when first is absent', async () => {
    const { source, calls } = upstream();
    const result = await paginate(source, {});
    expect(nodes(result)).toEqual(ITEMS.slice(0, 10));
    expect(result.pageInfo.hasNextPage).toBe(true);
    expect(calls).toEqual([[undefined, 10]]);
  });

  it('takes first from the list\'s minimum to its maximum, and refuses anything else before any call', async () => {
    const { source, calls } = upstream({ maxSize: 25 });
    expect(nodes(await paginate(source, { first: 1 }))).toEqual(['item-0']);
    expect(nodes(await paginate(source, { first: 25 }))).toEqual(ITEMS);
    calls.length = 0;
    for (const first of [0, -1, 26, 1.5, Number.NaN]) {
      await expect(paginate(source, { first }), String(first)).rejects.toMatchObject(refused('first'));
    }
    expect(calls).toEqual([]);
  });

  it('with minFirst 0, answers first: 0 with no edges from one page of the smallest size, saying whether edges follow', async () => {
    const { source, calls } = upstream({ minFirst: 0, minSize: 2 });
    const result = await paginate(source, { first: 0 });
    expect(result.edges).toEqual([]);
    expect(result.pageInfo).toEqual({ hasNextPage: true, endCursor: null });
    expect(calls).toEqual([[undefined, 2]]);
    const empty = upstream({ minFirst: 0, items: [] });
    expect((await paginate(empty.source, { first: 0 })).pageInfo.hasNextPage).toBe(false);
  });

  it('asks for at least the upstream\'s smallest page, and keeps the rest for the next page', async () => {
    const { source, calls } = upstream({ minSize: 5 });
    const page = await paginate(source, { first: 2 });
    expect(nodes(page)).toEqual(['item-0', 'item-1']);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(calls).toEqual([[undefined, 5]]);
    expect(nodes(await paginate(source, { first: 2, after: page.pageInfo.endCursor }))).toEqual(['item-2', 'item-3']);
  });
});

describe('paginate: cursors', () => {
  it('resumes after a cursor in the middle of a page: re-reads that page, then reads only what is missing', async () => {
    const { source, calls } = upstream();
    const page = await paginate(source, { first: 5 });
    const middle = page.edges[2]!.cursor;
    calls.length = 0;
    const resumed = await paginate(source, { first: 4, after: middle });
    expect(nodes(resumed)).toEqual(['item-3', 'item-4', 'item-5', 'item-6']);
    expect(calls).toEqual([
      [undefined, 5],
      ['5', 2],
    ]);
  });

  it('walks the whole list with any page size: same items, same order, no gaps, the last page says so', async () => {
    for (const first of [1, 3, 7, 23, 50]) {
      const { source } = upstream();
      const seen: string[] = [];
      let after: string | null = null;
      for (let pages = 0; pages < 30; pages++) {
        const page: ConnectionResult<string> = await paginate(source, { first, after });
        seen.push(...nodes(page));
        expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)?.cursor ?? null);
        if (!page.pageInfo.hasNextPage) break;
        expect(page.edges).toHaveLength(first);
        after = page.pageInfo.endCursor;
      }
      expect(seen, `first ${first}`).toEqual(ITEMS);
    }
  });

  it('answers an empty list with no edges, no next page and no end cursor', async () => {
    const { source } = upstream({ items: [] });
    expect(await paginate(source, { first: 5 })).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it('resumes a first page made by firstPageOf (read in a batch) with the same cursors', async () => {
    const { source } = upstream();
    const batched = firstPageOf(source.scope, 4, ITEMS.slice(0, 4), true);
    const read = await paginate(source, { first: 4 });
    expect(batched.edges.map((e) => e.cursor)).toEqual(read.edges.map((e) => e.cursor));
    expect(nodes(await paginate(source, { first: 3, after: batched.pageInfo.endCursor }))).toEqual(['item-4', 'item-5', 'item-6']);
  });
});

describe('paginate: filling past one upstream page', () => {
  it('fills first from the following pages when the upstream answers less than asked, each asked for what is missing', async () => {
    const { source, calls } = upstream({ cap: 3 });
    const page = await paginate(source, { first: 7 });
    expect(nodes(page)).toEqual(ITEMS.slice(0, 7));
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(calls).toEqual([
      [undefined, 7],
      ['3', 4],
      ['6', 1],
    ]);
    // The end cursor sits in the third upstream page and resumes right after it.
    expect(nodes(await paginate(source, { first: 2, after: page.pageInfo.endCursor }))).toEqual(['item-7', 'item-8']);
  });

  it('stops at the list\'s end in the middle of filling', async () => {
    const { source } = upstream({ cap: 4 });
    const page = await paginate(source, { first: 10, after: (await paginate(source, { first: 17 })).pageInfo.endCursor });
    expect(nodes(page)).toEqual(ITEMS.slice(17));
    expect(page.pageInfo.hasNextPage).toBe(false);
  });

  it('gives up after 50 upstream pages of a list that never fills, and says more may follow', async () => {
    let calls = 0;
    const endless: PageSource<string> = {
      scope: 'endless',
      defaultSize: 10,
      maxSize: 100,
      fetchPage: async (token) => {
        calls++;
        return { items: [], nextPageToken: String(Number(token ?? 0) + 1) };
      },
    };
    const page = await paginate(endless, { first: 5 });
    expect(page.edges).toEqual([]);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(calls).toBe(50);
  });
});

describe('paginate: bad cursors', () => {
  it('refuses a cursor this graph did not write, one of another list, and one past the list\'s bounds, before any call', async () => {
    const { source, calls } = upstream({ maxSize: 50 });
    const own = (await paginate(source, { first: 1 })).edges[0]!.cursor;
    const h = JSON.parse(Buffer.from(own, 'base64url').toString()).h as string;
    const other = (await paginate(upstream({ scope: 'GET /v1/other' }).source, { first: 1 })).edges[0]!.cursor;
    calls.length = 0;
    const cases: Array<[string, RegExp]> = [
      ['not-a-cursor', /is not a cursor of this connection/],
      [Buffer.from('{"t":null').toString('base64url'), /is not a cursor/],
      [encodeCursor({ t: null, s: 10, i: 10, h }), /is not a cursor/],
      [encodeCursor({ t: null, s: 0, i: 0, h }), /is not a cursor/],
      [encodeCursor({ t: 5 as unknown as string, s: 10, i: 0, h }), /is not a cursor/],
      [encodeCursor({ t: null, s: 10, i: -1, h }), /is not a cursor/],
      [encodeCursor({ t: null, s: 51, i: 0, h }), /is not a cursor/],
      [other, /another list or of other arguments/],
    ];
    for (const [after, message] of cases) {
      const error = await paginate(source, { first: 5, after }).catch((e: unknown) => e);
      expect(error, after).toMatchObject(refused('after'));
      expect((error as Error).message, after).toMatch(message);
    }
    expect(calls).toEqual([]);
  });
});
