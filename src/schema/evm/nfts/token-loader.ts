/**
 * Single NFTs by chain, contract and token id (`getTokenDetails`), through one per-request loader:
 * the same token asked for from several places (a node id, `Chain.nftToken`, a collection) costs one
 * call per operation. The Data API has no batch read of tokens, so each distinct key is one call.
 */
import { createContextCache } from '@pothos/core';
import DataLoader from 'dataloader';
import type { Context } from '../../../context.js';
import { isEvmAddress, toChecksumAddress } from '../../../lib/codec.js';
import type { NftTokenShape } from './types.js';

const MAX_UINT256 = 2n ** 256n - 1n;

/** A token id the contracts can hold: a decimal uint256. */
export const isTokenId = (value: string): boolean => /^\d{1,78}$/.test(value) && BigInt(value) <= MAX_UINT256;

/** Local id of a token: `<chainId>:<contract>:<tokenId>` (contract lowercase, token id decimal). */
export const tokenKey = (chainId: string, address: string, tokenId: string | bigint) => `${chainId}:${address.toLowerCase()}:${BigInt(tokenId).toString()}`;

/** Local id of a holding: the token's id and the holder (lowercase). */
export const holdingKey = (token: NftTokenShape, holder: string) => `${tokenKey(token.chainId, token.address, token.tokenId)}:${holder.toLowerCase()}`;

export interface TokenRef {
  chainId: string;
  address: string;
  tokenId: string;
  holder?: string;
}

/** Reads a token (3 parts) or holding (4 parts) key; null when it is not one. */
export function parseTokenKey(key: string, parts: 3 | 4): TokenRef | null {
  const fields = key.split(':');
  if (fields.length !== parts) return null;
  const [chainId, address, tokenId, holder] = fields as [string, string, string, string | undefined];
  if (!/^\d{1,20}$/.test(chainId) || !isEvmAddress(address) || !isTokenId(tokenId)) return null;
  if (parts === 4 && !(holder && isEvmAddress(holder))) return null;
  return { chainId, address, tokenId, ...(holder ? { holder } : {}) };
}

/** What is wrong with a token (3) or holding (4) local id, or null. */
export function checkTokenKey(parts: 3 | 4) {
  return (key: string): string | null =>
    parseTokenKey(key, parts) ? null : `expected <chainId>:<contract address>:<token id>${parts === 4 ? ':<holder address>' : ''}`;
}

/** The per-request loader of tokens by `tokenKey`; null for a token the Data API does not know. */
export const tokenDetails = createContextCache(
  (ctx: Context) =>
    new DataLoader<string, NftTokenShape | null>((keys) =>
      Promise.all(
        keys.map(async (key) => {
          const ref = parseTokenKey(key, 3);
          if (!ref) return null;
          try {
            const token = await ctx.upstreams.dataApi.assets.getTokenDetails(ref.chainId, toChecksumAddress(ref.address), ref.tokenId);
            return token && { ...token, chainId: ref.chainId, listing: 'collection' as const };
          } catch (error) {
            return error as Error;
          }
        }),
      ),
    ),
);
