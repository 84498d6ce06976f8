/**
 * The local ids of NFTs (`<chainId>:<contract>:<tokenId>`) and of holdings (the same and the
 * holder), as node ids and as the keys of the token loaders (src/schema/loaders/nfts.ts).
 */
import { isEvmAddress } from '@avalanche-graph/identity';
import type { WireNftToken } from '../../upstream/data-api/types/nfts.js';

/** A wire token with the chain it was read from (collection listings do not carry it). */
export type NftTokenShape = WireNftToken & {
  chainId: string;
  /** Which listing it came from: balances carry the holder's view (ERC-1155 `balance`). */
  listing: 'collection' | 'balance';
  balance?: string;
  /** The address whose holding a balance listing shows. */
  holder?: string;
};

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
