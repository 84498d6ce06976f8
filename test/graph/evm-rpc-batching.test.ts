/**
 * EVM JSON-RPC batching: all `eth_*` calls one operation makes to one chain's node in the same tick
 * travel as one JSON-RPC batch request, split at RPC_BATCH_MAX; identical calls are made once;
 * each chain gets its own batch. Each test starts its own gateway so the shared cache (the chain
 * config is kept across operations) cannot hide a call.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ChainNodeConfigDocument, ChainNodeDashboardDocument, TwoChainsNodeReadsDocument } from '../gql/graphql.js';
import { startHarness, type Harness } from '../support/harness.js';

/** An L1's own node (the rpcUrl of its chain record), and the C-Chain's route on the API node. */
const RPC = 'POST /{l1}/{network}/rpc';
const C_RPC = 'POST /ext/bc/{blockchainId}/rpc';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function wallets(harness: Harness, chainId: number): string[] {
  return harness.sandbox.world.evm.chain(chainId)!.wallets.slice(0, 3) as string[];
}

/** The per-method counters of the L1s' EVM endpoint. */
function methodCounts(harness: Harness): Record<string, number> {
  return Object.fromEntries(
    Object.entries(harness.sandbox.services.l1Nodes.counts())
      .filter(([key]) => key.startsWith(`${RPC} `))
      .map(([key, n]) => [key.slice(RPC.length + 1), n]),
  );
}

const slugOf = (harness: Harness, chainId: number) => harness.sandbox.world.chains.find((c) => c.evmChainId === chainId)!.slug;

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
    expect(h.sandbox.services.l1Nodes.counts()[RPC]).toBe(1);
    // Each distinct call once; the repeated balance of `a` was not sent twice.
    expect(methodCounts(h)).toEqual({ eth_blockNumber: 1, eth_getChainConfig: 1, eth_feeConfig: 1, eth_getBalance: 3 });
    // At the L1's own node (its record's rpcUrl), never at the primary network's API node.
    expect(h.sandbox.services.l1Nodes.recent.filter((r) => r.route === RPC).map((r) => r.url)).toEqual([`/${slugOf(h, 779672)}/mainnet/rpc`]);
    expect(h.sandbox.services.nodeMainnet.total()).toBe(0);
  });

  it('splits the batch at RPC_BATCH_MAX: six calls with a maximum of two make three requests', async () => {
    h = await startHarness({ RPC_BATCH_MAX: '2' });
    await dashboard(h);
    expect(h.sandbox.services.l1Nodes.counts()[RPC]).toBe(Math.ceil(6 / 2));
    expect(methodCounts(h)).toEqual({ eth_blockNumber: 1, eth_getChainConfig: 1, eth_feeConfig: 1, eth_getBalance: 3 });
  });

  it('gives each chain its own batch, at its own node', async () => {
    h = await startHarness();
    h.sandbox.reset();
    const mainnetPair = await h.query(TwoChainsNodeReadsDocument, { first: '779672', second: '432204' });
    expect(mainnetPair.errors).toBeUndefined();
    expect(mainnetPair.data!.first!.latestBlockNumber).toBe(String(h.sandbox.world.evm.chain(779672)!.latestBlockNumber()));
    expect(mainnetPair.data!.second!.latestBlockNumber).toBe(String(h.sandbox.world.evm.chain(432204)!.latestBlockNumber()));
    expect(h.sandbox.services.l1Nodes.counts()[RPC]).toBe(2);
    expect(methodCounts(h)).toEqual({ eth_blockNumber: 2, eth_feeConfig: 2 });
    const urls = h.sandbox.services.l1Nodes.recent.filter((r) => r.route === RPC).map((r) => r.url);
    expect(urls.sort()).toEqual([779672, 432204].map((id) => `/${slugOf(h!, id)}/mainnet/rpc`).sort());

    h.sandbox.reset();
    const acrossNetworks = await h.query(TwoChainsNodeReadsDocument, { first: '779672', second: '173750' });
    expect(acrossNetworks.errors).toBeUndefined();
    expect(acrossNetworks.data!.second!.latestBlockNumber).toBe(String(h.sandbox.world.evm.chain(173750)!.latestBlockNumber()));
    expect(h.sandbox.services.l1Nodes.recent.map((r) => r.url).sort()).toEqual([`/${slugOf(h, 173750)}/fuji/rpc`, `/${slugOf(h, 779672)}/mainnet/rpc`].sort());

    // The C-Chain: the network's configured API node, `/ext/bc/C/rpc`.
    h.sandbox.reset();
    const withCChain = await h.query(TwoChainsNodeReadsDocument, { first: '43114', second: '43113' });
    expect(withCChain.data!.first!.latestBlockNumber).toBe(String(h.sandbox.world.evm.chain(43114)!.latestBlockNumber()));
    expect(h.sandbox.services.nodeMainnet.recent.filter((r) => r.route === C_RPC).map((r) => r.url)).toEqual(['/ext/bc/C/rpc']);
    expect(h.sandbox.services.nodeFuji.recent.filter((r) => r.route === C_RPC).map((r) => r.url)).toEqual(['/ext/bc/C/rpc']);
    expect(h.sandbox.services.l1Nodes.total()).toBe(0);
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
