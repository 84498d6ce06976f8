/**
 * The simulated node's eth_* endpoint over raw JSON-RPC: every method, batches, errors in geth's
 * words, subnet-EVM vs coreth differences, per-method counters and faults, and agreement with the
 * Data API of the same world (the two must never tell a user different facts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, C_CHAIN_BLOCKCHAIN_IDS, type SandboxChain, type EvmTransaction } from '@avalanche-graph/sandbox';
import { useSandbox } from '../support/sandbox.js';

interface RpcAnswer {
  jsonrpc: string;
  id: unknown;
  result?: any;
  error?: { code: number; message: string };
}

const ROUTE = 'POST /ext/bc/{blockchainId}/rpc';
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const hex = (n: number | bigint) => `0x${n.toString(16)}`;
const pad32 = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

const sandbox = useSandbox();
let cChain: SandboxChain;
let l1s: SandboxChain[];

/** The chain's node, where its Data API record points (an L1's own node, the C-Chain's API node); or the C-Chain by alias. */
function rpcUrl(chain: SandboxChain, alias = false): string {
  const base = chain.network === 'mainnet' ? sandbox.urls.nodeRpcMainnet : sandbox.urls.nodeRpcFuji;
  return alias ? `${base}/ext/bc/C/rpc` : chain.info.rpcUrl;
}

async function post(url: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

async function call(chain: SandboxChain, method: string, params: unknown[] = []): Promise<RpcAnswer> {
  const { status, body } = await post(rpcUrl(chain), { jsonrpc: '2.0', id: 1, method, params });
  expect(status).toBe(200);
  return body as RpcAnswer;
}

async function result(chain: SandboxChain, method: string, params: unknown[] = []): Promise<any> {
  const answer = await call(chain, method, params);
  expect(answer.error, `${method} ${JSON.stringify(params)}`).toBeUndefined();
  return answer.result;
}

async function dataApi(path: string): Promise<any> {
  const response = await fetch(`${sandbox.urls.dataApi}${path}`);
  expect(response.status, path).toBe(200);
  return response.json();
}

/** A transaction of the chain matching `pick`, from the world (the examples, not the expectations). */
function exampleTx(chain: SandboxChain, pick: (tx: EvmTransaction) => boolean): EvmTransaction {
  const tx = sandbox.world.evm.chain(chain.evmChainId)!.transactions.find(pick);
  expect(tx, `a transaction on ${chain.evmChainId}`).toBeDefined();
  return tx!;
}

beforeAll(() => {
  cChain = sandbox.world.chains.find((c) => c.isCChain && c.network === 'mainnet')!;
  l1s = sandbox.world.chains.filter((c) => !c.isCChain);
});

describe('standard methods', () => {
  it('eth_chainId and net_version name each chain, also through the C alias', async () => {
    for (const chain of sandbox.world.chains) {
      expect(await result(chain, 'eth_chainId')).toBe(hex(chain.evmChainId));
      expect(await result(chain, 'net_version')).toBe(String(chain.evmChainId));
    }
    const viaAlias = await post(rpcUrl(cChain, true), { jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] });
    expect(viaAlias.body).toEqual({ jsonrpc: '2.0', id: 7, result: hex(43114) });
  });

  it('serves on the API node only its own network\'s C-Chain: L1s answer at their own rpcUrl', async () => {
    const fujiL1 = l1s.find((c) => c.network === 'fuji')!;
    const mainnetL1 = l1s.find((c) => c.network === 'mainnet')!;
    for (const url of [
      `${sandbox.urls.nodeRpcMainnet}/ext/bc/${fujiL1.blockchainId}/rpc`,
      `${sandbox.urls.nodeRpcMainnet}/ext/bc/${mainnetL1.blockchainId}/rpc`,
      `${sandbox.urls.nodeRpcMainnet}/ext/bc/${C_CHAIN_BLOCKCHAIN_IDS.fuji}/rpc`,
      fujiL1.info.rpcUrl.replace('/fuji/', '/mainnet/'),
    ]) {
      const { status, body } = await post(url, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });
      expect(status).toBe(404);
      expect(body.error).toBeDefined();
    }
    expect(mainnetL1.info.rpcUrl.startsWith(sandbox.urls.l1Nodes)).toBe(true);
    expect(cChain.info.rpcUrl).toBe(`${sandbox.urls.nodeRpcMainnet}/ext/bc/C/rpc`);
  });

  it('eth_blockNumber is the Data API\'s newest block', async () => {
    for (const chain of [cChain, ...l1s]) {
      const newest = await dataApi(`/v1/chains/${chain.evmChainId}/blocks?pageSize=1`);
      expect(await result(chain, 'eth_blockNumber')).toBe(hex(BigInt(newest.blocks[0].blockNumber)));
    }
  });

  it('eth_getBlockByNumber agrees with the Data API block and links to its parent', async () => {
    for (const chain of [cChain, ...l1s]) {
      const head = Number(await result(chain, 'eth_blockNumber'));
      for (const n of [1, Math.floor(head / 2), head]) {
        const block = await result(chain, 'eth_getBlockByNumber', [hex(n), false]);
        const indexed = await dataApi(`/v1/chains/${chain.evmChainId}/blocks/${n}`);
        expect(block.number).toBe(hex(n));
        expect(block.hash).toBe(indexed.blockHash);
        expect(block.parentHash).toBe(indexed.parentHash);
        expect(Number(block.timestamp)).toBe(Number(indexed.blockTimestamp));
        expect(BigInt(block.gasUsed)).toBe(BigInt(indexed.gasUsed));
        expect(BigInt(block.gasLimit)).toBe(BigInt(indexed.gasLimit));
        expect(BigInt(block.baseFeePerGas)).toBe(BigInt(indexed.baseFee));
        expect(block.transactions.length).toBe(Number(indexed.txCount));
        const parent = await result(chain, 'eth_getBlockByNumber', [hex(n - 1), false]);
        expect(block.parentHash).toBe(parent.hash);
        expect(Number(block.timestamp)).toBeGreaterThanOrEqual(Number(parent.timestamp));
      }
    }
  });

  it('lists the same transactions as the Data API, as hashes or as full objects', async () => {
    const tx = exampleTx(cChain, () => true);
    const hashes = await result(cChain, 'eth_getBlockByNumber', [hex(tx.blockNumber), false]);
    const full = await result(cChain, 'eth_getBlockByNumber', [hex(tx.blockNumber), true]);
    const indexed = await dataApi(`/v1/chains/${cChain.evmChainId}/blocks/${tx.blockNumber}/transactions?pageSize=100`);
    const indexedHashes = indexed.transactions.map((t: { txHash: string }) => t.txHash).sort();
    expect([...hashes.transactions].sort()).toEqual(indexedHashes);
    expect(full.transactions.map((t: { hash: string }) => t.hash)).toEqual(hashes.transactions);
    for (const [i, t] of full.transactions.entries()) {
      expect(t.blockHash).toBe(full.hash);
      expect(t.transactionIndex).toBe(hex(i));
    }
  });

  it('resolves block tags: latest, pending, safe and finalized are the head, earliest is genesis', async () => {
    const head = await result(cChain, 'eth_blockNumber');
    for (const tag of ['latest', 'pending', 'safe', 'finalized']) {
      expect((await result(cChain, 'eth_getBlockByNumber', [tag, false])).number).toBe(head);
    }
    const genesis = await result(cChain, 'eth_getBlockByNumber', ['earliest', false]);
    expect(genesis.number).toBe('0x0');
    expect(genesis.transactions).toEqual([]);
    expect(await result(cChain, 'eth_getBlockByNumber', [hex(BigInt(head) + 1n), false])).toBeNull();
  });

  it('eth_getBlockByHash returns the block of that hash, and null for an unknown hash', async () => {
    const byNumber = await result(cChain, 'eth_getBlockByNumber', ['0x2', true]);
    expect(await result(cChain, 'eth_getBlockByHash', [byNumber.hash, true])).toEqual(byNumber);
    expect(await result(cChain, 'eth_getBlockByHash', [`0x${'ab'.repeat(32)}`, false])).toBeNull();
  });

  it('eth_getBalance equals the Data API native balance, now and at an earlier block', async () => {
    for (const chain of [cChain, ...l1s]) {
      const tx = exampleTx(chain, (t) => t.value > 0n && t.blockNumber > 2);
      const at = tx.blockNumber - 1;
      for (const address of [tx.from, tx.to!]) {
        const latest = await dataApi(`/v1/chains/${chain.evmChainId}/addresses/${address}/balances:getNative`);
        expect(BigInt(await result(chain, 'eth_getBalance', [address, 'latest']))).toBe(BigInt(latest.nativeTokenBalance.balance));
        const before = await dataApi(`/v1/chains/${chain.evmChainId}/addresses/${address}/balances:getNative?blockNumber=${at}`);
        expect(BigInt(await result(chain, 'eth_getBalance', [address.toLowerCase(), hex(at)]))).toBe(BigInt(before.nativeTokenBalance.balance));
      }
      // The balance moved with the transfer: before and after its block differ.
      const beforeTx = BigInt(await result(chain, 'eth_getBalance', [tx.from, hex(at)]));
      const afterTx = BigInt(await result(chain, 'eth_getBalance', [tx.from, hex(tx.blockNumber)]));
      expect(afterTx).toBeLessThan(beforeTx);
    }
  });

  it('eth_getBalance takes a block hash (plain or as an object) and refuses a block past the head', async () => {
    const tx = exampleTx(cChain, (t) => t.blockNumber > 2);
    const byNumber = await result(cChain, 'eth_getBalance', [tx.from, hex(tx.blockNumber)]);
    expect(await result(cChain, 'eth_getBalance', [tx.from, tx.blockHash])).toBe(byNumber);
    expect(await result(cChain, 'eth_getBalance', [tx.from, { blockHash: tx.blockHash }])).toBe(byNumber);
    expect(await result(cChain, 'eth_getBalance', [tx.from, { blockNumber: hex(tx.blockNumber) }])).toBe(byNumber);
    const head = BigInt(await result(cChain, 'eth_blockNumber'));
    const future = await call(cChain, 'eth_getBalance', [tx.from, hex(head + 10n)]);
    expect(future.error).toMatchObject({ code: -32000, message: 'header not found' });
    const unknown = await call(cChain, 'eth_getBalance', [tx.from, `0x${'cd'.repeat(32)}`]);
    expect(unknown.error).toMatchObject({ code: -32000, message: 'header for hash not found' });
  });

  it('eth_getTransactionByHash agrees with the Data API transaction', async () => {
    for (const chain of [cChain, ...l1s]) {
      const txs = sandbox.world.evm.chain(chain.evmChainId)!.transactions;
      const examples = [txs.find((t) => t.type === 0 && t.to), txs.find((t) => t.type === 2 && t.to), txs.find((t) => t.to === null)];
      for (const example of examples) {
        if (!example) continue;
        const type = example.type;
        const tx = await result(chain, 'eth_getTransactionByHash', [example.hash]);
        const { nativeTransaction: indexed } = await dataApi(`/v1/chains/${chain.evmChainId}/transactions/${example.hash}`);
        expect(tx.hash).toBe(indexed.txHash);
        expect(tx.blockHash).toBe(indexed.blockHash);
        expect(Number(tx.blockNumber)).toBe(Number(indexed.blockNumber));
        expect(Number(tx.transactionIndex)).toBe(Number(indexed.blockIndex));
        expect(tx.from).toBe(indexed.from.address.toLowerCase());
        if (tx.to === null) {
          // A creation: the node has no recipient and names the contract in the receipt, where the
          // Data API shows the created contract as `to`.
          const receipt = await result(chain, 'eth_getTransactionReceipt', [example.hash]);
          expect(receipt.contractAddress).toBe(indexed.to.address.toLowerCase());
        } else {
          expect(tx.to).toBe(indexed.to.address.toLowerCase());
        }
        expect(BigInt(tx.value)).toBe(BigInt(indexed.value));
        expect(Number(tx.nonce)).toBe(Number(indexed.nonce));
        expect(BigInt(tx.gas)).toBe(BigInt(indexed.gasLimit));
        expect(Number(tx.type)).toBe(Number(indexed.txType));
        if (type === 2) {
          expect(tx.chainId).toBe(hex(chain.evmChainId));
          expect(BigInt(tx.maxFeePerGas)).toBeGreaterThanOrEqual(BigInt(tx.gasPrice));
        }
      }
    }
    expect(await result(cChain, 'eth_getTransactionByHash', [`0x${'ef'.repeat(32)}`])).toBeNull();
  });

  it('eth_getTransactionReceipt carries status, gas and ERC-20 Transfer logs of the Data API transaction', async () => {
    const example = exampleTx(cChain, (t) => t.erc20Transfers.length > 0);
    const receipt = await result(cChain, 'eth_getTransactionReceipt', [example.hash]);
    const indexed = await dataApi(`/v1/chains/${cChain.evmChainId}/transactions/${example.hash}`);
    expect(receipt.transactionHash).toBe(example.hash);
    expect(receipt.blockHash).toBe(indexed.nativeTransaction.blockHash);
    expect(receipt.status).toBe(indexed.nativeTransaction.txStatus === '1' ? '0x1' : '0x0');
    expect(BigInt(receipt.gasUsed)).toBe(BigInt(indexed.nativeTransaction.gasUsed));
    const transfers = receipt.logs.filter((log: { topics: string[] }) => log.topics[0] === TRANSFER_TOPIC);
    expect(transfers.length).toBeGreaterThanOrEqual(indexed.erc20Transfers.length);
    for (const transfer of indexed.erc20Transfers) {
      const log = transfers.find(
        (l: { address: string; topics: string[] }) =>
          l.address === transfer.erc20Token.address.toLowerCase() && l.topics[1] === pad32(transfer.from.address) && l.topics[2] === pad32(transfer.to.address),
      );
      expect(log, JSON.stringify(transfer)).toBeDefined();
      expect(BigInt(log.data)).toBe(BigInt(transfer.value));
      expect(log.transactionHash).toBe(example.hash);
      expect(log.removed).toBe(false);
    }
    expect(await result(cChain, 'eth_getTransactionReceipt', [`0x${'ef'.repeat(32)}`])).toBeNull();
  });

  it('eth_getTransactionCount counts the sender\'s transactions up to a block', async () => {
    const tx = exampleTx(cChain, (t) => t.nonce > 0);
    expect(Number(await result(cChain, 'eth_getTransactionCount', [tx.from, hex(tx.blockNumber)]))).toBeGreaterThan(tx.nonce);
    expect(Number(await result(cChain, 'eth_getTransactionCount', [tx.from, hex(tx.blockNumber - 1)]))).toBeLessThanOrEqual(tx.nonce);
  });
});

describe('dispatcher behaviour', () => {
  it('answers a batch by id; a bad call or unknown method fails alone', async () => {
    const tx = exampleTx(cChain, () => true);
    const { status, body } = await post(rpcUrl(cChain), [
      { jsonrpc: '2.0', id: 'balance', method: 'eth_getBalance', params: [tx.from, 'latest'] },
      { jsonrpc: '2.0', id: 2, method: 'eth_getBlockByNumber', params: ['123', false] },
      { jsonrpc: '2.0', id: 3, method: 'eth_noSuchMethod', params: [] },
      { jsonrpc: '2.0', id: 4, method: 'eth_getTransactionByHash', params: [tx.hash] },
      { jsonrpc: '2.0', id: 5, method: 'eth_chainId' },
    ]);
    expect(status).toBe(200);
    const byId = new Map((body as RpcAnswer[]).map((a) => [a.id, a]));
    expect(byId.size).toBe(5);
    expect(BigInt(byId.get('balance')!.result)).toBeGreaterThanOrEqual(0n);
    expect(byId.get(2)!.error).toEqual({ code: -32602, message: 'invalid argument 0: hex string without 0x prefix' });
    expect(byId.get(3)!.error!.code).toBe(-32601);
    expect(byId.get(4)!.result.hash).toBe(tx.hash);
    expect(byId.get(5)!.result).toBe(hex(43114));
  });

  it('reports bad params in go-ethereum\'s words', async () => {
    const cases: [string, unknown[], string][] = [
      ['eth_getBlockByNumber', ['0x01', false], 'invalid argument 0: hex number with leading zero digits'],
      ['eth_getBlockByNumber', ['latest'], 'missing value for required argument 1'],
      ['eth_getBlockByNumber', ['latest', 'yes'], 'invalid argument 1: json: cannot unmarshal string into Go value of type bool'],
      ['eth_getBlockByHash', ['0x1234', false], 'invalid argument 0: hex string has length 4, want 64 for common.Hash'],
      ['eth_getBalance', [`0x${'1'.repeat(38)}`, 'latest'], 'invalid argument 0: hex string has length 38, want 40 for common.Address'],
      ['eth_getBalance', ['1'.repeat(40), 'latest'], 'invalid argument 0: json: cannot unmarshal hex string without 0x prefix into Go value of type common.Address'],
      ['eth_getBalance', [`0x${'1'.repeat(40)}`], 'missing value for required argument 1'],
      ['eth_getBalance', [`0x${'1'.repeat(40)}`, 'nope'], 'invalid argument 1: hex string without 0x prefix'],
      ['eth_chainId', [1], 'too many arguments, want at most 0'],
      ['eth_getTransactionByHash', [`0x${'z'.repeat(64)}`], 'invalid argument 0: json: cannot unmarshal invalid hex string into Go value of type common.Hash'],
    ];
    for (const [method, params, message] of cases) {
      const answer = await call(cChain, method, params);
      expect(answer.error, `${method} ${JSON.stringify(params)}`).toEqual({ code: -32602, message });
    }
  });

  it('counts each JSON-RPC method, including calls inside a batch', async () => {
    sandbox.reset();
    await call(cChain, 'eth_getBlockByNumber', ['latest', false]);
    await post(rpcUrl(cChain), [
      { jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['0x1', false] },
      { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
    ]);
    const counts = sandbox.services.nodeMainnet.counts();
    expect(counts[`${ROUTE} eth_getBlockByNumber`]).toBe(2);
    expect(counts[`${ROUTE} eth_blockNumber`]).toBe(1);
    expect(counts[ROUTE]).toBe(2);
  });

  it('injects faults per method (one call of a batch) and per route (the whole request)', async () => {
    sandbox.reset();
    sandbox.services.nodeMainnet.setFault(`${ROUTE} eth_blockNumber`, { status: 500, body: { code: -32000, message: 'node is bootstrapping' }, times: 1 });
    const { body } = await post(rpcUrl(cChain), [
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
    ]);
    const byId = new Map((body as RpcAnswer[]).map((a) => [a.id, a]));
    expect(byId.get(1)!.error).toEqual({ code: -32000, message: 'node is bootstrapping' });
    expect(byId.get(2)!.result).toBe(hex(43114));
    // The fault was for one call only.
    expect((await call(cChain, 'eth_blockNumber')).result).toMatch(/^0x[0-9a-f]+$/);

    sandbox.services.nodeMainnet.setFault(ROUTE, { status: 503, times: 1 });
    const down = await fetch(rpcUrl(cChain), { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) });
    expect(down.status).toBe(503);
    expect((await call(cChain, 'eth_chainId')).result).toBe(hex(43114));
    sandbox.reset();
  });
});

describe('subnet-EVM and coreth extensions', () => {
  it('the C-Chain (coreth) has no subnet-EVM fee/rules methods but serves its chain config', async () => {
    for (const method of ['eth_feeConfig', 'eth_getActiveRulesAt', 'eth_getActivePrecompilesAt']) {
      expect((await call(cChain, method)).error!.code).toBe(-32601);
    }
    const config = await result(cChain, 'eth_getChainConfig');
    expect(config.chainId).toBe(43114);
    expect(config.apricotPhase1BlockTimestamp).toBeLessThan(config.durangoBlockTimestamp);
    expect(config.feeConfig).toBeUndefined();
    const block = await result(cChain, 'eth_getBlockByNumber', ['latest', false]);
    expect(block.extDataHash).toMatch(/^0x[0-9a-f]{64}$/);
    const l1Block = await result(l1s[0]!, 'eth_getBlockByNumber', ['latest', false]);
    expect(l1Block.extDataHash).toBeUndefined();
    expect(l1Block.blockGasCost).toBeDefined();
  });

  it('eth_feeConfig matches the chain\'s blocks and follows the block parameter', async () => {
    let sawChange = false;
    for (const chain of l1s) {
      const latest = await result(chain, 'eth_feeConfig');
      expect(await result(chain, 'eth_feeConfig', ['latest'])).toEqual(latest);
      const head = await result(chain, 'eth_getBlockByNumber', ['latest', false]);
      expect(latest.feeConfig.gasLimit).toBe(Number(head.gasLimit));
      for (const n of [1, Number(head.number)]) {
        const block = await result(chain, 'eth_getBlockByNumber', [hex(n), false]);
        expect(BigInt(block.baseFeePerGas)).toBeGreaterThanOrEqual(BigInt(latest.feeConfig.minBaseFee));
      }
      const genesis = await result(chain, 'eth_feeConfig', ['0x0']);
      expect(genesis.lastChangedAt).toBe(0);
      // The chain config's feeConfig is the genesis one.
      expect((await result(chain, 'eth_getChainConfig')).feeConfig).toEqual(genesis.feeConfig);
      if (latest.lastChangedAt > 0) {
        sawChange = true;
        expect(latest.feeConfig).not.toEqual(genesis.feeConfig);
        const before = await result(chain, 'eth_feeConfig', [hex(latest.lastChangedAt - 1)]);
        const at = await result(chain, 'eth_feeConfig', [{ blockNumber: hex(latest.lastChangedAt) }]);
        expect(before).toEqual(genesis);
        expect(at).toEqual(latest);
        const atBlock = await result(chain, 'eth_getBlockByNumber', [hex(latest.lastChangedAt), false]);
        expect(await result(chain, 'eth_feeConfig', [atBlock.hash])).toEqual(latest);
      }
      const future = await call(chain, 'eth_feeConfig', [hex(Number(head.number) + 5)]);
      expect(future.error!.code).toBe(-32000);
    }
    expect(sawChange).toBe(true);
  });

  it('eth_getActiveRulesAt and eth_getActivePrecompilesAt follow the chain config over time', async () => {
    let sawUpgrade = false;
    for (const chain of l1s) {
      const config = await result(chain, 'eth_getChainConfig');
      expect(config.chainId).toBe(chain.evmChainId);
      expect(config.warpConfig).toBeDefined();
      const now = await result(chain, 'eth_getActiveRulesAt');
      const head = await result(chain, 'eth_getBlockByNumber', ['latest', false]);
      expect(await result(chain, 'eth_getActiveRulesAt', [Number(head.timestamp)])).toEqual(now);
      expect(now.ethRules.ChainID).toBe(chain.evmChainId);
      expect(now.avalancheRules.IsSubnetEVM).toBe(true);
      expect(now.avalancheRules.IsDurango).toBe(Number(head.timestamp) >= config.durangoTimestamp);
      const beforeDurango = await result(chain, 'eth_getActiveRulesAt', [config.durangoTimestamp - 1]);
      expect(beforeDurango.avalancheRules.IsDurango).toBe(false);
      expect(beforeDurango.ethRules.IsShanghai).toBe(false);
      // Precompiles: the ones of the genesis config plus upgrades that have happened, same keys in both methods.
      const active = await result(chain, 'eth_getActivePrecompilesAt');
      expect(Object.keys(active).sort()).toEqual(Object.keys(now.precompiles).sort());
      for (const [key, { timestamp }] of Object.entries(now.precompiles as Record<string, { timestamp: number }>)) {
        expect(active[key].blockTimestamp).toBe(timestamp);
      }
      for (const upgrade of config.upgrades.precompileUpgrades ?? []) {
        const [key, value] = Object.entries(upgrade as Record<string, { blockTimestamp: number }>)[0]!;
        sawUpgrade = true;
        expect((await result(chain, 'eth_getActiveRulesAt', [value.blockTimestamp - 1])).precompiles[key]).toBeUndefined();
        expect((await result(chain, 'eth_getActiveRulesAt', [value.blockTimestamp])).precompiles[key]).toEqual({ timestamp: value.blockTimestamp });
      }
      const bad = await call(chain, 'eth_getActiveRulesAt', [hex(Number(head.timestamp))]);
      expect(bad.error).toEqual({ code: -32602, message: 'invalid argument 0: json: cannot unmarshal string into Go value of type uint64' });
    }
    expect(sawUpgrade).toBe(true);
  });

  it('serves the same chain config from a fresh sandbox of the same seed', async () => {
    const again = await startSandbox({ port: 0 });
    try {
      for (const chain of [cChain, ...l1s]) {
        const twin = again.world.chains.find((c) => c.evmChainId === chain.evmChainId)!;
        const { body } = await post(twin.info.rpcUrl, { jsonrpc: '2.0', id: 1, method: 'eth_getChainConfig', params: [] });
        expect(body.result).toEqual(await result(chain, 'eth_getChainConfig'));
      }
    } finally {
      await again.close();
    }
  });
});
