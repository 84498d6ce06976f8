/**
 * What an address holds and what a contract is: ERC-20 and collectible balances, the chains of an
 * address, contract metadata and deployments, single NFTs as nodes and their reindexing. Answers are
 * checked against the world, each with the Data API calls it costs; bad arguments are refused before
 * any call.
 */
import { describe, expect, it } from 'vitest';
import type { EvmChainWorld } from '@avalanche-graph/sandbox';
import {
  AccountChainsDocument,
  AccountCollectiblesDocument,
  AccountContractDeploymentsDocument,
  AccountContractDocument,
  AccountErc20BalancesDocument,
  NftNodesDocument,
  NftTokenDetailsDocument,
  ReindexNftDocument,
  TokenDeploymentDocument,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const shared = useHarness({ keyPerTest: 'evm-assets' });
const { h } = shared;

const ERC20_BALANCES = 'GET /v1/chains/{chainId}/addresses/{address}/balances:listErc20';
const COLLECTIBLES = 'GET /v1/chains/{chainId}/addresses/{address}/balances:listCollectibles';
const CONTRACT = 'GET /v1/chains/{chainId}/addresses/{address}';
const DEPLOYMENTS = 'GET /v1/chains/{chainId}/contracts/{address}/deployments';
const DEPLOYMENT = 'GET /v1/chains/{chainId}/contracts/{address}/transactions:getDeployment';
const TX = 'GET /v1/chains/{chainId}/transactions/{txHash}';
const TOKEN = 'GET /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}';
const REINDEX = 'POST /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex';
const ADDRESS_CHAINS = 'GET /v1/address/{address}/chains';

const lower = (s: string) => s.toLowerCase();
const cChain = () => h.sandbox.world.evm.chain(43114)!;
const calls = () => shared.dataApi.counts();

/** The world's ERC-20 holdings of an address after a block: genesis holding + received − sent, per token (non-zero only). */
function worldErc20(chain: EvmChainWorld, address: string, atBlock = chain.latestBlockNumber()): Map<string, bigint> {
  const held = new Map<string, bigint>();
  for (const [token, holders] of chain.erc20GenesisAlloc) {
    for (const [holder, amount] of holders) if (lower(holder) === lower(address)) held.set(lower(token), amount);
  }
  for (const { tx, transfer } of chain.addressErc20Transfers(address)) {
    if (tx.blockNumber > atBlock) continue;
    let delta = 0n;
    if (lower(transfer.to) === lower(address)) delta += transfer.value;
    if (lower(transfer.from) === lower(address)) delta -= transfer.value;
    held.set(lower(transfer.token), (held.get(lower(transfer.token)) ?? 0n) + delta);
  }
  return new Map([...held].filter(([, v]) => v !== 0n));
}

/** A C-Chain wallet that moved ERC-20 tokens and holds NFTs of both standards. */
function busyWallet(): string {
  const chain = cChain();
  return chain.wallets.find((w) => chain.addressErc20Transfers(w).length > 0 && new Set(chain.nftHoldings(w).map((x) => x.token.standard)).size === 2)!;
}

const deployment = () => cChain().transactions.find((tx) => tx.contractAddress && tx.status === 'success')!;

describe('Account.erc20Balances', () => {
  it('lists what the transfers leave the address, priced in the currency, with the native balance of the same call', async () => {
    const wallet = busyWallet();
    const { data, errors } = await shared.query(AccountErc20BalancesDocument, { chainId: '43114', address: wallet, currency: 'GBP', first: 50 });
    expect(errors).toBeUndefined();
    const connection = data!.chain!.address.erc20Balances!;
    const expected = worldErc20(cChain(), wallet);
    expect(expected.size).toBeGreaterThan(0);
    expect(new Map(connection.edges.map((e) => [lower(e.node.address), BigInt(e.node.balance)]))).toEqual(expected);
    for (const { node } of connection.edges) {
      const token = cChain().erc20Token(node.address)!;
      expect(node.token).toMatchObject({ address: node.address, ercType: 'ERC_20', symbol: token.symbol, decimals: token.decimals });
      expect(node.price).toEqual({ value: Math.round(token.priceUsd * 0.79 * 1e6) / 1e6, currencyCode: 'GBP' });
      expect(node.token.price!.value).toBe(node.price!.value);
      expect(node.chain.chainId).toBe('43114');
    }
    expect(connection.nativeBalance).toEqual({ balance: cChain().nativeBalance(wallet).toString(), price: { currencyCode: 'GBP' } });
    // The token facts travel with the balance (no transfer read for them); `chain` reads the chain list.
    expect(calls()).toEqual({ [ERC20_BALANCES]: 1, 'GET /v1/chains': 1 });
  });

  it('after a past block, for chosen contracts, and page by page with cursors', async () => {
    const wallet = busyWallet();
    const block = Math.floor(cChain().latestBlockNumber() / 2);
    const past = await shared.query(AccountErc20BalancesDocument, { chainId: '43114', address: wallet, blockNumber: String(block), first: 50 });
    expect(past.errors).toBeUndefined();
    expect(new Map(past.data!.chain!.address.erc20Balances!.edges.map((e) => [lower(e.node.address), BigInt(e.node.balance)]))).toEqual(worldErc20(cChain(), wallet, block));

    const expected = [...worldErc20(cChain(), wallet).keys()];
    const balances = await walkConnection(
      (after) => shared.query(AccountErc20BalancesDocument, { chainId: '43114', address: wallet, first: 1, after }),
      (d) => d.chain!.address.erc20Balances,
      { maxPages: 10 },
    );
    const walked = balances.map((b) => lower(b.address));
    expect(walked).toEqual(expected);

    const [one] = expected;
    const filtered = await shared.query(AccountErc20BalancesDocument, { chainId: '43114', address: wallet, contractAddresses: [one!], filterSpamTokens: false });
    expect(filtered.data!.chain!.address.erc20Balances!.edges.map((e) => lower(e.node.address))).toEqual([one]);
  });

  it('refuses bad arguments before any call', async () => {
    const wallet = busyWallet();
    const cases: [Record<string, unknown>, string][] = [
      [{ contractAddresses: [wallet, '0x1234'] }, 'contractAddresses[1]'],
      [{ contractAddresses: Array.from({ length: 51 }, () => wallet) }, 'contractAddresses'],
      [{ blockNumber: '-1' }, 'blockNumber'],
      [{ first: 501 }, 'first'],
      [{ after: 'not-a-cursor' }, 'after'],
    ];
    for (const [vars, argument] of cases) {
      const { data, errors } = await shared.query(AccountErc20BalancesDocument, { chainId: '43114', address: wallet, ...vars } as any);
      expect(data ?? null).toBeNull();
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(shared.dataApi.total()).toBe(0);
  });
});

describe('Account.collectibleBalances and NFT nodes', () => {
  it('lists ERC-721 and ERC-1155 holdings together, linked to their collections; each refetches by its id', async () => {
    const wallet = busyWallet();
    const holdings = cChain().nftHoldings(wallet);
    const { data, errors } = await shared.query(AccountCollectiblesDocument, { chainId: '43114', address: wallet, first: 500 });
    expect(errors).toBeUndefined();
    const nodes = data!.chain!.address.collectibleBalances!.nodes;
    expect(nodes.map((n) => `${lower(n.collection.address)}/${n.tokenId}`)).toEqual(holdings.map((x) => `${lower(x.token.address)}/${x.token.tokenId}`));
    nodes.forEach((n, i) => {
      if (n.__typename === 'Erc721TokenBalance') expect(n.owner!.address).toBe(wallet);
      else if (n.__typename === 'Erc1155TokenBalance') expect(n.balance).toBe(holdings[i]!.balance.toString());
      else throw new Error(`unexpected ${n.__typename}`);
    });
    expect(calls()).toEqual({ [COLLECTIBLES]: 1 });

    // One holding of each standard refetched by its global id.
    const picks = ['Erc721TokenBalance', 'Erc1155TokenBalance'].map((type) => nodes.find((n) => n.__typename === type)!);
    shared.freshKey();
    h.sandbox.reset();
    const refetched = await shared.query(NftNodesDocument, { ids: picks.map((n) => n.id) });
    expect(refetched.errors).toBeUndefined();
    expect(refetched.data!.nodes.map((n) => n && { type: n.__typename, id: n.id })).toEqual(picks.map((n) => ({ type: n.__typename, id: n.id })));
    const erc1155 = refetched.data!.nodes[1]!;
    expect(erc1155.__typename === 'Erc1155TokenBalance' && erc1155.balance).toBe((picks[1] as { balance: string }).balance);
    // The ERC-721 holding by the token's details (owner check), the ERC-1155 one by the holder's balances of that contract.
    expect(calls()).toEqual({ [TOKEN]: 1, 'GET /v1/chains/{chainId}/addresses/{address}/balances:listErc1155': 1 });
  });

  it('filters by collection and refuses a bad one before any call', async () => {
    const wallet = busyWallet();
    const collection = cChain().nftHoldings(wallet)[0]!.token.address;
    const { data } = await shared.query(AccountCollectiblesDocument, { chainId: '43114', address: wallet, contractAddress: collection, first: 500 });
    const nodes = data!.chain!.address.collectibleBalances!.nodes;
    expect(nodes.length).toBe(cChain().nftHoldings(wallet).filter((x) => lower(x.token.address) === lower(collection)).length);
    shared.freshKey();
    h.sandbox.reset();
    const bad = await shared.query(AccountCollectiblesDocument, { chainId: '43114', address: wallet, contractAddress: 'nope' });
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'contractAddress' });
    expect(shared.dataApi.total()).toBe(0);
  });
});

describe('single NFTs', () => {
  it('reads a token by chain, contract and id once per operation, from the chain and from its collection', async () => {
    const collection = cChain().nftCollections.find((c) => c.standard === 'ERC-721')!;
    const token = collection.tokens.at(-1)!;
    const { data, errors } = await shared.query(NftTokenDetailsDocument, { chainId: '43114', address: collection.address, tokenId: token.tokenId });
    expect(errors).toBeUndefined();
    const got = data!.chain!.nftToken!;
    expect(got).toMatchObject({ __typename: 'Erc721Token', tokenId: token.tokenId, tokenUri: token.tokenUri, name: collection.name, ercType: 'ERC_721' });
    if (got.__typename !== 'Erc721Token') throw new Error('not ERC-721');
    expect(got.owner!.address).toBe(cChain().nftOwner(collection.address, token.tokenId));
    expect(data!.chain!.nftCollection.token!.id).toBe(got.id);
    // Both reads share one call; neither needs the chain's record (no chain list).
    expect(calls()).toEqual({ [TOKEN]: 1 });

    const node = await shared.query(NftNodesDocument, { ids: [got.id] });
    expect(node.data!.nodes[0]).toMatchObject({ __typename: 'Erc721Token', tokenId: token.tokenId, address: collection.address });
  });

  it('answers null for an unknown token and refuses a bad token id before any call', async () => {
    const collection = cChain().nftCollections[0]!;
    const unknown = await shared.query(NftTokenDetailsDocument, { chainId: '43114', address: collection.address, tokenId: '99999999' });
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data!.chain!.nftToken).toBeNull();
    shared.freshKey();
    h.sandbox.reset();
    for (const tokenId of ['-1', (2n ** 256n).toString()]) {
      const bad = await shared.query(NftTokenDetailsDocument, { chainId: '43114', address: collection.address, tokenId });
      expect(bad.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'tokenId' });
    }
    expect(shared.dataApi.total()).toBe(0);
  });

  it('reindexNft asks for a new read of the metadata, then answers the token', async () => {
    const collection = cChain().nftCollections.find((c) => c.standard === 'ERC-1155')!;
    const token = collection.tokens[0]!;
    const { data, errors } = await shared.query(ReindexNftDocument, { chainId: '43114', address: collection.address, tokenId: token.tokenId });
    expect(errors).toBeUndefined();
    expect(data!.reindexNft).toMatchObject({ __typename: 'Erc1155Token', tokenId: token.tokenId });
    expect(calls()).toEqual({ [REINDEX]: 1, [TOKEN]: 1 });

    const unknown = await shared.query(ReindexNftDocument, { chainId: '43114', address: collection.address, tokenId: '424242' });
    expect(unknown.errors![0]!.extensions).toMatchObject({ code: 'NOT_FOUND' });
    h.sandbox.reset();
    const bad = await shared.query(ReindexNftDocument, { chainId: 'c-chain', address: collection.address, tokenId: token.tokenId });
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'chainId' });
    expect(shared.dataApi.total()).toBe(0);
  });
});

describe('contracts', () => {
  it('Account.contract tells an ERC-20, the collections and other code apart; null for a wallet', async () => {
    const token = cChain().erc20Tokens[0]!;
    const erc20 = await shared.query(AccountContractDocument, { chainId: '43114', address: token.address });
    expect(erc20.data!.chain!.address.contract).toMatchObject({ __typename: 'Erc20Contract', ercType: 'ERC_20', name: token.name, symbol: token.symbol, decimals: token.decimals, logoUri: token.logoUri, deploymentDetails: null });
    for (const collection of cChain().nftCollections) {
      const { data } = await shared.query(AccountContractDocument, { chainId: '43114', address: collection.address });
      expect(data!.chain!.address.contract).toMatchObject({ __typename: collection.standard === 'ERC-721' ? 'Erc721Contract' : 'Erc1155Contract', name: collection.name, symbol: collection.symbol });
    }
    const wallet = await shared.query(AccountContractDocument, { chainId: '43114', address: busyWallet() });
    expect(wallet.errors).toBeUndefined();
    expect(wallet.data!.chain!.address.contract).toBeNull();
    // One record per address; `chain` reads the chain list once.
    expect(calls()).toEqual({ [CONTRACT]: 2 + cChain().nftCollections.length, 'GET /v1/chains': 1 });
  });

  it('a deployed contract links to its deployer and deploying transaction', async () => {
    const tx = deployment();
    const { data, errors } = await shared.query(AccountContractDocument, { chainId: '43114', address: tx.contractAddress! });
    expect(errors).toBeUndefined();
    expect(data!.chain!.address.contract).toMatchObject({
      __typename: 'UnknownContract',
      ercType: 'UNKNOWN',
      deploymentDetails: { txHash: tx.hash, deployerAddress: tx.from, deployer: { address: tx.from }, transaction: { hash: tx.hash, blockNumber: String(tx.blockNumber) } },
    });
    expect(calls()).toEqual({ [CONTRACT]: 1, [TX]: 1, 'GET /v1/chains': 1 });
  });

  it('Account.contractDeployments pages through the contracts an address created, newest first', async () => {
    const deployer = deployment().from;
    const expected = cChain().transactions.filter((tx) => tx.contractAddress && lower(tx.from) === lower(deployer)).reverse();
    const contracts = await walkConnection(
      (after) => shared.query(AccountContractDeploymentsDocument, { chainId: '43114', address: deployer, first: 1, after }),
      (d) => d.chain!.address.contractDeployments,
      { maxPages: 20 },
    );
    const walked = contracts.map((n) => `${lower(n.address)}/${n.deploymentDetails!.txHash}`);
    expect(walked).toEqual(expected.map((tx) => `${lower(tx.contractAddress!)}/${tx.hash}`));
    expect(calls()[DEPLOYMENTS]).toBe(expected.length);
  });

  it('TokenContract.deployment is the deploying transaction (shared with a read by hash), null for a genesis contract', async () => {
    const tx = deployment();
    const { data, errors } = await shared.query(TokenDeploymentDocument, { chainId: '43114', address: tx.contractAddress! });
    expect(errors).toBeUndefined();
    expect(data!.chain!.token).toMatchObject({
      contract: { __typename: 'UnknownContract' },
      deployment: { hash: tx.hash, blockNumber: String(tx.blockNumber), from: { address: tx.from }, networkTokenDetails: { currentPrice: { currencyCode: 'USD' } } },
    });
    expect(calls()).toEqual({ [CONTRACT]: 1, [DEPLOYMENT]: 1 });

    const priced = await shared.query(TokenDeploymentDocument, { chainId: '43114', address: tx.contractAddress!, currency: 'JPY' });
    expect(priced.data!.chain!.token.deployment!.networkTokenDetails!.currentPrice!.currencyCode).toBe('JPY');

    const genesis = await shared.query(TokenDeploymentDocument, { chainId: '43114', address: cChain().erc20Tokens[0]!.address });
    expect(genesis.errors).toBeUndefined();
    expect(genesis.data!.chain!.token).toMatchObject({ contract: { __typename: 'Erc20Contract' }, deployment: null });
  });
});

describe('Account.chains', () => {
  it('lists the chains where the address was active, across networks, in one call', async () => {
    const wallet = h.sandbox.world.evm.sharedWallets[0]!;
    const { data, errors } = await shared.query(AccountChainsDocument, { chainId: '43114', address: wallet });
    expect(errors).toBeUndefined();
    const expected = h.sandbox.world.chains.filter((c) => h.sandbox.world.evm.chain(c.evmChainId)!.addressTransactions(wallet).length > 0);
    expect(data!.chain!.address.chains.map((c) => c.chainId)).toEqual(expected.map((c) => c.info.chainId));
    expect(new Set(data!.chain!.address.chains.map((c) => c.network))).toEqual(new Set(['MAINNET', 'FUJI']));
    expect(data!.chain!.address.unindexedChainIds).toEqual([]);
    // Both fields share one call, and the chains come with their records.
    expect(calls()).toEqual({ [ADDRESS_CHAINS]: 1 });
  });
});
