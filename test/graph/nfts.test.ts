import { describe, expect, it } from 'vitest';
import type { NftHolding, NftToken } from '@avalanche-graph/sandbox';
import {
  AccountNftListsDocument,
  Erc1155BalancesDocument,
  Erc721BalancesDocument,
  NftCollectionTokensDocument,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { callsBeside, CHAIN_LIST } from '../support/counts.js';
import { walkConnection, walkPages } from '../support/walk.js';

const { h } = useHarness();

const ERC721_ROUTE = 'GET /v1/chains/{chainId}/addresses/{address}/balances:listErc721';
const ERC1155_ROUTE = 'GET /v1/chains/{chainId}/addresses/{address}/balances:listErc1155';
const TOKENS_ROUTE = 'GET /v1/chains/{chainId}/nfts/collections/{address}/tokens';

const chainWorld = (id: number) => h.sandbox.world.evm.chain(id)!;

/** Calls the operation made besides the chain list (which `chain(id:)` reads to resolve the chain). */
const callsBesideChainList = () => callsBeside(h.sandbox.services.dataApi, CHAIN_LIST);

/** The wallet of a chain holding the most tokens of one standard, with those holdings. */
function topHolder(chainId: number, standard: NftToken['standard']): { address: string; holdings: NftHolding[] } {
  const chain = chainWorld(chainId);
  return chain.wallets
    .map((address) => ({ address, holdings: chain.nftHoldings(address).filter((x) => x.token.standard === standard) }))
    .sort((a, b) => b.holdings.length - a.holdings.length)[0]!;
}

function expectedMetadata(token: NftToken) {
  const m = token.metadata;
  const attributes = m.attributes ?? null;
  return {
    indexStatus: m.indexStatus,
    metadataLastUpdatedTimestamp: m.metadataLastUpdatedTimestamp ?? null,
    name: m.name ?? null,
    symbol: m.symbol ?? null,
    description: m.description ?? null,
    imageUri: m.imageUri ?? null,
    animationUri: null,
    externalUrl: m.externalUrl ?? null,
    background: m.background ?? null,
    // The service sends ERC-1155 metadata with decimals 0 once indexed.
    decimals: token.standard === 'ERC-1155' && attributes ? 0 : null,
    attributes: token.standard === 'ERC-721' ? attributes : null,
    properties: token.standard === 'ERC-1155' ? attributes : null,
    traits: (attributes ?? []).map((a) => ({ traitType: a.trait_type, value: String(a.value), displayType: null })),
  };
}

describe('Account.erc721Balances', () => {
  it('lists the ERC-721 tokens an address owns with every field, linked to collection and owner', async () => {
    const { address, holdings } = topHolder(43114, 'ERC-721');
    const chain = chainWorld(43114);
    const { data, errors } = await h.query(Erc721BalancesDocument, { chainId: '43114', address, first: 50 });
    expect(errors).toBeUndefined();
    const connection = data!.chain!.address.erc721Balances!;
    expect(connection.pageInfo.hasNextPage).toBe(false);
    expect(connection.edges.map((e) => e.node)).toEqual(
      holdings.map(({ token }) => {
        const collection = chain.nftCollection(token.address)!;
        return {
          __typename: 'Erc721TokenBalance',
          chain: { chainId: '43114' },
          collection: { address: token.address, chain: { chainId: '43114' } },
          address: token.address,
          ercType: 'ERC_721',
          tokenId: token.tokenId,
          tokenUri: token.tokenUri,
          name: collection.name,
          symbol: collection.symbol,
          ownerAddress: address,
          owner: { address },
          metadata: expectedMetadata(token),
        };
      }),
    );
    expect(h.sandbox.services.dataApi.counts()[ERC721_ROUTE]).toBe(1);
  });

  it('walks the whole list with several page sizes and resumes mid-page', async () => {
    const { address, holdings } = topHolder(43114, 'ERC-721');
    const expected = holdings.map((x) => `${x.token.address}/${x.token.tokenId}`);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    for (const first of [1, 2, 3]) {
      const { nodes, pages } = await walkPages((after) => h.query(Erc721BalancesDocument, { chainId: '43114', address, first, after }), (d) => d.chain!.address.erc721Balances);
      const keys = nodes.map((n) => `${n.address}/${n.tokenId}`);
      expect(keys).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / first));
    }
    const page = await h.query(Erc721BalancesDocument, { chainId: '43114', address, first: 3 });
    const resumed = await h.query(Erc721BalancesDocument, { chainId: '43114', address, first: 2, after: page.data!.chain!.address.erc721Balances!.edges[0]!.cursor });
    expect(resumed.data!.chain!.address.erc721Balances!.edges.map((e) => `${e.node.address}/${e.node.tokenId}`)).toEqual(expected.slice(1, 3));
  });

  it('filters by collection upstream', async () => {
    const { address, holdings } = topHolder(43114, 'ERC-721');
    const contract = holdings[0]!.token.address;
    const { data } = await h.query(Erc721BalancesDocument, { chainId: '43114', address: address.toLowerCase(), contractAddress: contract.toLowerCase(), first: 50 });
    expect(data!.chain!.address.erc721Balances!.edges.map((e) => e.node.tokenId)).toEqual(
      holdings.filter((x) => x.token.address === contract).map((x) => x.token.tokenId),
    );
    expect(h.sandbox.services.dataApi.recent.at(-1)!.url).toContain(`contractAddress=${contract}`);
  });

  it('answers an empty list for an address that owns none', async () => {
    const { data, errors } = await h.query(Erc721BalancesDocument, { chainId: '43114', address: '0x000000000000000000000000000000000000dEaD' });
    expect(errors).toBeUndefined();
    expect(data!.chain!.address.erc721Balances).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });
});

describe('Account.erc1155Balances', () => {
  it('lists ERC-1155 balances with amounts and every field', async () => {
    const { address, holdings } = topHolder(43114, 'ERC-1155');
    const { data, errors } = await h.query(Erc1155BalancesDocument, { chainId: '43114', address, first: 50 });
    expect(errors).toBeUndefined();
    expect(data!.chain!.address.erc1155Balances!.edges.map((e) => e.node)).toEqual(
      holdings.map(({ token, balance }) => ({
        __typename: 'Erc1155TokenBalance',
        chain: { chainId: '43114' },
        collection: { address: token.address },
        address: token.address,
        ercType: 'ERC_1155',
        tokenId: token.tokenId,
        tokenUri: token.tokenUri,
        balance: balance.toString(),
        metadata: expectedMetadata(token),
      })),
    );
  });

  it('reads balances at a past block and walks them page by page', async () => {
    const chain = chainWorld(43114);
    const { address } = topHolder(43114, 'ERC-1155');
    // A block where the holder held fewer ids than now, so the block really changes the answer.
    const latest = chain.latestBlockNumber();
    const count = (block?: number) => chain.nftHoldings(address, block).filter((x) => x.token.standard === 'ERC-1155').length;
    let block = latest;
    while (block > 0 && count(block) === count()) block--;
    expect(count(block)).not.toBe(count());
    const expected = chain
      .nftHoldings(address, block)
      .filter((x) => x.token.standard === 'ERC-1155')
      .map((x) => `${x.token.tokenId}=${x.balance}`);
    for (const first of [1, 2]) {
      const nodes = await walkConnection(
        (after) => h.query(Erc1155BalancesDocument, { chainId: '43114', address, blockNumber: String(block), first, after }),
        (d) => d.chain!.address.erc1155Balances,
      );
      const keys = nodes.map((n) => `${n.tokenId}=${n.balance}`);
      expect(keys).toEqual(expected);
    }
    expect(h.sandbox.services.dataApi.recent.some((r) => r.url.includes(`blockNumber=${block}`))).toBe(true);
  });
});

describe('Chain.nftCollection', () => {
  it('lists a collection\'s tokens with every field and walks it with several page sizes', async () => {
    const chain = chainWorld(43114);
    const collection = [...chain.nftCollections].filter((c) => c.standard === 'ERC-721').sort((a, b) => b.tokens.length - a.tokens.length)[0]!;
    const { data, errors } = await h.query(NftCollectionTokensDocument, { chainId: '43114', address: collection.address, first: 5 });
    expect(errors).toBeUndefined();
    expect(data!.chain!.nftCollection).toMatchObject({ address: collection.address, chain: { chainId: '43114' } });
    expect(data!.chain!.nftCollection.tokens!.edges.map((e) => e.node)).toEqual(
      collection.tokens.slice(0, 5).map((token) => {
        const owner = chain.nftOwner(token.address, token.tokenId);
        return {
          __typename: 'Erc721Token',
          address: token.address,
          ercType: 'ERC_721',
          tokenId: token.tokenId,
          tokenUri: token.tokenUri,
          collection: { address: collection.address },
          metadata: expectedMetadata(token),
          name: collection.name,
          symbol: collection.symbol,
          ownerAddress: owner ?? null,
          owner: owner ? { address: owner, chain: { chainId: '43114' } } : null,
        };
      }),
    );
    const expected = collection.tokens.map((t) => t.tokenId);
    for (const first of [7, 10, 100]) {
      const { nodes, pages } = await walkPages((after) => h.query(NftCollectionTokensDocument, { chainId: '43114', address: collection.address, first, after }), (d) => d.chain!.nftCollection.tokens);
      const keys = nodes.map((n) => n.tokenId);
      expect(keys).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / first));
    }
    const page = await h.query(NftCollectionTokensDocument, { chainId: '43114', address: collection.address, first: 10 });
    const mid = page.data!.chain!.nftCollection.tokens!.edges[4]!.cursor;
    const resumed = await h.query(NftCollectionTokensDocument, { chainId: '43114', address: collection.address, first: 8, after: mid });
    expect(resumed.data!.chain!.nftCollection.tokens!.edges.map((e) => e.node.tokenId)).toEqual(expected.slice(5, 13));
  });

  it('types ERC-1155 collection tokens as Erc1155Token', async () => {
    const collection = chainWorld(779672).nftCollections.find((c) => c.standard === 'ERC-1155')!;
    const { data, errors } = await h.query(NftCollectionTokensDocument, { chainId: '779672', address: collection.address, first: 100 });
    expect(errors).toBeUndefined();
    expect(data!.chain!.nftCollection.tokens!.edges.map((e) => e.node)).toEqual(
      collection.tokens.map((token) => ({
        __typename: 'Erc1155Token',
        address: token.address,
        ercType: 'ERC_1155',
        tokenId: token.tokenId,
        tokenUri: token.tokenUri,
        collection: { address: collection.address },
        metadata: expectedMetadata(token),
      })),
    );
  });

  it('answers null tokens, without an error, for an address that is no collection', async () => {
    const { data, errors } = await h.query(NftCollectionTokensDocument, { chainId: '43114', address: '0x000000000000000000000000000000000000bEEF' });
    expect(errors).toBeUndefined();
    expect(data!.chain!.nftCollection).toEqual({ address: '0x000000000000000000000000000000000000bEEF', chain: { chainId: '43114' }, tokens: null });
  });
});

describe('input checks', () => {
  const holder = '0x000000000000000000000000000000000000dEaD';
  const cases: Array<[string, () => Promise<{ errors?: Array<{ extensions?: Record<string, any> }> }>, string]> = [
    ['a bad address', () => h.query(Erc721BalancesDocument, { chainId: '43114', address: '0x123' }), 'address'],
    ['a bad contract address', () => h.query(Erc721BalancesDocument, { chainId: '43114', address: holder, contractAddress: 'nope' }), 'contractAddress'],
    ['first above 500', () => h.query(Erc721BalancesDocument, { chainId: '43114', address: holder, first: 501 }), 'first'],
    ['first 0', () => h.query(Erc1155BalancesDocument, { chainId: '43114', address: holder, first: 0 }), 'first'],
    ['a negative block', () => h.query(Erc1155BalancesDocument, { chainId: '43114', address: holder, blockNumber: '-1' }), 'blockNumber'],
    ['a bad collection address', () => h.query(NftCollectionTokensDocument, { chainId: '43114', address: '0xZZ' }), 'address'],
    ['first above 100 for collection tokens', () => h.query(NftCollectionTokensDocument, { chainId: '43114', address: holder, first: 101 }), 'first'],
    ['a cursor that is not one', () => h.query(NftCollectionTokensDocument, { chainId: '43114', address: holder, after: 'garbage' }), 'after'],
  ];
  for (const [name, run, argument] of cases) {
    it(`refuses ${name} before any upstream call`, async () => {
      const { errors } = await run();
      expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
      expect(callsBesideChainList()).toBe(0);
    });
  }

  it('refuses a cursor of another list', async () => {
    const { address } = topHolder(43114, 'ERC-721');
    const page = await h.query(Erc721BalancesDocument, { chainId: '43114', address, first: 1 });
    const cursor = page.data!.chain!.address.erc721Balances!.edges[0]!.cursor;
    h.sandbox.reset();
    const { errors } = await h.query(Erc1155BalancesDocument, { chainId: '43114', address, after: cursor });
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'after' });
    expect(callsBesideChainList()).toBe(0);
  });
});

describe('failures and call counts', () => {
  it('keeps the other lists when one NFT endpoint fails', async () => {
    const { address } = topHolder(779672, 'ERC-721');
    h.sandbox.services.dataApi.setFault(ERC721_ROUTE, { status: 503 });
    const { data, errors } = await h.query(AccountNftListsDocument, { chainId: '779672', address, first: 4 });
    expect(data!.chain!.address.erc721Balances).toBeNull();
    expect(data!.chain!.address.erc1155Balances!.nodes.length).toBeGreaterThan(0);
    expect(errors).toHaveLength(1);
    expect(errors![0]!.path).toEqual(['chain', 'address', 'erc721Balances']);
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api', status: 503 });
  });

  it('makes one call per list however many aliases ask for it, and collection links cost none', async () => {
    const { address } = topHolder(432204, 'ERC-721');
    const doc = `query($a: String!) { chain(id: "432204") {
      x: address(address: $a) { erc721Balances(first: 3) { nodes { tokenId collection { address chain { chainId } } chain { chainName } } } }
      y: address(address: $a) { erc721Balances(first: 3) { nodes { tokenId } } }
    } }`;
    const { data, errors } = await h.query<any, { a: string }>(doc, { a: address });
    expect(errors).toBeUndefined();
    expect(data.chain.x.erc721Balances.nodes.map((n: any) => n.tokenId)).toEqual(data.chain.y.erc721Balances.nodes.map((n: any) => n.tokenId));
    const counts = h.sandbox.services.dataApi.counts();
    expect(counts[ERC721_ROUTE]).toBe(1);
    expect(counts['GET /v1/chains'] ?? 0).toBeLessThanOrEqual(1);
    expect(counts[TOKENS_ROUTE] ?? 0).toBe(0);
    expect(counts[ERC1155_ROUTE] ?? 0).toBe(0);
  });
});
