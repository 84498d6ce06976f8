/**
 * The Data API's "EVM Balances" operations: an address's native, ERC-20, ERC-721, ERC-1155 and
 * collectible balances.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { WireListErc20BalancesQuery } from './types/assets.js';
import type { WirePageQuery } from './types/evm.js';

interface PageQuery {
  pageToken?: string;
  pageSize?: number;
}

export class EvmBalancesEndpoints extends Endpoints {
  /** `GET .../addresses/{address}/balances:getNative`: native balance, latest or at a block, priced in `currency`. */
  getNativeBalance(chainId: string, address: string, query: { blockNumber?: bigint; currency?: string }): Promise<DataApiSchema<'GetNativeBalanceResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/balances:getNative', { chainId, address }, { ...query }, {
      ttlMs: TTL.moving,
    });
  }

  /** `GET .../addresses/{address}/balances:listErc20`: ERC-20 balances, latest or at a block, priced in `currency`. */
  listErc20Balances(chainId: string, address: string, query: WireListErc20BalancesQuery): Promise<DataApiSchema<'ListErc20BalancesResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/balances:listErc20', { chainId, address }, { ...query }, {
      ttlMs: query.blockNumber !== undefined ? TTL.immutable : TTL.moving,
    });
  }

  /** `GET /v1/chains/{chainId}/addresses/{address}/balances:listErc721`: the ERC-721 tokens an address owns. */
  listErc721Balances(
    chainId: string,
    address: string,
    query: PageQuery & { contractAddress?: string },
  ): Promise<DataApiSchema<'ListErc721BalancesResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/balances:listErc721', { chainId, address }, { ...query }, { ttlMs: TTL.moving });
  }

  /** `GET /v1/chains/{chainId}/addresses/{address}/balances:listErc1155`: ERC-1155 balances, at a block if given. */
  listErc1155Balances(
    chainId: string,
    address: string,
    query: PageQuery & { blockNumber?: string; contractAddress?: string },
  ): Promise<DataApiSchema<'ListErc1155BalancesResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/balances:listErc1155', { chainId, address }, { ...query }, {
      ttlMs: query.blockNumber !== undefined ? TTL.immutable : TTL.moving,
    });
  }

  /** `GET .../addresses/{address}/balances:listCollectibles`: ERC-721 and ERC-1155 balances together. */
  listCollectibleBalances(chainId: string, address: string, query: WirePageQuery & { contractAddress?: string }): Promise<DataApiSchema<'ListCollectibleBalancesResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/balances:listCollectibles', { chainId, address }, { ...query }, { ttlMs: TTL.moving });
  }
}
