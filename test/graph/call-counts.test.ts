/**
 * The fewest upstream calls: a chain read by its EVM chain id does not list every chain first unless
 * a selected field needs the chain's record. The benchmark's three tasks cost what their data needs.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/harness.js';

// A fresh API key per test: the shared cache holds nothing the test did not fetch itself.
const harness = useHarness({ keyPerTest: 'call-counts' });
const { h } = harness;

const Q1 = '{ chain(id: "43114") { blocks(first: 10) { nodes { number hash timestamp } } } }';
const Q2 = '{ chain(id: "43114") { blocks(first: 10) { nodes { number transactions(first: 10) { nodes { hash from { address } value } } } } } }';
const Q3 = '{ chain(id: "43114") { blocks(first: 1) { nodes { transactions(first: 10) { nodes { hash from { address nativeBalance { balance } } } } } } } }';

const dataApi = () => h.sandbox.services.dataApi.counts();

describe('upstream calls of the benchmark tasks, cold', () => {
  it('Q1, the 10 latest blocks: one call', async () => {
    const { data, errors } = await harness.query<any>(Q1);
    expect(errors).toBeUndefined();
    expect(data.chain.blocks.nodes).toHaveLength(10);
    expect(dataApi()).toEqual({ 'GET /v1/chains/{chainId}/blocks': 1 });
  });

  it('Q2, those blocks with their transactions: one call, then one per block', async () => {
    const { errors } = await harness.query<any>(Q2);
    expect(errors).toBeUndefined();
    expect(dataApi()).toEqual({ 'GET /v1/chains/{chainId}/blocks': 1, 'GET /v1/chains/{chainId}/blocks/{blockId}/transactions': 10 });
  });

  it('Q3, the latest block\'s transactions and each sender\'s balance: one balance per distinct sender', async () => {
    const { data, errors } = await harness.query<any>(Q3);
    expect(errors).toBeUndefined();
    const senders = new Set(data.chain.blocks.nodes[0].transactions.nodes.map((tx: any) => tx.from.address.toLowerCase()));
    expect(dataApi()).toEqual({
      'GET /v1/chains/{chainId}/blocks': 1,
      'GET /v1/chains/{chainId}/blocks/{blockId}/transactions': 1,
      'GET /v1/chains/{chainId}/addresses/{address}/balances:getNative': senders.size,
    });
  });

  it('reads the chain list when a field needs the chain\'s record, and the c-chain alias needs none', async () => {
    const named = await harness.query<any>('{ chain(id: "43114") { chainName blocks(first: 1) { nodes { number } } } }');
    expect(named.data.chain.chainName).toBe('Avalanche (C-Chain)');
    expect(dataApi()).toEqual({ 'GET /v1/chains': 1, 'GET /v1/chains/{chainId}/blocks': 1 });
    h.sandbox.reset();
    await harness.query<any>('{ chain(id: "c-chain", network: FUJI) { chainId blocks(first: 1) { nodes { number } } } }');
    expect(dataApi()).toEqual({ 'GET /v1/chains/{chainId}/blocks': 1 });
  });

  it('keeps `chain` null for an unknown id when a record field is selected; without one, the field that needs the chain says NOT_FOUND', async () => {
    expect((await harness.query<any>('{ chain(id: "999999") { chainName } }')).data.chain).toBeNull();
    // The list lacks it, so the chain is asked for on its own before the answer is null.
    expect(dataApi()).toEqual({ 'GET /v1/chains': 1, 'GET /v1/chains/{chainId}': 1 });
    const { data, errors } = await harness.query<any>('{ chain(id: "999999") { chainId blocks(first: 1) { nodes { number } } } }');
    expect(data.chain).toEqual({ chainId: '999999', blocks: null });
    expect(errors![0]!.extensions).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('fields keyed by the chain id alone', () => {
  it('read the metrics service and a single NFT without the chain list', async () => {
    const { data, errors } = await harness.query<any>('{ chain(id: "43114") { rollingMetrics(metric: ACTIVE_ADDRESSES) { lastDay } metricsChain { evmChainId } } }');
    expect(errors).toBeUndefined();
    expect(data.chain.metricsChain.evmChainId).toBe('43114');
    expect(dataApi()).toEqual({});
    expect(h.sandbox.services.metrics.counts()).toEqual({ 'GET /v2/chains/{chainId}/rollingWindowMetrics/{metric}': 1, 'GET /v2/chains/{chainId}': 1 });
    const collection = h.sandbox.world.evm.chain(43114)!.nftCollections[0]!;
    const nft = collection.tokens[0]!;
    h.sandbox.reset();
    const token = await harness.query<any>(`{ chain(id: "43114") { nftToken(address: "${collection.address}", tokenId: "${nft.tokenId}") { tokenId } } }`);
    expect(token.errors).toBeUndefined();
    expect(token.data.chain.nftToken.tokenId).toBe(nft.tokenId);
    expect(dataApi()).toEqual({ 'GET /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}': 1 });
  });
});

describe('a chain the service knows but does not list', () => {
  it('is read on its own (`GET /v1/chains/{chainId}`) when the list lacks it; a blockchain id is not', async () => {
    const cChain = h.sandbox.world.chains.find((c) => c.info.chainId === '43114')!;
    const others = h.sandbox.world.chains.filter((c) => c !== cChain).map((c) => c.info);
    h.sandbox.services.dataApi.setFault('GET /v1/chains', { status: 200, body: { chains: others }, times: 1 });
    const { data, errors } = await harness.query<any>('{ chain(id: "43114") { chainName platformChainId } }');
    expect(errors).toBeUndefined();
    expect(data.chain).toEqual({ chainName: cChain.info.chainName, platformChainId: cChain.info.platformChainId });
    expect(dataApi()).toEqual({ 'GET /v1/chains': 1, 'GET /v1/chains/{chainId}': 1 });
    h.sandbox.reset();
    // The shortened list is still cached: a blockchain id it lacks is null, with no call of its own.
    const byBlockchain = await harness.query<any>(`{ chain(id: "${cChain.blockchainId}") { chainName } }`);
    expect(byBlockchain.data.chain).toBeNull();
    expect(dataApi()).toEqual({});
  });
});

describe('round trips', () => {
  /** Groups the Data API requests of one operation into rounds: a round starts after a gap longer than half the latency. */
  function rounds(latencyMs: number): number {
    const times = h.sandbox.services.dataApi.recent.map((r) => r.at).sort((a, b) => a - b);
    let count = times.length > 0 ? 1 : 0;
    for (let i = 1; i < times.length; i++) if (times[i]! - times[i - 1]! > latencyMs / 2) count++;
    return count;
  }

  it('sends every call that can go out together at once: as many rounds as the data has levels', async () => {
    const latency = 150;
    h.sandbox.setLatency(latency);
    try {
      for (const [query, depth] of [[Q1, 1], [Q2, 2], [Q3, 3]] as const) {
        harness.freshKey();
        h.sandbox.reset();
        const { errors } = await harness.query<any>(query);
        expect(errors).toBeUndefined();
        expect(rounds(latency), query).toBe(depth);
      }
    } finally {
      h.sandbox.setLatency(0);
    }
  });
});
