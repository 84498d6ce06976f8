/**
 * The official Data API client (`@avalanche-sdk/chainkit`) against the simulated Data API's asset
 * routes: ERC-20 and collectible balances, an address's chains, contract metadata and deployments,
 * single NFTs and their reindexing. The client validates every answer with its own schemas; the
 * answers must also agree with the world and with the service's other routes (an ERC-20 balance is
 * the genesis holding plus the transfers `transactions:listErc20` lists).
 */
import { BadRequestError, NotFoundError } from '@avalanche-sdk/chainkit/models/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvmChainWorld } from '@avalanche-graph/sandbox';
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

const lower = (s: string) => s.toLowerCase();

/** What the service's ERC-20 transfer list says an address holds: genesis holding + received − sent, per token. */
async function balancesFromTransfers(address: string, atBlock?: number): Promise<Map<string, bigint>> {
  const held = new Map<string, bigint>();
  for (const [token, holders] of cChain.erc20GenesisAlloc) {
    for (const [holder, amount] of holders) if (lower(holder) === lower(address)) held.set(lower(token), amount);
  }
  for await (const page of await sdk.data.evm.address.transactions.listErc20({ chainId: '43114', address, pageSize: 100 }, at)) {
    for (const t of page.result.transactions) {
      if (atBlock !== undefined && Number(t.blockNumber) > atBlock) continue;
      const token = lower(t.erc20Token.address);
      let delta = 0n;
      if (lower(t.to.address) === lower(address)) delta += BigInt(t.value);
      if (lower(t.from.address) === lower(address)) delta -= BigInt(t.value);
      held.set(token, (held.get(token) ?? 0n) + delta);
    }
  }
  return new Map([...held].filter(([, v]) => v !== 0n));
}

describe('ERC-20 balances', () => {
  it('listErc20 pages through what the transfers leave the address, priced in the currency', async () => {
    const listed = new Map<string, bigint>();
    for await (const page of await sdk.data.evm.address.balances.listErc20({ chainId: '43114', address: wallet, pageSize: 1, currency: 'eur' }, at)) {
      expect(page.result.nativeTokenBalance.balance).toBe(cChain.nativeBalance(wallet).toString());
      for (const b of page.result.erc20TokenBalances) {
        listed.set(lower(b.address), BigInt(b.balance));
        const token = cChain.erc20Token(b.address)!;
        expect(b).toMatchObject({ symbol: token.symbol, decimals: token.decimals, chainId: '43114', tokenReputation: 'Benign' });
        expect(b.price).toEqual({ currencyCode: 'eur', value: Math.round(token.priceUsd * 0.92 * 1e6) / 1e6 });
      }
    }
    expect(listed.size).toBeGreaterThan(1);
    expect(listed).toEqual(await balancesFromTransfers(wallet));
  });

  it('at a past block and for chosen contracts', async () => {
    const block = Math.floor(cChain.latestBlockNumber() / 2);
    const page = await sdk.data.evm.address.balances.listErc20({ chainId: '43114', address: wallet, blockNumber: String(block), pageSize: 100 }, at);
    expect(new Map(page.result.erc20TokenBalances.map((b) => [lower(b.address), BigInt(b.balance)]))).toEqual(await balancesFromTransfers(wallet, block));
    const token = cChain.erc20Tokens[0]!;
    const one = await sdk.data.evm.address.balances.listErc20({ chainId: '43114', address: wallet, contractAddresses: token.address, filterSpamTokens: false }, at);
    expect(one.result.erc20TokenBalances.map((b) => b.address)).toEqual([token.address]);
  });

  it('refuses a bad address, currency, block or contract list with a 400', async () => {
    await expect(sdk.data.evm.address.balances.listErc20({ chainId: '43114', address: '0x12' }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.data.evm.address.balances.listErc20({ chainId: '43114', address: wallet, blockNumber: String(cChain.latestBlockNumber() + 10) }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.data.evm.address.balances.listErc20({ chainId: '43114', address: wallet, contractAddresses: `${wallet},0xnope` }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.data.evm.address.balances.listErc20({ chainId: '999999', address: wallet }, at)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('collectible balances', () => {
  it('listCollectibles lists ERC-721 and ERC-1155 holdings together, as the per-standard lists do', async () => {
    const holder = cChain.wallets
      .map((address) => ({ address, holdings: cChain.nftHoldings(address) }))
      .find((x) => new Set(x.holdings.map((h) => h.token.standard)).size === 2)!;
    const seen: string[] = [];
    for await (const page of await sdk.data.evm.address.balances.listCollectibles({ chainId: '43114', address: holder.address, pageSize: 3 }, at)) {
      for (const b of page.result.collectibleBalances) {
        seen.push(`${lower(b.address)}/${b.tokenId}/${'balance' in b ? b.balance : '1'}`);
        if (b.ercType === 'ERC-721') expect(lower(b.ownerAddress!)).toBe(lower(holder.address));
      }
    }
    expect(seen).toEqual(holder.holdings.map((h) => `${lower(h.token.address)}/${h.token.tokenId}/${h.balance}`));
    const collection = holder.holdings[0]!.token.address;
    const only = await sdk.data.evm.address.balances.listCollectibles({ chainId: '43114', address: holder.address, contractAddress: collection, pageSize: 500 }, at);
    expect(only.result.collectibleBalances.every((b) => lower(b.address) === lower(collection))).toBe(true);
    await expect(sdk.data.evm.address.balances.listCollectibles({ chainId: '43114', address: holder.address, contractAddress: 'x' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('address chains', () => {
  it('lists the chains where the address has activity, and none for a fresh address', async () => {
    const listed = await sdk.data.evm.address.chains.list({ address: wallet }, at);
    const expected = sandbox.world.chains.filter((c) => sandbox.world.evm.chain(c.evmChainId)!.addressTransactions(wallet).length > 0).map((c) => c.info.chainId);
    expect(listed.indexedChains?.map((c) => c.chainId)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(1);
    const none = await sdk.data.evm.address.chains.list({ address: `0x${'ab'.repeat(20)}` }, at);
    expect(none.indexedChains).toEqual([]);
    await expect(sdk.data.evm.address.chains.list({ address: 'nope' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('contracts', () => {
  const deployment = () => cChain.transactions.find((tx) => tx.contractAddress && tx.status === 'success')!;

  it('getMetadata tells an ERC-20, an NFT collection and other code apart; an account has none', async () => {
    const token = cChain.erc20Tokens[0]!;
    expect(await sdk.data.evm.contracts.getMetadata({ chainId: '43114', address: token.address }, at)).toMatchObject({
      ercType: 'ERC-20',
      address: token.address,
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
    });
    for (const collection of cChain.nftCollections) {
      expect(await sdk.data.evm.contracts.getMetadata({ chainId: '43114', address: collection.address }, at)).toMatchObject({ ercType: collection.standard, name: collection.name });
    }
    const tx = deployment();
    const deployed = await sdk.data.evm.contracts.getMetadata({ chainId: '43114', address: tx.contractAddress! }, at);
    expect(deployed).toMatchObject({ ercType: 'UNKNOWN', deploymentDetails: { txHash: tx.hash, deployerAddress: tx.from } });
    await expect(sdk.data.evm.contracts.getMetadata({ chainId: '43114', address: wallet }, at)).rejects.toBeInstanceOf(NotFoundError);
    await expect(sdk.data.evm.contracts.getMetadata({ chainId: '43114', address: '0x1' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });

  it('getDeploymentTransaction answers the creating transaction, priced in the currency', async () => {
    const tx = deployment();
    const got = await sdk.data.evm.contracts.getDeploymentTransaction({ chainId: '43114', address: tx.contractAddress!, currency: 'jpy' }, at);
    expect(got.nativeTransaction).toMatchObject({ txHash: tx.hash, blockHash: tx.blockHash });
    expect(got.nativeTransaction.method?.callType).toBe('CONTRACT_CREATION');
    expect(got.networkTokenDetails.currentPrice?.currencyCode).toBe('jpy');
    await expect(sdk.data.evm.contracts.getDeploymentTransaction({ chainId: '43114', address: cChain.erc20Tokens[0]!.address }, at)).rejects.toBeInstanceOf(NotFoundError);
    // The client refuses an unknown currency itself: the service's own check, over plain HTTP.
    const refused = await fetch(`${sandbox.urls.dataApi}/v1/chains/43114/contracts/${tx.contractAddress}/transactions:getDeployment?currency=xyz`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('listDeployments pages through the contracts an address created, newest first', async () => {
    const deployer = deployment().from;
    const expected = cChain.transactions.filter((tx) => tx.contractAddress && lower(tx.from) === lower(deployer)).reverse();
    const seen: string[] = [];
    for await (const page of await sdk.data.evm.address.contracts.listDeployments({ chainId: '43114', address: deployer, pageSize: 1 }, at)) {
      for (const c of page.result.contracts) {
        expect(c.ercType).toBe('UNKNOWN');
        expect(c.deploymentDetails?.deployerAddress).toBe(deployer);
        seen.push(lower(c.address));
      }
    }
    expect(seen).toEqual(expected.map((tx) => lower(tx.contractAddress!)));
    await expect(sdk.data.evm.address.contracts.listDeployments({ chainId: '43114', address: deployer, pageSize: 101 }, at)).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('single NFTs', () => {
  it('get reads one token of either standard, with the owner of an ERC-721', async () => {
    for (const collection of cChain.nftCollections) {
      const token = collection.tokens.at(-1)!;
      const got = await sdk.data.nfts.get({ chainId: '43114', address: collection.address, tokenId: token.tokenId }, at);
      expect(got).toMatchObject({ ercType: collection.standard, tokenId: token.tokenId, tokenUri: token.tokenUri });
      if (got.ercType === 'ERC-721') expect(got.ownerAddress).toBe(cChain.nftOwner(collection.address, token.tokenId));
    }
    const collection = cChain.nftCollections[0]!;
    await expect(sdk.data.nfts.get({ chainId: '43114', address: collection.address, tokenId: '999999' }, at)).rejects.toBeInstanceOf(NotFoundError);
    await expect(sdk.data.nfts.get({ chainId: '43114', address: collection.address, tokenId: '1e3' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });

  it('reindex acknowledges a known token with a 201 and no body', async () => {
    const collection = cChain.nftCollections[0]!;
    await expect(sdk.data.nfts.reindex({ chainId: '43114', address: collection.address, tokenId: collection.tokens[0]!.tokenId }, at)).resolves.toBeUndefined();
    expect(sandbox.services.dataApi.counts()['POST /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex']).toBe(1);
    await expect(sdk.data.nfts.reindex({ chainId: '43114', address: wallet, tokenId: '1' }, at)).rejects.toBeInstanceOf(NotFoundError);
    await expect(sdk.data.nfts.reindex({ chainId: '43114', address: collection.address, tokenId: '-1' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });
});
