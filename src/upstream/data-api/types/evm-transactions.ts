/**
 * Wire shapes of the Data API's EVM transaction lists: latest transactions and blocks (one chain or
 * all chains of a network), an address's full history (v1 and v2), its NFT transfers and internal
 * transactions, by the official description.
 */
import type { DataApiQuery, DataApiSchema } from '@avalanche-graph/wire-types';
import type { WireBlockRange, WirePageQuery } from './evm.js';

/** The `status` filter of the latest-transaction lists. */
export type WireTransactionStatusFilter = DataApiSchema<'TransactionStatus'>;
export type WireLatestTransactionsQuery = DataApiQuery<'listLatestTransactions'>;
export type WireAllChainsQuery = DataApiQuery<'listLatestBlocksAllChains'>;
/** The history lists' order (by block time). */
export type WireSortOrder = DataApiSchema<'SortOrder'>;

export interface WireHistoryQuery extends WireBlockRange, WirePageQuery {
  sortOrder?: WireSortOrder;
}

export interface WireHistoryV2Query extends WireHistoryQuery {
  filterSpamTokens?: boolean;
}

/** One item of `listTransactions` (v1): the native transaction with the sub-transfers the address took part in. */
export type WireTransactionDetails = DataApiSchema<'TransactionDetails'>;
/** An item of `listTransactionsV2`: its ERC-20 tokens carry a reputation. */
export type WireTransactionDetailsV2 = DataApiSchema<'TransactionDetailsV2'>;
