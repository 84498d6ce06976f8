/**
 * Wire shapes of AvalancheGo's P-Chain API (`platform.*` on `/ext/bc/P`), as the node sends them.
 * Which validator members are present depends on the subnet: primary-network validators carry the
 * staking members, L1 validators the balance/owner members (see `WireCurrentValidator`).
 */
import type { WireCredential, WireUint, WireUtxoRef } from './xchain.js';

export interface WireOwners {
  locktime: WireUint;
  threshold: WireUint;
  addresses: string[] | null;
}

export interface WireGetPBalanceReply {
  /** Totals over AVAX (the older, single-asset members; still sent). */
  balance?: WireUint;
  unlocked?: WireUint;
  lockedStakeable?: WireUint;
  lockedNotStakeable?: WireUint;
  /** Per asset id. */
  balances?: Record<string, WireUint> | null;
  unlockeds?: Record<string, WireUint> | null;
  lockedStakeables?: Record<string, WireUint> | null;
  lockedNotStakeables?: Record<string, WireUint> | null;
  utxoIDs?: WireUtxoRef[] | null;
}

export interface WireBlockchain {
  id: string;
  name: string;
  subnetID: string;
  vmID: string;
}

export interface WireGetBlockchainsReply {
  blockchains: WireBlockchain[];
}

export interface WireBlockchainStatusReply {
  status: string;
}

export interface WireCurrentSupplyReply {
  supply: WireUint;
  height?: WireUint;
}

export interface WireSigner {
  publicKey: string;
  /** AvalancheGo's spelling. */
  proofOfPosession?: string;
  proofOfPossession?: string;
}

export interface WireCurrentDelegator {
  txID: string;
  startTime: WireUint;
  endTime: WireUint;
  /** `weight` since the L1 (Etna) API; `stakeAmount` before. */
  weight?: WireUint;
  stakeAmount?: WireUint;
  nodeID: string;
  rewardOwner?: WireOwners;
  potentialReward?: WireUint;
}

export interface WireCurrentValidator {
  txID?: string;
  startTime: WireUint;
  endTime?: WireUint;
  nodeID: string;
  weight?: WireUint;
  stakeAmount?: WireUint;
  /** L1 validators */
  validationID?: string;
  publicKey?: string;
  remainingBalanceOwner?: WireOwners;
  deactivationOwner?: WireOwners;
  minNonce?: WireUint;
  balance?: WireUint;
  /** Primary-network validators */
  validationRewardOwner?: WireOwners;
  delegationRewardOwner?: WireOwners;
  potentialReward?: WireUint;
  accruedDelegateeReward?: WireUint;
  delegationFee?: string;
  uptime?: string;
  connected?: boolean;
  signer?: WireSigner;
  delegatorCount?: WireUint;
  delegatorWeight?: WireUint;
  /** Sent only when the call named exactly one node id. */
  delegators?: WireCurrentDelegator[] | null;
}

export interface WireGetCurrentValidatorsParams {
  subnetID?: string;
  nodeIDs?: string[];
}

export interface WireGetCurrentValidatorsReply {
  validators: WireCurrentValidator[];
}

/** A P-Chain tx as JSON: its unsigned part differs per tx type, so only the common members are typed. */
export interface WirePTx {
  unsignedTx: Record<string, unknown>;
  credentials: WireCredential[] | null;
  id: string;
}

/** A P-Chain block as JSON. Banff blocks carry `time`; proposal blocks carry `tx`, standard ones `txs`. */
export interface WirePBlock {
  parentID: string;
  height: WireUint;
  time?: WireUint;
  txs?: WirePTx[] | null;
  tx?: WirePTx | null;
  id: string;
}
