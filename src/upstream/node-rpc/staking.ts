/**
 * Validators and delegators as the P-Chain reports them (`platform.getCurrentValidators`), decoded:
 * views over the node's JSON whose members are decoded when read (integers the node quotes as
 * bigint, times and counts as numbers, owners, percentages), so the JSON stays what the live
 * feeds share between replicas. Which members are present depends on the subnet: primary-network
 * validators carry the staking members, L1 validators the balance and owner members.
 */
import { ownersOf, wireInt, wireUint, type NodeOwners } from './codec.js';
import type { WireCurrentDelegator, WireCurrentValidator } from './wire/pchain.js';

/** A percentage the node writes as a decimal string; null when it sends none. */
const percent = (value: string | undefined): number | null => {
  const n = value === undefined ? NaN : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** A validator's BLS key. */
export interface NodeBlsSigner {
  publicKey: string;
  proofOfPossession: string | null;
}

export class PDelegator {
  constructor(readonly wire: WireCurrentDelegator) {}

  get txId(): string {
    return this.wire.txID;
  }

  get nodeId(): string {
    return this.wire.nodeID;
  }

  /** Unix seconds. */
  get startTime(): number | null {
    return wireInt(this.wire.startTime);
  }

  get endTime(): number | null {
    return wireInt(this.wire.endTime);
  }

  /** `weight` since the L1 (Etna) API; `stakeAmount` before. */
  get weight(): bigint | null {
    return wireUint(this.wire.weight ?? this.wire.stakeAmount);
  }

  get rewardOwner(): NodeOwners | null {
    return ownersOf(this.wire.rewardOwner);
  }

  get potentialReward(): bigint | null {
    return wireUint(this.wire.potentialReward);
  }
}

export class PValidator {
  constructor(readonly wire: WireCurrentValidator) {}

  get nodeId(): string {
    return this.wire.nodeID;
  }

  get txId(): string | null {
    return this.wire.txID ?? null;
  }

  get validationId(): string | null {
    return this.wire.validationID ?? null;
  }

  /** Unix seconds. */
  get startTime(): number | null {
    return wireInt(this.wire.startTime);
  }

  get endTime(): number | null {
    return wireInt(this.wire.endTime);
  }

  /** `weight` since the L1 (Etna) API; `stakeAmount` before. */
  get weight(): bigint | null {
    return wireUint(this.wire.weight ?? this.wire.stakeAmount);
  }

  get stakeAmount(): bigint | null {
    return wireUint(this.wire.stakeAmount);
  }

  get publicKey(): string | null {
    return this.wire.publicKey ?? null;
  }

  get remainingBalanceOwner(): NodeOwners | null {
    return ownersOf(this.wire.remainingBalanceOwner);
  }

  get deactivationOwner(): NodeOwners | null {
    return ownersOf(this.wire.deactivationOwner);
  }

  get minNonce(): bigint | null {
    return wireUint(this.wire.minNonce);
  }

  get balance(): bigint | null {
    return wireUint(this.wire.balance);
  }

  get validationRewardOwner(): NodeOwners | null {
    return ownersOf(this.wire.validationRewardOwner);
  }

  get delegationRewardOwner(): NodeOwners | null {
    return ownersOf(this.wire.delegationRewardOwner);
  }

  get potentialReward(): bigint | null {
    return wireUint(this.wire.potentialReward);
  }

  get accruedDelegateeReward(): bigint | null {
    return wireUint(this.wire.accruedDelegateeReward);
  }

  /** In percent. */
  get delegationFee(): number | null {
    return percent(this.wire.delegationFee);
  }

  /** In percent, as the answering node observed it. */
  get uptime(): number | null {
    return percent(this.wire.uptime);
  }

  get connected(): boolean | null {
    return this.wire.connected ?? null;
  }

  get signer(): NodeBlsSigner | null {
    const signer = this.wire.signer;
    // AvalancheGo spells the member `proofOfPosession`.
    return signer ? { publicKey: signer.publicKey, proofOfPossession: signer.proofOfPossession ?? signer.proofOfPosession ?? null } : null;
  }

  get delegatorCount(): number | null {
    return wireInt(this.wire.delegatorCount);
  }

  get delegatorWeight(): bigint | null {
    return wireUint(this.wire.delegatorWeight);
  }

  /** Undefined when the node did not list them (it does only for a call naming exactly one node id). */
  get delegators(): PDelegator[] | null | undefined {
    const list = this.wire.delegators;
    return list ? list.map((d) => new PDelegator(d)) : list;
  }
}
