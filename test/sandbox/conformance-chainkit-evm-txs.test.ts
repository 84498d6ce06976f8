/**
 * The official Data API client (`@avalanche-sdk/chainkit`) against the simulated Data API's EVM
 * transaction lists: a chain's latest transactions, the latest blocks and transactions across chains,
 * an address's history, NFT transfers and internal transactions. The client validates every answer
 * with its own schemas; the data must be the world's, in the service's order and pages.
 */
import { listTransactionDetailsResponseFromJSON } from '@avalanche-sdk/chainkit/models/components';
import { BadRequestError, NotFoundError } from '@avalanche-sdk/chainkit/models/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addressActivity,
  isListedInternalCall,
  type EvmBlock,
  type EvmChainWorld,
  type EvmTransaction,
} from '@avalanche-graph/sandbox';
import { useChainkit } from '../support/chainkit.js';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox();
const { sdk, at } = useChainkit(sandbox);
let cChain: EvmChainWorld;
let wallet: string;

beforeAll(() => {
  cChain = sandbox.world.evm.chain(43114)!;
  wallet = sandbox.world.evm.sharedWallets[0]!;
});

/** Every page of a chainkit list, flattened. */
async function all<P, T>(pages: AsyncIterable<{ result: P }>, items: (page: P) => T[]): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...items(page.result));
  return out;
}

const chainsOf = (network?: 'mainnet' | 'fuji') =>
  sandbox.world.chains.filter((c) => !network || c.network === network).map((c) => sandbox.world.evm.chain(c.evmChainId)!);

/** The service's cross-chain order: block time (ms) newest first, ties by chain id, each chain in its own order. */
function acrossChains<T>(chains: EvmChainWorld[], items: (c: EvmChainWorld) => T[], ms: (c: EvmChainWorld, item: T) => number): string[] {
  return chains
    .flatMap((c) => items(c).map((item, i) => ({ c, item, i, at: ms(c, item) })))
    .sort((a, b) => b.at - a.at || a.c.evmChainId - b.c.evmChainId || a.i - b.i)
    .map(({ c, item }) => `${c.evmChainId}/${(item as { hash: string }).hash}`);
}

describe('latest transactions', () => {
  it('listLatest pages through a chain\'s transactions newest first, filtered by status', async () => {
    const seen = await all(await sdk.data.evm.transactions.listLatest({ chainId: '43114', pageSize: 100 }, at), (p) => p.transactions.map((t) => t.txHash));
    expect(seen).toEqual([...cChain.transactions].reverse().map((t) => t.hash));
    const failed = await all(await sdk.data.evm.transactions.listLatest({ chainId: cChain.chain.blockchainId, status: 'failed', pageSize: 7 }, at), (p) => p.transactions);
    const expected = [...cChain.transactions].reverse().filter((t) => t.status === 'failed');
    expect(expected.length).toBeGreaterThan(0);
    expect(failed.map((t) => t.txHash)).toEqual(expected.map((t) => t.hash));
    expect(failed.every((t) => t.txStatus === '0')).toBe(true);
  });

  it('listLatestAllChains merges the chains of a network by block time, newest first', async () => {
    const mainnet = chainsOf('mainnet');
    const seen = await all(await sdk.data.evm.transactions.listLatestAllChains({ network: 'mainnet', status: 'success', pageSize: 100 }, at), (p) =>
      p.transactions.map((t) => `${t.chainId}/${t.txHash}`),
    );
    const ms = (c: EvmChainWorld, tx: EvmTransaction) => c.blockByNumber(tx.blockNumber)!.timestampMs;
    expect(seen).toEqual(acrossChains(mainnet, (c) => [...c.transactions].reverse().filter((t) => t.status === 'success'), ms));
    expect(new Set(seen.map((s) => s.split('/')[0]))).toEqual(new Set(mainnet.map((c) => String(c.evmChainId))));
    const testnet = await sdk.data.evm.transactions.listLatestAllChains({ network: 'testnet', pageSize: 50 }, at);
    for await (const page of testnet) {
      expect(page.result.transactions.map((t) => `${t.chainId}/${t.txHash}`)).toEqual(acrossChains(chainsOf('fuji'), (c) => [...c.transactions].reverse(), ms).slice(0, 50));
      break;
    }
  });
});

describe('latest blocks across chains', () => {
  it('listLatestAllChains pages through every block of a network newest first; all networks without one', async () => {
    const ms = (_: EvmChainWorld, b: EvmBlock) => b.timestampMs;
    const fuji = await all(await sdk.data.evm.blocks.listLatestAllChains({ network: 'fuji', pageSize: 64 }, at), (p) => p.blocks.map((b) => `${b.chainId}/${b.blockHash}`));
    expect(fuji).toEqual(acrossChains(chainsOf('fuji'), (c) => [...c.blocks].reverse(), ms));
    const first = await sdk.data.evm.blocks.listLatestAllChains({ pageSize: 20 }, at);
    for await (const page of first) {
      expect(page.result.blocks.map((b) => `${b.chainId}/${b.blockHash}`)).toEqual(acrossChains(chainsOf(), (c) => [...c.blocks].reverse(), ms).slice(0, 20));
      break;
    }
  });
});

describe('address history', () => {
  it('list pages through every transaction the address took part in, with only its own sub-transfers', async () => {
    const expected = addressActivity(cChain).transactions(wallet);
    // The history holds more than the native list: transactions where the wallet only received tokens.
    expect(expected.length).toBeGreaterThan(cChain.addressTransactions(wallet).length);
    const items = await all(await sdk.data.evm.address.transactions.list({ chainId: '43114', address: wallet, pageSize: 9 }, at), (p) => p.transactions);
    expect(items.map((t) => t.nativeTransaction.txHash)).toEqual(expected.map((t) => t.hash));
    const me = wallet.toLowerCase();
    for (const [i, item] of items.entries()) {
      const tx = expected[i]!;
      const mine = <T extends { from: string; to: string }>(list: T[]) => list.filter((x) => x.from.toLowerCase() === me || x.to.toLowerCase() === me);
      expect((item.erc20Transfers ?? []).map((t) => `${t.logIndex}/${t.value}`)).toEqual(mine(tx.erc20Transfers).map((t) => `${t.logIndex}/${t.value}`));
      expect((item.erc721Transfers ?? []).map((t) => t.erc721Token.tokenId)).toEqual(mine(tx.nftTransfers.filter((n) => n.standard === 'ERC-721')).map((t) => t.tokenId));
      expect((item.erc1155Transfers ?? []).map((t) => t.value)).toEqual(mine(tx.nftTransfers.filter((n) => n.standard === 'ERC-1155')).map((t) => t.value.toString()));
      expect(item.internalTransactions ?? []).toEqual([]);
    }
  });

  it('list takes a block range and an ascending order', async () => {
    const expected = addressActivity(cChain).transactions(wallet).filter((t) => t.blockNumber >= 30 && t.blockNumber < 150).reverse();
    const items = await all(
      await sdk.data.evm.address.transactions.list({ chainId: '43114', address: wallet, startBlock: 30, endBlock: 150, sortOrder: 'asc', pageSize: 4 }, at),
      (p) => p.transactions.map((t) => t.nativeTransaction.txHash),
    );
    expect(items).toEqual(expected.map((t) => t.hash));
    await expect(sdk.data.evm.address.transactions.list({ chainId: '43114', address: wallet, startBlock: 150, endBlock: 30 }, at)).rejects.toBeInstanceOf(BadRequestError);
  });

  it('v2 answers the same history with token reputations (chainkit has no v2 call: its v1 schema checks the body)', async () => {
    const get = async (path: string) => {
      const response = await fetch(`${sandbox.urls.dataApi}${path}`);
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };
    const v1 = await get(`/v1/chains/43114/addresses/${wallet}/transactions?pageSize=30`);
    const v2 = await get(`/v2/chains/43114/addresses/${wallet}/transactions?pageSize=30&filterSpamTokens=true`);
    const parsed = listTransactionDetailsResponseFromJSON(JSON.stringify(v2.body));
    expect(parsed.ok).toBe(true);
    expect(v2.body.transactions.map((t: any) => t.nativeTransaction.txHash)).toEqual(v1.body.transactions.map((t: any) => t.nativeTransaction.txHash));
    const tokens = v2.body.transactions.flatMap((t: any) => t.erc20Transfers.map((x: any) => x.erc20Token));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((token: any) => token.tokenReputation === 'Benign')).toBe(true);
    const l1 = sandbox.world.evm.chain(779672)!;
    const l1Wallet = l1.wallets.find((w) => addressActivity(l1).transactions(w).some((t) => t.erc20Transfers.length > 0))!;
    const onL1 = await get(`/v2/chains/779672/addresses/${l1Wallet}/transactions?pageSize=100`);
    const l1Tokens = onL1.body.transactions.flatMap((t: any) => t.erc20Transfers.map((x: any) => x.erc20Token));
    expect(l1Tokens.length).toBeGreaterThan(0);
    expect(l1Tokens.every((token: any) => token.tokenReputation === null)).toBe(true);
    expect((await get(`/v2/chains/43114/addresses/${wallet}/transactions?filterSpamTokens=maybe`)).status).toBe(400);
  });
});

describe('address NFT transfers and internal transactions', () => {
  /** The wallet with the most records of a list. */
  const busiest = (list: (address: string) => readonly unknown[]) => cChain.wallets.reduce((best, w) => (list(w).length > list(best).length ? w : best));

  it('listErc721 and listErc1155 page through an address\'s NFT transfers, newest first', async () => {
    const activity = addressActivity(cChain);
    const holder721 = busiest(activity.erc721Transfers);
    const erc721 = await all(await sdk.data.evm.address.transactions.listErc721({ chainId: '43114', address: holder721, pageSize: 3 }, at), (p) => p.transactions);
    expect(erc721.map((t) => `${t.txHash}/${t.logIndex}/${t.erc721Token.tokenId}`)).toEqual(
      activity.erc721Transfers(holder721).map((r) => `${r.tx.hash}/${r.transfer.logIndex}/${r.transfer.tokenId}`),
    );
    expect(erc721.length).toBeGreaterThan(3);
    const holder1155 = busiest(activity.erc1155Transfers);
    const erc1155 = await all(await sdk.data.evm.address.transactions.listErc1155({ chainId: '43114', address: holder1155, pageSize: 2 }, at), (p) => p.transactions);
    expect(erc1155.map((t) => `${t.txHash}/${t.erc1155Token.tokenId}/${t.value}`)).toEqual(
      activity.erc1155Transfers(holder1155).map((r) => `${r.tx.hash}/${r.transfer.tokenId}/${r.transfer.value}`),
    );
    expect(erc1155.length).toBeGreaterThan(2);
    const block = erc1155.at(-1)!.blockNumber;
    const ranged = await all(
      await sdk.data.evm.address.transactions.listErc1155({ chainId: '43114', address: holder1155, endBlock: Number(block) + 1 }, at),
      (p) => p.transactions.map((t) => t.blockNumber),
    );
    expect(ranged.length).toBeGreaterThan(0);
    expect(ranged.every((n) => Number(n) <= Number(block))).toBe(true);
  });

  it('listInternal lists the value-moving calls of a contract, newest first', async () => {
    const calls = cChain.transactions.flatMap((tx) => tx.internalCalls.filter(isListedInternalCall).map((call) => ({ tx, call })));
    const router = calls[0]!.call.from;
    const expected = calls.filter((r) => r.call.from === router || r.call.to === router).reverse();
    expect(expected.length).toBeGreaterThan(5);
    const seen = await all(await sdk.data.evm.address.transactions.listInternal({ chainId: '43114', address: router, pageSize: 5 }, at), (p) => p.transactions);
    expect(seen.map((t) => `${t.txHash}/${t.to.address}/${t.value}/${t.internalTxType}`)).toEqual(
      expected.map((r) => `${r.tx.hash}/${r.call.to}/${r.call.value}/${r.call.type}`),
    );
    expect(await sdk.data.evm.address.transactions.listInternal({ chainId: '43114', address: wallet }, at)).toMatchObject({ result: { transactions: [] } });
  });

  it('refuses bad parameters and unknown chains with the service\'s errors', async () => {
    await expect(sdk.data.evm.address.transactions.listErc721({ chainId: '43114', address: '0x12' }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.data.evm.address.transactions.listInternal({ chainId: '43114', address: wallet, pageSize: 101 }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.data.evm.address.transactions.listErc1155({ chainId: '999', address: wallet }, at)).rejects.toBeInstanceOf(NotFoundError);
    await expect(sdk.data.evm.transactions.listLatest({ chainId: '43114', status: 'pending' as never }, at)).rejects.toThrow();
    const raw = await fetch(`${sandbox.urls.dataApi}/v1/transactions?status=pending`);
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    const badNetwork = await fetch(`${sandbox.urls.dataApi}/v1/blocks?network=devnet`);
    expect(badNetwork.status).toBe(400);
  });
});
