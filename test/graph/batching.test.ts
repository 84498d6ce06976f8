/**
 * Upstream call counts of EVM operations: one call per distinct upstream read per operation, one
 * call across concurrent operations for immutable data, none for what the cache already holds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvmChainWorld } from '@avalanche-graph/sandbox';
import { EvmLatestBlocksWithSenderBalancesDocument, EvmTransactionDocument } from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';

// The 10-blocks operation nests 8 levels deep: above the default cost limit (graphql-armor's depth factor).
const shared = useHarness({ keyPerTest: 'batching', warmChains: true });
const { h, headers } = shared;
let chain: EvmChainWorld;

beforeAll(() => {
  chain = h.sandbox.world.evm.chain(43114)!;
});

const api = () => shared.dataApi;
const BLOCKS = 'GET /v1/chains/{chainId}/blocks';
const BLOCK = 'GET /v1/chains/{chainId}/blocks/{blockId}';
const BLOCK_TXS = 'GET /v1/chains/{chainId}/blocks/{blockId}/transactions';
const GET_TX = 'GET /v1/chains/{chainId}/transactions/{txHash}';
const BALANCE = 'GET /v1/chains/{chainId}/addresses/{address}/balances:getNative';

describe('one operation', () => {
  it('reads 10 latest blocks, their transactions and each sender\'s balance in 1 + 10 + (distinct senders) calls', async () => {
    const { data, errors } = await h.query(EvmLatestBlocksWithSenderBalancesDocument, { chainId: '43114' }, headers);
    expect(errors).toBeUndefined();
    const blocks = data!.chain!.blocks!.nodes;
    expect(blocks).toHaveLength(10);
    expect(blocks.every((b) => b.txCount > 0)).toBe(true);
    const txs = blocks.flatMap((b) => b.transactions!.nodes);
    expect(txs.length).toBe(blocks.reduce((n, b) => n + b.txCount, 0));
    const senders = new Set(txs.map((t) => t.from.address));
    // Senders repeat across the blocks, so deduplication is what this checks.
    expect(senders.size).toBeLessThan(txs.length);
    for (const tx of txs) expect(tx.from.nativeBalance!.balance).toBe(chain.nativeBalance(tx.from.address).toString());
    expect(api().counts()).toEqual({ [BLOCKS]: 1, [BLOCK_TXS]: 10, [BALANCE]: senders.size });
    expect(api().total()).toBe(1 + 10 + senders.size);
  });

  it('makes one call for the same block, transaction or balance asked twice under aliases', async () => {
    const tx = chain.transactions[20]!;
    const block = chain.blockByNumber(tx.blockNumber)!;
    const { data, errors } = await h.query<Record<string, unknown>, { tx: string; block: string; from: string; fromLower: string }>(
      `query($tx: String!, $block: String!, $from: String!, $fromLower: String!) {
        chain(id: "43114") {
          t1: transaction(hash: $tx) { hash input }
          t2: transaction(hash: $tx) { hash erc20Transfers { logIndex } }
          b1: block(hash: $block) { number }
          b2: block(hash: $block) { hash }
          b3: block(number: ${block.number}) { hash }
          a1: address(address: $from) { nativeBalance { balance } }
          a2: address(address: $fromLower) { nativeBalance { balance } }
        }
      }`,
      { tx: tx.hash, block: block.hash, from: tx.from, fromLower: tx.from.toLowerCase() },
      headers,
    );
    expect(errors).toBeUndefined();
    expect(data).toBeTruthy();
    // The block by number is another upstream read than by hash; the rest are one call each.
    expect(api().counts()).toEqual({ [GET_TX]: 1, [BLOCK]: 2, [BALANCE]: 1 });
  });

  it('makes one call per transaction for details asked through several fields and links', async () => {
    const tx = chain.transactions.find((t) => t.erc20Transfers.length > 0)!;
    const { errors } = await h.query(
      `query($tx: String!) { chain(id: "43114") { transaction(hash: $tx) {
        erc20Transfers { transaction { input maxFeePerGas internalTransactions { value } } }
      } } }`,
      { tx: tx.hash },
      headers,
    );
    expect(errors).toBeUndefined();
    expect(api().counts()).toEqual({ [GET_TX]: 1 });
  });
});

describe('across operations', () => {
  it('shares one call for the same transaction asked by two concurrent operations', async () => {
    const tx = chain.transactions[30]!;
    // Slow answers keep the first call in flight while the second operation asks.
    api().setFault(GET_TX, { latencyMs: 150 });
    const [a, b] = await Promise.all([
      h.query(EvmTransactionDocument, { chainId: '43114', hash: tx.hash }, headers),
      h.query(EvmTransactionDocument, { chainId: '43114', hash: tx.hash }, headers),
    ]);
    expect(a.data!.chain!.transaction!.hash).toBe(tx.hash);
    expect(b.data).toEqual(a.data);
    expect(api().total(GET_TX)).toBe(1);
    // Immutable: a later operation is served from the cache.
    await h.query(EvmTransactionDocument, { chainId: '43114', hash: tx.hash }, headers);
    expect(api().total(GET_TX)).toBe(1);
  });

  it('does not share answers between callers with different keys', async () => {
    const tx = chain.transactions[31]!;
    await h.query(EvmTransactionDocument, { chainId: '43114', hash: tx.hash }, headers);
    await h.query(EvmTransactionDocument, { chainId: '43114', hash: tx.hash }, { 'x-data-api-key': `${headers['x-data-api-key']}-other` });
    expect(api().total(GET_TX)).toBe(2);
  });
});
