/**
 * `upstreamList`, the connection over one upstream list read: the read is sent its path, its query
 * and the page's token and size; the cursors' scope is made from the list's name, path and query
 * (whatever the order of the query's keys), so a cursor is refused by another list or with other
 * arguments; what the pages carry beside their items is added to the connection; a failed read can
 * be told which cursor handed its token back.
 */
import { describe, expect, it } from 'vitest';
import { listScope, upstreamList, type PageQuery } from '../../src/schema/common/upstream-list.js';
import type { CursorArgument } from '../../src/schema/common/pagination.js';

const ITEMS = Array.from({ length: 12 }, (_, i) => `item-${i}`);
const PAGE = { defaultSize: 5, maxSize: 10 };

interface Answer {
  things: string[];
  total?: number | null;
  nextPageToken?: string;
}

/** An upstream list whose tokens are positions, recording what each read is sent. */
function service(options: { total?: (token: string | undefined) => number | null; cap?: number } = {}) {
  const reads: Array<{ path: string[]; query: PageQuery }> = [];
  const read = async (chainId: string, address: string, query: PageQuery): Promise<Answer> => {
    reads.push({ path: [chainId, address], query });
    const from = query.pageToken === undefined ? 0 : Number(query.pageToken);
    const to = Math.min(ITEMS.length, from + Math.min(query.pageSize, options.cap ?? Infinity));
    return { things: ITEMS.slice(from, to), total: options.total?.(query.pageToken), nextPageToken: to < ITEMS.length ? String(to) : undefined };
  };
  return { reads, read };
}

const refused = (argument: string) => ({ extensions: { code: 'BAD_USER_INPUT', argument } });

describe('listScope', () => {
  it('is the same for the same list and arguments, whatever the order of the query\'s keys and its undefined members', () => {
    const scope = listScope('transfers', ['43114', '0xabc'], { startBlock: 1n, endBlock: 9n, sortOrder: 'asc' });
    expect(listScope('transfers', ['43114', '0xabc'], { sortOrder: 'asc', endBlock: 9n, startBlock: 1n, status: undefined })).toBe(scope);
    expect(scope).toBe('transfers:[["43114","0xabc"],{"endBlock":"9","sortOrder":"asc","startBlock":"1"}]');
  });

  it('differs with the list\'s name, any member of its path or query, and what filters its items', () => {
    const scopes = [
      listScope('transfers', ['43114', '0xabc'], { sortOrder: 'asc' }),
      listScope('erc20Transfers', ['43114', '0xabc'], { sortOrder: 'asc' }),
      listScope('transfers', ['43113', '0xabc'], { sortOrder: 'asc' }),
      listScope('transfers', ['0xabc', '43114'], { sortOrder: 'asc' }),
      listScope('transfers', ['43114', '0xabc'], { sortOrder: 'desc' }),
      listScope('transfers', ['43114', '0xabc'], { sortOrder: 'asc', addresses: ['a'] }),
      listScope('transfers', ['43114', '0xabc'], { sortOrder: 'asc', addresses: ['a', 'b'] }),
      listScope('transfers', ['43114', '0xabc'], { sortOrder: 'asc' }, { chainId: '43114' }),
    ];
    expect(new Set(scopes).size).toBe(scopes.length);
  });
});

describe('upstreamList', () => {
  it('sends the read its path, then its query with the page\'s token and size, and resumes after a cursor', async () => {
    const { reads, read } = service();
    const list = { name: 'things', page: PAGE, path: ['43114', '0xabc'] as [string, string], query: { sortOrder: 'asc' }, read, items: (a: Answer) => a.things };
    const first = await upstreamList({ first: 3 }, list);
    expect(first.edges.map((e) => e.node)).toEqual(['item-0', 'item-1', 'item-2']);
    const next = await upstreamList({ first: 4, after: first.pageInfo.endCursor }, list);
    expect(next.edges.map((e) => e.node)).toEqual(['item-3', 'item-4', 'item-5', 'item-6']);
    expect(reads).toEqual([
      { path: ['43114', '0xabc'], query: { sortOrder: 'asc', pageToken: undefined, pageSize: 3 } },
      { path: ['43114', '0xabc'], query: { sortOrder: 'asc', pageToken: undefined, pageSize: 3 } },
      { path: ['43114', '0xabc'], query: { sortOrder: 'asc', pageToken: '3', pageSize: 4 } },
    ]);
  });

  it('refuses a cursor of another list, path or query before any read, and takes one of the same query with its keys reordered', async () => {
    const { reads, read } = service();
    const list = { name: 'things', page: PAGE, path: ['43114', '0xabc'] as [string, string], query: { sortOrder: 'asc', startBlock: 5n }, read, items: (a: Answer) => a.things };
    const after = (await upstreamList({ first: 2 }, list)).pageInfo.endCursor;
    reads.length = 0;
    const others = [
      { ...list, name: 'otherThings' },
      { ...list, path: ['43113', '0xabc'] as [string, string] },
      { ...list, query: { sortOrder: 'desc', startBlock: 5n } },
      { ...list, query: { sortOrder: 'asc', startBlock: 6n } },
      { ...list, query: { sortOrder: 'asc' } },
      { ...list, itemFilter: { chainId: '43114' } },
    ];
    for (const other of others) {
      const error = await upstreamList({ first: 2, after }, other).catch((e: unknown) => e);
      expect(error, JSON.stringify(other, (_, v) => (typeof v === 'bigint' ? String(v) : v))).toMatchObject(refused('after'));
      expect((error as Error).message).toMatch(/another list or of other arguments/);
    }
    expect(reads).toEqual([]);
    const reordered = await upstreamList({ first: 2, after }, { ...list, query: { startBlock: 5n, sortOrder: 'asc' } });
    expect(reordered.edges.map((e) => e.node)).toEqual(['item-2', 'item-3']);
  });

  it('adds what the pages carry beside their items, each member from the first page read that has it; nothing when no page is read', async () => {
    // Pages of at most 5 items; the first sends no total, the next ones do.
    const { reads, read } = service({ total: (token) => (token === undefined ? null : 12), cap: 5 });
    const list = { name: 'things', page: { ...PAGE, minFirst: 0 }, path: ['43114', '0xabc'] as [string, string], query: {}, read, items: (a: Answer) => a.things, extras: (a: Answer) => ({ total: a.total }) };
    const page = await upstreamList({ first: 10 }, list);
    expect(page.edges).toHaveLength(10);
    expect(reads).toHaveLength(2);
    expect(page.total).toBe(12);
    const none = await upstreamList({ last: 0, before: page.pageInfo.endCursor }, list);
    expect(none.edges).toEqual([]);
    expect(none).not.toHaveProperty('total');
  });

  it('lets a failed read name the cursor argument that handed its token back', async () => {
    const seen: Array<CursorArgument | undefined> = [];
    let fail = false;
    const { read } = service();
    const list = {
      name: 'things',
      page: PAGE,
      path: ['43114', '0xabc'] as [string, string],
      query: {},
      read: (chainId: string, address: string, query: PageQuery) => (fail ? Promise.reject(new Error('expired')) : read(chainId, address, query)),
      items: (a: Answer) => a.things,
      readError: (error: unknown, handedBack: CursorArgument | undefined) => (seen.push(handedBack), new Error(`${(error as Error).message} (${handedBack ?? 'no cursor'})`)),
    };
    // A cursor on the list's second page: it carries that page's token.
    const first = await upstreamList({ first: 5 }, list);
    const after = (await upstreamList({ first: 2, after: first.pageInfo.endCursor }, list)).pageInfo.endCursor;
    fail = true;
    await expect(upstreamList({ first: 2, after }, list)).rejects.toThrow('expired (after)');
    await expect(upstreamList({ first: 2 }, list)).rejects.toThrow('expired (no cursor)');
    expect(seen).toEqual(['after', undefined]);
  });
});
