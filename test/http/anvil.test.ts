/**
 * A real EVM node behind the graph: anvil (from npm) stands in for an L1's node, routed by
 * CHAIN_RPC_URLS (a full URL: anvil answers on `/`). Every standard `eth_*`-backed field is checked
 * against anvil's own answers, and the routing rules are checked where a chain has no usable URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '../support/anvil.js';
import { startSocketHarness, type SocketHarness } from '../support/harness.js';

const CHAIN = 779672;
const ADDRESS = '0x00000000000000000000000000000000000000aa';
const hex = (n: bigint) => `0x${n.toString(16)}`;

let anvil: Anvil;
let h: SocketHarness;

beforeAll(async () => {
  anvil = await startAnvil(CHAIN);
  h = await startSocketHarness({ CHAIN_RPC_URLS: JSON.stringify({ [String(CHAIN)]: anvil.url }) });
}, 30_000);

afterAll(async () => {
  await h?.close();
  await anvil?.stop();
});

/** The gateway's upstream request counter for one route, from /metrics. */
async function upstreamRequests(route: string): Promise<number> {
  const text = await (await fetch(h.server.metricsUrl)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('avalanche_graph_upstream_requests_total{') && line.includes(`route="${route}"`))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

describe('an L1 routed to a real EVM node (anvil) by CHAIN_RPC_URLS', () => {
  it('answers every eth_*-backed field as anvil does, amounts above 2^53 exact, in one batch request', async () => {
    // Balances far above 2^53 that differ by block: block 1 holds the first; a transfer from a
    // dev account (mined at once) adds 5 wei in block 2; one more empty block makes the head 3.
    await anvil.call('anvil_setBalance', [ADDRESS, hex((1n << 70n) + 1n)]);
    await anvil.call('anvil_mine', ['0x1']);
    const [dev] = await anvil.call<string[]>('eth_accounts');
    const sent = await anvil.call<string>('eth_sendTransaction', [{ from: dev, to: ADDRESS, value: '0x5' }]);
    // Automining answers with the hash before the block is sealed: on a busy machine the next
    // `anvil_mine` could seal first, and the transfer land in a block after the head read below.
    for (let i = 0; !(await anvil.call<unknown>('eth_getTransactionReceipt', [sent])); i++) {
      if (i > 200) throw new Error('anvil did not mine the transfer within 2 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await anvil.call('anvil_mine', ['0x1']);
    const head = BigInt(await anvil.call<string>('eth_blockNumber'));
    const block1 = await anvil.call<{ hash: string }>('eth_getBlockByNumber', ['0x1', false]);
    const expected = {
      latest: BigInt(await anvil.call<string>('eth_getBalance', [ADDRESS, 'latest'])).toString(),
      atNumber: BigInt(await anvil.call<string>('eth_getBalance', [ADDRESS, '0x1'])).toString(),
      atHash: BigInt(await anvil.call<string>('eth_getBalance', [ADDRESS, { blockHash: block1.hash }])).toString(),
      earliest: BigInt(await anvil.call<string>('eth_getBalance', [ADDRESS, 'earliest'])).toString(),
    };
    expect(expected.latest).toBe(((1n << 70n) + 6n).toString());
    expect(expected.atNumber).toBe(((1n << 70n) + 1n).toString());
    expect(expected.atHash).toBe(expected.atNumber);

    const before = await upstreamRequests('POST {chainRpcUrl} batch');
    const { data, errors, extensions } = await h.query<any, any>(
      `query($a: String!, $n: String!, $h: String!) {
        chain(id: "${CHAIN}") {
          chainId
          latestBlockNumber
          feeConfig { gasLimit }
          chainConfig
          address(address: $a) {
            latest: balanceAt(block: "latest")
            atNumber: balanceAt(block: $n)
            atHash: balanceAt(block: $h)
            earliest: balanceAt(block: "earliest")
            future: balanceAt(block: "999999")
          }
        }
      }`,
      { a: ADDRESS, n: '1', h: block1.hash },
    );
    expect(errors).toBeUndefined();
    expect(data.chain.latestBlockNumber).toBe(head.toString());
    expect(data.chain.address).toEqual({ ...expected, future: null });
    // anvil is neither subnet-EVM nor coreth: no eth_feeConfig, no eth_getChainConfig. Both are null
    // with the reason beside the answer, the same way, and no error.
    expect(data.chain.feeConfig).toBeNull();
    expect(data.chain.chainConfig).toBeNull();
    expect([...extensions!.notices].sort((a: any, b: any) => a.path[1].localeCompare(b.path[1]))).toEqual(
      ['chainConfig', 'feeConfig'].map((field) => ({ code: 'METHOD_NOT_SERVED', path: ['chain', field], message: expect.stringContaining('does not serve the method') })),
    );
    // Head, four balances, a failing method and a missing block: one JSON-RPC batch to anvil.
    expect((await upstreamRequests('POST {chainRpcUrl} batch')) - before).toBe(1);
    // Nothing went to the node the chain's Data API record points at.
    expect(h.sandbox.services.l1Nodes.total()).toBe(0);
  });

  it('has no validators interface to call when the override is not a `/rpc` URL: NOT_FOUND naming the chain', async () => {
    const { data, errors } = await h.query<any>(`{ chain(id: "${CHAIN}") { chainId latestBlockNumber validators { nodeId } } }`);
    expect(data.chain.latestBlockNumber).toMatch(/^\d+$/);
    expect(data.chain.validators).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors![0]!.path).toEqual(['chain', 'validators']);
    expect(errors![0]!.extensions).toMatchObject({ code: 'NOT_FOUND', service: 'node-rpc' });
    expect(errors![0]!.message).toContain(`chain ${CHAIN}`);
    expect(errors![0]!.message).toContain('CHAIN_RPC_URLS');
    expect(errors![0]!.message).not.toContain(anvil.url);
  });
});

describe('a chain whose record has no usable rpcUrl', () => {
  it('fails its node fields with NOT_FOUND naming the chain, unsent; its Data API fields still answer', async () => {
    const own = await startSocketHarness();
    try {
      const l1 = own.sandbox.world.chains.find((c) => c.evmChainId === 432204)!;
      l1.info.rpcUrl = 'not a url';
      own.sandbox.reset();
      const { data, errors } = await own.query<any>('{ chain(id: "432204") { chainName latestBlockNumber feeConfig { gasLimit } } }');
      expect(data.chain).toEqual({ chainName: l1.info.chainName, latestBlockNumber: null, feeConfig: null });
      expect(errors!.map((e) => e.path!.join('.')).sort()).toEqual(['chain.feeConfig', 'chain.latestBlockNumber']);
      for (const error of errors!) {
        expect(error.extensions).toMatchObject({ code: 'NOT_FOUND', service: 'node-rpc' });
        expect(error.message).toContain('chain 432204 has no usable rpcUrl');
      }
      expect(own.sandbox.services.l1Nodes.total() + own.sandbox.services.nodeMainnet.total()).toBe(0);
    } finally {
      await own.close();
    }
  });
});
