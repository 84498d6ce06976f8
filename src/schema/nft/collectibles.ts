/** An account's ERC-721 and ERC-1155 holdings in one list (`listCollectibleBalances`). */
import { builder } from '../../builder.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { upstreamList } from '../common/upstream-list.js';
import { serves } from '../common/operations.js';
import { Account, addressPath } from '../account/account.js';
import { heldToken, NftToken } from './nft.js';
import { collectionFilter } from './token-ref.js';

const COLLECTIBLE_PAGE = { defaultSize: 10, maxSize: 500 };

const CollectibleBalanceConnection = connectionType(
  'CollectibleBalance',
  NftToken,
  'A page of the NFTs an address holds: Erc721TokenBalance and Erc1155TokenBalance nodes, in the Data API\'s order.',
);

builder.objectFields(Account, (t) => ({
  collectibleBalances: t.checkedField({
    type: CollectibleBalanceConnection,
    nullable: true,
    description:
      'The NFTs this address holds on this chain, ERC-721 and ERC-1155 together (`GET .../addresses/{address}/balances:listCollectibles`); each links to its collection.',
    args: {
      contractAddress: t.arg.string({ required: false, description: 'Only tokens of this collection (0x contract address).' }),
      ...connectionArgs(t, COLLECTIBLE_PAGE),
    },
    extensions: serves('data:listCollectibleBalances'),
    check: collectionFilter,
    resolve: (account, filter, args, ctx) =>
      upstreamList(args, {
        name: 'collectibles',
        page: COLLECTIBLE_PAGE,
        path: addressPath(account),
        query: filter,
        read: (chainId, address, query) => ctx.upstreams.dataApi.evmBalances.listCollectibleBalances(chainId, address, query),
        items: (page) => page.collectibleBalances.map((b) => heldToken(account, b)),
      }),
  }),
}));
