/**
 * Wire shapes of the Data API's reads about primary-network addresses and the network as a whole:
 * balances, last activity, the chains an address touched, network staking details, pending
 * rewards and the AVAX supply. Amounts in a chain's smallest unit are decimal strings; the supply
 * is in whole AVAX with a fractional part.
 */
import type { WireAssetAmount, WirePrimaryNetworkChainInfo, WireSortOrder } from './data-api-primary.js';

/** An amount of one asset summed over the UTXOs that hold it. */
export interface WireAggregatedAssetAmount extends WireAssetAmount {
  utxoCount: number;
}

/** An amount waiting in the shared (atomic) memory between this chain and another. */
export interface WireSharedAssetAmount extends WireAggregatedAssetAmount {
  sharedWithChainId: string;
  /** P-Chain only. */
  status?: string;
}

export interface WirePChainBalances {
  unlockedUnstaked: WireAggregatedAssetAmount[];
  unlockedStaked: WireAggregatedAssetAmount[];
  lockedPlatform: WireAggregatedAssetAmount[];
  lockedStakeable: WireAggregatedAssetAmount[];
  lockedStaked: WireAggregatedAssetAmount[];
  pendingStaked: WireAggregatedAssetAmount[];
  atomicMemoryUnlocked: WireSharedAssetAmount[];
  atomicMemoryLocked: WireSharedAssetAmount[];
}

export interface WireXChainBalances {
  locked: WireAggregatedAssetAmount[];
  unlocked: WireAggregatedAssetAmount[];
  atomicMemoryUnlocked: WireSharedAssetAmount[];
  atomicMemoryLocked: WireSharedAssetAmount[];
}

export interface WireCChainAtomicBalances {
  atomicMemoryUnlocked: WireSharedAssetAmount[];
  atomicMemoryLocked: WireSharedAssetAmount[];
}

/** One of three shapes, by the chain asked (the body does not say which beyond `chainInfo`). */
export interface WireListBalancesResponse {
  balances: WirePChainBalances | WireXChainBalances | WireCChainAtomicBalances;
  chainInfo: WirePrimaryNetworkChainInfo;
}

export interface WireBalancesQuery {
  addresses: readonly string[];
  blockTimestamp?: number;
}

export interface WireLastActivityTimestamp {
  timestamp: number;
  blockNumber: string;
  txHash: string;
  utxoId: string;
  isConsumed: boolean;
  chainName: string;
  network: string;
}

export interface WireAddressChainIds {
  address: string;
  blockchainIds: string[];
}

export interface WireAddressChainIdsResponse {
  addresses: WireAddressChainIds[];
}

export interface WireStakingDistribution {
  version: string;
  amountStaked: string;
  validatorCount: number;
}

export interface WireNetworkDetails {
  validatorDetails: {
    validatorCount: number;
    totalAmountStaked: string;
    estimatedAnnualStakingReward: string;
    stakingDistributionByVersion: WireStakingDistribution[];
    /** A decimal fraction (e.g. "0.5734"). */
    stakingRatio: string;
  };
  delegatorDetails: {
    delegatorCount: number;
    totalAmountStaked: string;
  };
}

/** Whole AVAX as decimal strings (e.g. "454257251.7149865026656081965"). */
export interface WireAvaxSupply {
  circulatingSupply: string;
  totalSupply: string;
  totalPBurned: string;
  totalCBurned: string;
  totalXBurned: string;
  totalStaked: string;
  totalLocked: string;
  totalRewards: string;
  /** ISO 8601. */
  lastUpdated: string;
  genesisUnlock: string;
  l1ValidatorFees: string;
}

export interface WirePendingReward {
  addresses: string[];
  txHash: string;
  amountStaked: string;
  nodeId: string;
  startTimestamp: number;
  endTimestamp: number;
  rewardType: string;
  progress: number;
  estimatedReward: WireAssetAmount;
}

export interface WireListPendingRewardsResponse {
  pendingRewards: WirePendingReward[];
  nextPageToken?: string;
}

export interface WireListPendingRewardsQuery {
  addresses?: readonly string[];
  nodeIds?: readonly string[];
  sortOrder?: WireSortOrder;
  pageToken?: string;
  pageSize?: number;
}
