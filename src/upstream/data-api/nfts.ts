/** Data API endpoints of NFTs: ERC-721/1155 balances and collection tokens (`/v1/chains/{chainId}/...`). */
import { Endpoints } from './endpoints.js';
import type {
  WireListErc1155BalancesResponse,
  WireListErc721BalancesResponse,
  WireListNftTokensResponse,
} from '../types/data-api-nfts.js';
import { TTL } from '../transport/ttl.js';

interface PageQuery {
  pageToken?: string;
  pageSize?: number;
}

export class NftEndpoints extends Endpoints {
  /** `GET /v1/chains/{chainId}/addresses/{address}/balances:listErc721`: the ERC-721 tokens an address owns. */
  listErc721Balances(
    chainId: string,
    address: string,
    query: PageQuery & { contractAddress?: string },
  ): Promise<WireListErc721BalancesResponse> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/balances:listErc721', { chainId, address }, { ...query }, { ttlMs: TTL.moving });
  }

  /** `GET /v1/chains/{chainId}/addresses/{address}/balances:listErc1155`: ERC-1155 balances, at a block if given. */
  listErc1155Balances(
    chainId: string,
    address: string,
    query: PageQuery & { blockNumber?: string; contractAddress?: string },
  ): Promise<WireListErc1155BalancesResponse> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/balances:listErc1155', { chainId, address }, { ...query }, {
      ttlMs: query.blockNumber !== undefined ? TTL.immutable : TTL.moving,
    });
  }

  /** `GET /v1/chains/{chainId}/nfts/collections/{address}/tokens`: the tokens of one collection. */
  listTokens(chainId: string, address: string, query: PageQuery): Promise<WireListNftTokensResponse> {
    return this.rest.get('/v1/chains/{chainId}/nfts/collections/{address}/tokens', { chainId, address }, { ...query }, { ttlMs: TTL.slow });
  }
}
