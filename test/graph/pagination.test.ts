/**
 * Relay pagination over the Data API's page tokens, on Chain.blocks, Block.transactions and
 * Account.transactions: whole walks at several page sizes against the upstream's full list, resuming
 * mid-page, filling past one upstream page, going back with `last`/`before`, and refusing bad
 * arguments before any upstream call.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvmChainWorld } from '@avalanche-graph/sandbox';
import { MAX_TRAIL_PAGES } from '../../src/schema/common/pagination.js';
import { EvmAccountTransactionsDocument, EvmBlockTransactionsDocument, EvmLatestBlocksDocument } from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';

const shared = useHarness({ keyPerTest: 'pagination', warmChains: true });
const { h, headers } = shared;
let chain: EvmChainWorld;

beforeAll(() => {
  chain = h.sandbox.world.evm.chain(43113)!;
});

const api = () => shared.dataApi;

/** Switches to a new cache partition: the next reads reach the upstream even for pages just read. */
async function coldCache() {
  shared.freshKey();
  await shared.warmChains();
}

interface Page {
  ids: string[];
  cursors: string[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
  data?: unknown;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

interface PageArgs {
  first?: number;
  after?: string;
  last?: number;
  before?: string;
}

interface ListCase {
  name: string;
  /** The upstream route the list reads. */
  route: string;
  /** The whole list as the upstream has it, in its order. */
  full(): string[];
  /** Reads a page with any of the connection's arguments. */
  read(args: PageArgs): Promise<Page>;
  /** Smallest `first` the list takes (1 unless the service's own page size starts at 0). */
  minFirst?: number;
}

type Connection = {
  edges: Array<{ cursor: string; node: { id?: string; hash?: string; number?: string } }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor?: string | null; endCursor?: string | null };
};

function toPage(answer: { data?: unknown; errors?: Page['errors'] }, connection: Connection | null | undefined, id: (node: Connection['edges'][number]['node']) => string): Page {
  return {
    ids: connection?.edges.map((e) => id(e.node)) ?? [],
    cursors: connection?.edges.map((e) => e.cursor) ?? [],
    hasNextPage: connection?.pageInfo.hasNextPage ?? false,
    hasPreviousPage: connection?.pageInfo.hasPreviousPage ?? false,
    startCursor: connection?.pageInfo.startCursor ?? null,
    endCursor: connection?.pageInfo.endCursor ?? null,
    data: answer.data,
    errors: answer.errors,
  };
}

/** A forward page of a list: `first` edges after `after`. */
const pageOf = (list: ListCase, first: number | undefined, after?: string) => list.read({ first, after });

const busiestBlock = () => [...chain.blocks].sort((a, b) => b.transactionHashes.length - a.transactionHashes.length)[0]!;
const busiestWallet = () => [...chain.wallets].sort((a, b) => chain.addressTransactions(b).length - chain.addressTransactions(a).length)[0]!;

const cases: ListCase[] = [
  {
    name: 'Chain.blocks',
    route: 'GET /v1/chains/{chainId}/blocks',
    full: () => [...chain.blocks].reverse().map((b) => String(b.number)),
    read: async (args) => {
      const answer = await h.query(EvmLatestBlocksDocument, { chainId: '43113', ...args }, headers);
      return toPage(answer, answer.data?.chain?.blocks, (n) => n.number!);
    },
  },
  {
    name: 'Block.transactions',
    route: 'GET /v1/chains/{chainId}/blocks/{blockId}/transactions',
    minFirst: 0,
    full: () => busiestBlock().transactionHashes,
    read: async (args) => {
      const answer = await h.query(EvmBlockTransactionsDocument, { chainId: '43113', hash: busiestBlock().hash, ...args }, headers);
      return toPage(answer, answer.data?.chain?.block?.transactions, (n) => n.hash!);
    },
  },
  {
    name: 'Account.transactions',
    route: 'GET /v1/chains/{chainId}/addresses/{address}/transactions:listNative',
    full: () => chain.addressTransactions(busiestWallet()).map((t) => t.hash),
    read: async (args) => {
      const answer = await h.query(EvmAccountTransactionsDocument, { chainId: '43113', address: busiestWallet(), ...args }, headers);
      return toPage(answer, answer.data?.chain?.address.transactions, (n) => n.hash!);
    },
  },
];

describe.each(cases)('$name', (list) => {
  it.each([1, 3, 7, 10, 100])('walks the whole list with first = %i: same items, same order, no gaps or duplicates', async (first) => {
    const seen: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 500; pages++) {
      const page = await pageOf(list, first, after);
      expect(page.errors).toBeUndefined();
      expect(page.ids.length).toBeLessThanOrEqual(first);
      seen.push(...page.ids);
      if (!page.hasNextPage) break;
      expect(page.ids.length).toBe(first);
      expect(page.endCursor).toBe(page.cursors.at(-1));
      after = page.endCursor!;
    }
    expect(seen).toEqual(list.full());
  });

  it('resumes after a cursor in the middle of a page', async () => {
    const full = list.full();
    const firstPage = await pageOf(list, 3);
    const middle = firstPage.cursors[1]!;
    expect(middle).not.toBe(firstPage.endCursor);
    await coldCache();
    const resumed = await pageOf(list, 3, middle);
    expect(resumed.errors).toBeUndefined();
    expect(resumed.ids).toEqual(full.slice(2, 5));
    // The cursor's upstream page again (for the rest of it), then the next one.
    expect(api().total(list.route)).toBe(2);
  });

  it('uses the upstream default page size when first is omitted', async () => {
    const page = await pageOf(list, undefined);
    expect(page.ids).toEqual(list.full().slice(0, 10));
  });

  it.each([0, 101, -1])('refuses first = %i before any upstream call, or answers it with no call where the list takes it (0 on Block.transactions)', async (first) => {
    await pageOf(list, 1); // the list's parents (chain, block) are read and cached first
    h.sandbox.reset();
    const page = await pageOf(list, first);
    if (first >= (list.minFirst ?? 1) && first <= 100) {
      // Allowed here (Block.transactions takes 0): no edges, and no call to say so.
      expect(page.errors).toBeUndefined();
      expect(page.ids).toEqual([]);
      expect(page.hasNextPage).toBe(list.full().length > 0);
    } else {
      expect(page.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'first' });
    }
    expect(api().total()).toBe(0);
  });

  it('refuses a malformed cursor and a cursor of another list before any upstream call', async () => {
    const others = await Promise.all(cases.filter((c) => c !== list).map((c) => pageOf(c, 2)));
    await pageOf(list, 1);
    h.sandbox.reset();
    const forged = Buffer.from(JSON.stringify({ t: null, s: 3, i: 0, h: 'nope' })).toString('base64url');
    for (const after of ['not a cursor', forged, ...others.map((o) => o.cursors[0]!)]) {
      const page = await pageOf(list, 3, after);
      expect(page.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'after' });
    }
    expect(api().total()).toBe(0);
  });
});

/** The `pageSize` of each upstream request to `route` since the counters were reset. */
const pageSizes = (route: string) =>
  api()
    .recent.filter((r) => r.route === route)
    .map((r) => new URL(r.url, 'http://x').searchParams.get('pageSize'));

/** Walks a list forward to its end with `first`, page by page. */
async function walkForward(list: ListCase, first: number): Promise<Page[]> {
  const pages: Page[] = [];
  let after: string | undefined;
  do {
    const page = await pageOf(list, first, after);
    expect(page.errors).toBeUndefined();
    pages.push(page);
    after = page.endCursor ?? undefined;
  } while (pages.at(-1)!.hasNextPage && pages.length < 50);
  return pages;
}

describe.each(cases)('$name, going back with last and before', (list) => {
  it('walks back from the last page of a forward walk to the first: the forward pages in reverse, edges and cursors, one upstream call a page', async () => {
    const full = list.full();
    // Pages small enough that the whole list is a walk of at most MAX_TRAIL_PAGES + 1 pages, so a
    // cursor of its last page reaches back to the start.
    const size = Math.ceil(full.length / (MAX_TRAIL_PAGES + 1));
    const forward = await walkForward(list, size);
    expect(forward.length).toBeGreaterThanOrEqual(3);
    expect(forward.flatMap((p) => p.ids)).toEqual(full);
    await coldCache();
    const back: Page[] = [];
    let before = forward.at(-1)!.startCursor!;
    for (let k = 0; k < forward.length; k++) {
      const page = await list.read({ last: size, before });
      expect(page.errors).toBeUndefined();
      back.push(page);
      if (!page.hasPreviousPage) break;
      before = page.startCursor!;
    }
    const expected = forward.slice(0, -1).reverse();
    expect(back.map((p) => p.ids)).toEqual(expected.map((p) => p.ids));
    expect(back.map((p) => p.cursors)).toEqual(expected.map((p) => p.cursors));
    expect(back.map((p) => [p.hasPreviousPage, p.hasNextPage, p.startCursor, p.endCursor])).toEqual(
      expected.map((p, k) => [k < expected.length - 1, true, p.cursors[0], p.cursors.at(-1)]),
    );
    // Each upstream page once, read again with the size the forward walk read it with.
    expect(api().total(list.route)).toBe(expected.length);
    expect(pageSizes(list.route)).toEqual(expected.map(() => String(size)));
  });

  it('says on every page whether edges precede it: false on the first, true on the next ones and mid-page', async () => {
    const full = list.full();
    const first = await pageOf(list, 2);
    expect([first.hasPreviousPage, first.startCursor]).toEqual([false, first.cursors[0]]);
    const second = await pageOf(list, 2, first.endCursor!);
    expect([second.hasPreviousPage, second.startCursor]).toEqual([true, second.cursors[0]]);
    const midPage = await pageOf(list, 1, first.cursors[0]);
    expect(midPage.ids).toEqual(full.slice(1, 2));
    expect(midPage.hasPreviousPage).toBe(true);
    // Back from the second page: the first page again, with nothing before it.
    const back = await list.read({ last: 2, before: second.startCursor! });
    expect(back.ids).toEqual(first.ids);
    expect([back.hasPreviousPage, back.hasNextPage, back.startCursor, back.endCursor]).toEqual([false, true, first.cursors[0], first.endCursor]);
    // Back from the middle of the first page: the edge before it, read from that page alone.
    await coldCache();
    const before = await list.read({ last: 5, before: first.cursors[1] });
    expect(before.ids).toEqual(full.slice(0, 1));
    expect(before.hasPreviousPage).toBe(false);
    expect(api().total(list.route)).toBe(1);
  });

  it('refuses last without before, a mix of the two directions and a malformed before, naming the argument, before any upstream call', async () => {
    const page = await pageOf(list, 2);
    const cursor = page.endCursor!;
    h.sandbox.reset();
    const cases: Array<[PageArgs, string]> = [
      [{ last: 2 }, 'last'],
      [{ last: 2, after: cursor }, 'last'],
      [{ first: 2, last: 2, before: cursor }, 'last'],
      [{ after: cursor, before: cursor }, 'before'],
      [{ first: 2, before: cursor }, 'before'],
      [{ last: 101, before: cursor }, 'last'],
      [{ last: 2, before: 'not a cursor' }, 'before'],
    ];
    for (const [args, argument] of cases) {
      const refused = await list.read(args);
      // Refused by the operation guard: nothing ran, not even the list's parents.
      expect(refused.data, JSON.stringify(args)).toBeUndefined();
      expect(refused.errors![0]!.extensions, JSON.stringify(args)).toMatchObject({ code: 'BAD_USER_INPUT', argument });
      expect(refused.errors![0]!.message, JSON.stringify(args)).toContain(argument);
    }
    expect(api().total()).toBe(0);
  });
});

describe('Chain.blocks: how far back a cursor reaches', () => {
  it('goes back MAX_TRAIL_PAGES upstream pages past a deep cursor\'s own, then refuses before with no upstream call', async () => {
    const blocks = cases[0]!;
    const full = blocks.full();
    const size = 10;
    const forward = await walkForward(blocks, size);
    const deep = forward[MAX_TRAIL_PAGES + 2]!; // its trail holds the MAX_TRAIL_PAGES pages before it, not the first ones
    await coldCache();
    const reach = await blocks.read({ last: 100, before: deep.startCursor! });
    const start = (MAX_TRAIL_PAGES + 2) * size;
    // What the trail reaches, fewer than asked, and the page says that edges precede it.
    expect(reach.ids).toEqual(full.slice(start - MAX_TRAIL_PAGES * size, start));
    expect(reach.hasPreviousPage).toBe(true);
    expect(api().total(blocks.route)).toBe(MAX_TRAIL_PAGES);
    h.sandbox.reset();
    const refused = await blocks.read({ last: 10, before: reach.startCursor! });
    expect(refused.data).toBeUndefined();
    expect(refused.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'before' });
    expect(refused.errors![0]!.message).toContain('cannot go further back');
    expect(api().total()).toBe(0);
  });

  it('keeps cursors short: one of a page deep in the walk, with its whole trail, is under 400 characters', async () => {
    const forward = await walkForward(cases[0]!, 10);
    const deep = forward[MAX_TRAIL_PAGES + 2]!;
    const trail = JSON.parse(Buffer.from(deep.startCursor!, 'base64url').toString()).p as unknown[];
    expect(trail).toHaveLength(MAX_TRAIL_PAGES);
    expect(deep.startCursor!.length).toBeLessThan(400);
  });
});

describe('first larger than one upstream page', () => {
  it('fills a page from the following upstream pages after a small-page cursor', async () => {
    const wallet = busiestWallet();
    const full = chain.addressTransactions(wallet).map((t) => t.hash);
    const accountTxs = cases[2]!;
    const small = await pageOf(accountTxs, 3);
    await coldCache();
    // The cursor pins its own upstream page of 3 (re-read for the one edge left in it); the 9 edges
    // still missing come from one following page asked for exactly 9.
    const big = await pageOf(accountTxs, 10, small.cursors[1]);
    expect(big.ids).toEqual(full.slice(2, 12));
    expect(big.hasNextPage).toBe(true);
    expect(api().total(accountTxs.route)).toBe(2);
    expect(api().recent.map((r) => new URL(r.url, 'http://x').searchParams.get('pageSize'))).toEqual(['3', '9']);
    const rest = await pageOf(accountTxs, 100, big.endCursor!);
    expect([...small.ids.slice(0, 2), ...big.ids, ...rest.ids]).toEqual(full);
    expect(rest.hasNextPage).toBe(false);
  });

  it('reads a list longer than the upstream maximum page in pages of at most 100', async () => {
    const blocks = cases[0]!;
    const full = blocks.full();
    expect(full.length).toBeGreaterThan(100);
    const first = await pageOf(blocks, 100);
    const second = await pageOf(blocks, 100, first.endCursor!);
    expect([...first.ids, ...second.ids]).toEqual(full);
    expect(second.hasNextPage).toBe(false);
    for (const entry of api().recent) expect(new URL(entry.url, 'http://x').searchParams.get('pageSize')).toBe('100');
  });
});

describe('cursors bound to their arguments', () => {
  it('refuses an Account.transactions cursor replayed with another block range or address', async () => {
    const wallet = busiestWallet();
    const other = [...chain.wallets].find((w) => w !== wallet)!;
    const { data } = await h.query(EvmAccountTransactionsDocument, { chainId: '43113', address: wallet, first: 2 }, headers);
    const cursor = data!.chain!.address.transactions!.pageInfo.endCursor!;
    h.sandbox.reset();
    const ranged = await h.query(EvmAccountTransactionsDocument, { chainId: '43113', address: wallet, startBlock: '1', first: 2, after: cursor }, headers);
    const elsewhere = await h.query(EvmAccountTransactionsDocument, { chainId: '43113', address: other, first: 2, after: cursor }, headers);
    for (const answer of [ranged, elsewhere]) expect(answer.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'after' });
    expect(api().total()).toBe(0);
  });
});
