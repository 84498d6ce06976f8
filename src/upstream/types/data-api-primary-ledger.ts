/**
 * Wire shapes of the Data API's primary-network transactions, blocks, vertices and asset details
 * (`/v1/networks/{network}/blockchains/{blockchainId}/{transactions,blocks,vertices,assets}...`),
 * as the service sends them: P-Chain amounts and heights as decimal strings, times as Unix seconds.
 */
import type { WireAssetAmount, WireEvmGenesis, WirePChainUtxo, WirePrimaryNetworkChainInfo, WireSortOrder, WireUtxoCredential, WireXChainUtxo } from './data-api-primary.js';
import type { WireL1ValidatorManagerDetails, WireSubnetOwnershipInfo } from './data-api-validators.js';

export interface WireL1ValidatorDetailsTransaction {
  validationId: string;
  validationIdHex: string;
  nodeId: string;
  subnetId: string;
  weight: number;
  remainingBalance: number;
  balanceChange?: number;
  blsCredentials?: Record<string, unknown>;
}

export interface WireBlsCredentials {
  publicKey: string;
  proofOfPossession: string;
}

export interface WireBlockchainInfo {
  chainName: string;
  vmId: string;
  genesisData?: WireEvmGenesis | string;
}

export interface WirePChainTransaction {
  txHash: string;
  txType: string;
  blockTimestamp: number;
  blockNumber: string;
  blockHash: string;
  consumedUtxos: WirePChainUtxo[];
  emittedUtxos: WirePChainUtxo[];
  sourceChain?: string;
  destinationChain?: string;
  value: WireAssetAmount[];
  amountBurned: WireAssetAmount[];
  amountStaked: WireAssetAmount[];
  amountL1ValidatorBalanceBurned: WireAssetAmount[];
  startTimestamp?: number;
  endTimestamp?: number;
  delegationFeePercent?: string;
  nodeId?: string;
  subnetId?: string;
  l1ValidatorManagerDetails?: WireL1ValidatorManagerDetails;
  l1ValidatorDetails?: WireL1ValidatorDetailsTransaction[];
  estimatedReward?: string;
  rewardTxHash?: string;
  rewardAddresses?: string[];
  memo?: string;
  stakingTxHash?: string;
  subnetOwnershipInfo?: WireSubnetOwnershipInfo;
  blsCredentials?: WireBlsCredentials;
  blockchainInfo?: WireBlockchainInfo;
}

export interface WireXChainAssetDetails {
  assetId: string;
  name: string;
  symbol: string;
  denomination: number;
  type: string;
  createdAtTimestamp: number;
  cap: string;
}

export interface WireTransactionVertexDetail {
  hash: string;
  height: number;
  timestamp: number;
}

/** An X-Chain transaction: accepted in DAG vertices (`non-linear`) or in a block (`linear`). */
export interface WireXChainTransaction {
  txHash: string;
  chainFormat: string;
  timestamp: number;
  txType: string;
  memo: string;
  consumedUtxos: WireXChainUtxo[];
  emittedUtxos: WireXChainUtxo[];
  amountUnlocked: WireAssetAmount[];
  amountCreated: WireAssetAmount[];
  sourceChain?: string;
  destinationChain?: string;
  assetCreated?: WireXChainAssetDetails;
  /** Non-linear transactions: the vertices that accepted it. */
  vertices?: WireTransactionVertexDetail[];
  /** Linear transactions: the block that accepted it. */
  blockHeight?: number;
  blockHash?: string;
}

export interface WireEvmInput {
  fromAddress: string;
  asset: WireAssetAmount;
  credentials: WireUtxoCredential[];
}

export interface WireEvmOutput {
  toAddress: string;
  asset: WireAssetAmount;
}

/** A C-Chain atomic transaction: an export (EVM inputs, emitted UTXOs) or an import (consumed UTXOs, EVM outputs). */
export interface WireCChainAtomicTransaction {
  txHash: string;
  blockHeight: number;
  blockHash: string;
  timestamp: number;
  memo: string;
  amountUnlocked: WireAssetAmount[];
  amountCreated: WireAssetAmount[];
  sourceChain: string;
  destinationChain: string;
  txType: string;
  evmInputs?: WireEvmInput[];
  emittedUtxos?: WireXChainUtxo[];
  evmOutputs?: WireEvmOutput[];
  consumedUtxos?: WireXChainUtxo[];
}

export type WirePrimaryNetworkTransaction = WirePChainTransaction | WireXChainTransaction | WireCChainAtomicTransaction;

export interface WireListPrimaryNetworkTransactionsResponse<T = WirePrimaryNetworkTransaction> {
  transactions: T[];
  chainInfo: WirePrimaryNetworkChainInfo;
  nextPageToken?: string;
}

export interface WireTimeRangeQuery {
  startTimestamp?: number;
  endTimestamp?: number;
}

export interface WireListPrimaryNetworkTransactionsQuery extends WireTimeRangeQuery {
  addresses?: readonly string[];
  l1ValidationId?: string;
  txTypes?: readonly string[];
  sortOrder?: WireSortOrder;
  pageToken?: string;
  pageSize?: number;
}

export interface WireProposerDetails {
  proposerId?: string;
  proposerParentId?: string;
  proposerNodeId?: string;
  proposerPChainHeight?: number;
  proposerTimestamp?: number;
}

export interface WirePrimaryNetworkBlock {
  blockNumber: string;
  blockHash: string;
  parentHash: string;
  blockTimestamp: number;
  blockType: string;
  txCount: number;
  transactions: string[];
  blockSizeBytes: number;
  l1ValidatorsAccruedFees?: number;
  activeL1Validators?: number;
  currentSupply?: string;
  proposerDetails?: WireProposerDetails;
}

export interface WireListPrimaryNetworkBlocksResponse {
  blocks: WirePrimaryNetworkBlock[];
  chainInfo: WirePrimaryNetworkChainInfo;
  nextPageToken?: string;
}

export interface WireListBlocksQuery extends WireTimeRangeQuery {
  pageToken?: string;
  pageSize?: number;
}
