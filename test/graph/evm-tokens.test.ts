/**
 * Token contracts through the gateway over the simulated Data API: a contract's transfers of every
 * standard, its facts as the transfers tell them, block ranges and input checks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvmChainWorld, TokenTransferRecord } from '@avalanche-graph/sandbox';
import { EvmTokenContractDocument, EvmTokenTransfersDocument } from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';

const shared = useHarness({ keyPerTest: 'evm-token', warmChains: true });
const { h, headers } = shared;
let chain: EvmChainWorld;

beforeAll(() => {
  chain = h.sandbox.world.evm.chain(43114)!;
});

const api = () => shared.dataApi;
const TRANSFERS = 'GET /v1/chains/{chainId}/tokens/{address}/transfers';

/** What the gateway shows of a world transfer: kind, transaction, log index, parties, amount or token id. */
function expectedRow(r: TokenTransferRecord) {
  if (r.kind === 'erc20') return ['Erc20Transfer', r.tx.hash, r.transfer.logIndex, r.transfer.from, r.transfer.to, r.transfer.value.toString()];
  const standard = r.transfer.standard === 'ERC-721' ? 'Erc721Transfer' : 'Erc1155Transfer';
  return [standard, r.tx.hash, r.transfer.logIndex, r.transfer.from, r.transfer.to, r.transfer.standard === 'ERC-721' ? r.transfer.tokenId : r.transfer.value.toString()];
}

type Node = NonNullable<NonNullable<NonNullable<Awaited<ReturnType<typeof transfers>>['data']>['chain']>['token']['transfers']>['edges'][number]['node'];

function gotRow(n: Node) {
  if (n.__typename === 'Erc20Transfer') return [n.__typename, n.txHash, n.logIndex, n.from.address, n.to.address, n.value];
  if (n.__typename === 'Erc721Transfer') return [n.__typename, n.txHash, n.logIndex, n.from.address, n.to.address, n.erc721Token.tokenId];
  return [n.__typename, n.txHash, n.logIndex, n.from.address, n.to.address, n.value];
}

const transfers = (address: string, extra: { startBlock?: string; endBlock?: string; first?: number } = {}) =>
  h.query(EvmTokenTransfersDocument, { chainId: '43114', address, first: 100, ...extra }, headers);

describe('Chain.token', () => {
  it('lists an ERC-20 contract\'s transfers newest first, with the token facts', async () => {
    const token = chain.erc20Tokens[0]!;
    const { data, errors } = await transfers(token.address);
    expect(errors).toBeUndefined();
    const edges = data!.chain!.token.transfers!.edges;
    expect(edges.map((e) => gotRow(e.node))).toEqual(chain.contractTransfers(token.address).map(expectedRow));
    expect(edges[0]!.node.token).toEqual({
      address: token.address,
      ercType: 'ERC_20',
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      logoUri: token.logoUri,
      price: { currencyCode: 'USD', value: token.priceUsd },
    });
    expect(api().counts()).toEqual({ [TRANSFERS]: 1 });
  });

  it('lists an NFT collection\'s transfers with the token moved', async () => {
    for (const collection of chain.nftCollections) {
      const { data, errors } = await transfers(collection.address);
      expect(errors).toBeUndefined();
      const edges = data!.chain!.token.transfers!.edges;
      expect(edges.map((e) => gotRow(e.node))).toEqual(chain.contractTransfers(collection.address).map(expectedRow));
      expect(edges[0]!.node.token).toMatchObject({ address: collection.address, ercType: collection.standard === 'ERC-721' ? 'ERC_721' : 'ERC_1155' });
    }
  });

  it('reads a contract\'s facts from its latest transfer, and none for a contract without transfers', async () => {
    const token = chain.erc20Tokens[1]!;
    const { data, errors } = await h.query(EvmTokenContractDocument, { chainId: '43114', address: token.address.toLowerCase() }, headers);
    expect(errors).toBeUndefined();
    expect(data!.chain!.token).toMatchObject({ ercType: 'ERC_20', name: token.name, symbol: token.symbol, decimals: token.decimals });
    // Every fact came from one small page of transfers.
    expect(api().counts()).toEqual({ [TRANSFERS]: 1 });
    expect(api().recent.at(-1)!.url).toBe(`/v1/chains/43114/tokens/${token.address}/transfers?pageSize=1`);
    const nothing = await h.query(EvmTokenContractDocument, { chainId: '43114', address: `0x${'00'.repeat(19)}01` }, headers);
    expect(nothing.data!.chain!.token).toEqual({
      address: `0x${'00'.repeat(19)}01`,
      ercType: null,
      name: null,
      symbol: null,
      decimals: null,
      logoUri: null,
      price: null,
    });
  });

  it('filters by block range: start inclusive, end exclusive', async () => {
    const token = chain.erc20Tokens[0]!;
    const all = chain.contractTransfers(token.address);
    const start = all.at(-10)!.tx.blockNumber;
    const end = all[10]!.tx.blockNumber;
    const { data, errors } = await transfers(token.address, { startBlock: String(start), endBlock: String(end) });
    expect(errors).toBeUndefined();
    const expected = all.filter((r) => r.tx.blockNumber >= start && r.tx.blockNumber < end);
    expect(data!.chain!.token.transfers!.edges.map((e) => e.node.txHash)).toEqual(expected.map((r) => r.tx.hash));
    expect(api().recent.at(-1)!.url).toBe(`/v1/chains/43114/tokens/${token.address}/transfers?startBlock=${start}&endBlock=${end}&pageSize=100`);
  });

  it('refuses a malformed address or range naming the argument before any upstream call', async () => {
    const bad = await transfers('0xnothex');
    expect(bad.data).toBeUndefined();
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'address' });
    const range = await transfers(chain.erc20Tokens[0]!.address, { startBlock: '5', endBlock: '5' });
    expect(range.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'endBlock' });
    expect(api().total()).toBe(0);
  });

  it('gives partial data and UPSTREAM_ERROR when the transfers call fails', async () => {
    api().setFault(TRANSFERS, { status: 500 });
    const { data, errors } = await transfers(chain.erc20Tokens[0]!.address);
    expect(data!.chain!.token).toEqual({ address: chain.erc20Tokens[0]!.address, chain: { chainId: '43114' }, transfers: null });
    expect(errors![0]).toMatchObject({ path: ['chain', 'token', 'transfers'], extensions: { code: 'UPSTREAM_ERROR', status: 500, route: TRANSFERS } });
  });
});
