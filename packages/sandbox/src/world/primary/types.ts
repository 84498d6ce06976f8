/** The shapes of the simulated primary network (one per network): what the services read. */
import type { SandboxChain } from '../chains.js';
import type { NetworkKey, PrimaryChainAlias } from '@avalanche-graph/identity';

/** A primary-network chain by its alias. */
export type ChainAlias = PrimaryChainAlias;

/** A 20-byte key hash (the payload of a bech32 address), kept with its hex for map keys. */
export interface ShortId {
  bytes: Uint8Array;
  hex: string;
}

export interface Owners {
  locktime: bigint;
  threshold: number;
  addrs: ShortId[];
}

/** Output bodies the world uses (secp256k1fx, nftfx, and the P-Chain's stakeable lock). */
export type Output =
  | { type: 'secpTransfer'; amount: bigint; owners: Owners }
  | { type: 'secpMint'; owners: Owners }
  | { type: 'nftMint'; groupId: number; owners: Owners }
  | { type: 'nftTransfer'; groupId: number; payload: Uint8Array; owners: Owners }
  | { type: 'lockOut'; stakeableLocktime: bigint; amount: bigint; owners: Owners };

export type RewardType = 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE';

export interface Spend {
  txId: string;
  time: number;
  /** The chain whose transaction consumed the UTXO. */
  chain: ChainAlias;
  /** Signatures of the credential that unlocked it (65 bytes each). */
  signatures: Uint8Array[];
}

export interface UtxoRecord {
  id: string;
  txId: string;
  outputIndex: number;
  assetId: string;
  output: Output;
  /** The chain that created it; differs from `holder` for atomic (exported) UTXOs. */
  createdOn: ChainAlias;
  /** The chain whose UTXO set (or shared memory) holds it, i.e. the chain that consumes it. */
  holder: ChainAlias;
  createdTime: number;
  spent?: Spend;
  /** Outputs locked by a staking transaction: staked from `start` to `end`. */
  staking?: { start: number; end: number };
  rewardType?: RewardType;
  /** The transaction whose acceptance created it, when not `txId` (reward UTXOs of a staker). */
  createdByTxId?: string;
  /** Serialized UTXO (codec version ‖ txID ‖ index ‖ assetID ‖ typed output). */
  bytes: Uint8Array;
}

export interface Asset {
  id: string;
  name: string;
  symbol: string;
  denomination: number;
  type: 'secp256k1' | 'nft';
  /** The CreateAssetTx that created it (its id is the asset id). */
  createdTime: number;
}

export interface TransferableInput {
  utxo: UtxoRecord;
  /** Indices of the owners that signed. */
  sigIndices: number[];
}

export interface TransferableOutput {
  assetId: string;
  output: Output;
}

export interface InitialState {
  fxIndex: number;
  outputs: Output[];
}

export type XOperation =
  | { kind: 'secpMint'; assetId: string; input: UtxoRecord; mintOutput: Output & { type: 'secpMint' }; transferOutput: Output & { type: 'secpTransfer' } }
  | { kind: 'nftMint'; assetId: string; input: UtxoRecord; groupId: number; payload: Uint8Array; owners: Owners[] };

export type XTxType = 'BaseTx' | 'CreateAssetTx' | 'OperationTx' | 'ImportTx' | 'ExportTx';

export interface XTx {
  id: string;
  type: XTxType;
  time: number;
  outputs: TransferableOutput[];
  inputs: TransferableInput[];
  memo: Uint8Array;
  sourceChain?: string;
  importedInputs?: TransferableInput[];
  destinationChain?: string;
  exportedOutputs?: TransferableOutput[];
  asset?: { name: string; symbol: string; denomination: number; initialStates: InitialState[] };
  operations?: XOperation[];
  /** One credential per input (then per imported input, then per operation). */
  credentials: { fx: 'secp256k1' | 'nft'; signatures: Uint8Array[] }[];
  /** Where the tx was accepted: a DAG vertex, a linear block, or the chain's genesis. */
  container: { kind: 'vertex' | 'block' | 'genesis'; id: string; height: number };
  bytes: Uint8Array;
}

export interface XVertex {
  hash: string;
  parentHashes: string[];
  height: number;
  index: number;
  time: number;
  txIds: string[];
  bytes: Uint8Array;
}

export interface XBlock {
  id: string;
  parentId: string;
  height: number;
  time: number;
  txIds: string[];
  bytes: Uint8Array;
}

export interface RewardOwner {
  locktime: bigint;
  threshold: number;
  addrs: ShortId[];
}

export interface BlsSigner {
  publicKey: Uint8Array;
  proofOfPossession: Uint8Array;
}

/** One staking period of a primary-network validator (current or completed). */
export interface ValidationPeriod {
  txId: string;
  nodeId: string;
  start: number;
  end: number;
  stake: bigint;
  /** Delegation fee in parts per million (20_000 = 2%). */
  shares: number;
  validationRewardOwner: RewardOwner;
  delegationRewardOwner: RewardOwner;
  /** The wallet that funded the stake and gets it back. */
  staker: ShortId;
  signer?: BlsSigner;
  potentialReward: bigint;
  /** The RewardValidatorTx of a completed period. */
  rewardTxId?: string;
}

export interface Validator {
  nodeId: string;
  current: ValidationPeriod;
  past: ValidationPeriod[];
  uptime: number;
  connected: boolean;
}

export type DelegationStatus = 'active' | 'completed' | 'pending';

export interface Delegation {
  txId: string;
  nodeId: string;
  status: DelegationStatus;
  start: number;
  end: number;
  amount: bigint;
  delegator: ShortId;
  rewardOwner: RewardOwner;
  /** The validation period it delegates to (for its fee). */
  period: ValidationPeriod;
  grossReward: bigint;
  /** The validator's cut (fee). */
  feeReward: bigint;
  rewardTxId?: string;
  /** Accepted-on-chain time of the staking tx (start time, or earlier for pending ones). */
  issuedTime: number;
}

export interface HistoricalReward {
  addresses: ShortId[];
  txHash: string;
  amountStaked: bigint;
  nodeId: string;
  startTimestamp: number;
  endTimestamp: number;
  rewardType: RewardType;
  utxo: UtxoRecord;
  rewardTxHash: string;
}

export interface L1Validator {
  validationId: string;
  nodeId: string;
  subnetId: string;
  blockchainId: string;
  publicKey: Uint8Array;
  weight: bigint;
  startTime: number;
  balance: bigint;
  minNonce: bigint;
  remainingBalanceOwner: RewardOwner;
  deactivationOwner: RewardOwner;
  connected: boolean;
  uptimeSeconds: number;
  uptimePercentage: number;
}

export interface BlockchainRecord {
  id: string;
  name: string;
  subnetId: string;
  vmId: string;
  evmChainId?: number;
  createdTime: number;
  createBlockHeight: number;
  /** EVM genesis object, or a hex string for other VMs. */
  genesis: Record<string, unknown> | string;
  status: 'Validating' | 'Syncing' | 'Created';
  chain?: SandboxChain;
}

export type PTxType =
  | 'BaseTx'
  | 'ImportTx'
  | 'AddPermissionlessValidatorTx'
  | 'AddPermissionlessDelegatorTx'
  | 'RewardValidatorTx'
  | 'CreateSubnetTx'
  | 'CreateChainTx'
  | 'ConvertSubnetToL1Tx';

export interface PTx {
  id: string;
  type: PTxType;
  time: number;
  inputs: TransferableInput[];
  outputs: TransferableOutput[];
  importedInputs?: TransferableInput[];
  sourceChain?: string;
  stake?: TransferableOutput[];
  validation?: ValidationPeriod;
  delegation?: Delegation;
  rewardedTxId?: string;
  subnetOwner?: RewardOwner;
  chain?: BlockchainRecord;
  subnetId?: string;
  l1Validators?: L1Validator[];
  signatures: Uint8Array[][];
  blockHeight: number;
}

export interface PBlock {
  id: string;
  parentId: string;
  height: number;
  time: number;
  txIds: string[];
  bytes: Uint8Array;
}

export interface Wallet {
  key: ShortId;
  /** `P-avax1...` / `X-fuji1...` style addresses of the same key. */
  p: string;
  x: string;
  /** The bare bech32 form (`avax1...`), as the Data API prints addresses. */
  bare: string;
}

export interface PrimaryNetwork {
  network: NetworkKey;
  networkId: number;
  hrp: string;
  avaxAssetId: string;
  chainIds: Record<ChainAlias, string>;
  wallets: Wallet[];
  walletsByHex: Map<string, Wallet>;
  assets: Asset[];
  utxos: UtxoRecord[];
  utxosById: Map<string, UtxoRecord>;
  x: {
    txs: XTx[];
    txsById: Map<string, XTx>;
    vertices: XVertex[];
    blocks: XBlock[];
  };
  p: {
    txs: PTx[];
    txsById: Map<string, PTx>;
    blocks: PBlock[];
    currentSupply: bigint;
  };
  validators: Validator[];
  delegations: Delegation[];
  rewards: HistoricalReward[];
  blockchains: BlockchainRecord[];
  /** A blockchain created in a block that is preferred but not yet accepted. */
  preferredBlockchainId: string;
  l1Validators: L1Validator[];
}

export interface PrimaryWorld {
  networks: Record<NetworkKey, PrimaryNetwork>;
  /**
   * Takes a current validator (primary network or L1, by node id) out of the P-Chain's current set,
   * with the delegations to it, so that every service stops listing them (the node's current
   * validators, the Data API's validators and delegators, the staking metrics); `restoreValidator`
   * puts them back where they were. Throws for a node id that is not a current validator.
   */
  removeValidator(network: NetworkKey, nodeId: string): void;
  restoreValidator(network: NetworkKey, nodeId: string): void;
  /** The node ids taken out of a network's current set and not yet restored, in the order taken. */
  removedValidators(network: NetworkKey): string[];
}
