/**
 * Relay pagination over the Data API's page tokens, on Chain.blocks, Block.transactions and
 * Account.transactions: whole walks at several page sizes against the upstream's full list, resuming
 * mid-page, filling past one upstream page, and refusing bad arguments before any upstream call.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EvmChainWorld } from '@avalanche-graph/sandbox';
import { EvmAccountTransactionsDocument, EvmBlockTransactionsDocument, EvmLatestBlocksDocument } from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';

const shared = useHarness({ keyPerTest: 'pagination' });
const { h, headers } = shared;
let chain: EvmChainWorld;

beforeAll(() => {
  chain = h.sandbox.world.evm.chain(43113)!;
});
beforeEach(async () => {
  // Caches the chain list (which `chain(id:)` reads) in the test's partition, then clears the counters.
  await h.query('{ chains { chainId } }', {}, headers);
  h.sandbox.reset();
});

const api = () => shared.dataApi;

/** Switches to a new cache partition: the next reads reach the upstream even for pages just read. */
async function coldCache() {
  shared.freshKey();
  await h.query('{ chains { chainId } }', {}, headers);
  h.sandbox.reset();
}

interface Page {
  ids: string[];
  cursors: string[];
  hasNextPage: boolean;
  endCursor: string | null;
  errors?: Array<{ extensions?: Record<string, unknown> }>;
}

interface ListCase {
  name: string;
  /** The upstream route the list reads. */
  route: string;
  /** The whole list as the upstream has it, in its order. */
  full(): string[];
  page(first: number | undefined, after?: string): Promise<Page>;
  /** Smallest `first` the list takes (1 unless the service's own page size starts at 0). */
  minFirst?: number;
}

type Connection = { edges: Array<{ cursor: string; node: { id?: string; hash?: string; number?: string } }>; pageInfo: { hasNextPage: boolean; endCursor?: string | null } };

function toPage(connection: Connection | null | undefined, errors: Page['errors'], id: (node: Connection['edges'][number]['node']) => string): Page {
  return {
    ids: connection?.edges.map((e) => id(e.node)) ?? [],
    cursors: connection?.edges.map((e) => e.cursor) ?? [],
    hasNextPage: connection?.pageInfo.hasNextPage ?? false,
    endCursor: connection?.pageInfo.endCursor ?? null,
    errors,
  };
}

const busiestBlock = () => [...chain.blocks].sort((a, b) => b.transactionHashes.length - a.transactionHashes.length)[0]!;
const busiestWallet = () => [...chain.wallets].sort((a, b) => chain.addressTransactions(b).length - chain.addressTransactions(a).length)[0]!;

const cases: ListCase[] = [
  {
    name: 'Chain.blocks',
    route: 'GET /v1/chains/{chainId}/blocks',
    full: () => [...chain.blocks].reverse().map((b) => String(b.number)),
    page: async (first, after) => {
      const { data, errors } = await h.query(EvmLatestBlocksDocument, { chainId: '43113', first, after }, headers);
      return toPage(data?.chain?.blocks, errors, (n) => n.number!);
    },
  },
  {
    name: 'Block.transactions',
    route: 'GET /v1/chains/{chainId}/blocks/{blockId}/transactions',
    minFirst: 0,
    full: () => busiestBlock().transactionHashes,
    page: async (first, after) => {
      const { data, errors } = await h.query(EvmBlockTransactionsDocument, { chainId: '43113', hash: busiestBlock().hash, first, after }, headers);
      return toPage(data?.chain?.block?.transactions, errors, (n) => n.hash!);
    },
  },
  {
    name: 'Account.transactions',
    route: 'GET /v1/chains/{chainId}/addresses/{address}/transactions:listNative',
    full: () => chain.addressTransactions(busiestWallet()).map((t) => t.hash),
    page: async (first, after) => {
      const { data, errors } = await h.query(EvmAccountTransactionsDocument, { chainId: '43113', address: busiestWallet(), first, after }, headers);
      return toPage(data?.chain?.address.transactions, errors, (n) => n.hash!);
    },
  },
];

describe.each(cases)('$name', (list) => {
  it.each([1, 3, 7, 10, 100])('walks the whole list with first = %i: same items, same order, no gaps or duplicates', async (first) => {
    const seen: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 500; pages++) {
      const page = await list.page(first, after);
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
    const firstPage = await list.page(3);
    const middle = firstPage.cursors[1]!;
    expect(middle).not.toBe(firstPage.endCursor);
    await coldCache();
    const resumed = await list.page(3, middle);
    expect(resumed.errors).toBeUndefined();
    expect(resumed.ids).toEqual(full.slice(2, 5));
    // The cursor's upstream page again (for the rest of it), then the next one.
    expect(api().total(list.route)).toBe(2);
  });

  it('uses the upstream default page size when first is omitted', async () => {
    const page = await list.page(undefined);
    expect(page.ids).toEqual(list.full().slice(0, 10));
  });

  it.each([0, 101, -1])('refuses first = %i before any upstream call, or answers it with no call where the list takes it (0 on Block.transactions)', async (first) => {
    await list.page(1); // the list's parents (chain, block) are read and cached first
    h.sandbox.reset();
    const page = await list.page(first);
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
    const others = await Promise.all(cases.filter((c) => c !== list).map((c) => c.page(2)));
    await list.page(1);
    h.sandbox.reset();
    const forged = Buffer.from(JSON.stringify({ t: null, s: 3, i: 0, h: 'nope' })).toString('base64url');
    for (const after of ['not a cursor', forged, ...others.map((o) => o.cursors[0]!)]) {
      const page = await list.page(3, after);
      expect(page.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'after' });
    }
    expect(api().total()).toBe(0);
  });
});

describe('first larger than one upstream page', () => {
  it('fills a page from the following upstream pages after a small-page cursor', async () => {
    const wallet = busiestWallet();
    const full = chain.addressTransactions(wallet).map((t) => t.hash);
    const accountTxs = cases[2]!;
    const small = await accountTxs.page(3);
    await coldCache();
    // The cursor pins its own upstream page of 3 (re-read for the one edge left in it); the 9 edges
    // still missing come from one following page asked for exactly 9.
    const big = await accountTxs.page(10, small.cursors[1]);
    expect(big.ids).toEqual(full.slice(2, 12));
    expect(big.hasNextPage).toBe(true);
    expect(api().total(accountTxs.route)).toBe(2);
    expect(api().recent.map((r) => new URL(r.url, 'http://x').searchParams.get('pageSize'))).toEqual(['3', '9']);
    const rest = await accountTxs.page(100, big.endCursor!);
    expect([...small.ids.slice(0, 2), ...big.ids, ...rest.ids]).toEqual(full);
    expect(rest.hasNextPage).toBe(false);
  });

  it('reads a list longer than the upstream maximum page in pages of at most 100', async () => {
    const blocks = cases[0]!;
    const full = blocks.full();
    expect(full.length).toBeGreaterThan(100);
    const first = await blocks.page(100);
    const second = await blocks.page(100, first.endCursor!);
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
