/**
 * One NFT by chain, contract and token id (`getTokenDetails`, through the per-request token loader),
 * from its chain or its collection; and the request to re-read a token's metadata (`reindexNft`).
 */
import { builder } from '../../builder.js';
import { Chain } from '../chain/chain.js';
import { fieldGuard } from '../common/guards.js';
import { serves } from '../common/operations.js';
import { upstreamAddress } from '../account/account.js';
import { NftCollection, NftToken } from './nft.js';
import { tokenByArgs, tokenOfChain, tokenOfCollection, tokenRefKey } from './token-ref.js';
import { loadersOf } from '../loaders/index.js';

const TOKEN_GUARD = { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getTokenDetails') };

builder.objectFields(Chain, (t) => ({
  nftToken: t.checkedField({
    type: NftToken,
    nullable: true,
    description:
      'One NFT of a collection on this chain (`GET /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}`); null when the Data API knows no such token.',
    ...tokenOfChain(t.arg),
    extensions: TOKEN_GUARD,
    resolve: (chain, token, _args, ctx) => loadersOf(ctx).nftTokenById.load(tokenRefKey({ chainId: chain.chainId, ...token })),
  }),
}));

builder.objectFields(NftCollection, (t) => ({
  token: t.checkedField({
    type: NftToken,
    nullable: true,
    description: 'One token of this collection by id (`GET .../nfts/collections/{address}/tokens/{tokenId}`); null when the Data API knows no such token.',
    ...tokenOfCollection(t.arg),
    extensions: TOKEN_GUARD,
    resolve: (collection, token, _args, ctx) => loadersOf(ctx).nftTokenById.load(tokenRefKey({ ...collection, ...token })),
  }),
}));

builder.mutationFields((t) => ({
  reindexNft: t.checkedField({
    type: NftToken,
    nullable: true,
    description:
      'Asks the Data API to read a token\'s metadata from its token URI again (`POST .../tokens/{tokenId}:reindex`; at most once an hour per token, a RATE_LIMITED error otherwise), then answers the token (a read shared with other operations for up to 30 seconds): the new metadata shows once the indexer has read it again. A token the Data API does not know is a NOT_FOUND error.',
    ...tokenByArgs(t.arg),
    extensions: { ...fieldGuard({ upstreamCost: 2 }), ...serves('data:reindexNft', 'data:getTokenDetails') },
    resolve: async (_, token, _args, ctx) => {
      await ctx.upstreams.dataApi.nfts.reindexNft(token.chainId, upstreamAddress(token.address), token.tokenId);
      return loadersOf(ctx).nftTokenById.load(tokenRefKey(token));
    },
  }),
}));
