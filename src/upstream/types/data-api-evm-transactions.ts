/**
 * Wire shapes of the Data API's EVM transaction lists: latest transactions and blocks (one chain or
 * all chains of a network), an address's full history (v1 and v2), its NFT transfers and internal
 * transactions. The items reuse the shapes of data-api-evm.ts.
 */
import type { DataApiNetwork } from './data-api-chains.js';
import type {
  WireBlockRange,
  WireErc1155Transfer,
  WireErc20TransferDetails,
  WireErc721Transfer,
  WireInternalTransactionDetails,
  WireNativeTransaction,
  WirePageQuery,
  WireTransactionContents,
  WireTransferPlace,
} from './data-api-evm.js';

/** The `status` filter of the latest-transaction lists. */
export type WireTransactionStatusFilter = 'failed' | 'success';

export interface WireLatestTransactionsQuery extends WirePageQuery {
  status?: WireTransactionStatusFilter;
}

export interface WireAllChainsQuery extends WirePageQuery {
  network?: DataApiNetwork;
}

/** The history lists' order (by block time). */
export type WireSortOrder = 'asc' | 'desc';

export interface WireHistoryQuery extends WireBlockRange, WirePageQuery {
  sortOrder?: WireSortOrder;
}

export interface WireHistoryV2Query extends WireHistoryQuery {
  filterSpamTokens?: boolean;
}

/** One item of `listTransactions` (v1): the native transaction with the sub-transfers the address took part in. */
export interface WireTransactionDetails extends WireTransactionContents {
  nativeTransaction: WireNativeTransaction;
}

export interface WireListTransactionDetailsResponse {
  transactions: WireTransactionDetails[];
  nextPageToken?: string;
}

/** An ERC-20 transfer of `listTransactionsV2`: its token carries a reputation (C-Chain only; null when unknown). */
export interface WireErc20TransferDetailsV2 extends Omit<WireErc20TransferDetails, 'erc20Token'> {
  erc20Token: WireErc20TransferDetails['erc20Token'] & { tokenReputation?: string | null };
}

export interface WireTransactionDetailsV2 extends Omit<WireTransactionDetails, 'erc20Transfers'> {
  erc20Transfers?: WireErc20TransferDetailsV2[];
}

export interface WireListTransactionDetailsResponseV2 {
  transactions: WireTransactionDetailsV2[];
  nextPageToken?: string;
}

export interface WireListErc721TransactionsResponse {
  transactions: WireErc721Transfer[];
  nextPageToken?: string;
}

export interface WireListErc1155TransactionsResponse {
  transactions: WireErc1155Transfer[];
  nextPageToken?: string;
}

/** An internal transaction as the address list carries it: with its block and transaction. */
export type WireInternalTransaction = WireInternalTransactionDetails & WireTransferPlace;

export interface WireListInternalTransactionsResponse {
  transactions: WireInternalTransaction[];
  nextPageToken?: string;
}
