/** Single NFTs and NFT holdings of the Data API shared within a request. */
import DataLoader from 'dataloader';
import type { Context } from '../../context.js';
import { toChecksumAddress } from '@avalanche-graph/identity';
import { parseTokenKey, type NftTokenShape } from '../nft/keys.js';
import { eachKey } from '../common/each-key.js';

/**
 * NFTs by `tokenKey` (`getTokenDetails`): the same token asked for from several places (a node id,
 * `Chain.nftToken`, a collection) costs one call per operation; the Data API has no batch read of
 * tokens. Null for a key that names no token, or a token the Data API does not know.
 */
export const nftTokenById = (ctx: Context) =>
  new DataLoader<string, NftTokenShape | null>((keys) =>
    eachKey(keys, async (key) => {
      const ref = parseTokenKey(key, 3);
      if (!ref) return null;
      const token = await ctx.upstreams.dataApi.nfts.getTokenDetails(ref.chainId, toChecksumAddress(ref.address), ref.tokenId);
      return token && { ...token, chainId: ref.chainId, listing: 'collection' as const };
    }),
  );

/** Most balance pages read to find one ERC-1155 holding by its id. */
const HOLDING_PAGES = 10;

/**
 * ERC-1155 holdings by `holdingKey`: the holder's balance of the token id while positive, found in
 * its balances of that contract (`listErc1155Balances`, paged). Null when it holds none.
 */
export const erc1155HoldingById = (ctx: Context) =>
  new DataLoader<string, NftTokenShape | null>((keys) =>
    eachKey(keys, async (key) => {
      const ref = parseTokenKey(key, 4);
      if (!ref) return null;
      let pageToken: string | undefined;
      for (let page = 0; page < HOLDING_PAGES; page++) {
        const answer = await ctx.upstreams.dataApi.evmBalances.listErc1155Balances(ref.chainId, toChecksumAddress(ref.holder!), {
          contractAddress: toChecksumAddress(ref.address),
          pageSize: 500,
          pageToken,
        });
        const found = answer.erc1155TokenBalances.find((b) => b.tokenId === ref.tokenId);
        if (found) return { ...found, chainId: ref.chainId, listing: 'balance' as const, holder: ref.holder };
        if (!answer.nextPageToken) return null;
        pageToken = answer.nextPageToken;
      }
      return null;
    }),
  );
