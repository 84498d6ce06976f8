/**
 * `paginate`, the Relay connection over upstream page tokens that every list field uses, against a
 * fake upstream whose tokens mark a position (as the services' do): the bounds of `first`, cursors
 * that resume mid-page, `first` filled from several upstream pages, going back with `last`/`before`
 * through a cursor's trail, and the arguments and cursors it must refuse.
 */
import { describe, expect, it } from 'vitest';
import { encodeCursor, firstPageOf, MAX_TRAIL_PAGES, paginate, type ConnectionArgs, type ConnectionResult, type PageSource } from '../../src/schema/common/pagination.js';

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
    expect(result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: null, endCursor: null });
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

  it('answers an empty list with no edges, no next or previous page and no cursors', async () => {
    const { source } = upstream({ items: [] });
    expect(await paginate(source, { first: 5 })).toEqual({ edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } });
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

/** What a forged cursor needs: the scope fingerprint of `source`'s list, and a real cursor of another list. */
async function forgery(source: PageSource<string>): Promise<{ h: string; other: string }> {
  const own = (await paginate(source, { first: 1 })).edges[0]!.cursor;
  const other = (await paginate(upstream({ scope: 'GET /v1/other' }).source, { first: 3 })).edges[2]!.cursor;
  return { h: JSON.parse(Buffer.from(own, 'base64url').toString()).h as string, other };
}

describe('paginate: bad cursors', () => {
  it('refuses a cursor this graph did not write, one of another list, and one past the list\'s bounds, before any call', async () => {
    const { source, calls } = upstream({ maxSize: 50 });
    const { h, other } = await forgery(source);
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

/** The pages of a forward walk with `first`, each with its answer. */
async function walkForward(source: PageSource<string>, first: number): Promise<ConnectionResult<string>[]> {
  const pages: ConnectionResult<string>[] = [];
  let after: string | null = null;
  do {
    const page: ConnectionResult<string> = await paginate(source, { first, after });
    pages.push(page);
    after = page.pageInfo.endCursor;
  } while (pages.at(-1)!.pageInfo.hasNextPage);
  return pages;
}

describe('paginate: pageInfo on forward pages', () => {
  it('says whether edges precede a page (first, middle and mid-page) and gives its first edge\'s cursor', async () => {
    const { source } = upstream();
    const [first, second] = await walkForward(source, 5);
    expect(first!.pageInfo).toMatchObject({ hasPreviousPage: false, startCursor: first!.edges[0]!.cursor });
    expect(second!.pageInfo).toMatchObject({ hasPreviousPage: true, startCursor: second!.edges[0]!.cursor });
    // After an edge in the middle of the first upstream page: that edge precedes.
    expect((await paginate(source, { first: 2, after: first!.edges[0]!.cursor })).pageInfo.hasPreviousPage).toBe(true);
    // Past the list's end: no edges, and the cursor's own edge precedes their position.
    const end = await paginate(source, { first: 5, after: (await paginate(source, { first: 23 })).pageInfo.endCursor });
    expect(end.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true, startCursor: null, endCursor: null });
  });

  it('gives a batched first page (firstPageOf) no previous page', () => {
    expect(firstPageOf('GET /v1/items', 4, ITEMS.slice(0, 5), true).pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
  });
});

describe('paginate: going back with last and before', () => {
  it('walks back from the end of a forward walk to the list\'s start: the same pages, edges and cursors, one upstream call a page', async () => {
    const { source, calls } = upstream();
    // 23 items in pages of 5: five pages, four of them within a trail of MAX_TRAIL_PAGES.
    expect(MAX_TRAIL_PAGES).toBe(4);
    const forward = await walkForward(source, 5);
    expect(forward.map(nodes)).toEqual([0, 5, 10, 15, 20].map((from) => ITEMS.slice(from, from + 5)));
    calls.length = 0;
    const back: ConnectionResult<string>[] = [];
    let before = forward.at(-1)!.pageInfo.startCursor;
    while (back.length < 10) {
      const page: ConnectionResult<string> = await paginate(source, { last: 5, before });
      back.push(page);
      expect(page.pageInfo.hasNextPage).toBe(true);
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    expect(back.map(nodes)).toEqual(forward.slice(0, -1).map(nodes).reverse());
    expect(back.map((p) => p.edges.map((e) => e.cursor))).toEqual(forward.slice(0, -1).map((p) => p.edges.map((e) => e.cursor)).reverse());
    expect(back.map((p) => p.pageInfo.hasPreviousPage)).toEqual([true, true, true, false]);
    // Each page is the upstream page read forward, read again with its token and size.
    expect(calls).toEqual([
      ['15', 5],
      ['10', 5],
      ['5', 5],
      [undefined, 5],
    ]);
  });

  it('takes the edges before a cursor in the middle of its page from that page alone, and from the pages before it as needed', async () => {
    const { source, calls } = upstream();
    const [, second] = await walkForward(source, 5);
    const middle = second!.edges[3]!.cursor; // item-8
    calls.length = 0;
    const near = await paginate(source, { last: 2, before: middle });
    expect(nodes(near)).toEqual(['item-6', 'item-7']);
    expect(near.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true, startCursor: near.edges[0]!.cursor, endCursor: near.edges[1]!.cursor });
    expect(calls).toEqual([['5', 5]]);
    calls.length = 0;
    const far = await paginate(source, { last: 6, before: middle });
    expect(nodes(far)).toEqual(ITEMS.slice(2, 8));
    expect(far.pageInfo.hasPreviousPage).toBe(true);
    expect(calls).toEqual([
      ['5', 5],
      [undefined, 5],
    ]);
    // The whole start: no previous page.
    const start = await paginate(source, { last: 50, before: middle });
    expect(nodes(start)).toEqual(ITEMS.slice(0, 8));
    expect(start.pageInfo.hasPreviousPage).toBe(false);
  });

  it('goes back through pages read with the sizes a filled forward page asked for', async () => {
    const { source, calls } = upstream({ cap: 3 });
    const page = await paginate(source, { first: 7 }); // upstream pages (-, 7) → 3, ('3', 4) → 3, ('6', 1) → 1
    calls.length = 0;
    const back = await paginate(source, { last: 5, before: page.pageInfo.endCursor });
    expect(nodes(back)).toEqual(ITEMS.slice(1, 6));
    expect(calls).toEqual([
      ['3', 4],
      [undefined, 7],
    ]);
    // Its cursors resume forward as the forward page's did.
    expect(nodes(await paginate(source, { first: 3, after: back.pageInfo.endCursor }))).toEqual(['item-6', 'item-7', 'item-8']);
  });

  it('answers last: 0 from its cursor alone, with no call', async () => {
    const { source, calls } = upstream({ minFirst: 0 });
    const [first, second] = await walkForward(source, 5);
    calls.length = 0;
    expect((await paginate(source, { last: 0, before: second!.pageInfo.startCursor })).pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true, startCursor: null, endCursor: null });
    expect((await paginate(source, { last: 0, before: first!.pageInfo.startCursor })).pageInfo.hasPreviousPage).toBe(false);
    expect((await paginate(source, { last: 3, before: first!.pageInfo.startCursor })).edges).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('goes back at most MAX_TRAIL_PAGES upstream pages past a cursor\'s own: a page that runs out says more precede, and the next before is refused', async () => {
    const items = Array.from({ length: 40 }, (_, i) => `item-${i}`);
    const { source, calls } = upstream({ items });
    const forward = await walkForward(source, 5); // eight pages: the last one's trail holds pages 4 to 7
    expect(forward).toHaveLength(8);
    let before = forward.at(-1)!.pageInfo.startCursor;
    const back: string[][] = [];
    for (let k = 0; k < MAX_TRAIL_PAGES; k++) {
      const page = await paginate(source, { last: 5, before });
      back.push(nodes(page));
      before = page.pageInfo.startCursor;
    }
    expect(back).toEqual([30, 25, 20, 15].map((from) => items.slice(from, from + 5)));
    // A page asking past the trail holds what the trail reaches, and says that edges precede.
    // forward[5] (items 25-29) was reached with a trail of pages 2 to 5 (items 5-24), so item-27
    // reaches back to item-5; the first page (items 0-4) is out of reach.
    const short = await paginate(upstream({ items }).source, { last: 8, before: forward[5]!.edges[2]!.cursor });
    expect(nodes(short)).toEqual(items.slice(19, 27));
    const edge = await paginate(upstream({ items }).source, { last: 30, before: forward[5]!.edges[2]!.cursor });
    expect(nodes(edge)).toEqual(items.slice(5, 27));
    expect(edge.pageInfo.hasPreviousPage).toBe(true);
    calls.length = 0;
    for (const cursor of [before, edge.pageInfo.startCursor]) {
      const error = await paginate(source, { last: 5, before: cursor }).catch((e: unknown) => e);
      expect(error).toMatchObject(refused('before'));
      expect((error as Error).message).toMatch(/cannot go further back/);
    }
    expect(calls).toEqual([]);
  });

  it('refuses arguments that mix the directions, last without before, and bad last values, before any call', async () => {
    const { source, calls } = upstream({ maxSize: 25 });
    const cursor = (await paginate(source, { first: 6 })).pageInfo.endCursor!;
    calls.length = 0;
    const cases: Array<[ConnectionArgs, string, RegExp]> = [
      [{ last: 5 }, 'last', /needs `before`/],
      [{ last: 5, after: cursor }, 'last', /needs `before`/],
      [{ first: 5, last: 5, before: cursor }, 'last', /cannot be combined with `first`/],
      [{ after: cursor, before: cursor, last: 2 }, 'before', /cannot be combined with `after`/],
      [{ first: 2, before: cursor }, 'before', /pass `last`/],
      [{ last: 0, before: cursor }, 'last', /between 1 and 25/],
      [{ last: 26, before: cursor }, 'last', /between 1 and 25/],
      [{ last: 1.5, before: cursor }, 'last', /between 1 and 25/],
    ];
    for (const [args, argument, message] of cases) {
      const error = await paginate(source, args).catch((e: unknown) => e);
      expect(error, JSON.stringify(args)).toMatchObject(refused(argument));
      expect((error as Error).message, JSON.stringify(args)).toMatch(message);
    }
    // `before` alone takes the list's default size.
    expect(nodes(await paginate(source, { before: cursor }))).toEqual(ITEMS.slice(0, 5));
  });

  it('refuses a cursor whose trail this graph did not write, and one of another list, naming before', async () => {
    const { source, calls } = upstream({ maxSize: 50 });
    const { h, other } = await forgery(source);
    calls.length = 0;
    const page = (t: string | null, s: number) => [t, s] as const;
    const forged = [
      encodeCursor({ t: null, s: 5, i: 1, h, p: [page(null, 5)] }), // the first page has nothing before it
      encodeCursor({ t: '10', s: 5, i: 1, h, p: [page('5', 5), page(null, 5)] }), // only the oldest page may be the first
      encodeCursor({ t: '10', s: 5, i: 1, h, p: [] }),
      encodeCursor({ t: '30', s: 5, i: 1, h, p: Array.from({ length: MAX_TRAIL_PAGES + 1 }, (_, k) => page(String(5 * k), 5)) }),
      encodeCursor({ t: '10', s: 5, i: 1, h, p: [page(null, 0)] }),
      encodeCursor({ t: '10', s: 5, i: 1, h, p: [page(null, 51)] }),
      encodeCursor({ t: '10', s: 5, i: 1, h, p: 'x' as never }),
    ];
    for (const before of forged) {
      const error = await paginate(source, { last: 2, before }).catch((e: unknown) => e);
      expect(error, Buffer.from(before, 'base64url').toString()).toMatchObject(refused('before'));
      expect((error as Error).message).toMatch(/is not a cursor of this connection/);
    }
    const error = await paginate(source, { last: 2, before: other }).catch((e: unknown) => e);
    expect(error).toMatchObject(refused('before'));
    expect((error as Error).message).toMatch(/another list/);
    expect(calls).toEqual([]);
  });
});
