/**
 * One NFT by chain, contract and token id (`getTokenDetails`, through the per-request token loader),
 * from its chain or its collection; and the request to re-read a token's metadata (`reindexNft`).
 */
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';
import { Chain } from '../chain/chain.js';
import { fieldGuard } from '../common/guards.js';
import { serves } from '../common/operations.js';
import { evmAddress, evmChainId } from '../common/validate.js';
import { upstreamAddress } from '../account/account.js';
import { isTokenId, tokenKey } from './keys.js';
import { NftCollection, NftToken } from './nft.js';
import { loadersOf } from '../loaders/index.js';

/** A `tokenId` argument: a uint256 (the BigInt scalar takes any integer). */
function tokenIdArg(value: bigint): string {
  const text = value.toString();
  if (!isTokenId(text)) throw badInput('tokenId', 'must be a token id: a whole number between 0 and 2^256 - 1');
  return text;
}

const TOKEN_ID_DESCRIPTION = 'The token id (a uint256, as a decimal string).';
const TOKEN_GUARD = { ...fieldGuard({ upstreamCost: 1, checkArgs: (args) => tokenIdArg(args.tokenId) }), ...serves('data:getTokenDetails') };

builder.objectFields(Chain, (t) => ({
  nftToken: t.field({
    type: NftToken,
    nullable: true,
    description:
      'One NFT of a collection on this chain (`GET /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}`); null when the Data API knows no such token.',
    args: {
      address: t.arg.string({ required: true, description: 'The collection\'s 0x contract address.' }),
      tokenId: t.arg({ type: 'BigInt', required: true, description: TOKEN_ID_DESCRIPTION }),
    },
    extensions: {
      ...fieldGuard({ upstreamCost: 1, checkArgs: (args) => (evmAddress('address', args.address), tokenIdArg(args.tokenId)) }),
      ...serves('data:getTokenDetails'),
    },
    resolve: (chain, args, ctx) => loadersOf(ctx).nftTokenById.load(tokenKey(chain.chainId, evmAddress('address', args.address), tokenIdArg(args.tokenId))),
  }),
}));

builder.objectFields(NftCollection, (t) => ({
  token: t.field({
    type: NftToken,
    nullable: true,
    description: 'One token of this collection by id (`GET .../nfts/collections/{address}/tokens/{tokenId}`); null when the Data API knows no such token.',
    args: { tokenId: t.arg({ type: 'BigInt', required: true, description: TOKEN_ID_DESCRIPTION }) },
    extensions: TOKEN_GUARD,
    resolve: (collection, args, ctx) => loadersOf(ctx).nftTokenById.load(tokenKey(collection.chainId, collection.address, tokenIdArg(args.tokenId))),
  }),
}));

builder.mutationFields((t) => ({
  reindexNft: t.field({
    type: NftToken,
    nullable: true,
    description:
      'Asks the Data API to read a token\'s metadata from its token URI again (`POST .../tokens/{tokenId}:reindex`; at most once an hour per token, a RATE_LIMITED error otherwise), then answers the token (a read shared with other operations for up to 30 seconds): the new metadata shows once the indexer has read it again. A token the Data API does not know is a NOT_FOUND error.',
    args: {
      chainId: t.arg.string({ required: true, description: 'EVM chain id of the token\'s chain, as a decimal string (e.g. "43114").' }),
      address: t.arg.string({ required: true, description: 'The collection\'s 0x contract address.' }),
      tokenId: t.arg({ type: 'BigInt', required: true, description: TOKEN_ID_DESCRIPTION }),
    },
    extensions: {
      ...fieldGuard({
        upstreamCost: 2,
        checkArgs: (args) => (evmChainId('chainId', args.chainId), evmAddress('address', args.address), tokenIdArg(args.tokenId)),
      }),
      ...serves('data:reindexNft', 'data:getTokenDetails'),
    },
    resolve: async (_, args, ctx) => {
      const chainId = evmChainId('chainId', args.chainId);
      const address = evmAddress('address', args.address);
      const tokenId = tokenIdArg(args.tokenId);
      await ctx.upstreams.dataApi.assets.reindexNft(chainId, upstreamAddress(address), tokenId);
      return loadersOf(ctx).nftTokenById.load(tokenKey(chainId, address, tokenId));
    },
  }),
}));
