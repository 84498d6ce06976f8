/** An account's ERC-721 and ERC-1155 holdings in one list (`listCollectibleBalances`). */
import { builder } from '../../builder.js';
import { connectionArgs, connectionType, paginate } from '../common/connection.js';
import { fieldGuard } from '../common/guards.js';
import { serves } from '../common/operations.js';
import { evmAddress } from '../common/validate.js';
import { Account, upstreamAddress } from '../account/account.js';
import { NftToken, type NftTokenShape } from './nft.js';

const COLLECTIBLE_PAGE = { defaultSize: 10, maxSize: 500 };

const CollectibleBalanceConnection = connectionType(
  'CollectibleBalance',
  NftToken,
  'A page of the NFTs an address holds: Erc721TokenBalance and Erc1155TokenBalance nodes, in the Data API\'s order.',
);

const contractFilter = (value: string | null | undefined) => (value == null ? undefined : upstreamAddress(evmAddress('contractAddress', value)));

builder.objectFields(Account, (t) => ({
  collectibleBalances: t.field({
    type: CollectibleBalanceConnection,
    nullable: true,
    description:
      'The NFTs this address holds on this chain, ERC-721 and ERC-1155 together (`GET .../addresses/{address}/balances:listCollectibles`); each links to its collection.',
    args: {
      contractAddress: t.arg.string({ required: false, description: 'Only tokens of this collection (0x contract address).' }),
      ...connectionArgs(t, COLLECTIBLE_PAGE),
    },
    extensions: { ...fieldGuard({ checkArgs: (args) => contractFilter(args.contractAddress) }), ...serves('data:listCollectibleBalances') },
    resolve: (account, args, ctx) => {
      const contractAddress = contractFilter(args.contractAddress);
      const address = upstreamAddress(account.address);
      return paginate<NftTokenShape>(
        {
          scope: `collectibles:${account.chainId}:${address}:${contractAddress ?? ''}`,
          ...COLLECTIBLE_PAGE,
          fetchPage: async (pageToken, pageSize) => {
            const page = await ctx.upstreams.dataApi.assets.listCollectibleBalances(account.chainId, address, { pageToken, pageSize, contractAddress });
            return {
              items: page.collectibleBalances.map((b) => ({ ...b, chainId: b.chainId ?? account.chainId, listing: 'balance' as const, holder: account.address })),
              nextPageToken: page.nextPageToken,
            };
          },
        },
        args,
      );
    },
  }),
}));
