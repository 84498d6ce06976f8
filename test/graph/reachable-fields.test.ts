/**
 * Fields and parameters of the brief and of the newest Data API description that the graph must
 * reach (issue 10, item 4): each answer as the service sends it, with the calls it costs.
 */
import { describe, expect, it } from 'vitest';
import { buildTpsSeries } from '../../src/sandbox/metrics/series.js';
import { useHarness } from '../support/harness.js';

const shared = useHarness({ keyPerTest: 'reachable-fields' });
const { h } = shared;

const UTXOS = 'GET /v1/networks/{network}/blockchains/{blockchainId}/utxos';
const VERTICES = 'GET /v1/networks/{network}/blockchains/{blockchainId}/vertices';
const P_ADDRESS = 'P-avax1wsk3qdaxv4704v34fjvx88kjgd8vlj7d4kayyu';

describe('chainInfo of the UTXO and vertex lists', () => {
  it('tells which chain and network a UTXO list answered for, at no extra call', async () => {
    const pChainId = h.sandbox.world.primary.networks.mainnet.chainIds.P;
    const { data, errors } = await shared.query<any, any>(
      `query($chain: String!, $addresses: [String!]!) { network { utxos(blockchain: $chain, addresses: $addresses, first: 2) { chainInfo { chainName network } nodes { utxoId } } } }`,
      { chain: pChainId, addresses: [P_ADDRESS] },
    );
    expect(errors).toBeUndefined();
    expect(data.network.utxos.chainInfo).toEqual({ chainName: 'P_CHAIN', network: 'MAINNET' });
    expect(data.network.utxos.nodes.length).toBeGreaterThan(0);
    expect(shared.dataApi.total(UTXOS)).toBe(1);

    const wallet = h.sandbox.world.primary.networks.fuji.wallets[0]!;
    const x = await shared.query<any, any>(`query($a: [String!]!) { network(name: FUJI) { utxos(blockchain: "x-chain", addresses: $a) { chainInfo { chainName network } } } }`, { a: [wallet.x] });
    expect(x.errors).toBeUndefined();
    expect(x.data.network.utxos.chainInfo).toEqual({ chainName: 'X_CHAIN', network: 'FUJI' });
  });

  it('tells which chain and network a vertex list answered for', async () => {
    const { data, errors } = await shared.query<any, any>(`{ network(name: TESTNET) { vertices(first: 1) { chainInfo { chainName network } nodes { vertexHash } } } }`);
    expect(errors).toBeUndefined();
    expect(data.network.vertices.chainInfo).toEqual({ chainName: 'X_CHAIN', network: 'TESTNET' });
    expect(shared.dataApi.total(VERTICES)).toBe(1);
  });
});

describe('status and lastRun of the metrics series', () => {
  it('gives the status and last update the metrics service sends with the average-TPS series', async () => {
    const chain = h.sandbox.world.chains.find((c) => c.evmChainId === 43114)!;
    const { lastRun } = buildTpsSeries(h.sandbox.world, chain);
    const { data, errors } = await shared.query<any, any>(`{ chain(id: "43114") { avgTps(first: 2) { status lastRun nodes { timestamp } } } }`);
    expect(errors).toBeUndefined();
    expect(data.chain.avgTps).toMatchObject({ status: 200, lastRun });
    expect(lastRun).toBeGreaterThanOrEqual(data.chain.avgTps.nodes[0].timestamp);
    expect(shared.metrics.total('GET /v1/avg_tps/{chainId}')).toBe(1);
  });
});
