/**
 * The Data API's "NFTs" operations: a collection's tokens, one token, and a new read of a token's
 * metadata.
 */
import { nullIfNotFound } from '../transport/errors.js';
import { TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { WireTokenDetails } from './types/assets.js';
import type { WireListNftTokensResponse } from './types/nfts.js';

interface PageQuery {
  pageToken?: string;
  pageSize?: number;
}

export class NftsEndpoints extends Endpoints {
  /** `POST .../nfts/collections/{address}/tokens/{tokenId}:reindex`: asks the indexer to read the token's metadata again (201, no body). */
  async reindexNft(chainId: string, address: string, tokenId: string): Promise<void> {
    await this.rest.post('/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex', { chainId, address, tokenId }, undefined, undefined, {
      mayBeEmpty: true,
    });
  }

  /** `GET /v1/chains/{chainId}/nfts/collections/{address}/tokens`: the tokens of one collection. */
  listTokens(chainId: string, address: string, query: PageQuery): Promise<WireListNftTokensResponse> {
    return this.rest.get('/v1/chains/{chainId}/nfts/collections/{address}/tokens', { chainId, address }, { ...query }, { ttlMs: TTL.slow });
  }

  /** `GET .../nfts/collections/{address}/tokens/{tokenId}`: one NFT; null when the collection or token is unknown. */
  getTokenDetails(chainId: string, address: string, tokenId: string): Promise<WireTokenDetails | null> {
    return nullIfNotFound(this.rest.get('/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}', { chainId, address, tokenId }, undefined, {
      ttlMs: TTL.slow,
    }));
  }
}
