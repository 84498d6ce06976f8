/** Wire shapes of the Data API's EVM endpoints, as the service sends them. */

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
