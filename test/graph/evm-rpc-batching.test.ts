/**
 * EVM JSON-RPC batching: all `eth_*` calls one operation makes to one chain's node in the same tick
 * travel as one JSON-RPC batch request, split at RPC_BATCH_MAX; identical calls are made once;
 * each chain gets its own batch. Each test starts its own gateway so the shared cache (the chain
 * config is kept across operations) cannot hide a call.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ChainNodeConfigDocument, ChainNodeDashboardDocument, TwoChainsNodeReadsDocument } from '../gql/graphql.js';
import { startHarness, type Harness } from '../support/harness.js';

const RPC = 'POST /ext/bc/{blockchainId}/rpc';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function wallets(harness: Harness, chainId: number): string[] {
  return harness.sandbox.world.evm.chain(chainId)!.wallets.slice(0, 3) as string[];
}

/** The per-method counters of the EVM endpoint. */
function methodCounts(harness: Harness, service: 'nodeMainnet' | 'nodeFuji' = 'nodeMainnet'): Record<string, number> {
  return Object.fromEntries(
    Object.entries(harness.sandbox.services[service].counts())
      .filter(([key]) => key.startsWith(`${RPC} `))
      .map(([key, n]) => [key.slice(RPC.length + 1), n]),
  );
}

async function dashboard(harness: Harness) {
  const [a, b, c] = wallets(harness, 779672);
  harness.sandbox.reset();
  const result = await harness.query(ChainNodeDashboardDocument, { id: '779672', a: a!, b: b!, c: c! });
  expect(result.errors).toBeUndefined();
  const evm = harness.sandbox.world.evm.chain(779672)!;
  const chain = result.data!.chain!;
  expect(chain.latestBlockNumber).toBe(String(evm.latestBlockNumber()));
  expect(chain.a.balanceAt).toBe(evm.nativeBalance(a!).toString());
  expect(chain.b.balanceAt).toBe(evm.nativeBalance(b!).toString());
  expect(chain.c.balanceAt).toBe(evm.nativeBalance(c!).toString());
  expect(chain.again.balanceAt).toBe(chain.a.balanceAt);
  expect(chain.feeConfig!.gasLimit).toMatch(/^\d+$/);
  expect(chain.chainConfig).toMatchObject({ chainId: 779672 });
  return result;
}

describe('EVM JSON-RPC batching', () => {
  it('sends fee config, chain config, head and several balances of one chain as ONE batch request', async () => {
    h = await startHarness();
    await dashboard(h);
    expect(h.sandbox.services.nodeMainnet.counts()[RPC]).toBe(1);
    // Each distinct call once; the repeated balance of `a` was not sent twice.
    expect(methodCounts(h)).toEqual({ eth_blockNumber: 1, eth_getChainConfig: 1, eth_feeConfig: 1, eth_getBalance: 3 });
    const l1 = h.sandbox.world.chains.find((c) => c.evmChainId === 779672)!;
    expect(h.sandbox.services.nodeMainnet.recent.filter((r) => r.route === RPC).map((r) => r.url)).toEqual([`/ext/bc/${l1.blockchainId}/rpc`]);
  });

  it('splits the batch at RPC_BATCH_MAX: six calls with a maximum of two make three requests', async () => {
    h = await startHarness({ RPC_BATCH_MAX: '2' });
    await dashboard(h);
    expect(h.sandbox.services.nodeMainnet.counts()[RPC]).toBe(Math.ceil(6 / 2));
    expect(methodCounts(h)).toEqual({ eth_blockNumber: 1, eth_getChainConfig: 1, eth_feeConfig: 1, eth_getBalance: 3 });
  });

  it('gives each chain its own batch, on its own network\'s node', async () => {
    h = await startHarness();
    h.sandbox.reset();
    const mainnetPair = await h.query(TwoChainsNodeReadsDocument, { first: '779672', second: '432204' });
    expect(mainnetPair.errors).toBeUndefined();
    expect(mainnetPair.data!.first!.latestBlockNumber).toBe(String(h.sandbox.world.evm.chain(779672)!.latestBlockNumber()));
    expect(mainnetPair.data!.second!.latestBlockNumber).toBe(String(h.sandbox.world.evm.chain(432204)!.latestBlockNumber()));
    expect(h.sandbox.services.nodeMainnet.counts()[RPC]).toBe(2);
    expect(methodCounts(h)).toEqual({ eth_blockNumber: 2, eth_feeConfig: 2 });
    const ids = ['779672', '432204'].map((id) => h!.sandbox.world.chains.find((c) => String(c.evmChainId) === id)!.blockchainId);
    const urls = h.sandbox.services.nodeMainnet.recent.filter((r) => r.route === RPC).map((r) => r.url);
    expect(urls.sort()).toEqual(ids.map((id) => `/ext/bc/${id}/rpc`).sort());

    h.sandbox.reset();
    const acrossNetworks = await h.query(TwoChainsNodeReadsDocument, { first: '779672', second: '173750' });
    expect(acrossNetworks.errors).toBeUndefined();
    expect(acrossNetworks.data!.second!.latestBlockNumber).toBe(String(h.sandbox.world.evm.chain(173750)!.latestBlockNumber()));
    expect(h.sandbox.services.nodeMainnet.counts()[RPC]).toBe(1);
    expect(h.sandbox.services.nodeFuji.counts()[RPC]).toBe(1);
  });

  it('keeps the chain config across operations while moving reads are asked again', async () => {
    h = await startHarness();
    await h.query(ChainNodeConfigDocument, { id: '779672' });
    h.sandbox.reset();
    const { data, errors } = await h.query(ChainNodeConfigDocument, { id: '779672' });
    expect(errors).toBeUndefined();
    expect(data!.chain!.chainConfig).toMatchObject({ chainId: 779672 });
    expect(methodCounts(h)).toEqual({ eth_blockNumber: 1 });
  });
});
