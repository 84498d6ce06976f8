/**
 * The Data API's "EVM Transactions" operations: the latest transactions of a network or of a chain,
 * one transaction, a block's transactions, an address's history (v1 and v2), native, ERC-20,
 * ERC-721 and ERC-1155 transfers and internal transactions, a token's transfers, and contract
 * deployments.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { nullIfNotFound } from '../transport/errors.js';
import { pageTtl, TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { WireAllChainsQuery, WireHistoryQuery, WireHistoryV2Query, WireLatestTransactionsQuery, WireTransactionStatusFilter } from './types/evm-transactions.js';
import type { WireBlockRange, WirePageQuery } from './types/evm.js';

export class EvmTransactionsEndpoints extends Endpoints {
  /** `GET /v1/transactions` (listLatestTransactionsAllChains): the latest transactions of every chain of a network. */
  listLatestTransactionsAllChains(query: WireAllChainsQuery & { status?: WireTransactionStatusFilter }): Promise<DataApiSchema<'ListNativeTransactionsResponse'>> {
    return this.rest.get('/v1/transactions', undefined, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET .../contracts/{address}/transactions:getDeployment`: the transaction that deployed a contract; null when none is known. */
  getDeploymentTransaction(chainId: string, address: string, query: { currency?: string } = {}): Promise<DataApiSchema<'GetTransactionResponse'> | null> {
    return nullIfNotFound(this.rest.get('/v1/chains/{chainId}/contracts/{address}/transactions:getDeployment', { chainId, address }, { ...query }, {
      ttlMs: TTL.registry,
    }));
  }

  /** `GET .../contracts/{address}/deployments`: the contracts an address deployed. */
  listContractDeployments(chainId: string, address: string, query: WirePageQuery): Promise<DataApiSchema<'ListContractsResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/contracts/{address}/deployments', { chainId, address }, { ...query }, {
      ttlMs: query.pageToken ? TTL.slow : TTL.moving,
    });
  }

  /** `GET /v1/chains/{chainId}/tokens/{address}/transfers`: transfers of one token contract, newest first. */
  listTransfers(chainId: string, address: string, query: WireBlockRange & WirePageQuery): Promise<DataApiSchema<'ListTransfersResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/tokens/{address}/transfers', { chainId, address }, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET /v1/chains/{chainId}/addresses/{address}/transactions` (listTransactions): the address's history, v1 shape. */
  listTransactions(chainId: string, address: string, query: WireHistoryQuery): Promise<DataApiSchema<'ListTransactionDetailsResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/transactions', { chainId, address }, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET /v2/chains/{chainId}/addresses/{address}/transactions` (listTransactionsV2): the history with token reputations. */
  listTransactionsV2(chainId: string, address: string, query: WireHistoryV2Query): Promise<DataApiSchema<'ListTransactionDetailsResponseV2'>> {
    return this.rest.get('/v2/chains/{chainId}/addresses/{address}/transactions', { chainId, address }, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET .../addresses/{address}/transactions:listNative`: transactions from, to or creating the address, newest first. */
  listNativeTransactions(chainId: string, address: string, query: WireBlockRange & WirePageQuery): Promise<DataApiSchema<'ListNativeTransactionsResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/transactions:listNative', { chainId, address }, { ...query }, {
      ttlMs: pageTtl(query),
    });
  }

  /** `GET .../addresses/{address}/transactions:listErc20`: ERC-20 transfers from or to the address, newest first. */
  listErc20Transactions(chainId: string, address: string, query: WireBlockRange & WirePageQuery): Promise<DataApiSchema<'ListErc20TransactionsResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/transactions:listErc20', { chainId, address }, { ...query }, {
      ttlMs: pageTtl(query),
    });
  }

  /** `GET .../addresses/{address}/transactions:listErc721` (listErc721Transactions): ERC-721 transfers from or to the address, newest first. */
  listErc721Transactions(chainId: string, address: string, query: WireBlockRange & WirePageQuery): Promise<DataApiSchema<'ListErc721TransactionsResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/transactions:listErc721', { chainId, address }, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET .../addresses/{address}/transactions:listErc1155` (listErc1155Transactions): ERC-1155 transfers from or to the address, newest first. */
  listErc1155Transactions(chainId: string, address: string, query: WireBlockRange & WirePageQuery): Promise<DataApiSchema<'ListErc1155TransactionsResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/transactions:listErc1155', { chainId, address }, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET .../addresses/{address}/transactions:listInternals` (listInternalTransactions): value-moving internal calls and creations, newest first. */
  listInternalTransactions(chainId: string, address: string, query: WireBlockRange & WirePageQuery): Promise<DataApiSchema<'ListInternalTransactionsResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/addresses/{address}/transactions:listInternals', { chainId, address }, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET /v1/chains/{chainId}/transactions/{txHash}`: one transaction with its decoded content. */
  getTransaction(chainId: string, txHash: string): Promise<DataApiSchema<'GetTransactionResponse'> | null> {
    return nullIfNotFound(this.rest.get('/v1/chains/{chainId}/transactions/{txHash}', { chainId, txHash }, undefined, { ttlMs: TTL.immutable }));
  }

  /** `GET /v1/chains/{chainId}/blocks/{blockId}/transactions`: a block's transactions in block order. */
  getTransactionsForBlock(chainId: string, blockId: string, query: WirePageQuery): Promise<DataApiSchema<'ListNativeTransactionsResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/blocks/{blockId}/transactions', { chainId, blockId }, { ...query }, {
      ttlMs: blockId.startsWith('0x') ? TTL.immutable : TTL.moving,
    });
  }

  /** `GET /v1/chains/{chainId}/transactions` (listLatestTransactions): the chain's latest transactions, newest first. */
  listLatestTransactions(chainId: string, query: WireLatestTransactionsQuery): Promise<DataApiSchema<'ListNativeTransactionsResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/transactions', { chainId }, { ...query }, { ttlMs: pageTtl(query) });
  }
}
