/** Wire shapes of the Data API's EVM endpoints, as the service sends them. */
import type { WireErc1155Token, WireErc721Token } from './data-api-nfts.js';

export type { WireErc1155Token, WireErc721Token };

export interface WireEvmBlock {
  chainId: string;
  blockNumber: string;
  blockTimestamp: number;
  blockTimestampMilliseconds?: number;
  blockMinDelayExcess?: number;
  blockHash: string;
  txCount: number;
  baseFee: string;
  gasUsed: string;
  gasLimit: string;
  gasCost: string;
  parentHash: string;
  feesSpent: string;
  cumulativeTransactions: string;
}

export interface WireListEvmBlocksResponse {
  blocks: WireEvmBlock[];
  nextPageToken?: string;
}

/** A fiat amount; `value` is a JSON number (fiat values are not exact on the wire). */
export interface WireMoney {
  currencyCode: string;
  value: number;
}

/** An address with what the indexer knows of it (token facts for contracts it recognizes). */
export interface WireRichAddress {
  address: string;
  name?: string;
  symbol?: string;
  decimals?: number;
  logoUri?: string;
}

export interface WireMethod {
  /** NATIVE_TRANSFER, CONTRACT_CALL or CONTRACT_CREATION. */
  callType: string;
  methodHash: string;
  methodName?: string;
}

/** A transaction as the list endpoints carry it. */
export interface WireNativeTransaction {
  blockNumber: string;
  blockTimestamp: number;
  blockTimestampMilliseconds?: number;
  blockMinDelayExcess?: number;
  blockHash: string;
  chainId: string;
  blockIndex: number;
  txHash: string;
  /** "1" success, "0" failure. */
  txStatus: string;
  txType: number;
  gasLimit: string;
  gasUsed: string;
  gasPrice: string;
  nonce: string;
  from: WireRichAddress;
  to: WireRichAddress;
  method?: WireMethod;
  value: string;
}

/** A transaction as the single-transaction endpoint carries it (adds input and fee caps). */
export interface WireFullNativeTransaction extends WireNativeTransaction {
  input: string;
  baseFeePerGas: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
}

export interface WireErc20Token {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  logoUri?: string;
  ercType: string;
  price?: WireMoney;
}

/** The transfer part shared by transaction details and the transfer lists. */
interface WireTransferBase {
  from: WireRichAddress;
  to: WireRichAddress;
  logIndex: number;
}

export interface WireErc20TransferDetails extends WireTransferBase {
  value: string;
  erc20Token: WireErc20Token;
}

export interface WireErc721TransferDetails extends WireTransferBase {
  erc721Token: WireErc721Token;
}

export interface WireErc1155TransferDetails extends WireTransferBase {
  value: string;
  erc1155Token: WireErc1155Token;
}

/** Where a listed transfer happened. */
export interface WireTransferPlace {
  blockNumber: string;
  blockTimestamp: number;
  blockTimestampMilliseconds?: number;
  blockHash: string;
  txHash: string;
}

export type WireErc20Transfer = WireErc20TransferDetails & WireTransferPlace;
export type WireErc721Transfer = WireErc721TransferDetails & WireTransferPlace;
export type WireErc1155Transfer = WireErc1155TransferDetails & WireTransferPlace;
export type WireTokenTransfer = WireErc20Transfer | WireErc721Transfer | WireErc1155Transfer;

export interface WireInternalTransactionDetails {
  from: WireRichAddress;
  to: WireRichAddress;
  /** UNKNOWN, CALL, CREATE, CREATE2, CREATE3, CALLCODE, DELEGATECALL or STATICCALL. */
  internalTxType: string;
  value: string;
  isReverted: boolean;
  gasUsed: string;
  gasLimit: string;
}

/** The decoded content of a transaction. */
export interface WireTransactionContents {
  erc20Transfers?: WireErc20TransferDetails[];
  erc721Transfers?: WireErc721TransferDetails[];
  erc1155Transfers?: WireErc1155TransferDetails[];
  internalTransactions?: WireInternalTransactionDetails[];
}

export interface WireNetworkTokenDetails {
  networkToken: { name: string; symbol: string; decimals: number; logoUri?: string; description?: string };
  currentPrice?: WireMoney;
  historicalPrice?: WireMoney;
}

export interface WireTeleporterMessageInfo {
  teleporterMessageId: string;
  /** SOURCE_TRANSACTION or DESTINATION_TRANSACTION. */
  direction: string;
  sourceChainId?: string;
  destinationChainId?: string;
}

export interface WireGetTransactionResponse extends WireTransactionContents {
  nativeTransaction: WireFullNativeTransaction;
  networkTokenDetails: WireNetworkTokenDetails;
  teleporterMessageInfo?: WireTeleporterMessageInfo;
}

export interface WireListNativeTransactionsResponse {
  transactions: WireNativeTransaction[];
  nextPageToken?: string;
}

export interface WireListErc20TransactionsResponse {
  transactions: WireErc20Transfer[];
  nextPageToken?: string;
}

export interface WireListTransfersResponse {
  transfers: WireTokenTransfer[];
  nextPageToken?: string;
}

export interface WireNativeTokenBalance {
  name: string;
  symbol: string;
  decimals: number;
  logoUri?: string;
  chainId: string;
  price?: WireMoney;
  balance: string;
  balanceValue?: WireMoney;
}

export interface WireGetNativeBalanceResponse {
  nativeTokenBalance: WireNativeTokenBalance;
}

/** `startBlock` (inclusive) and `endBlock` (exclusive) of the address and token lists. */
export interface WireBlockRange {
  startBlock?: bigint;
  endBlock?: bigint;
}

export interface WirePageQuery {
  pageToken?: string;
  pageSize?: number;
}
