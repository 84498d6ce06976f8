/**
 * Data API endpoints of what an address holds and what a contract is: ERC-20 and collectible
 * balances, the chains an address is active on, contract metadata and deployments, single NFTs and
 * their metadata refresh.
 */
import { Endpoints } from './endpoints.js';
import type {
  WireContract,
  WireListAddressChainsResponse,
  WireListCollectibleBalancesResponse,
  WireListContractsResponse,
  WireListErc20BalancesQuery,
  WireListErc20BalancesResponse,
  WireTokenDetails,
} from '../types/data-api-assets.js';
import type { WireGetTransactionResponse, WirePageQuery } from '../types/data-api-evm.js';
import { nullIfNotFound } from '../transport/errors.js';
import { TTL } from '../transport/ttl.js';

export class AssetEndpoints extends Endpoints {
  /** `GET .../addresses/{address}/balances:listErc20`: ERC-20 balances, latest or at a block, priced in `currency`. */
  listErc20Balances(chainId: string, address: string, query: WireListErc20BalancesQuery): Promise<WireListErc20BalancesResponse> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/balances:listErc20', { chainId, address }, { ...query }, {
      ttlMs: query.blockNumber !== undefined ? TTL.immutable : TTL.moving,
    });
  }

  /** `GET .../addresses/{address}/balances:listCollectibles`: ERC-721 and ERC-1155 balances together. */
  listCollectibleBalances(chainId: string, address: string, query: WirePageQuery & { contractAddress?: string }): Promise<WireListCollectibleBalancesResponse> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/balances:listCollectibles', { chainId, address }, { ...query }, { ttlMs: TTL.moving });
  }

  /** `GET /v1/address/{address}/chains`: the chains where the address sent or received anything (refreshed upstream every 15 minutes). */
  listAddressChains(address: string): Promise<WireListAddressChainsResponse> {
    return this.rest.get('/v1/address/{address}/chains', { address }, undefined, { ttlMs: TTL.registry });
  }

  /** `GET /v1/chains/{chainId}/addresses/{address}`: what the contract at an address is; null when the Data API knows none there. */
  getContractMetadata(chainId: string, address: string): Promise<WireContract | null> {
    return nullIfNotFound(this.rest.get('/v1/chains/{chainId}/addresses/{address}', { chainId, address }, undefined, { ttlMs: TTL.registry }));
  }

  /** `GET .../contracts/{address}/transactions:getDeployment`: the transaction that deployed a contract; null when none is known. */
  getDeploymentTransaction(chainId: string, address: string, query: { currency?: string } = {}): Promise<WireGetTransactionResponse | null> {
    return nullIfNotFound(this.rest.get('/v1/chains/{chainId}/contracts/{address}/transactions:getDeployment', { chainId, address }, { ...query }, {
      ttlMs: TTL.registry,
    }));
  }

  /** `GET .../contracts/{address}/deployments`: the contracts an address deployed. */
  listContractDeployments(chainId: string, address: string, query: WirePageQuery): Promise<WireListContractsResponse> {
    return this.rest.get('/v1/chains/{chainId}/contracts/{address}/deployments', { chainId, address }, { ...query }, {
      ttlMs: query.pageToken ? TTL.slow : TTL.moving,
    });
  }

  /** `GET .../nfts/collections/{address}/tokens/{tokenId}`: one NFT; null when the collection or token is unknown. */
  getTokenDetails(chainId: string, address: string, tokenId: string): Promise<WireTokenDetails | null> {
    return nullIfNotFound(this.rest.get('/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}', { chainId, address, tokenId }, undefined, {
      ttlMs: TTL.slow,
    }));
  }

  /** `POST .../nfts/collections/{address}/tokens/{tokenId}:reindex`: asks the indexer to read the token's metadata again (201, no body). */
  async reindexNft(chainId: string, address: string, tokenId: string): Promise<void> {
    await this.rest.post('/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex', { chainId, address, tokenId }, undefined, undefined, {
      mayBeEmpty: true,
    });
  }
}
