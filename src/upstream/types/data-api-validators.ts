/**
 * Wire shapes of the Data API's validator and subnet endpoints (`/v1/networks/{network}/validators`,
 * `/subnets`, `/l1Validators`), as the service sends them: amounts as decimal strings, times as Unix
 * seconds, an L1 validator's weight and balance as JSON numbers.
 */
import type { WireBlockchain, WireSortOrder } from './data-api-primary.js';

export type WireValidationStatus = 'active' | 'pending' | 'completed' | 'removed';
export type WireValidatorSortBy = 'blockIndex' | 'delegationCapacity' | 'timeRemaining' | 'delegationFee' | 'uptimePerformance';

export interface WireValidatorRewards {
  validationRewardAmount: string;
  delegationRewardAmount: string;
  rewardAddresses?: string[];
  rewardTxHash?: string;
}

export interface WireValidatorHealth {
  reachabilityPercent: number;
  benchedPChainRequestsPercent: number;
  benchedXChainRequestsPercent: number;
  benchedCChainRequestsPercent: number;
}

export interface WireGeolocation {
  city: string;
  country: string;
  countryCode: string;
  latitude: number;
  longitude: number;
}

/**
 * One validation of a node, any status: the members every status has, then those of `active`
 * (stake share, uptime, health, capacity, potential rewards), `completed` (rewards paid) and
 * `removed` (the transaction that removed a permissioned subnet validator).
 */
export interface WireValidatorDetails {
  validationStatus: string;
  txHash: string;
  nodeId: string;
  subnetId: string;
  amountStaked: string;
  delegationFee?: string;
  startTimestamp: number;
  endTimestamp: number;
  blsCredentials?: { publicKey: string; proofOfPossession: string };
  delegatorCount?: number;
  amountDelegated?: string;
  stakePercentage?: number;
  uptimePerformance?: number;
  avalancheGoVersion?: string;
  delegationCapacity?: string;
  potentialRewards?: WireValidatorRewards;
  rewards?: WireValidatorRewards;
  validatorHealth?: WireValidatorHealth;
  geolocation?: WireGeolocation | null;
  removeTxHash?: string;
  removeTimestamp?: number;
}

export interface WireListValidatorDetailsResponse {
  nextPageToken?: string;
  validators: WireValidatorDetails[];
}

export interface WireListValidatorsQuery {
  pageToken?: string;
  pageSize?: number;
  nodeIds?: readonly string[];
  sortBy?: WireValidatorSortBy;
  sortOrder?: WireSortOrder;
  validationStatus?: WireValidationStatus;
  minDelegationCapacity?: string;
  maxDelegationCapacity?: string;
  minTimeRemaining?: number;
  maxTimeRemaining?: number;
  minFeePercentage?: number;
  maxFeePercentage?: number;
  minUptimePerformance?: number;
  maxUptimePerformance?: number;
  subnetId?: string;
}

export interface WireSingleValidatorQuery {
  pageToken?: string;
  pageSize?: number;
  validationStatus?: WireValidationStatus;
  sortOrder?: WireSortOrder;
}

export interface WireSubnetOwnershipInfo {
  locktime: number;
  threshold: number;
  addresses: string[];
}

export interface WireL1ValidatorManagerDetails {
  blockchainId: string;
  contractAddress: string;
}

export interface WireSubnet {
  createBlockTimestamp: number;
  createBlockIndex: string;
  subnetId: string;
  /** Deprecated by the service: `subnetOwnershipInfo` says the same. */
  ownerAddresses?: string[];
  threshold?: number;
  locktime?: number;
  subnetOwnershipInfo: WireSubnetOwnershipInfo;
  isL1: boolean;
  l1ConversionTransactionHash?: string;
  l1ValidatorManagerDetails?: WireL1ValidatorManagerDetails;
  blockchains: WireBlockchain[];
}

export interface WireListSubnetsResponse {
  nextPageToken?: string;
  subnets: WireSubnet[];
}

export interface WireBalanceOwner {
  addresses: string[];
  threshold: number;
}

export interface WireL1ValidatorDetails {
  validationId: string;
  validationIdHex: string;
  nodeId: string;
  subnetId: string;
  weight: number;
  remainingBalance: number;
  creationTimestamp: number;
  blsCredentials: Record<string, unknown>;
  remainingBalanceOwner: WireBalanceOwner;
  deactivationOwner: WireBalanceOwner;
}

export interface WireListL1ValidatorsResponse {
  nextPageToken?: string;
  validators: WireL1ValidatorDetails[];
  blockHeight: string;
}

export interface WireListL1ValidatorsQuery {
  pageToken?: string;
  pageSize?: number;
  l1ValidationId?: string;
  includeInactiveL1Validators?: boolean;
  nodeId?: string;
  subnetId?: string;
}
