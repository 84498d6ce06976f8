/** Data API endpoints of EVM chains (`/v1/chains/{chainId}/...`). */
import { Endpoints } from './endpoints.js';
import type {
  WireBlockRange,
  WireEvmBlock,
  WireGetNativeBalanceResponse,
  WireGetTransactionResponse,
  WireListErc20TransactionsResponse,
  WireListEvmBlocksResponse,
  WireListNativeTransactionsResponse,
  WireListTransfersResponse,
  WirePageQuery,
} from '../types/data-api-evm.js';
import { pageTtl, TTL } from '../transport/ttl.js';
import { nullIfNotFound } from '../transport/errors.js';

export class EvmEndpoints extends Endpoints {
  /** `GET /v1/chains/{chainId}/blocks`: latest blocks first. */
  getLatestBlocks(chainId: string, query: WirePageQuery): Promise<WireListEvmBlocksResponse> {
    return this.rest.get('/v1/chains/{chainId}/blocks', { chainId }, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET /v1/chains/{chainId}/blocks/{blockId}`: one block by number or hash. */
  getBlock(chainId: string, blockId: string): Promise<WireEvmBlock | null> {
    return nullIfNotFound(this.rest.get('/v1/chains/{chainId}/blocks/{blockId}', { chainId, blockId }, undefined, {
      ttlMs: blockId.startsWith('0x') ? TTL.immutable : TTL.moving,
    }));
  }

  /** `GET /v1/chains/{chainId}/blocks/{blockId}/transactions`: a block's transactions in block order. */
  getTransactionsForBlock(chainId: string, blockId: string, query: WirePageQuery): Promise<WireListNativeTransactionsResponse> {
    return this.rest.get('/v1/chains/{chainId}/blocks/{blockId}/transactions', { chainId, blockId }, { ...query }, {
      ttlMs: blockId.startsWith('0x') ? TTL.immutable : TTL.moving,
    });
  }

  /** `GET /v1/chains/{chainId}/transactions/{txHash}`: one transaction with its decoded content. */
  getTransaction(chainId: string, txHash: string): Promise<WireGetTransactionResponse | null> {
    return nullIfNotFound(this.rest.get('/v1/chains/{chainId}/transactions/{txHash}', { chainId, txHash }, undefined, { ttlMs: TTL.immutable }));
  }

  /** `GET .../addresses/{address}/transactions:listNative`: transactions from, to or creating the address, newest first. */
  listNativeTransactions(chainId: string, address: string, query: WireBlockRange & WirePageQuery): Promise<WireListNativeTransactionsResponse> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/transactions:listNative', { chainId, address }, { ...query }, {
      ttlMs: pageTtl(query),
    });
  }

  /** `GET .../addresses/{address}/transactions:listErc20`: ERC-20 transfers from or to the address, newest first. */
  listErc20Transactions(chainId: string, address: string, query: WireBlockRange & WirePageQuery): Promise<WireListErc20TransactionsResponse> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/transactions:listErc20', { chainId, address }, { ...query }, {
      ttlMs: pageTtl(query),
    });
  }

  /** `GET .../addresses/{address}/balances:getNative`: native balance, latest or at a block, priced in `currency`. */
  getNativeBalance(chainId: string, address: string, query: { blockNumber?: bigint; currency?: string }): Promise<WireGetNativeBalanceResponse> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/balances:getNative', { chainId, address }, { ...query }, {
      ttlMs: TTL.moving,
    });
  }

  /** `GET /v1/chains/{chainId}/tokens/{address}/transfers`: transfers of one token contract, newest first. */
  listTransfers(chainId: string, address: string, query: WireBlockRange & WirePageQuery): Promise<WireListTransfersResponse> {
    return this.rest.get('/v1/chains/{chainId}/tokens/{address}/transfers', { chainId, address }, { ...query }, { ttlMs: pageTtl(query) });
  }
}
