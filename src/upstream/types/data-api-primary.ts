/**
 * Wire shapes of the Data API's primary-network endpoints (`/v1/networks/{network}/...`), as the
 * service sends them: amounts and heights as decimal strings, times as Unix seconds.
 */

export type WireSortOrder = 'asc' | 'desc';

/** A subnet-EVM / coreth genesis, when the service parsed it (other VMs send a string). */
export interface WireEvmGenesis {
  airdropAmount?: number | string | null;
  airdropHash?: string;
  alloc?: Record<string, WireEvmGenesisAlloc>;
  baseFeePerGas?: number | string | null;
  blobGasUsed?: string | null;
  coinbase?: string;
  config?: WireEvmGenesisConfig;
  difficulty?: string;
  excessBlobGas?: string | null;
  extraData?: string;
  gasLimit?: string;
  gasUsed?: string;
  mixHash?: string;
  nonce?: string;
  number?: string;
  parentHash?: string;
  timestamp?: string;
  [key: string]: unknown;
}

export interface WireEvmGenesisAlloc {
  balance?: string;
  code?: string;
  storage?: Record<string, string>;
}

export interface WireEvmGenesisAllowListConfig {
  blockTimestamp?: number;
  adminAddresses?: string[];
  managerAddresses?: string[];
  enabledAddresses?: string[];
  /** Reward manager: where fees go from activation (subnet-EVM's `initialRewardConfig`). */
  initialRewardConfig?: WireEvmGenesisRewardConfig;
  /** Fee manager: the fee config it sets at activation (subnet-EVM's `initialFeeConfig`). */
  initialFeeConfig?: WireEvmGenesisFeeConfig;
}

/** Subnet-EVM's reward-manager `initialRewardConfig`. */
export interface WireEvmGenesisRewardConfig {
  allowFeeRecipients?: boolean;
  rewardAddress?: string;
}

export interface WireEvmGenesisFeeConfig {
  baseFeeChangeDenominator?: number | string;
  blockGasCostStep?: number | string;
  gasLimit?: number | string;
  maxBlockGasCost?: number | string;
  minBaseFee?: number | string;
  minBlockGasCost?: number | string;
  targetBlockRate?: number | string;
  targetGas?: number | string;
}

export interface WireEvmGenesisWarpConfig {
  blockTimestamp?: number;
  quorumNumerator?: number;
  requirePrimaryNetworkSigners?: boolean;
}

export interface WireEvmGenesisConfig {
  berlinBlock?: number;
  byzantiumBlock?: number;
  chainId?: number;
  constantinopleBlock?: number;
  eip150Block?: number;
  eip150Hash?: string;
  eip155Block?: number;
  eip158Block?: number;
  feeConfig?: WireEvmGenesisFeeConfig;
  homesteadBlock?: number;
  istanbulBlock?: number;
  londonBlock?: number;
  muirGlacierBlock?: number;
  petersburgBlock?: number;
  subnetEVMTimestamp?: number;
  /** Network upgrades (subnet-EVM's names; Unix seconds). */
  durangoTimestamp?: number;
  etnaTimestamp?: number;
  fortunaTimestamp?: number;
  graniteTimestamp?: number;
  /** Ethereum forks by time (geth's names; on Avalanche, with Durango and Etna). */
  shanghaiTime?: number;
  cancunTime?: number;
  allowFeeRecipients?: boolean;
  warpConfig?: WireEvmGenesisWarpConfig;
  txAllowListConfig?: WireEvmGenesisAllowListConfig;
  contractDeployerAllowListConfig?: WireEvmGenesisAllowListConfig;
  contractNativeMinterConfig?: WireEvmGenesisAllowListConfig;
  feeManagerConfig?: WireEvmGenesisAllowListConfig;
  rewardManagerConfig?: WireEvmGenesisAllowListConfig;
  [key: string]: unknown;
}

export interface WireBlockchain {
  createBlockTimestamp: number;
  createBlockNumber: string;
  blockchainId: string;
  vmId: string;
  subnetId: string;
  blockchainName: string;
  evmChainId?: number;
  genesisData?: WireEvmGenesis | string;
}

export interface WireListBlockchainsResponse {
  blockchains: WireBlockchain[];
  nextPageToken?: string;
}

export interface WirePrimaryNetworkChainInfo {
  chainName: string;
  network: string;
}

/** An asset and an amount of it (smallest unit, decimal string). */
export interface WireAssetAmount {
  assetId: string;
  name: string;
  symbol: string;
  denomination: number;
  type: string;
  amount: string;
}

export interface WireMoney {
  currencyCode: string;
  value: number;
}

export interface WireAssetWithPriceInfo extends WireAssetAmount {
  historicalPrice?: WireMoney;
}

export interface WireUtxoCredential {
  signature?: string;
  publicKey?: string;
}

/** A UTXO of the X-Chain (and of the C-Chain's atomic memory). */
export interface WireXChainUtxo {
  addresses: string[];
  asset: WireAssetAmount;
  consumedOnChainId: string;
  consumingTxHash?: string;
  createdOnChainId: string;
  utxoId: string;
  utxoBytes?: string;
  consumingTxTimestamp?: number;
  creationTxHash: string;
  credentials?: WireUtxoCredential[];
  groupId?: number;
  locktime: number;
  outputIndex: string | number;
  payload?: string;
  threshold: number;
  timestamp: number;
  utxoType: string;
}

/** A UTXO of the P-Chain. */
export interface WirePChainUtxo {
  addresses: string[];
  asset: WireAssetAmount;
  consumedOnChainId: string;
  consumingTxHash?: string;
  createdOnChainId: string;
  utxoId: string;
  utxoBytes?: string;
  amount: string;
  assetId: string;
  blockNumber: string;
  blockTimestamp: number;
  consumingBlockNumber?: string;
  consumingBlockTimestamp?: number;
  platformLocktime?: number;
  outputIndex: number;
  rewardType?: string;
  stakeableLocktime?: number;
  staked?: boolean;
  threshold?: number;
  txHash: string;
  utxoEndTimestamp?: number;
  utxoStartTimestamp?: number;
  utxoType: string;
}

export interface WireListUtxosResponse {
  utxos: Array<WireXChainUtxo | WirePChainUtxo>;
  chainInfo: WirePrimaryNetworkChainInfo;
  nextPageToken?: string;
}

export interface WireListUtxosQuery {
  /** Omitted: the UTXOs of every address on the chain. */
  addresses?: readonly string[];
  pageToken?: string;
  pageSize?: number;
  assetId?: string;
  minUtxoAmount?: bigint;
  includeSpent?: boolean;
  sortBy?: 'timestamp' | 'amount';
  sortOrder?: WireSortOrder;
}

export interface WireHistoricalReward {
  addresses: string[];
  txHash: string;
  amountStaked: string;
  nodeId: string;
  startTimestamp: number;
  endTimestamp: number;
  rewardType: string;
  utxoId: string;
  outputIndex: number;
  reward: WireAssetWithPriceInfo;
  rewardTxHash: string;
}

export interface WireListHistoricalRewardsResponse {
  historicalRewards: WireHistoricalReward[];
  nextPageToken?: string;
}

export interface WireListHistoricalRewardsQuery {
  addresses?: readonly string[];
  nodeIds?: readonly string[];
  pageToken?: string;
  pageSize?: number;
  sortOrder?: WireSortOrder;
  currency?: string;
}

/** A delegation: active and pending ones carry estimated rewards, completed ones actual rewards. */
export interface WireDelegator {
  txHash: string;
  nodeId: string;
  rewardAddresses: string[];
  amountDelegated: string;
  delegationFee: string;
  startTimestamp: number;
  endTimestamp: number;
  delegationStatus: string;
  grossReward?: string;
  netReward?: string;
  estimatedGrossReward?: string;
  estimatedNetReward?: string;
}

export interface WireListDelegatorsResponse {
  delegators: WireDelegator[];
  nextPageToken?: string;
}

export interface WireListDelegatorsQuery {
  rewardAddresses?: readonly string[];
  nodeIds?: readonly string[];
  delegationStatus?: string;
  pageToken?: string;
  pageSize?: number;
  sortOrder?: WireSortOrder;
}

export interface WireXChainVertex {
  vertexHash: string;
  parentHashes: string[];
  vertexHeight: number;
  vertexIndex: number;
  vertexTimestamp: number;
  txCount: number;
  transactions: string[];
  vertexSizeBytes: number;
}

export interface WireListXChainVerticesResponse {
  vertices: WireXChainVertex[];
  chainInfo: WirePrimaryNetworkChainInfo;
  nextPageToken?: string;
}
