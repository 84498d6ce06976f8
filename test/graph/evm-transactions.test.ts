/**
 * Transactions through the gateway over the simulated Data API: by hash, by global id, in a block,
 * with their decoded content fetched only when asked for.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvmChainWorld, EvmTransaction } from '@avalanche-graph/sandbox';
import {
  EvmBlockTransactionDetailsDocument,
  EvmBlockTransactionsDocument,
  EvmTransactionDocument,
  EvmTransactionNodeDocument,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';

const shared = useHarness({ keyPerTest: 'evm-tx', warmChains: true });
const { h, headers } = shared;
let chain: EvmChainWorld;

beforeAll(() => {
  chain = h.sandbox.world.evm.chain(43114)!;
});

const api = () => shared.dataApi;
const GET_TX = 'GET /v1/chains/{chainId}/transactions/{txHash}';
const BLOCK_TXS = 'GET /v1/chains/{chainId}/blocks/{blockId}/transactions';

/** The summary fields of a transaction as the world has it. */
function summary(tx: EvmTransaction) {
  return {
    hash: tx.hash,
    chain: { chainId: '43114' },
    blockNumber: String(tx.blockNumber),
    blockHash: tx.blockHash,
    blockTimestamp: tx.blockTimestamp,
    blockTimestampMilliseconds: String(chain.blockByNumber(tx.blockNumber)!.timestampMs),
    blockIndex: tx.index,
    status: tx.status === 'success' ? 'SUCCESS' : 'FAILED',
    type: tx.type,
    from: { address: tx.from },
    to: { address: tx.to ?? tx.contractAddress },
    method: { callType: tx.method.callType, methodHash: tx.method.methodHash, methodName: tx.method.methodName ?? null },
    value: tx.value.toString(),
    gasLimit: tx.gas.toString(),
    gasUsed: tx.gasUsed.toString(),
    gasPrice: tx.gasPrice.toString(),
    nonce: String(tx.nonce),
  };
}

describe('Chain.transaction', () => {
  it('reads every field of a transaction with its decoded content in one call', async () => {
    const tx = chain.transactions.find((t) => t.erc20Transfers.length > 0 && t.type === 2)!;
    const { data, errors } = await h.query(EvmTransactionDocument, { chainId: '43114', hash: tx.hash }, headers);
    expect(errors).toBeUndefined();
    const got = data!.chain!.transaction!;
    expect(got).toMatchObject(summary(tx));
    const block = chain.blockByNumber(tx.blockNumber)!;
    expect(got.block).toEqual({ number: String(block.number), hash: block.hash });
    expect(got.input).toBe(tx.input);
    expect(got.baseFeePerGas).toBe(block.baseFeePerGas.toString());
    expect(got.maxFeePerGas).toBe(tx.maxFeePerGas!.toString());
    expect(got.maxPriorityFeePerGas).toBe(tx.maxPriorityFeePerGas!.toString());
    expect(got.networkTokenDetails!.networkToken.symbol).toBe('AVAX');
    expect(got.networkTokenDetails!.currentPrice).toEqual({ currencyCode: 'USD', value: 24.37 });
    expect(got.erc20Transfers!.map((x) => [x.__typename, x.logIndex, x.from.address, x.to.address, (x as { value: string }).value])).toEqual(
      tx.erc20Transfers.map((x) => ['Erc20Transfer', x.logIndex, x.from, x.to, x.value.toString()]),
    );
    const token = chain.erc20Token(tx.erc20Transfers[0]!.token)!;
    expect(got.erc20Transfers![0]).toMatchObject({
      txHash: tx.hash,
      blockNumber: String(tx.blockNumber),
      token: { address: token.address, ercType: 'ERC_20', name: token.name, symbol: token.symbol, decimals: token.decimals, logoUri: token.logoUri },
    });
    // Everything came from the one single-transaction answer, the block from its own lookup.
    expect(api().counts()).toEqual({ [GET_TX]: 1, 'GET /v1/chains/{chainId}/blocks/{blockId}': 1 });
  });

  it('shows NFT transfers with their tokens, internal transactions and the interchain message', async () => {
    const nft = chain.transactions.find((t) => t.nftTransfers.some((n) => n.standard === 'ERC-721'))!;
    const multi = chain.transactions.find((t) => t.nftTransfers.some((n) => n.standard === 'ERC-1155'))!;
    const internal = chain.transactions.find((t) => t.internalCalls.length > 0)!;
    const icm = chain.transactions.find((t) => t.icm)!;
    const read = (tx: EvmTransaction) => h.query(EvmTransactionDocument, { chainId: '43114', hash: tx.hash }, headers);
    const [a, b, c, d] = await Promise.all([read(nft), read(multi), read(internal), read(icm)]);
    const transfer721 = nft.nftTransfers.find((n) => n.standard === 'ERC-721')!;
    expect(a.data!.chain!.transaction!.erc721Transfers![0]).toMatchObject({
      __typename: 'Erc721Transfer',
      from: { address: transfer721.from },
      to: { address: transfer721.to },
      token: { address: transfer721.collection, ercType: 'ERC_721', name: chain.nftCollection(transfer721.collection)!.name },
      erc721Token: { tokenId: transfer721.tokenId },
    });
    const transfer1155 = multi.nftTransfers.find((n) => n.standard === 'ERC-1155')!;
    expect(b.data!.chain!.transaction!.erc1155Transfers![0]).toMatchObject({
      __typename: 'Erc1155Transfer',
      value: transfer1155.value.toString(),
      token: { address: transfer1155.collection, ercType: 'ERC_1155' },
      erc1155Token: { tokenId: transfer1155.tokenId },
    });
    expect(c.data!.chain!.transaction!.internalTransactions).toEqual(
      internal.internalCalls.map((i) => ({
        from: { address: i.from },
        to: { address: i.to },
        type: i.type,
        value: i.value.toString(),
        isReverted: i.isReverted,
        gasUsed: i.gasUsed.toString(),
        gasLimit: i.gasLimit.toString(),
      })),
    );
    const message = h.sandbox.world.evm.icmMessage(icm.icm!.messageId)!;
    const other = icm.icm!.direction === 'SOURCE_TRANSACTION' ? 'destinationChain' : 'sourceChain';
    const otherId = String(icm.icm!.direction === 'SOURCE_TRANSACTION' ? message.destinationEvmChainId : message.sourceEvmChainId);
    expect(d.data!.chain!.transaction!.teleporterMessageInfo).toMatchObject({
      teleporterMessageId: message.messageId,
      direction: icm.icm!.direction,
      [other]: { chainId: otherId },
    });
  });

  it('answers null for an unknown hash', async () => {
    const { data, errors } = await h.query(EvmTransactionDocument, { chainId: '43114', hash: `0x${'ab'.repeat(32)}` }, headers);
    expect(errors).toBeUndefined();
    expect(data).toEqual({ chain: { transaction: null } });
  });

  it('refuses a malformed hash naming the argument, before any upstream call', async () => {
    const { data, errors } = await h.query(EvmTransactionDocument, { chainId: '43114', hash: '0x1234' }, headers);
    expect(data).toBeUndefined();
    expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'hash' });
    expect(api().total()).toBe(0);
  });

  it('refetches a transaction by its global id', async () => {
    const tx = chain.transactions[5]!;
    const first = await h.query(EvmTransactionDocument, { chainId: '43114', hash: tx.hash }, headers);
    const id = first.data!.chain!.transaction!.id;
    const { data, errors } = await h.query(EvmTransactionNodeDocument, { id }, headers);
    expect(errors).toBeUndefined();
    expect(data!.node).toEqual({ __typename: 'Transaction', id, hash: tx.hash, blockNumber: String(tx.blockNumber), input: tx.input });
  });

  it('answers null for a global id that names no transaction, and refuses a malformed one unsent', async () => {
    const unknown = Buffer.from(`Transaction:43114:0x${'cd'.repeat(32)}`).toString('base64');
    const malformed = Buffer.from('Transaction:43114:0x12').toString('base64');
    expect(await h.query(EvmTransactionNodeDocument, { id: unknown }, headers)).toEqual({ data: { node: null } });
    const bad = await h.query(EvmTransactionNodeDocument, { id: malformed }, headers);
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'id' });
    expect(api().total(GET_TX)).toBe(1);
  });
});

describe('Block.transactions', () => {
  const busyBlock = () => chain.blocks.find((b) => b.transactionHashes.length >= 5)!;

  it('lists a block\'s transactions in block order from the block endpoint alone', async () => {
    const block = busyBlock();
    const { data, errors } = await h.query(EvmBlockTransactionsDocument, { chainId: '43114', hash: block.hash, first: 100 }, headers);
    expect(errors).toBeUndefined();
    const got = data!.chain!.block!.transactions!.edges.map((e) => e.node);
    expect(got).toMatchObject(chain.blockTransactions(block).map(summary));
    expect(got).toHaveLength(block.transactionHashes.length);
    expect(api().total(GET_TX)).toBe(0);
    expect(api().total(BLOCK_TXS)).toBe(1);
  });

  it('fetches each transaction by hash once when details are asked for', async () => {
    const block = busyBlock();
    const txs = chain.blockTransactions(block);
    const { data, errors } = await h.query(EvmBlockTransactionDetailsDocument, { chainId: '43114', hash: block.hash }, headers);
    expect(errors).toBeUndefined();
    const nodes = data!.chain!.block!.transactions!.nodes;
    expect(nodes.map((n) => n.input)).toEqual(txs.map((t) => t.input));
    expect(nodes.map((n) => n.erc20Transfers!.length)).toEqual(txs.map((t) => t.erc20Transfers.length));
    expect(nodes.every((n) => n.block!.hash === block.hash)).toBe(true);
    // input, fee caps and transfers share one call per transaction; every `block` link is the same block.
    expect(api().total(GET_TX)).toBe(txs.length);
    expect(api().total('GET /v1/chains/{chainId}/blocks/{blockId}')).toBe(2);
  });

  it('gives partial data and UPSTREAM_ERROR when the details of the transactions fail', async () => {
    const block = busyBlock();
    api().setFault(GET_TX, { status: 500 });
    const { data, errors } = await h.query(EvmBlockTransactionDetailsDocument, { chainId: '43114', hash: block.hash }, headers);
    const nodes = data!.chain!.block!.transactions!.nodes;
    expect(nodes.map((n) => n.hash)).toEqual(block.transactionHashes);
    expect(nodes.every((n) => n.input === null && n.erc20Transfers === null)).toBe(true);
    expect(errors!.length).toBeGreaterThan(0);
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api', status: 500, route: GET_TX });
    expect(errors![0]!.path).toEqual(['chain', 'block', 'transactions', 'nodes', 0, expect.stringMatching(/input|maxFeePerGas|erc20Transfers/)]);
  });

  it('links a transaction to its block, and answers null for a global id that names no block', async () => {
    const tx = chain.transactions[7]!;
    const { data } = await h.query<{ chain: { transaction: { block: { id: string; number: string } } } }, { hash: string }>(
      'query($hash: String!) { chain(id: "43114") { transaction(hash: $hash) { block { id number } } } }',
      { hash: tx.hash },
      headers,
    );
    expect(data!.chain.transaction.block.number).toBe(String(tx.blockNumber));
    const again = await h.query<{ node: { number: string } | null }, { id: string }>('query($id: ID!) { node(id: $id) { ... on Block { number } } }', { id: data!.chain.transaction.block.id }, headers);
    expect(again.data!.node).toEqual({ number: String(tx.blockNumber) });
    const unknown = Buffer.from(`Block:43114:0x${'ef'.repeat(32)}`).toString('base64');
    expect(await h.query('query($id: ID!) { node(id: $id) { id } }', { id: unknown }, headers)).toEqual({ data: { node: null } });
  });

  it('makes no call for an empty block', async () => {
    const empty = chain.blocks.find((b) => b.number > 0 && b.transactionHashes.length === 0)!;
    const { data, errors } = await h.query(EvmBlockTransactionsDocument, { chainId: '43114', hash: empty.hash }, headers);
    expect(errors).toBeUndefined();
    expect(data!.chain!.block).toMatchObject({ txCount: 0, transactions: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } } });
    expect(api().total(BLOCK_TXS)).toBe(0);
  });
});
