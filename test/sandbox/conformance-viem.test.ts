/**
 * Conformance of the simulated eth_* endpoint with viem, a widely used EVM client: viem parses and
 * checks every answer (hex quantities, block and transaction shapes, not-found conventions), so a
 * rejection here is a sandbox bug. Values are compared with the Data API of the same world.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BlockNotFoundError, createPublicClient, http, TransactionNotFoundError, TransactionReceiptNotFoundError, type PublicClient } from 'viem';
import type { SandboxChain, EvmTransaction } from '@avalanche-graph/sandbox';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox();

/** Where the chain's Data API record points: an L1's own node, the C-Chain's API node. */
function rpcUrl(chain: SandboxChain): string {
  return chain.info.rpcUrl;
}

function client(chain: SandboxChain, batch = false): PublicClient {
  return createPublicClient({ transport: http(rpcUrl(chain), { batch, retryCount: 0 }) });
}

async function dataApi(path: string): Promise<any> {
  const response = await fetch(`${sandbox.urls.dataApi}${path}`);
  expect(response.status, path).toBe(200);
  return response.json();
}

function exampleTx(chain: SandboxChain, pick: (tx: EvmTransaction) => boolean): EvmTransaction {
  const tx = sandbox.world.evm.chain(chain.evmChainId)!.transactions.find(pick);
  expect(tx).toBeDefined();
  return tx!;
}

describe.each(['C-Chain', 'L1'])('viem against the %s', (kind) => {
  let chain: SandboxChain;
  let viem: PublicClient;
  beforeAll(() => {
    chain = sandbox.world.chains.find((c) => c.network === 'mainnet' && c.isCChain === (kind === 'C-Chain'))!;
    viem = client(chain);
  });

  it('reads the chain id and the head', async () => {
    expect(await viem.getChainId()).toBe(chain.evmChainId);
    const newest = await dataApi(`/v1/chains/${chain.evmChainId}/blocks?pageSize=1`);
    expect(await viem.getBlockNumber({ cacheTime: 0 })).toBe(BigInt(newest.blocks[0].blockNumber));
  });

  it('reads blocks by number, hash and tag, with and without transactions', async () => {
    const tx = exampleTx(chain, (t) => t.blockNumber > 1);
    const byNumber = await viem.getBlock({ blockNumber: BigInt(tx.blockNumber) });
    const indexed = await dataApi(`/v1/chains/${chain.evmChainId}/blocks/${tx.blockNumber}`);
    expect(byNumber.hash).toBe(indexed.blockHash);
    expect(byNumber.parentHash).toBe(indexed.parentHash);
    expect(byNumber.timestamp).toBe(BigInt(indexed.blockTimestamp));
    expect(byNumber.baseFeePerGas).toBe(BigInt(indexed.baseFee));
    expect(byNumber.transactions).toContain(tx.hash);

    const byHash = await viem.getBlock({ blockHash: byNumber.hash! });
    expect(byHash).toEqual(byNumber);

    const full = await viem.getBlock({ blockNumber: BigInt(tx.blockNumber), includeTransactions: true });
    expect(full.transactions.map((t) => t.hash)).toEqual(byNumber.transactions);
    const inBlock = full.transactions.find((t) => t.hash === tx.hash)!;
    expect(inBlock.blockHash).toBe(byNumber.hash);
    expect(inBlock.from.toLowerCase()).toBe(tx.from.toLowerCase());

    const latest = await viem.getBlock({ blockTag: 'latest' });
    expect(latest.number).toBe(await viem.getBlockNumber({ cacheTime: 0 }));
    const safe = await viem.getBlock({ blockTag: 'finalized' });
    expect(safe.hash).toBe(latest.hash);
    const genesis = await viem.getBlock({ blockTag: 'earliest' });
    expect(genesis.number).toBe(0n);
    expect(byNumber.parentHash).toBe((await viem.getBlock({ blockNumber: byNumber.number! - 1n })).hash);
  });

  it('reports missing blocks and transactions with viem\'s not-found errors', async () => {
    const head = await viem.getBlockNumber({ cacheTime: 0 });
    await expect(viem.getBlock({ blockNumber: head + 1000n })).rejects.toBeInstanceOf(BlockNotFoundError);
    const missing = `0x${'42'.repeat(32)}` as const;
    await expect(viem.getBlock({ blockHash: missing })).rejects.toBeInstanceOf(BlockNotFoundError);
    await expect(viem.getTransaction({ hash: missing })).rejects.toBeInstanceOf(TransactionNotFoundError);
    await expect(viem.getTransactionReceipt({ hash: missing })).rejects.toBeInstanceOf(TransactionReceiptNotFoundError);
  });

  it('reads native balances now and at a past block, as the Data API does', async () => {
    const tx = exampleTx(chain, (t) => t.value > 0n && t.blockNumber > 2);
    const address = tx.to as `0x${string}`;
    const now = await dataApi(`/v1/chains/${chain.evmChainId}/addresses/${address}/balances:getNative`);
    expect(await viem.getBalance({ address })).toBe(BigInt(now.nativeTokenBalance.balance));
    const before = await dataApi(`/v1/chains/${chain.evmChainId}/addresses/${address}/balances:getNative?blockNumber=${tx.blockNumber - 1}`);
    expect(await viem.getBalance({ address, blockNumber: BigInt(tx.blockNumber - 1) })).toBe(BigInt(before.nativeTokenBalance.balance));
    // Receiving value raised the balance at the transaction's block.
    expect(await viem.getBalance({ address, blockNumber: BigInt(tx.blockNumber) })).toBeGreaterThan(BigInt(before.nativeTokenBalance.balance));
  });

  it('reads transactions and receipts of both legacy and EIP-1559 types', async () => {
    for (const type of [0, 2] as const) {
      const example = sandbox.world.evm.chain(chain.evmChainId)!.transactions.find((t) => t.type === type && t.to !== null);
      if (!example) continue;
      const hash = example.hash as `0x${string}`;
      const tx = await viem.getTransaction({ hash });
      const { nativeTransaction: indexed } = await dataApi(`/v1/chains/${chain.evmChainId}/transactions/${hash}`);
      expect(tx.type).toBe(type === 2 ? 'eip1559' : 'legacy');
      expect(tx.blockNumber).toBe(BigInt(indexed.blockNumber));
      expect(tx.value).toBe(BigInt(indexed.value));
      expect(tx.nonce).toBe(Number(indexed.nonce));
      expect(tx.from.toLowerCase()).toBe(indexed.from.address.toLowerCase());
      if (type === 2) expect(tx.chainId).toBe(chain.evmChainId);

      const receipt = await viem.getTransactionReceipt({ hash });
      expect(receipt.status).toBe(indexed.txStatus === '1' ? 'success' : 'reverted');
      expect(receipt.gasUsed).toBe(BigInt(indexed.gasUsed));
      expect(receipt.blockHash).toBe(indexed.blockHash);
      expect(receipt.transactionHash).toBe(hash);
      expect(receipt.effectiveGasPrice).toBeGreaterThan(0n);
    }
    const withLogs = sandbox.world.evm.chain(chain.evmChainId)!.transactions.find((t) => t.logs.length > 0);
    if (withLogs) {
      const receipt = await viem.getTransactionReceipt({ hash: withLogs.hash as `0x${string}` });
      expect(receipt.logs.length).toBe(withLogs.logs.length);
      for (const log of receipt.logs) {
        expect(log.transactionHash).toBe(withLogs.hash);
        expect(log.blockNumber).toBe(BigInt(withLogs.blockNumber));
        expect(typeof log.logIndex).toBe('number');
      }
    }
  });
});

describe('viem with JSON-RPC batching', () => {
  it('sends concurrent calls as one HTTP batch and gets every answer back', async () => {
    const chain = sandbox.world.chains.find((c) => c.network === 'mainnet' && c.isCChain)!;
    const batched = client(chain, true);
    const tx = exampleTx(chain, (t) => t.blockNumber > 1);
    sandbox.reset();
    const [chainId, blockNumber, block, balance, transaction, receipt] = await Promise.all([
      batched.getChainId(),
      batched.getBlockNumber({ cacheTime: 0 }),
      batched.getBlock({ blockNumber: BigInt(tx.blockNumber) }),
      batched.getBalance({ address: tx.from as `0x${string}`, blockNumber: BigInt(tx.blockNumber) }),
      batched.getTransaction({ hash: tx.hash as `0x${string}` }),
      batched.getTransactionReceipt({ hash: tx.hash as `0x${string}` }),
    ]);
    const counts = sandbox.services.nodeMainnet.counts();
    expect(counts['POST /ext/bc/{blockchainId}/rpc']).toBe(1);
    expect(counts['POST /ext/bc/{blockchainId}/rpc eth_getTransactionReceipt']).toBe(1);
    expect(chainId).toBe(chain.evmChainId);
    expect(blockNumber).toBeGreaterThanOrEqual(BigInt(tx.blockNumber));
    expect(block.hash).toBe(tx.blockHash);
    expect(balance).toBeGreaterThanOrEqual(0n);
    expect(transaction.hash).toBe(tx.hash);
    expect(receipt.transactionHash).toBe(tx.hash);
  });

  it('fails only the call that errs inside a batch', async () => {
    const chain = sandbox.world.chains.find((c) => c.network === 'mainnet' && c.isCChain)!;
    const batched = client(chain, true);
    sandbox.reset();
    sandbox.services.nodeMainnet.setFault('POST /ext/bc/{blockchainId}/rpc eth_getBalance', { status: 500, times: 1 });
    const [chainId, balance] = await Promise.allSettled([
      batched.getChainId(),
      batched.getBalance({ address: '0x0000000000000000000000000000000000000001' }),
    ]);
    expect(chainId).toEqual({ status: 'fulfilled', value: chain.evmChainId });
    expect(balance.status).toBe('rejected');
    sandbox.reset();
  });
});
