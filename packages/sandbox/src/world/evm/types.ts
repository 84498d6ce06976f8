/**
 * The EVM part of the simulated world as plain data plus lookups. The Data API routes and the
 * node's eth_* methods both read these shapes, so the two services agree on every block, transaction
 * and balance. Amounts are bigint (exact); hashes and addresses are 0x-hex strings, addresses in
 * EIP-55 form. Block numbers are plain numbers (the world has a few hundred blocks per chain).
 */
import type { SandboxChain } from '../chains.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import type { L1ChainConfig } from './chain-config.js';

/** An event log as an EVM receipt carries it. */
export interface EvmLog {
  /** Emitting contract (EIP-55). */
  address: string;
  topics: string[];
  /** 0x-hex ABI-encoded data. */
  data: string;
  /** Index of the log within its block. */
  logIndex: number;
}

/** How the Data API classifies a transaction (`method.callType`). */
export type EvmCallType = 'NATIVE_TRANSFER' | 'CONTRACT_CALL' | 'CONTRACT_CREATION';

export interface EvmMethod {
  callType: EvmCallType;
  /** 4-byte selector (0x + 8 hex), empty string for a native transfer. */
  methodHash: string;
  /** Human-readable signature, e.g. `transfer(address,uint256)`; absent for an unknown selector. */
  methodName?: string;
}

/** An ERC-20 contract of a chain. */
export interface Erc20Token {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  logoUri: string;
  /** Price in USD of one whole token (for `price` fields). */
  priceUsd: number;
}

export type NftMetadataStatus =
  | 'UNKNOWN'
  | 'MISSING_TOKEN'
  | 'INVALID_TOKEN_URI'
  | 'INVALID_TOKEN_URI_SCHEME'
  | 'UNREACHABLE_TOKEN_URI'
  | 'THROTTLED_TOKEN_URI'
  | 'METADATA_CONTENT_TOO_LARGE'
  | 'INVALID_METADATA'
  | 'INVALID_METADATA_JSON'
  | 'INDEXED'
  | 'UNINDEXED';

export interface NftAttribute {
  trait_type: string;
  value: string | number;
}

/** The metadata the indexer read from a token's URI. Fields are absent unless INDEXED. */
export interface NftMetadata {
  indexStatus: NftMetadataStatus;
  metadataLastUpdatedTimestamp?: number;
  name?: string;
  symbol?: string;
  description?: string;
  imageUri?: string;
  externalUrl?: string;
  background?: string;
  attributes?: NftAttribute[];
}

export type NftStandard = 'ERC-721' | 'ERC-1155';

export interface NftCollection {
  address: string;
  standard: NftStandard;
  name: string;
  symbol: string;
  tokens: NftToken[];
}

export interface NftToken {
  /** Collection address. */
  address: string;
  standard: NftStandard;
  /** Decimal token id. */
  tokenId: string;
  tokenUri: string;
  metadata: NftMetadata;
  /** Block of the mint (the token does not exist before it). */
  mintedAtBlock: number;
}

/** An ERC-20 Transfer event inside a transaction. */
export interface Erc20TransferEvent {
  token: string;
  from: string;
  to: string;
  value: bigint;
  logIndex: number;
}

/** An ERC-721 Transfer or ERC-1155 TransferSingle event inside a transaction. */
export interface NftTransferEvent {
  collection: string;
  standard: NftStandard;
  tokenId: string;
  from: string;
  to: string;
  /** Always 1 for ERC-721. */
  value: bigint;
  logIndex: number;
}

export type InternalCallType = 'CALL' | 'CREATE' | 'CREATE2' | 'DELEGATECALL' | 'STATICCALL';

/** A message call made by a contract during a transaction (value moves count in balances). */
export interface InternalCall {
  from: string;
  to: string;
  type: InternalCallType;
  value: bigint;
  gasUsed: bigint;
  gasLimit: bigint;
  isReverted: boolean;
}

export interface Erc20TransferRecord {
  tx: EvmTransaction;
  transfer: Erc20TransferEvent;
}

export type TokenTransferRecord =
  | { kind: 'erc20'; tx: EvmTransaction; transfer: Erc20TransferEvent }
  | { kind: 'nft'; tx: EvmTransaction; transfer: NftTransferEvent };

export interface Erc20Balance {
  token: Erc20Token;
  balance: bigint;
}

export interface NftHolding {
  token: NftToken;
  balance: bigint;
}

/** A transaction with its receipt. */
export interface EvmTransaction {
  chainId: number;
  hash: string;
  blockNumber: number;
  blockHash: string;
  blockTimestamp: number;
  /** Position in the block. */
  index: number;
  /** EIP-2718 type: 0 legacy, 2 dynamic fee. */
  type: 0 | 2;
  from: string;
  /** Null for a contract creation. */
  to: string | null;
  value: bigint;
  nonce: number;
  /** Gas limit of the transaction. */
  gas: bigint;
  /** Legacy: the price offered; dynamic fee: the effective price paid. */
  gasPrice: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  input: string;
  method: EvmMethod;
  /** Signature values (0x-hex). */
  v: string;
  r: string;
  s: string;
  // Receipt
  status: 'success' | 'failed';
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  effectiveGasPrice: bigint;
  /** Fee paid by `from`: gasUsed × effectiveGasPrice. */
  fee: bigint;
  /** Address created by a CONTRACT_CREATION. */
  contractAddress: string | null;
  logs: EvmLog[];
  /** 256-byte bloom of the logs (0x + 512 hex). */
  logsBloom: string;
  // Decoded content (all empty for a failed transaction: a revert undoes events and value moves)
  erc20Transfers: Erc20TransferEvent[];
  nftTransfers: NftTransferEvent[];
  internalCalls: InternalCall[];
  /** Set when this transaction sends or receives an ICM message. */
  icm?: { messageId: string; direction: 'SOURCE_TRANSACTION' | 'DESTINATION_TRANSACTION' };
}

export interface EvmBlock {
  chainId: number;
  number: number;
  hash: string;
  parentHash: string;
  /** Unix seconds. */
  timestamp: number;
  timestampMs: number;
  miner: string;
  gasLimit: bigint;
  gasUsed: bigint;
  baseFeePerGas: bigint;
  /** Sum of the fees of the block's transactions. */
  feesSpent: bigint;
  /** Transactions in this block and all earlier ones. */
  cumulativeTransactions: number;
  stateRoot: string;
  transactionsRoot: string;
  receiptsRoot: string;
  logsBloom: string;
  extraData: string;
  size: number;
  /** Hashes in block order. */
  transactionHashes: string[];
}

/** A Teleporter (ICM) message between two EVM chains of one network. */
export interface IcmMessage {
  messageId: string;
  network: NetworkKey;
  teleporterAddress: string;
  sourceEvmChainId: number;
  destinationEvmChainId: number;
  sourceBlockchainId: string;
  destinationBlockchainId: string;
  messageNonce: bigint;
  /** Sender on the source chain and recipient contract on the destination chain. */
  from: string;
  to: string;
  /** 0x-hex payload. */
  data: string;
  status: 'delivered' | 'pending';
  messageExecuted: boolean;
  receipts: { receivedMessageNonce: bigint; relayerRewardAddress: string }[];
  receiptDelivered: boolean;
  /** Fee offered to relayers, paid in an ERC-20 of the source chain. */
  reward: { token: string; value: bigint };
  source: { txHash: string; blockNumber: number; timestamp: number; gasSpent: bigint };
  destination?: {
    txHash: string;
    blockNumber: number;
    timestamp: number;
    gasSpent: bigint;
    rewardRedeemer: string;
    delivererAddress: string;
  };
  /** The unsigned warp message of the source transaction (0x-hex). */
  unsignedWarpMessage: string;
}

/** Everything of one EVM chain, with lookups. */
export interface EvmChainWorld {
  chain: SandboxChain;
  evmChainId: number;
  /** Blocks indexed by number, 0 (genesis, no transactions) to latest. */
  blocks: readonly EvmBlock[];
  latestBlockNumber(): number;
  /**
   * Appends a new, empty block two seconds after the head (a living sandbox's block change, or a
   * test's): the Data API and the node answer with it at once. Deterministic: the same calls give
   * the same blocks.
   */
  mineBlock(): EvmBlock;
  blockByNumber(number: number | bigint): EvmBlock | undefined;
  /** Case-insensitive. */
  blockByHash(hash: string): EvmBlock | undefined;
  /** Case-insensitive. */
  transaction(hash: string): EvmTransaction | undefined;
  /** Transactions of a block in block order. */
  blockTransactions(block: EvmBlock): EvmTransaction[];
  /** Every transaction of the chain, oldest first. */
  transactions: readonly EvmTransaction[];
  /** Native balance after block `blockNumber` (default latest); 0 for unknown addresses. */
  nativeBalance(address: string, blockNumber?: number): bigint;
  /** Number of transactions sent by `address` up to and including `blockNumber` (eth_getTransactionCount). */
  nonce(address: string, blockNumber?: number): number;
  /** Genesis allocation (address in EIP-55 → wei). */
  genesisAlloc: ReadonlyMap<string, bigint>;
  /** The externally owned accounts active on this chain (EIP-55). */
  wallets: readonly string[];
  erc20Tokens: readonly Erc20Token[];
  erc20Token(address: string): Erc20Token | undefined;
  /** ERC-20 holdings at genesis, before any transfer: token address → holder → amount (EIP-55 keys). */
  erc20GenesisAlloc: ReadonlyMap<string, ReadonlyMap<string, bigint>>;
  /**
   * ERC-20 balances of `holder` after block `blockNumber` (default latest), one per token of the
   * chain in the chain's token order, zeros included: its genesis holding plus what its transfers
   * received minus what they sent.
   */
  erc20Balances(holder: string, blockNumber?: number): Erc20Balance[];
  nftCollections: readonly NftCollection[];
  nftCollection(address: string): NftCollection | undefined;
  /**
   * Transactions `address` sent, received (`to`) or created (`contractAddress`), newest first:
   * what `transactions:listNative` lists.
   */
  addressTransactions(address: string): readonly EvmTransaction[];
  /** ERC-20 transfers from or to `address`, newest first. */
  addressErc20Transfers(address: string): readonly Erc20TransferRecord[];
  /** Transfers of one token contract (ERC-20 or NFT collection), newest first. */
  contractTransfers(contract: string): readonly TokenTransferRecord[];
  /**
   * NFTs held by `owner` after block `blockNumber` (default latest): ERC-721 tokens it owns (balance
   * 1) and ERC-1155 tokens with a positive balance, ordered by collection then token id.
   */
  nftHoldings(owner: string, blockNumber?: number): NftHolding[];
  /** Owner of an ERC-721 token after `blockNumber` (default latest); undefined before the mint. */
  nftOwner(collection: string, tokenId: string, blockNumber?: number): string | undefined;
  /** Bytecode of contracts deployed on this chain (eth_getCode); undefined for an EOA. */
  code(address: string): string | undefined;
}

export interface EvmWorld {
  /** EVM chain ids of every chain in the world. */
  chainIds: readonly number[];
  /** A chain by EVM chain id (number or decimal string) or cb58 blockchain id; built on first use. */
  chain(id: number | string): EvmChainWorld | undefined;
  /**
   * An L1's subnet-EVM chain config (same ids as `chain`; undefined for the C-Chain): the one source
   * of its genesis and of the chain config, fee config and rules its node reports. Needs no block.
   */
  l1Config(id: number | string): L1ChainConfig | undefined;
  /** ICM messages of every network, oldest source first. */
  icmMessages(): readonly IcmMessage[];
  icmMessage(messageId: string): IcmMessage | undefined;
  /**
   * Delivers a pending message (a living sandbox's ICM change, or a test's): mines a block on the
   * destination chain holding the relayer's receiving transaction (a Teleporter call with its
   * event, its gas paid from the relayer's balance) and records the delivery (status `delivered`,
   * the destination transaction). Throws for an unknown or already delivered message.
   */
  deliverIcmMessage(messageId: string): IcmMessage;
  /** The Teleporter messenger address (the same on every chain, as deployed by Nick's method). */
  teleporterAddress: string;
  /** Wallets active on more than one chain (EIP-55): good examples for docs and tests. */
  sharedWallets: readonly string[];
}
