/**
 * NFT lists: the ERC-721 and ERC-1155 balances of an account, and the tokens of a collection
 * (`Chain.nftCollection`). Each listed token links back to its collection and chain.
 */
import { builder } from '../../builder.js';
import { nullIfNotFound } from '../../upstream/transport/errors.js';
import { Chain } from '../chain/chain.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { upstreamList } from '../common/upstream-list.js';
import { Account, addressPath, blockNumberArg } from '../account/account.js';
import { Erc1155TokenBalance, Erc721TokenBalance, heldToken, NftCollection, NftToken } from './nft.js';
import { type NftTokenShape } from './keys.js';
import { collectionFilter } from './token-ref.js';
import { serves } from '../common/operations.js';
import { CHAIN_ADDRESS_NODE, chainAddressField } from '../common/chain-address.js';

const BALANCE_PAGE = { defaultSize: 10, maxSize: 500 };
const COLLECTION_PAGE = { defaultSize: 10, maxSize: 100 };

const Erc721TokenBalanceConnection = connectionType('Erc721TokenBalance', Erc721TokenBalance, 'A page of the ERC-721 tokens an address owns.');
const Erc1155TokenBalanceConnection = connectionType('Erc1155TokenBalance', Erc1155TokenBalance, 'A page of the ERC-1155 balances of an address.');
const NftTokenConnection = connectionType('NftToken', NftToken, 'A page of the tokens of an NFT collection.');

NftCollection.implement({
  extensions: CHAIN_ADDRESS_NODE,
  description:
    'An NFT contract (ERC-721 or ERC-1155) on a chain. No upstream call is made until its tokens are asked for. A node: its id is the chain and the contract address, refetched with no upstream call.',
  fields: (t) => ({
    chain: t.expose('chainId', { type: Chain, description: 'The chain of the contract.' }),
    address: t.exposeString('address', { description: 'The contract address.' }),
    tokens: t.field({
      type: NftTokenConnection,
      nullable: true,
      description:
        'The tokens of the collection, in the Data API\'s order (`GET /v1/chains/{chainId}/nfts/collections/{address}/tokens`). Null, without an error, when the Data API knows no such collection on this chain.',
      args: connectionArgs(t, COLLECTION_PAGE),
      extensions: serves('data:listTokens'),
      resolve: (c, args, ctx) =>
        nullIfNotFound(
          upstreamList(args, {
            name: 'nftTokens',
            page: COLLECTION_PAGE,
            path: addressPath(c),
            query: {},
            read: (chainId, address, query) => ctx.upstreams.dataApi.nfts.listTokens(chainId, address, query),
            items: (page) => page.tokens.map((token): NftTokenShape => ({ ...token, chainId: c.chainId, listing: 'collection' })),
          }),
        ),
    }),
  }),
});

builder.objectFields(Chain, (t) => ({
  nftCollection: chainAddressField(
    t,
    NftCollection,
    'An NFT contract on this chain by address (no upstream call until a field of it is asked for).',
    'The collection\'s 0x contract address.',
  ),
}));

builder.objectFields(Account, (t) => ({
  erc721Balances: t.checkedField({
    type: Erc721TokenBalanceConnection,
    nullable: true,
    description: 'The ERC-721 tokens this address owns on this chain (`GET .../addresses/{address}/balances:listErc721`).',
    args: {
      contractAddress: t.arg.string({ required: false, description: 'Only tokens of this collection (0x contract address).' }),
      ...connectionArgs(t, BALANCE_PAGE),
    },
    extensions: serves('data:listErc721Balances'),
    check: collectionFilter,
    resolve: (account, filter, args, ctx) =>
      upstreamList(args, {
        name: 'erc721Balances',
        page: BALANCE_PAGE,
        path: addressPath(account),
        query: filter,
        read: (chainId, address, query) => ctx.upstreams.dataApi.evmBalances.listErc721Balances(chainId, address, query),
        items: (page) => page.erc721TokenBalances.map((b) => heldToken(account, b)),
      }),
  }),
  erc1155Balances: t.checkedField({
    type: Erc1155TokenBalanceConnection,
    nullable: true,
    description: 'The ERC-1155 token ids this address holds on this chain, with amounts (`GET .../addresses/{address}/balances:listErc1155`).',
    args: {
      blockNumber: t.arg({ type: 'BigInt', required: false, description: 'Balances after this block; latest when omitted.' }),
      contractAddress: t.arg.string({ required: false, description: 'Only tokens of this contract (0x address).' }),
      ...connectionArgs(t, BALANCE_PAGE),
    },
    extensions: serves('data:listErc1155Balances'),
    check: (args) => {
      blockNumberArg(args.blockNumber);
      return { blockNumber: args.blockNumber?.toString(), ...collectionFilter(args) };
    },
    resolve: (account, query, args, ctx) =>
      upstreamList(args, {
        name: 'erc1155Balances',
        page: BALANCE_PAGE,
        path: addressPath(account),
        query,
        read: (chainId, address, query) => ctx.upstreams.dataApi.evmBalances.listErc1155Balances(chainId, address, query),
        items: (page) => page.erc1155TokenBalances.map((b) => heldToken(account, b)),
      }),
  }),
}));
