/** Wire shapes of the Data API's EVM endpoints, by its official description. */
import type { DataApiSchema } from '@avalanche-graph/wire-types';

/** A fiat amount; `value` is a JSON number (fiat values are not exact on the wire). */
export type WireMoney = DataApiSchema<'Money'>;
/** An address with what the indexer knows of it (token facts for contracts it recognizes). */
export type WireRichAddress = DataApiSchema<'RichAddress'>;
/** A transaction as the list endpoints carry it. */
export type WireNativeTransaction = DataApiSchema<'NativeTransaction'>;
/** A transaction as the single-transaction endpoint carries it (adds input and fee caps). */
export type WireFullNativeTransaction = DataApiSchema<'FullNativeTransactionDetails'>;
/** Where a listed transfer happened (the fields every listed transfer adds to its details). */
export type WireTransferPlace = Pick<DataApiSchema<'Erc20Transfer'>, 'blockNumber' | 'blockTimestamp' | 'blockTimestampMilliseconds' | 'blockHash' | 'txHash'>;
export type WireTokenTransfer = DataApiSchema<'ListTransfersResponse'>['transfers'][number];
/** The decoded content of a transaction: its token transfers and internal calls. */
export type WireTransactionContents = Pick<DataApiSchema<'GetTransactionResponse'>, 'erc20Transfers' | 'erc721Transfers' | 'erc1155Transfers' | 'internalTransactions'>;

/**
 * `startBlock` (inclusive) and `endBlock` (exclusive) of the address and token lists, as the endpoint
 * methods take them (the query writes the numbers out).
 */
export interface WireBlockRange {
  startBlock?: bigint;
  endBlock?: bigint;
}

export interface WirePageQuery {
  pageToken?: string;
  pageSize?: number;
}
