/**
 * The wallet tokens page of examples/ (examples/wallet-tokens-page.graphql) against the sandbox: the
 * native balance, the ERC-20 balances with prices and the NFTs of one address agree with the
 * simulated world (an ERC-20 balance is the genesis holding plus what the address's transfers
 * received minus what they sent), in three Data API calls.
 */
import { describe, expect, it } from 'vitest';
import type { EvmChainWorld } from '@avalanche-graph/sandbox';
import { WalletTokensPageDocument } from './gql/graphql.js';
import { useHarness } from './support/harness.js';

const { h } = useHarness();

const lower = (s: string) => s.toLowerCase();

/** Balances per token (lowercase address) from the world's transfers: genesis holding + received − sent. */
function balancesFromTransfers(chain: EvmChainWorld, address: string): Map<string, bigint> {
  const held = new Map<string, bigint>();
  for (const [token, holders] of chain.erc20GenesisAlloc) {
    for (const [holder, amount] of holders) if (lower(holder) === lower(address)) held.set(lower(token), amount);
  }
  for (const { transfer } of chain.addressErc20Transfers(address)) {
    let delta = 0n;
    if (lower(transfer.to) === lower(address)) delta += transfer.value;
    if (lower(transfer.from) === lower(address)) delta -= transfer.value;
    held.set(lower(transfer.token), (held.get(lower(transfer.token)) ?? 0n) + delta);
  }
  return new Map([...held].filter(([, balance]) => balance !== 0n));
}

describe('examples: wallet tokens page', () => {
  it('native and ERC-20 balances with prices, and NFTs of both standards, in three Data API calls', async () => {
    const chain = h.sandbox.world.evm.chain(43114)!;
    // A wallet that moved tokens and holds NFTs of both standards.
    const wallet = chain.wallets.find(
      (w) => chain.addressErc20Transfers(w).length > 0 && new Set(chain.nftHoldings(w).map((x) => x.token.standard)).size === 2,
    )!;
    const { data, errors } = await h.query(WalletTokensPageDocument, { chainId: '43114', address: wallet, currency: 'EUR' }, { 'x-data-api-key': 'wallet-tokens-example' });
    expect(errors).toBeUndefined();
    const account = data!.chain!.address;

    const native = account.erc20Balances!.nativeBalance!;
    expect(native.balance).toBe(chain.nativeBalance(wallet).toString());
    expect(native.price!.currencyCode).toBe('EUR');

    const expected = balancesFromTransfers(chain, wallet);
    const listed = account.erc20Balances!.nodes;
    expect(listed.length).toBeGreaterThan(0);
    expect(new Map(listed.map((b) => [lower(b.token.address), BigInt(b.balance)]))).toEqual(expected);
    expect(account.erc20Balances!.pageInfo.hasNextPage).toBe(false);
    for (const b of listed) {
      const token = chain.erc20Token(b.token.address)!;
      expect(b.token).toMatchObject({ symbol: token.symbol, decimals: token.decimals, name: token.name });
      expect(b.price).toEqual({ value: Math.round(token.priceUsd * 0.92 * 1e6) / 1e6, currencyCode: 'EUR' });
      const whole = Number(b.balance) / 10 ** token.decimals;
      expect(b.balanceValue!.value).toBeCloseTo(whole * token.priceUsd * 0.92, 2);
      expect(b.tokenReputation).toBe('BENIGN');
    }

    const holdings = chain.nftHoldings(wallet);
    const nfts = account.collectibleBalances!.nodes;
    expect(nfts.map((n) => `${lower(n.collection.address)}/${n.tokenId}`)).toEqual(
      holdings.slice(0, 12).map((x) => `${lower(x.token.address)}/${x.token.tokenId}`),
    );
    expect(account.collectibleBalances!.pageInfo.hasNextPage).toBe(holdings.length > 12);
    nfts.forEach((n, i) => {
      const holding = holdings[i]!;
      expect(n.__typename).toBe(holding.token.standard === 'ERC-721' ? 'Erc721TokenBalance' : 'Erc1155TokenBalance');
      if (n.__typename === 'Erc1155TokenBalance') expect(n.balance).toBe(holding.balance.toString());
      if (n.__typename === 'Erc721TokenBalance') expect(n.name).toBe(chain.nftCollection(holding.token.address)!.name);
      expect(n.metadata.indexStatus).toBe(holding.token.metadata.indexStatus);
    });

    // The chain list (chainName), the ERC-20 balances (with the native balance), the collectibles.
    expect(h.sandbox.services.dataApi.total()).toBe(3);
    expect(h.sandbox.services.dataApi.counts()).toMatchObject({
      'GET /v1/chains': 1,
      'GET /v1/chains/{chainId}/addresses/{address}/balances:listErc20': 1,
      'GET /v1/chains/{chainId}/addresses/{address}/balances:listCollectibles': 1,
    });
  });
});
