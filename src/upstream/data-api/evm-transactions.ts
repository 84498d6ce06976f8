/**
 * Data API endpoints that list EVM transactions: a chain's latest transactions, the latest blocks and
 * transactions of all chains of a network, and an address's full history (v1 and v2), NFT transfers
 * and internal transactions.
 */
import { Endpoints } from './endpoints.js';
import type { WireBlockRange, WireListEvmBlocksResponse, WireListNativeTransactionsResponse, WirePageQuery } from '../types/data-api-evm.js';
import type {
  WireAllChainsQuery,
  WireHistoryQuery,
  WireHistoryV2Query,
  WireLatestTransactionsQuery,
  WireListErc1155TransactionsResponse,
  WireListErc721TransactionsResponse,
  WireListInternalTransactionsResponse,
  WireListTransactionDetailsResponse,
  WireListTransactionDetailsResponseV2,
  WireTransactionStatusFilter,
} from '../types/data-api-evm-transactions.js';
import { pageTtl } from '../transport/ttl.js';

export class EvmTransactionEndpoints extends Endpoints {
  /** `GET /v1/chains/{chainId}/transactions` (listLatestTransactions): the chain's latest transactions, newest first. */
  listLatestTransactions(chainId: string, query: WireLatestTransactionsQuery): Promise<WireListNativeTransactionsResponse> {
    return this.rest.get('/v1/chains/{chainId}/transactions', { chainId }, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET /v1/blocks` (listLatestBlocksAllChains): the latest blocks of every chain of a network, newest first. */
  listLatestBlocksAllChains(query: WireAllChainsQuery): Promise<WireListEvmBlocksResponse> {
    return this.rest.get('/v1/blocks', undefined, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET /v1/transactions` (listLatestTransactionsAllChains): the latest transactions of every chain of a network. */
  listLatestTransactionsAllChains(query: WireAllChainsQuery & { status?: WireTransactionStatusFilter }): Promise<WireListNativeTransactionsResponse> {
    return this.rest.get('/v1/transactions', undefined, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET /v1/chains/{chainId}/addresses/{address}/transactions` (listTransactions): the address's history, v1 shape. */
  listTransactions(chainId: string, address: string, query: WireHistoryQuery): Promise<WireListTransactionDetailsResponse> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/transactions', { chainId, address }, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET /v2/chains/{chainId}/addresses/{address}/transactions` (listTransactionsV2): the history with token reputations. */
  listTransactionsV2(chainId: string, address: string, query: WireHistoryV2Query): Promise<WireListTransactionDetailsResponseV2> {
    return this.rest.get('/v2/chains/{chainId}/addresses/{address}/transactions', { chainId, address }, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET .../addresses/{address}/transactions:listErc721` (listErc721Transactions): ERC-721 transfers from or to the address, newest first. */
  listErc721Transactions(chainId: string, address: string, query: WireBlockRange & WirePageQuery): Promise<WireListErc721TransactionsResponse> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/transactions:listErc721', { chainId, address }, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET .../addresses/{address}/transactions:listErc1155` (listErc1155Transactions): ERC-1155 transfers from or to the address, newest first. */
  listErc1155Transactions(chainId: string, address: string, query: WireBlockRange & WirePageQuery): Promise<WireListErc1155TransactionsResponse> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/transactions:listErc1155', { chainId, address }, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET .../addresses/{address}/transactions:listInternals` (listInternalTransactions): value-moving internal calls and creations, newest first. */
  listInternalTransactions(chainId: string, address: string, query: WireBlockRange & WirePageQuery): Promise<WireListInternalTransactionsResponse> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/transactions:listInternals', { chainId, address }, { ...query }, { ttlMs: pageTtl(query) });
  }
}
