/**
 * EVM transaction lists in the graph: a chain's latest transactions, the latest blocks and
 * transactions across chains, an address's history (v2 by default, v1 on request), NFT transfers and
 * internal transactions, against the sandbox's world, with their upstream calls counted.
 */
import { describe, expect, it } from 'vitest';
import { addressActivity, isListedInternalCall, type EvmChainWorld, type EvmTransaction } from '@avalanche-graph/sandbox';
import {
  AccountHistoryDocument,
  AccountHistoryLinksDocument,
  AccountInternalTransactionLinksDocument,
  AccountInternalTransactionsDocument,
  AccountNftTransfersDocument,
  ChainLatestTransactionsDocument,
  ChainLatestTransactionsWithBlocksDocument,
  LatestBlocksDocument,
  LatestTransactionsDocument,
  type AccountHistoryQueryVariables,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const shared = useHarness({ keyPerTest: 'evm-txs' });
const { h } = shared;
const api = () => shared.dataApi;
const cChain = (): EvmChainWorld => h.sandbox.world.evm.chain(43114)!;
const wallet = () => h.sandbox.world.evm.sharedWallets[0]!;
const chainsOf = (network?: 'mainnet' | 'fuji') =>
  h.sandbox.world.chains.filter((c) => !network || c.network === network).map((c) => h.sandbox.world.evm.chain(c.evmChainId)!);

/** The service's cross-chain order: block time newest first, ties by chain id, each chain in its own order. */
function acrossChains<T extends { hash: string }>(chains: EvmChainWorld[], items: (c: EvmChainWorld) => T[], ms: (c: EvmChainWorld, item: T) => number): string[] {
  return chains
    .flatMap((c) => items(c).map((item, i) => ({ c, item, i, at: ms(c, item) })))
    .sort((a, b) => b.at - a.at || a.c.evmChainId - b.c.evmChainId || a.i - b.i)
    .map(({ c, item }) => `${c.evmChainId}/${item.hash}`);
}

const txMs = (c: EvmChainWorld, tx: EvmTransaction) => c.blockByNumber(tx.blockNumber)!.timestampMs;

describe('Chain.transactions', () => {
  it('lists the chain\'s latest transactions newest first, resuming mid-page, with one call per page and no chain list', async () => {
    const expected = [...cChain().transactions].reverse();
    const first = await shared.query(ChainLatestTransactionsDocument, { chainId: '43114', first: 25 });
    expect(first.errors).toBeUndefined();
    const edges = first.data!.chain!.transactions!.edges;
    expect(edges.map((e) => e.node.hash)).toEqual(expected.slice(0, 25).map((t) => t.hash));
    expect(edges[0]!.node).toMatchObject({ chainId: '43114', blockNumber: String(expected[0]!.blockNumber), from: { address: expected[0]!.from } });
    expect(api().counts()).toEqual({ 'GET /v1/chains/{chainId}/transactions': 1 });
    const next = await shared.query(ChainLatestTransactionsDocument, { chainId: '43114', first: 30, after: edges[9]!.cursor });
    expect(next.data!.chain!.transactions!.edges.map((e) => e.node.hash)).toEqual(expected.slice(10, 40).map((t) => t.hash));
  });

  it('filters by status, forwarding it', async () => {
    const failed = [...cChain().transactions].reverse().filter((t) => t.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    const { data } = await shared.query(ChainLatestTransactionsDocument, { chainId: '43114', status: 'FAILED', first: 100 });
    expect(data!.chain!.transactions!.edges.map((e) => e.node.hash)).toEqual(failed.map((t) => t.hash));
    expect(data!.chain!.transactions!.edges.every((e) => e.node.status === 'FAILED')).toBe(true);
    expect(api().recent.at(-1)!.url).toBe('/v1/chains/43114/transactions?status=failed&pageSize=100');
  });

  it('links each transaction to its block, one call per distinct block', async () => {
    const { data, errors } = await shared.query(ChainLatestTransactionsWithBlocksDocument, { chainId: '43114', first: 20 });
    expect(errors).toBeUndefined();
    const listed = [...cChain().transactions].reverse().slice(0, 20);
    expect(data!.chain!.transactions!.nodes.map((n) => n.block!.number)).toEqual(listed.map((t) => String(t.blockNumber)));
    expect(api().counts()).toEqual({
      'GET /v1/chains/{chainId}/transactions': 1,
      'GET /v1/chains/{chainId}/blocks/{blockId}': new Set(listed.map((t) => t.blockHash)).size,
    });
  });
});

describe('Query.latestBlocks and Query.latestTransactions', () => {
  it('latestBlocks lists the blocks of a network\'s chains newest first, each linked to its chain; a parent in the page costs no call', async () => {
    const expected = acrossChains(chainsOf('mainnet'), (c) => [...c.blocks].reverse(), (_, b) => b.timestampMs);
    const { data, errors } = await shared.query(LatestBlocksDocument, { network: 'MAINNET', first: 30 });
    expect(errors).toBeUndefined();
    const nodes = data!.latestBlocks!.nodes;
    expect(nodes.map((b) => `${b.chain.chainId}/${b.hash}`)).toEqual(expected.slice(0, 30));
    expect(nodes.every((b) => b.chain.network === 'MAINNET')).toBe(true);
    expect(new Set(nodes.map((b) => b.chain.chainId)).size).toBeGreaterThan(1);
    const listed = new Set(nodes.map((b) => `${b.chain.chainId}/${b.number}`));
    const parentsOutside = nodes.filter((b) => !listed.has(`${b.chain.chainId}/${BigInt(b.number) - 1n}`)).length;
    expect(parentsOutside).toBeLessThan(nodes.length);
    nodes.forEach((b) => expect(b.parent!.number).toBe(String(BigInt(b.number) - 1n)));
    expect(api().counts()).toEqual({ 'GET /v1/blocks': 1, 'GET /v1/chains': 1, 'GET /v1/chains/{chainId}/blocks/{blockId}': parentsOutside });
    expect(api().recent.find((r) => r.route === 'GET /v1/blocks')!.url).toBe('/v1/blocks?network=mainnet&pageSize=30');
  });

  it('latestBlocks without a network walks every chain\'s blocks, across pages', async () => {
    const expected = acrossChains(chainsOf(), (c) => [...c.blocks].reverse(), (_, b) => b.timestampMs);
    const first = await shared.query(LatestBlocksDocument, { first: 15 });
    const next = await shared.query(LatestBlocksDocument, { first: 100, after: first.data!.latestBlocks!.pageInfo.endCursor });
    expect([...first.data!.latestBlocks!.nodes, ...next.data!.latestBlocks!.nodes].map((b) => `${b.chain.chainId}/${b.hash}`)).toEqual(expected.slice(0, 115));
    expect(api().recent.find((r) => r.route === 'GET /v1/blocks')!.url).toBe('/v1/blocks?pageSize=15');
  });

  it('latestTransactions merges the chains of a network, filtered by status', async () => {
    const expected = acrossChains(chainsOf('fuji'), (c) => [...c.transactions].reverse().filter((t) => t.status === 'success'), txMs);
    const { data, errors } = await shared.query(LatestTransactionsDocument, { network: 'TESTNET', status: 'SUCCESS', first: 40 });
    expect(errors).toBeUndefined();
    const nodes = data!.latestTransactions!.nodes;
    expect(nodes.map((n) => `${n.chain.chainId}/${n.hash}`)).toEqual(expected.slice(0, 40));
    expect(nodes.every((n) => n.status === 'SUCCESS')).toBe(true);
    expect(api().recent.find((r) => r.route === 'GET /v1/transactions')!.url).toBe('/v1/transactions?network=testnet&status=success&pageSize=40');
  });
});

/** What the graph shows of a history item, from the world: the parts the address was a party of. */
function expectedEntry(tx: EvmTransaction, address: string) {
  const me = address.toLowerCase();
  const mine = <T extends { from: string; to: string }>(list: T[]) => list.filter((x) => x.from.toLowerCase() === me || x.to.toLowerCase() === me);
  return {
    transaction: { hash: tx.hash, blockNumber: String(tx.blockNumber) },
    erc20: mine(tx.erc20Transfers).map((t) => `${t.logIndex}/${t.value}`),
    erc721: mine(tx.nftTransfers.filter((n) => n.standard === 'ERC-721')).map((t) => t.tokenId),
    erc1155: mine(tx.nftTransfers.filter((n) => n.standard === 'ERC-1155')).map((t) => `${t.tokenId}=${t.value}`),
    internal: mine(tx.internalCalls.filter(isListedInternalCall)).map((c) => c.value.toString()),
  };
}

const walkHistory = (vars: AccountHistoryQueryVariables, first: number) =>
  walkConnection((after) => shared.query(AccountHistoryDocument, { ...vars, first, after }), (d) => d.chain!.address.history);

describe('Account.history', () => {
  it('walks the whole history (v2) newest first, each transaction with the parts the address took part in', async () => {
    const address = wallet();
    const expected = addressActivity(cChain()).transactions(address);
    expect(expected.length).toBeGreaterThan(cChain().addressTransactions(address).length);
    const entries = await walkHistory({ chainId: '43114', address }, 37);
    expect(entries.map((e) => e.transaction.hash)).toEqual(expected.map((t) => t.hash));
    entries.forEach((e, i) => {
      const want = expectedEntry(expected[i]!, address);
      expect(e.transaction).toEqual(want.transaction);
      expect(e.erc20Transfers.map((t) => `${t.logIndex}/${t.value}`)).toEqual(want.erc20);
      expect(e.erc721Transfers.map((t) => t.erc721Token.tokenId)).toEqual(want.erc721);
      expect(e.erc1155Transfers.map((t) => `${t.erc1155Token.tokenId}=${t.value}`)).toEqual(want.erc1155);
      expect(e.internalTransactions.map((t) => t.value)).toEqual(want.internal);
    });
    const transfers = entries.flatMap((e) => e.erc20Transfers);
    expect(transfers.length).toBeGreaterThan(0);
    expect(transfers.every((t) => t.tokenReputation === 'BENIGN')).toBe(true);
    expect(api().recent.every((r) => r.route === 'GET /v2/chains/{chainId}/addresses/{address}/transactions')).toBe(true);
  });

  it('reads v1 on request (no reputation), with a block range and ascending order forwarded', async () => {
    const address = wallet();
    const expected = addressActivity(cChain()).transactions(address).filter((t) => t.blockNumber >= 40 && t.blockNumber < 160).reverse();
    const entries = await walkHistory({ chainId: '43114', address, version: 'V1', sortOrder: 'ASC', startBlock: '40', endBlock: '160' }, 100);
    expect(entries.map((e) => e.transaction.hash)).toEqual(expected.map((t) => t.hash));
    expect(entries.flatMap((e) => e.erc20Transfers).every((t) => t.tokenReputation === null)).toBe(true);
    expect(api().recent.at(-1)!.url).toBe(`/v1/chains/43114/addresses/${address}/transactions?startBlock=40&endBlock=160&sortOrder=asc&pageSize=100`);
  });

  it('forwards the spam filter to v2; an L1\'s tokens have no reputation', async () => {
    const l1 = h.sandbox.world.evm.chain(779672)!;
    const address = l1.wallets.find((w) => addressActivity(l1).transactions(w).some((t) => t.erc20Transfers.length > 0))!;
    const entries = await walkHistory({ chainId: '779672', address, filterSpamTokens: true }, 100);
    expect(entries.map((e) => e.transaction.hash)).toEqual(addressActivity(l1).transactions(address).map((t) => t.hash));
    const transfers = entries.flatMap((e) => e.erc20Transfers);
    expect(transfers.length).toBeGreaterThan(0);
    expect(transfers.every((t) => t.tokenReputation === null)).toBe(true);
    expect(api().recent.at(-1)!.url).toContain('filterSpamTokens=true');
  });

  it('primes the transaction loader: a transfer\'s link to its listed transaction costs no call', async () => {
    const { data, errors } = await shared.query(AccountHistoryLinksDocument, { chainId: '43114', address: wallet(), first: 30 });
    expect(errors).toBeUndefined();
    const nodes = data!.chain!.address.history!.nodes;
    const links = nodes.flatMap((n) => n.erc20Transfers.map((t) => [t.transaction!.hash, n.transaction.hash]));
    expect(links.length).toBeGreaterThan(0);
    links.forEach(([link, own]) => expect(link).toBe(own));
    expect(api().counts()).toEqual({ 'GET /v2/chains/{chainId}/addresses/{address}/transactions': 1 });
  });

  it('reads a primed transaction\'s details by hash when a field needs them, once per transaction', async () => {
    const address = wallet();
    const listed = addressActivity(cChain()).transactions(address).slice(0, 10);
    const withErc20 = listed.filter((tx) => expectedEntry(tx, address).erc20.length > 0);
    expect(withErc20.length).toBeGreaterThan(0);
    const { data, errors } = await shared.query<any>(
      `{ chain(id: "43114") { address(address: "${address}") { history(first: 10) { nodes { erc20Transfers { transaction { input maxFeePerGas } } } } } } }`,
    );
    expect(errors).toBeUndefined();
    const inputs = data.chain.address.history.nodes.flatMap((n: any) => n.erc20Transfers.map((t: any) => t.transaction.input));
    expect(inputs).toEqual(withErc20.flatMap((tx) => expectedEntry(tx, address).erc20.map(() => tx.input)));
    expect(api().counts()).toEqual({
      'GET /v2/chains/{chainId}/addresses/{address}/transactions': 1,
      'GET /v1/chains/{chainId}/transactions/{txHash}': withErc20.length,
    });
  });
});

describe('Account NFT transfers and internal transactions', () => {
  const busiest = (list: (address: string) => readonly unknown[]) => cChain().wallets.reduce((best, w) => (list(w).length > list(best).length ? w : best));

  it('erc721Transfers and erc1155Transfers list the address\'s NFT transfers newest first, within a block range', async () => {
    const activity = addressActivity(cChain());
    const address = busiest(activity.erc721Transfers);
    const { data, errors } = await shared.query(AccountNftTransfersDocument, { chainId: '43114', address, first: 100 });
    expect(errors).toBeUndefined();
    const account = data!.chain!.address;
    expect(account.erc721Transfers!.nodes.map((t) => `${t.txHash}/${t.logIndex}/${t.erc721Token.tokenId}`)).toEqual(
      activity.erc721Transfers(address).map((r) => `${r.tx.hash}/${r.transfer.logIndex}/${r.transfer.tokenId}`),
    );
    expect(account.erc721Transfers!.nodes[0]!.token.name).toBe(cChain().nftCollection(activity.erc721Transfers(address)[0]!.transfer.collection)!.name);
    expect(account.erc1155Transfers!.nodes.map((t) => `${t.txHash}/${t.erc1155Token.tokenId}/${t.value}`)).toEqual(
      activity.erc1155Transfers(address).map((r) => `${r.tx.hash}/${r.transfer.tokenId}/${r.transfer.value}`),
    );
    expect(api().counts()).toEqual({
      'GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc721': 1,
      'GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc1155': 1,
    });
    const block = activity.erc721Transfers(address)[2]!.tx.blockNumber;
    const ranged = await shared.query(AccountNftTransfersDocument, { chainId: '43114', address, startBlock: String(block), first: 100 });
    expect(ranged.data!.chain!.address.erc721Transfers!.nodes.map((t) => t.txHash)).toEqual(
      activity.erc721Transfers(address).filter((r) => r.tx.blockNumber >= block).map((r) => r.tx.hash),
    );
  });

  it('internalTransactions lists a contract\'s value-moving calls newest first, across pages, with their place', async () => {
    const calls = cChain().transactions.flatMap((tx) => tx.internalCalls.filter(isListedInternalCall).map((call) => ({ tx, call })));
    const router = calls[0]!.call.from;
    const expected = calls.filter((r) => r.call.from === router || r.call.to === router).reverse();
    const first = await shared.query(AccountInternalTransactionsDocument, { chainId: '43114', address: router, first: 7 });
    const page = first.data!.chain!.address.internalTransactions!;
    const rest = await shared.query(AccountInternalTransactionsDocument, { chainId: '43114', address: router, first: 100, after: page.edges[3]!.cursor });
    const seen = [...page.edges.slice(0, 4), ...rest.data!.chain!.address.internalTransactions!.edges].map((e) => e.node);
    expect(seen.map((n) => `${n.txHash}/${n.to.address}/${n.value}/${n.type}`)).toEqual(expected.map((r) => `${r.tx.hash}/${r.call.to}/${r.call.value}/${r.call.type}`));
    expect(seen[0]).toMatchObject({ blockNumber: String(expected[0]!.tx.blockNumber), blockHash: expected[0]!.tx.blockHash, isReverted: false, chain: { chainId: '43114' } });
  });

  it('links internal transactions to their transaction and block, one call per distinct one', async () => {
    const calls = cChain().transactions.flatMap((tx) => tx.internalCalls.filter(isListedInternalCall).map((call) => ({ tx, call })));
    const router = calls[0]!.call.from;
    const listed = calls.filter((r) => r.call.from === router || r.call.to === router).reverse().slice(0, 5);
    const { data, errors } = await shared.query(AccountInternalTransactionLinksDocument, { chainId: '43114', address: router, first: 5 });
    expect(errors).toBeUndefined();
    const nodes = data!.chain!.address.internalTransactions!.nodes;
    expect(nodes.map((n) => [n.transaction!.hash, n.transaction!.value, n.block!.hash])).toEqual(listed.map((r) => [r.tx.hash, r.tx.value.toString(), r.tx.blockHash]));
    expect(api().counts()).toEqual({
      'GET /v1/chains/{chainId}/addresses/{address}/transactions:listInternals': 1,
      'GET /v1/chains/{chainId}/transactions/{txHash}': new Set(listed.map((r) => r.tx.hash)).size,
      'GET /v1/chains/{chainId}/blocks/{blockId}': new Set(listed.map((r) => r.tx.blockHash)).size,
    });
  });
});

describe('input checks', () => {
  it('refuses bad arguments naming them, before any upstream call', async () => {
    const address = wallet();
    const cases: Array<[Promise<{ errors?: Array<{ extensions?: Record<string, any> }> }>, string]> = [
      [shared.query(ChainLatestTransactionsDocument, { chainId: '43114', status: 'UNKNOWN' }), 'status'],
      [shared.query(ChainLatestTransactionsDocument, { chainId: '43114', first: 101 }), 'first'],
      [shared.query(ChainLatestTransactionsDocument, { chainId: '43114', after: 'nope' }), 'after'],
      [shared.query(LatestTransactionsDocument, { status: 'UNKNOWN' }), 'status'],
      [shared.query(LatestBlocksDocument, { first: 0 }), 'first'],
      [shared.query(AccountHistoryDocument, { chainId: '43114', address, startBlock: '50', endBlock: '50' }), 'endBlock'],
      [shared.query(AccountHistoryDocument, { chainId: '43114', address, startBlock: '-1' }), 'startBlock'],
      [shared.query(AccountHistoryDocument, { chainId: '43114', address, endBlock: '9007199254740992' }), 'endBlock'],
      [shared.query(AccountHistoryDocument, { chainId: '43114', address, version: 'V1', filterSpamTokens: false }), 'filterSpamTokens'],
      [shared.query(AccountNftTransfersDocument, { chainId: '43114', address, startBlock: '10', endBlock: '5' }), 'endBlock'],
      [shared.query(AccountInternalTransactionsDocument, { chainId: '43114', address: '0x1234', first: 5 }), 'address'],
    ];
    for (const [answer, argument] of cases) {
      const { errors } = await answer;
      expect(errors?.[0]?.extensions, argument).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    // A cursor of another list.
    const foreign = await shared.query(ChainLatestTransactionsDocument, { chainId: '43114', first: 5 });
    const replay = await shared.query(AccountInternalTransactionsDocument, { chainId: '43114', address, after: foreign.data!.chain!.transactions!.pageInfo.endCursor });
    expect(replay.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'after' });
    expect(api().counts()).toEqual({ 'GET /v1/chains/{chainId}/transactions': 1 });
  });

  it('answers partial data with a typed error when the upstream fails', async () => {
    api().setFault('GET /v2/chains/{chainId}/addresses/{address}/transactions', { status: 503 });
    const { data, errors } = await shared.query(AccountHistoryDocument, { chainId: '43114', address: wallet() });
    expect(data!.chain!.address.history).toBeNull();
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api', status: 503 });
  });
});
