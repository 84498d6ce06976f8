/**
 * Transactions of the primary network's chains as the Data API indexes them
 * (`GET /v1/networks/{network}/blockchains/{blockchainId}/transactions...`).
 *
 * The three chains describe a transaction differently: the P-Chain with block heights, staking
 * periods, L1 validators and subnet owners; the X-Chain with assets and the DAG vertices (or linear
 * block) that accepted it; the C-Chain's atomic transactions with the EVM accounts on one side and
 * UTXOs on the other. So `PrimaryNetworkTransaction` is an interface of what they share (hash, type,
 * time, block, consumed and emitted UTXOs, addresses), implemented by one node type per chain,
 * each with a global id `<network>:<p|x|c>:<txHash>` that refetches it with `getTxByHash`.
 */
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { badInput, notFound } from '../../errors.js';
import { isCb58Id, parseBech32Address } from '../../lib/codec.js';
import { NETWORKS, networkOfHrp, primaryChainOf, type NetworkKey, type PrimaryChainAlias } from '../../lib/networks.js';
import type { WireAssetAmount, WirePChainUtxo, WirePrimaryNetworkChainInfo, WireXChainUtxo } from '../../upstream/types/data-api-primary.js';
import type { WirePTx } from '../../upstream/types/node-rpc-pchain.js';
import type { WireXTx } from '../../upstream/types/node-rpc-xchain.js';
import { bytesFromNodeHex } from '../../upstream/node-rpc/codec.js';
import type {
  WireBlockchainInfo,
  WireBlsCredentials,
  WireCChainAtomicTransaction,
  WireEvmInput,
  WireEvmOutput,
  WireL1ValidatorDetailsTransaction,
  WireListPrimaryNetworkTransactionsQuery,
  WirePChainTransaction,
  WirePrimaryNetworkTransaction,
  WireTransactionVertexDetail,
  WireXChainTransaction,
} from '../../upstream/types/data-api-primary-ledger.js';
import { connectionArgs, connectionType, paginate, type ConnectionArgs } from '../common/connection.js';
import { dataApiNetwork, knownOr, networkKey, NetworkName, networkName, SortOrder, type NetworkNameValue } from '../common/enums.js';
import { fieldGuard, maxItems, typeGuard } from '../common/guards.js';
import { Network } from '../network/network.js';
import { serves } from '../common/operations.js';
import { loadEach } from '../common/each-key.js';
import { cb58Id, evmAddress } from '../common/validate.js';
import { AssetAmount } from '../common/money.js';
import { XChainAssetDetails, assetDetailsKey, assetFromDetails, assetFromNode } from '../asset/asset-details.js';
import { Blockchain, blockchainKey } from '../blockchain/blockchain.js';
import { CHAIN_INFO_DESCRIPTION, PrimaryNetworkChainInfo } from '../common/chain-info.js';
import { primaryAddress, primaryChainArg } from '../common/primary-ids.js';
import { MAX_TX_TYPES, PrimaryNetworkTxType, timeRangeArg, txTypeOf, txTypesArg } from './tx-types.js';
import { Utxo, UtxoCredential, type UtxoShape } from '../utxo/utxo.js';
import { L1ValidatorManager, subnetOwners } from '../subnet/subnet.js';
import { OutputOwners } from '../common/node-kit.js';

export type TxShape =
  | { network: NetworkKey; chain: 'P'; wire: WirePChainTransaction }
  | { network: NetworkKey; chain: 'X'; wire: WireXChainTransaction }
  | { network: NetworkKey; chain: 'C'; wire: WireCChainAtomicTransaction };
type Of<C extends PrimaryChainAlias> = Extract<TxShape, { chain: C }>;

/**
 * A P-Chain transaction as the node wrote it in a block (`PChainBlock.txs`): the Data API's record
 * of it is read by hash only when one of its members is selected (see `recorded`).
 */
export interface PNodeTxShape {
  network: NetworkKey;
  chain: 'P';
  txHash: string;
  wire?: undefined;
  node: WirePTx;
}

/**
 * An X-Chain transaction as the node answered it (`avm.getTx`, a block's `txs`), in the encoding(s)
 * the selection needed (the JSON, or only the hex bytes when only `txHash`, `type` and `raw` are
 * selected); the Data API's record is read by hash when one of its members is selected.
 */
export interface XNodeTxShape {
  network: NetworkKey;
  chain: 'X';
  txHash: string;
  wire?: undefined;
  json?: WireXTx;
  /** Node hex (with checksum). */
  hex?: string;
}

/** A transaction as the node answered it, before the Data API's record is read. */
export type NodeTxShape = PNodeTxShape | XNodeTxShape;
/** A primary-network transaction from either source: the Data API's record, or (P- and X-Chain) the node's. */
export type AnyTxShape = TxShape | NodeTxShape;
/** What `PChainTransaction` holds: the Data API's record, or the node's. */
export type PTxShape = Of<'P'> | PNodeTxShape;
/** What `XChainTransaction` holds: the Data API's record, or the node's. */
export type XTxShape = Of<'X'> | XNodeTxShape;

/** The transaction id, whichever source it came from. */
export const hashOf = (tx: AnyTxShape): string => (tx.wire ? tx.wire.txHash : tx.txHash);

/** The Data API's record of a transaction the node answered, read by hash (NOT_FOUND when the Data API has not indexed it). */
async function recordOf(tx: NodeTxShape, ctx: Context): Promise<TxShape> {
  const found = await ctx.loaders.primaryTransactionByHash.load(txKey(tx.network, tx.chain, tx.txHash));
  if (!found) throw notFound(`The Data API has no record of ${tx.chain}-Chain transaction ${tx.txHash} (yet): its Data API members are not available`);
  return found;
}

/** A resolver of a member of the Data API's record, read by hash first for a transaction the node answered. */
export function recorded<S extends TxShape, T>(pick: (tx: S) => T) {
  return (tx: S | NodeTxShape, _args: object, ctx: Context): T | Promise<T> => (tx.wire ? pick(tx as S) : recordOf(tx as NodeTxShape, ctx).then((r) => pick(r as S)));
}

/** The node's JSON of an X-Chain transaction: the one it holds, else `avm.getTx` by hash (NOT_FOUND when the node does not have it). */
export async function xNodeJson(tx: XTxShape, ctx: Context): Promise<WireXTx> {
  if (!tx.wire && tx.json) return tx.json;
  const hash = hashOf(tx);
  const json = await ctx.upstreams.nodeRpc.xChain(tx.network).getTx(hash, 'json');
  if (json === null) throw notFound(`The X-Chain node no longer has transaction ${hash}`);
  return json;
}

/** A string member of a node's P-Chain unsigned tx (`sourceChain` of an import, `destinationChain` of an export). */
function unsignedMember(node: WirePTx, name: string): string | null {
  const value = (node.unsignedTx ?? {})[name];
  return typeof value === 'string' ? value : null;
}

/** The kinds of X-Chain transactions, by the node's codec type id. */
export const X_TX_KINDS = ['BASE', 'CREATE_ASSET', 'OPERATION', 'IMPORT', 'EXPORT'] as const;
export type XTxKind = (typeof X_TX_KINDS)[number];

/** The kind of an X-Chain transaction the node answered: from the members of its JSON, or the type id in its bytes. */
export function xNodeTxKind(tx: XNodeTxShape): XTxKind {
  if (tx.json) {
    const u = tx.json.unsignedTx ?? ({} as WireXTx['unsignedTx']);
    if (u.importedInputs !== undefined || u.sourceChain !== undefined) return 'IMPORT';
    if (u.exportedOutputs !== undefined || u.destinationChain !== undefined) return 'EXPORT';
    if (u.operations !== undefined) return 'OPERATION';
    if (u.initialStates !== undefined || u.name !== undefined) return 'CREATE_ASSET';
    return 'BASE';
  }
  const bytes = bytesFromNodeHex(tx.hex ?? '0x');
  const typeId = bytes.length >= 6 ? new DataView(bytes.buffer, bytes.byteOffset).getUint32(2) : -1;
  return X_TX_KINDS[typeId] ?? 'BASE';
}

/** A member that comes from the source that answered: the Data API's record, or the node's (P- or X-Chain). */
function eitherSource<T>(fromRecord: (tx: TxShape) => T, fromP: (node: WirePTx) => T, fromX: (json: WireXTx['unsignedTx']) => T) {
  return (tx: AnyTxShape, _args: object, ctx: Context): T | Promise<T> => {
    if (tx.wire) return fromRecord(tx);
    if (tx.chain === 'P') return fromP(tx.node);
    return xNodeJson(tx, ctx).then((json) => fromX(json.unsignedTx));
  };
}

export const TX_PAGE = { defaultSize: 10, maxSize: 100 };
/** Most addresses one transaction list may name (as for UTXOs). */
export const MAX_TX_ADDRESSES = 64;

/** Local id of a transaction: `<network>:<p|x|c>:<txHash>`. */
export const txKey = (network: NetworkKey, chain: PrimaryChainAlias, txHash: string) => `${network}:${chain.toLowerCase()}:${txHash}`;

export function parseTxKey(key: string): { network: NetworkKey; chain: PrimaryChainAlias; txHash: string } | null {
  const [network, chain, txHash, extra] = key.split(':');
  if ((network !== 'mainnet' && network !== 'fuji') || extra !== undefined || !txHash || !isCb58Id(txHash)) return null;
  const alias = chain === 'p' ? 'P' : chain === 'x' ? 'X' : chain === 'c' ? 'C' : null;
  return alias ? { network, chain: alias, txHash } : null;
}

function checkTxKey(chain: PrimaryChainAlias) {
  return (key: string): string | null => {
    const parsed = parseTxKey(key);
    if (!parsed) return 'expected <network>:<p|x|c>:<txHash> with a cb58 hash';
    return parsed.chain === chain ? null : `not a ${chain}-Chain transaction id`;
  };
}

/** Wraps a wire transaction of `chain` (what the endpoints of that chain answer). */
export function shapeTx(network: NetworkKey, chain: PrimaryChainAlias, wire: WirePrimaryNetworkTransaction): TxShape {
  return { network, chain, wire } as TxShape;
}

/** Transactions of one chain through the transaction loader (an id of another chain's transaction is null). */
function txLoader(chain: PrimaryChainAlias) {
  return (keys: string[], ctx: Context) => loadEach(keys, (key) => (parseTxKey(key)?.chain === chain ? ctx.loaders.primaryTransactionByHash.load(key) : null));
}

const utxosOf = (tx: TxShape, which: 'consumedUtxos' | 'emittedUtxos'): UtxoShape[] => {
  if (tx.chain === 'P') return (tx.wire[which] ?? []).map((u: WirePChainUtxo) => ({ ...u, kind: 'P' as const }));
  return ((tx.wire[which] as WireXChainUtxo[] | undefined) ?? []).map((u) => ({ ...u, kind: 'X' as const }));
};

/** Every address a transaction touches, first seen first: UTXO owners, EVM accounts, reward owners. */
function addressesOf(tx: TxShape): string[] {
  const seen = new Set<string>();
  for (const u of [...utxosOf(tx, 'consumedUtxos'), ...utxosOf(tx, 'emittedUtxos')]) for (const a of u.addresses) seen.add(a);
  if (tx.chain === 'C') {
    for (const i of tx.wire.evmInputs ?? []) seen.add(i.fromAddress);
    for (const o of tx.wire.evmOutputs ?? []) seen.add(o.toAddress);
  }
  if (tx.chain === 'P') for (const a of tx.wire.rewardAddresses ?? []) seen.add(a);
  return [...seen];
}

const timestampOf = (tx: TxShape) => (tx.chain === 'P' ? tx.wire.blockTimestamp : tx.wire.timestamp);

/** A JSON number the service sends for an integer (weights, balances): exact when it is one. */
const wholeNumber = (n: number | undefined) => (n === undefined || n === null ? null : BigInt(Number.isInteger(n) ? n : Math.trunc(n)));

export const PrimaryNetworkTransaction = builder.interfaceRef<AnyTxShape>('PrimaryNetworkTransaction').implement({
  description:
    'A transaction of the P-, X- or C-Chain (atomic transactions only on the C-Chain) as the Data API indexes it; one type per chain holds what only that chain has.',
  interfaces: [builder.nodeInterfaceRef()],
  resolveType: (tx) => (tx.chain === 'P' ? 'PChainTransaction' : tx.chain === 'X' ? 'XChainTransaction' : 'CChainAtomicTransaction'),
  fields: (t) => ({
    txHash: t.string({ description: 'The transaction id (cb58).', resolve: hashOf }),
    txType: t.field({ type: PrimaryNetworkTxType, description: 'The transaction type; UNKNOWN for one this gateway does not know yet.', resolve: recorded((tx) => txTypeOf(tx.wire.txType)) }),
    timestamp: t.field({ type: 'Timestamp', description: 'When it was accepted (the P-Chain\'s `blockTimestamp`).', resolve: recorded(timestampOf) }),
    network: t.field({ type: NetworkName, description: 'The network of the transaction.', resolve: (tx) => networkName(tx.network) }),
    blockchainId: t.string({ description: 'Id of the chain it was accepted on (cb58).', resolve: (tx) => NETWORKS[tx.network].blockchainIds[tx.chain] }),
    blockchain: t.field({
      type: Blockchain,
      nullable: true,
      description: 'The chain it was accepted on, as the Data API registers it; null when it has no record of the chain.',
      extensions: fieldGuard({ upstreamCostPerItem: 1 }),
      resolve: (tx) => blockchainKey(tx.network, NETWORKS[tx.network].blockchainIds[tx.chain]),
    }),
    blockNumber: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Height of the block that accepted it; null for an X-Chain transaction accepted in DAG vertices.',
      resolve: recorded((tx) => (tx.chain === 'P' ? tx.wire.blockNumber : (tx.wire.blockHeight ?? null))),
    }),
    blockHash: t.string({
      nullable: true,
      description: 'Id of the block that accepted it (cb58; 0x hex on the C-Chain); null for an X-Chain transaction accepted in DAG vertices.',
      resolve: recorded((tx) => tx.wire.blockHash ?? null),
    }),
    memo: t.string({
      nullable: true,
      description: 'The memo: as the Data API sends it (hex on the X- and C-Chain), or as the node writes it (0x hex) for a transaction the node answered.',
      resolve: eitherSource(
        (tx) => tx.wire.memo ?? null,
        nodeMemo,
        (u) => u.memo ?? null,
      ),
    }),
    sourceChain: t.string({ nullable: true, description: 'For an import, the blockchain id of the chain it imports from.',
      resolve: eitherSource((tx) => tx.wire.sourceChain ?? null, (node) => unsignedMember(node, 'sourceChain'), (u) => u.sourceChain ?? null),
    }),
    destinationChain: t.string({ nullable: true, description: 'For an export, the blockchain id of the chain it exports to.',
      resolve: eitherSource((tx) => tx.wire.destinationChain ?? null, (node) => unsignedMember(node, 'destinationChain'), (u) => u.destinationChain ?? null),
    }),
    consumedUtxos: t.field({ type: [Utxo], description: 'The UTXOs it spent (for an import, those of the source chain\'s shared memory).', resolve: recorded((tx) => utxosOf(tx, 'consumedUtxos')) }),
    emittedUtxos: t.field({ type: [Utxo], description: 'The UTXOs it created (for an export, those it put in the destination chain\'s shared memory).', resolve: recorded((tx) => utxosOf(tx, 'emittedUtxos')) }),
    addresses: t.stringList({
      description: 'Every address the transaction touches, first seen first: owners of its consumed and emitted UTXOs, its EVM accounts (C-Chain) and reward addresses (P-Chain).',
      resolve: recorded(addressesOf),
    }),
  }),
});

export const PChainTransaction = builder.loadableNodeRef<PTxShape, string, string>('PChainTransaction', {
  id: { resolve: (tx) => txKey(tx.network, 'P', hashOf(tx)) },
  load: txLoader('P') as unknown as (keys: string[], ctx: Context) => Promise<Array<PTxShape | Error>>,
});
export const XChainTransaction = builder.loadableNodeRef<XTxShape, string, string>('XChainTransaction', {
  id: { resolve: (tx) => txKey(tx.network, 'X', hashOf(tx)) },
  load: txLoader('X') as unknown as (keys: string[], ctx: Context) => Promise<Array<XTxShape | Error>>,
});
export const CChainAtomicTransaction = builder.loadableNodeRef<Of<'C'>, string, string>('CChainAtomicTransaction', {
  id: { resolve: (tx) => txKey(tx.network, 'C', tx.wire.txHash) },
  load: txLoader('C') as unknown as (keys: string[], ctx: Context) => Promise<Array<Of<'C'> | Error>>,
});

/** A transaction by chain and hash, through the per-request loader; null when unknown. */
export function loadTransaction(ctx: Context, network: NetworkKey, chain: PrimaryChainAlias, txHash: string): Promise<TxShape | null> {
  return ctx.loaders.primaryTransactionByHash.load(txKey(network, chain, txHash));
}

/** Lets a link to a listed transaction cost no call. */
export function primeTransactions(ctx: Context, txs: readonly TxShape[]): void {
  for (const tx of txs) ctx.loaders.primaryTransactionByHash.prime(txKey(tx.network, tx.chain, tx.wire.txHash), tx);
}

const L1ValidatorTxDetails = builder.objectRef<WireL1ValidatorDetailsTransaction>('L1ValidatorTxDetails').implement({
  description: 'An L1 validator as a P-Chain transaction registered or changed it (its state then, not now).',
  fields: (t) => ({
    validationId: t.exposeString('validationId', { description: 'The validation id (cb58), unique while the validator\'s weight is not zero.' }),
    validationIdHex: t.exposeString('validationIdHex', { description: 'The same validation id in hex.' }),
    nodeId: t.exposeString('nodeId', { description: 'The validator\'s node id (NodeID-...).' }),
    subnetId: t.exposeString('subnetId', { description: 'The L1\'s subnet id (cb58).' }),
    weight: t.field({ type: 'BigInt', description: 'Sampling weight within the L1; 0 once removed.', resolve: (v) => wholeNumber(v.weight) ?? 0n }),
    remainingBalance: t.field({ type: 'BigInt', description: 'Balance left for continuous fees, in nAVAX.', resolve: (v) => wholeNumber(v.remainingBalance) ?? 0n }),
    balanceChange: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Change of the balance by this transaction, in nAVAX (negative when a disabled or removed validator\'s balance is returned).',
      resolve: (v) => wholeNumber(v.balanceChange),
    }),
    blsCredentials: t.field({ type: 'JSON', nullable: true, description: 'The validator\'s BLS credentials, as the Data API sends them.', resolve: (v) => v.blsCredentials ?? null }),
  }),
});

const BlsCredentials = builder.objectRef<WireBlsCredentials>('BlsCredentials').implement({
  description: 'A validator\'s BLS public key and proof of possession.',
  fields: (t) => ({
    publicKey: t.exposeString('publicKey', { description: 'The BLS public key (hex).' }),
    proofOfPossession: t.exposeString('proofOfPossession', { description: 'Signature of the public key by its own secret key (hex).' }),
  }),
});

const BlockchainInfo = builder.objectRef<WireBlockchainInfo>('BlockchainInfo').implement({
  description: 'The blockchain a CreateChainTx created.',
  fields: (t) => ({
    chainName: t.exposeString('chainName', { description: 'The name given at creation.' }),
    vmId: t.exposeString('vmId', { description: 'Id of the VM it runs (cb58).' }),
    genesisData: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Its genesis: an object for EVM chains, an encoded string for other VMs.',
      resolve: (b) => b.genesisData ?? null,
    }),
  }),
});

const assetList = (list: WireAssetAmount[] | undefined) => list ?? [];

/** A resolver of a member of the Data API's X-Chain record (see `recorded`). */
const recordedX = <T,>(pick: (tx: Of<'X'>) => T) => recorded<Of<'X'>, T>(pick);

/** A resolver of a member of the Data API's P-Chain record (see `recorded`). */
const recordedP = <T,>(pick: (tx: Of<'P'>) => T) => recorded<Of<'P'>, T>(pick);

/** The BaseTx memo of a node's P-Chain transaction (at the top of its unsigned tx, or nested under `inputs` on older nodes). */
function nodeMemo(tx: WirePTx): string | null {
  const u = (tx.unsignedTx ?? {}) as Record<string, unknown>;
  const base = (u.inputs && typeof u.inputs === 'object' && !Array.isArray(u.inputs) ? u.inputs : u) as { memo?: string };
  return base.memo ?? null;
}

PChainTransaction.implement({
  extensions: typeGuard({ checkId: checkTxKey('P') }),
  description:
    'A P-Chain transaction (transfers, staking, subnets, chains and L1 validators), whether the Data API indexed it or the node wrote it in a block (`PChainBlock.txs`): the Data API\'s members (type, time, UTXOs, amounts, staking details) and the node\'s (`type`, `networkId`, `inputs`, `outputs`, `credentials`, `unsignedTx`); a member only one source gives is read from it, by the transaction id, when selected (NOT_FOUND when that source does not have it).',
  interfaces: [PrimaryNetworkTransaction],
  fields: (t) => ({
    value: t.field({ type: [AssetAmount], description: 'What its emitted UTXOs hold, per asset.', resolve: recordedP((tx) => assetList(tx.wire.value)) }),
    amountBurned: t.field({ type: [AssetAmount], description: 'What it burned (its fee), per asset.', resolve: recordedP((tx) => assetList(tx.wire.amountBurned)) }),
    amountStaked: t.field({ type: [AssetAmount], description: 'What it locked as stake (validator and delegator transactions), per asset.', resolve: recordedP((tx) => assetList(tx.wire.amountStaked)) }),
    amountL1ValidatorBalanceBurned: t.field({
      type: [AssetAmount],
      description: 'What it locked as L1 validator balances for continuous fees, per asset.',
      resolve: recordedP((tx) => assetList(tx.wire.amountL1ValidatorBalanceBurned)),
    }),
    startTimestamp: t.field({ type: 'Timestamp', nullable: true, description: 'Start of the staking period (validator and delegator transactions).', resolve: recordedP((tx) => tx.wire.startTimestamp ?? null) }),
    endTimestamp: t.field({ type: 'Timestamp', nullable: true, description: 'End of the staking period (validator and delegator transactions).', resolve: recordedP((tx) => tx.wire.endTimestamp ?? null) }),
    delegationFeePercent: t.string({
      nullable: true,
      description: 'The validator\'s fee on delegations, as a percentage (validator transactions); a decimal, not an amount.',
      resolve: recordedP((tx) => tx.wire.delegationFeePercent ?? null),
    }),
    nodeId: t.string({ nullable: true, description: 'The validator node of a staking or subnet-validator transaction (NodeID-...).', resolve: recordedP((tx) => tx.wire.nodeId ?? null) }),
    subnetId: t.string({ nullable: true, description: 'The subnet a validator, chain or subnet transaction is about (cb58).', resolve: recordedP((tx) => tx.wire.subnetId ?? null) }),
    estimatedReward: t.field({ type: 'BigInt', nullable: true, description: 'Reward the staking period is expected to earn, in nAVAX.', resolve: recordedP((tx) => tx.wire.estimatedReward ?? null) }),
    rewardTxHash: t.string({ nullable: true, description: 'Id of the RewardValidatorTx that ended this staking period, once it ended.', resolve: recordedP((tx) => tx.wire.rewardTxHash ?? null) }),
    rewardTransaction: t.field({
      type: PChainTransaction,
      nullable: true,
      description: 'The RewardValidatorTx that ended this staking period, once it ended.',
      resolve: recordedP((tx) => (tx.wire.rewardTxHash ? txKey(tx.network, 'P', tx.wire.rewardTxHash) : null)),
    }),
    stakingTxHash: t.string({ nullable: true, description: 'For a RewardValidatorTx, id of the staking transaction it ended.', resolve: recordedP((tx) => tx.wire.stakingTxHash ?? null) }),
    stakingTransaction: t.field({
      type: PChainTransaction,
      nullable: true,
      description: 'For a RewardValidatorTx, the staking transaction it ended.',
      resolve: recordedP((tx) => (tx.wire.stakingTxHash ? txKey(tx.network, 'P', tx.wire.stakingTxHash) : null)),
    }),
    rewardAddresses: t.stringList({ nullable: true, description: 'Addresses a staking reward goes to (bech32).', resolve: recordedP((tx) => tx.wire.rewardAddresses ?? null) }),
    l1ValidatorManagerDetails: t.field({
      type: L1ValidatorManager,
      nullable: true,
      description: 'For a ConvertSubnetToL1Tx, where the L1\'s validator manager lives (as `Subnet.l1ValidatorManager`).',
      resolve: recordedP((tx) => (tx.wire.l1ValidatorManagerDetails ? { ...tx.wire.l1ValidatorManagerDetails, network: tx.network } : null)),
    }),
    l1ValidatorDetails: t.field({
      type: [L1ValidatorTxDetails],
      nullable: true,
      description: 'The L1 validators it registered or changed, as they were then.',
      resolve: recordedP((tx) => tx.wire.l1ValidatorDetails ?? null),
    }),
    subnetOwnershipInfo: t.field({
      type: OutputOwners,
      nullable: true,
      description: 'For a CreateSubnetTx or TransferSubnetOwnershipTx, the subnet\'s owners as it set them (as `Subnet.subnetOwnershipInfo`).',
      resolve: recordedP((tx) => (tx.wire.subnetOwnershipInfo ? subnetOwners(tx.wire.subnetOwnershipInfo) : null)),
    }),
    blsCredentials: t.field({ type: BlsCredentials, nullable: true, description: 'For a new permissionless validator, its BLS credentials.', resolve: recordedP((tx) => tx.wire.blsCredentials ?? null) }),
    blockchainInfo: t.field({ type: BlockchainInfo, nullable: true, description: 'For a CreateChainTx, the blockchain it created.', resolve: recordedP((tx) => tx.wire.blockchainInfo ?? null) }),
  }),
});

export const X_CHAIN_FORMATS = ['non-linear', 'linear'] as const;

export const XChainFormat = builder.enumType('XChainFormat', {
  description: 'How the X-Chain accepted a transaction: in DAG vertices (before its linearization) or in a block.',
  values: {
    NON_LINEAR: { value: 'non-linear', description: 'In one or more DAG vertices.' },
    LINEAR: { value: 'linear', description: 'In a block of the linear chain.' },
    UNKNOWN: { value: 'unknown', description: 'A format this gateway does not know yet.' },
  } as const,
});

export const TransactionVertex = builder.objectRef<WireTransactionVertexDetail & { network: NetworkKey }>('TransactionVertex').implement({
  description: 'A DAG vertex that accepted an X-Chain transaction.',
  fields: (t) => ({
    hash: t.exposeString('hash', { description: 'The vertex id (cb58).' }),
    height: t.field({ type: 'BigInt', description: 'Height of the vertex in the DAG.', resolve: (v) => v.height }),
    timestamp: t.field({ type: 'Timestamp', description: 'When the vertex was accepted.', resolve: (v) => v.timestamp }),
  }),
});

XChainTransaction.implement({
  extensions: typeGuard({ checkId: checkTxKey('X') }),
  description:
    'An X-Chain transaction (asset transfers, creations and mints, atomic imports and exports), whether the Data API indexed it or the node answered it (`avm.getTx`, `XChainBlock.txs`): the Data API\'s members (type, time, UTXOs, amounts, vertices) and the node\'s (`type`, `networkId`, `inputs`, `outputs`, `credentials`, `raw` and each kind\'s own members); a member only one source gives is read from it, by the transaction id, when selected (NOT_FOUND when that source does not have it).',
  interfaces: [PrimaryNetworkTransaction],
  fields: (t) => ({
    chainFormat: t.field({ type: XChainFormat, description: 'Accepted in DAG vertices or in a linear block.', resolve: recordedX((tx) => knownOr(tx.wire.chainFormat, X_CHAIN_FORMATS, 'unknown')) }),
    amountUnlocked: t.field({ type: [AssetAmount], description: 'What its inputs unlocked, per asset.', resolve: recordedX((tx) => assetList(tx.wire.amountUnlocked)) }),
    amountCreated: t.field({ type: [AssetAmount], description: 'What its outputs created, per asset.', resolve: recordedX((tx) => assetList(tx.wire.amountCreated)) }),
    vertices: t.field({
      type: [TransactionVertex],
      description: 'The DAG vertices that accepted it (empty when a linear block did).',
      resolve: recordedX((tx) => (tx.wire.vertices ?? []).map((v) => ({ ...v, network: tx.network }))),
    }),
    assetCreated: t.field({
      type: XChainAssetDetails,
      nullable: true,
      description:
        'For a CreateAssetTx, the asset it created: as the Data API describes it for a transaction the Data API listed, as the node does (`avm.getAssetDescription`) for one the node answered; null for other transactions.',
      extensions: fieldGuard({ upstreamCostPerItem: 0 }),
      resolve: async (tx, _, ctx) => {
        if (!tx.wire) return xNodeTxKind(tx) === 'CREATE_ASSET' ? assetFromNode(ctx, tx.network, tx.txHash) : null;
        const created = tx.wire.assetCreated;
        if (!created) return null;
        // The record a read by id gives: a later read of this asset in the operation costs nothing.
        ctx.loaders.assetDetailsById.prime(assetDetailsKey(tx.network, created.assetId), created);
        return assetFromDetails(tx.network, created);
      },
    }),
  }),
});

const EvmAtomicInput = builder.objectRef<WireEvmInput>('EvmAtomicInput').implement({
  description: 'What a C-Chain export took from an EVM account.',
  fields: (t) => ({
    fromAddress: t.exposeString('fromAddress', { description: 'The EVM account it was taken from (0x).' }),
    asset: t.field({ type: AssetAmount, description: 'The asset and amount.', resolve: (i) => i.asset }),
    credentials: t.field({ type: [UtxoCredential], description: 'The signatures that authorized it.', resolve: (i) => i.credentials ?? [] }),
  }),
});

const EvmAtomicOutput = builder.objectRef<WireEvmOutput>('EvmAtomicOutput').implement({
  description: 'What a C-Chain import credited to an EVM account.',
  fields: (t) => ({
    toAddress: t.exposeString('toAddress', { description: 'The EVM account credited (0x).' }),
    asset: t.field({ type: AssetAmount, description: 'The asset and amount.', resolve: (o) => o.asset }),
  }),
});

CChainAtomicTransaction.implement({
  extensions: typeGuard({ checkId: checkTxKey('C') }),
  description: 'An atomic transaction of the C-Chain: an export from EVM accounts to UTXOs of another chain, or an import of UTXOs into EVM accounts.',
  interfaces: [PrimaryNetworkTransaction],
  fields: (t) => ({
    amountUnlocked: t.field({ type: [AssetAmount], description: 'What its inputs unlocked, per asset.', resolve: (tx) => assetList(tx.wire.amountUnlocked) }),
    amountCreated: t.field({ type: [AssetAmount], description: 'What its outputs created, per asset.', resolve: (tx) => assetList(tx.wire.amountCreated) }),
    evmInputs: t.field({ type: [EvmAtomicInput], description: 'For an export, the EVM accounts it took from (empty for an import).', resolve: (tx) => tx.wire.evmInputs ?? [] }),
    evmOutputs: t.field({ type: [EvmAtomicOutput], description: 'For an import, the EVM accounts it credited (empty for an export).', resolve: (tx) => tx.wire.evmOutputs ?? [] }),
  }),
});

export const PrimaryNetworkTransactionConnection = connectionType<TxShape, { chainInfo: WirePrimaryNetworkChainInfo | null }>(
  'PrimaryNetworkTransaction',
  PrimaryNetworkTransaction,
  'A page of primary-network transactions.',
);

builder.objectFields(PrimaryNetworkTransactionConnection, (t) => ({
  chainInfo: t.field({ type: PrimaryNetworkChainInfo, nullable: true, description: CHAIN_INFO_DESCRIPTION, resolve: (c) => c.chainInfo ?? null }),
}));

/** A transaction hash: cb58 on all three chains (the C-Chain's atomic transactions too). */
export function txHashArg(argument: string, value: string): string {
  return cb58Id(argument, value);
}

/** A transaction-list address: bech32 of this network (any chain prefix), or on the C-Chain an EVM address. */
function txAddress(argument: string, value: string, key: NetworkKey, chain: PrimaryChainAlias): string {
  if (value.startsWith('0x')) {
    if (chain !== 'C') throw badInput(argument, 'EVM addresses (0x...) filter C-Chain atomic transactions only');
    return evmAddress(argument, value);
  }
  return primaryAddress(argument, value, key, ['P', 'X', 'C']);
}

function txAddresses(argument: string, values: readonly string[] | null | undefined, key: NetworkKey, chain: PrimaryChainAlias): string[] | undefined {
  if (values == null) return undefined;
  if (values.length === 0) throw badInput(argument, 'give at least one address, or omit the argument');
  if (values.length > MAX_TX_ADDRESSES) throw badInput(argument, `at most ${MAX_TX_ADDRESSES} values, got ${values.length}`);
  return [...new Set(values.map((v, i) => txAddress(`${argument}[${i}]`, v, key, chain)))];
}

interface TxListArgs {
  blockchain: string;
  addresses?: string[] | null;
  l1ValidationId?: string | null;
  txTypes?: string[] | null;
  startTimestamp?: number | null;
  endTimestamp?: number | null;
  sortOrder?: 'asc' | 'desc' | null;
}

/** The chain and query of `Network.transactions`, checked (run by the guard and by the resolver). */
function txListArgs(args: TxListArgs, key: NetworkKey) {
  const { blockchainId, alias } = primaryChainArg('blockchain', args.blockchain, key, ['P', 'X', 'C']);
  const addresses = txAddresses('addresses', args.addresses, key, alias);
  let l1ValidationId: string | undefined;
  if (args.l1ValidationId != null) {
    if (alias !== 'P') throw badInput('l1ValidationId', 'filters P-Chain transactions only');
    if (addresses) throw badInput('l1ValidationId', 'give either addresses or l1ValidationId, not both');
    l1ValidationId = cb58Id('l1ValidationId', args.l1ValidationId);
  }
  const txTypes = txTypesArg('txTypes', args.txTypes, alias);
  const range = timeRangeArg(args);
  // The service filters by type and time only within an address's (or a validation's) transactions.
  if (!addresses && !l1ValidationId) {
    if (txTypes) throw badInput('txTypes', 'filtering by type needs addresses (or, on the P-Chain, l1ValidationId)');
    if (range.startTimestamp !== undefined) throw badInput('startTimestamp', 'filtering by time needs addresses (or, on the P-Chain, l1ValidationId)');
    if (range.endTimestamp !== undefined) throw badInput('endTimestamp', 'filtering by time needs addresses (or, on the P-Chain, l1ValidationId)');
  }
  const query: WireListPrimaryNetworkTransactionsQuery = { addresses, l1ValidationId, txTypes, ...range, sortOrder: args.sortOrder ?? undefined };
  return { blockchainId, alias, query };
}

/** Pages a transaction list of one chain, priming the transaction loaders with what it reads. */
async function txConnection(
  ctx: Context,
  network: NetworkNameValue,
  chain: PrimaryChainAlias,
  scope: string,
  args: ConnectionArgs,
  fetch: (pageToken: string | undefined, pageSize: number) => Promise<{ transactions: WirePrimaryNetworkTransaction[]; chainInfo?: WirePrimaryNetworkChainInfo; nextPageToken?: string }>,
) {
  const key = networkKey(network);
  let chainInfo: WirePrimaryNetworkChainInfo | null = null;
  const connection = await paginate(
    {
      scope,
      ...TX_PAGE,
      fetchPage: async (pageToken, pageSize) => {
        const page = await fetch(pageToken, pageSize);
        chainInfo ??= page.chainInfo ?? null;
        const items = page.transactions.map((wire) => shapeTx(key, chain, wire));
        primeTransactions(ctx, items);
        return { items, nextPageToken: page.nextPageToken };
      },
    },
    args,
  );
  return { ...connection, chainInfo };
}

const scopeOf = (parts: unknown[]) => JSON.stringify(parts);

interface StakingArgs {
  addresses?: string[] | null;
  txTypes?: string[] | null;
  startTimestamp?: number | null;
  endTimestamp?: number | null;
  sortOrder?: 'asc' | 'desc' | null;
}

function stakingArgs(args: StakingArgs, key: NetworkKey) {
  return {
    addresses: txAddresses('addresses', args.addresses, key, 'P'),
    txTypes: txTypesArg('txTypes', args.txTypes, 'P'),
    ...timeRangeArg(args),
    sortOrder: args.sortOrder ?? undefined,
  };
}

builder.objectFields(Network, (t) => ({
  transaction: t.field({
    type: PrimaryNetworkTransaction,
    nullable: true,
    description: 'One transaction of the P-, X- or C-Chain (atomic) by hash; null when the chain has no such transaction.',
    args: {
      blockchain: t.arg.string({ required: true, description: 'p-chain, x-chain or c-chain, or one of their blockchain ids on this network.' }),
      hash: t.arg.string({ required: true, description: 'The transaction id (cb58).' }),
    },
    extensions: {
      ...fieldGuard({
        upstreamCost: 1,
        upstreamCostPerItem: 0,
        checkArgs: (args, scope) => {
          primaryChainArg('blockchain', args.blockchain, networkKey(scope.network), ['P', 'X', 'C']);
          txHashArg('hash', args.hash);
        },
      }),
      ...serves('data:getTxByHash'),
    },
    resolve: (n, args, ctx) => {
      const key = networkKey(n.name);
      const { alias } = primaryChainArg('blockchain', args.blockchain, key, ['P', 'X', 'C']);
      return loadTransaction(ctx, key, alias, txHashArg('hash', args.hash));
    },
  }),
  transactions: t.field({
    type: PrimaryNetworkTransactionConnection,
    nullable: true,
    description:
      'A chain\'s transactions, latest first unless `sortOrder` says otherwise (`GET .../blockchains/{blockchainId}/transactions`); filtering by type or time needs `addresses` (or `l1ValidationId`). A page may hold fewer than `first` transactions when they carry many UTXOs; it is then filled from the next.',
    args: {
      blockchain: t.arg.string({ required: true, description: 'p-chain, x-chain or c-chain, or one of their blockchain ids on this network.' }),
      addresses: t.arg.stringList({
        required: false,
        extensions: maxItems(MAX_TX_ADDRESSES),
        description: `1 to ${MAX_TX_ADDRESSES} addresses of this network (avax1.../fuji1..., optionally P-, X- or C-prefixed; on the C-Chain also 0x EVM addresses).`,
      }),
      l1ValidationId: t.arg.string({ required: false, description: 'P-Chain only: the transactions of one L1 validation (its validation id, cb58), instead of addresses.' }),
      txTypes: t.arg({ type: [PrimaryNetworkTxType], required: false, description: 'Only transactions of these types (types of this chain; not UNKNOWN).', extensions: maxItems(MAX_TX_TYPES) }),
      startTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only transactions from this time on.' }),
      endTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only transactions up to this time.' }),
      sortOrder: t.arg({ type: SortOrder, required: false, description: 'Order by time; latest first when omitted.' }),
      ...connectionArgs(t, TX_PAGE),
    },
    extensions: {
      ...fieldGuard({ upstreamCostPerItem: 0, checkArgs: (args, scope) => txListArgs(args as TxListArgs, networkKey(scope.network)) }),
      ...serves('data:listLatestPrimaryNetworkTransactions'),
    },
    resolve: (n, args, ctx) => {
      const { blockchainId, alias, query } = txListArgs(args as TxListArgs, networkKey(n.name));
      const network = dataApiNetwork(n.name);
      return txConnection(ctx, n.name, alias, scopeOf(['txs', network, blockchainId, query]), args, (pageToken, pageSize) =>
        ctx.upstreams.dataApi.primaryLedger.listLatestPrimaryNetworkTransactions(network, blockchainId, { ...query, pageToken, pageSize }),
      );
    },
  }),
  stakingTransactions: t.field({
    type: PrimaryNetworkTransactionConnection,
    nullable: true,
    description: 'Active staking transactions of the P-Chain (validations and delegations not ended yet), optionally of some addresses (`GET .../transactions:listStaking`).',
    args: {
      addresses: t.arg.stringList({
        required: false,
        extensions: maxItems(MAX_TX_ADDRESSES),
        description: `1 to ${MAX_TX_ADDRESSES} addresses of this network (avax1.../fuji1..., optionally P- or X-prefixed).`,
      }),
      txTypes: t.arg({ type: [PrimaryNetworkTxType], required: false, description: 'Only transactions of these P-Chain types (not UNKNOWN).', extensions: maxItems(MAX_TX_TYPES) }),
      startTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only transactions from this time on.' }),
      endTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only transactions up to this time.' }),
      sortOrder: t.arg({ type: SortOrder, required: false, description: 'Order by time; the upstream default when omitted.' }),
      ...connectionArgs(t, TX_PAGE),
    },
    extensions: {
      ...fieldGuard({ upstreamCostPerItem: 0, checkArgs: (args, scope) => stakingArgs(args as StakingArgs, networkKey(scope.network)) }),
      ...serves('data:listActivePrimaryNetworkStakingTransactions'),
    },
    resolve: (n, args, ctx) => {
      const query = stakingArgs(args as StakingArgs, networkKey(n.name));
      const network = dataApiNetwork(n.name);
      const pChain = NETWORKS[networkKey(n.name)].blockchainIds.P;
      return txConnection(ctx, n.name, 'P', scopeOf(['staking', network, query]), args, (pageToken, pageSize) =>
        ctx.upstreams.dataApi.primaryLedger.listActivePrimaryNetworkStakingTransactions(network, pChain, { ...query, pageToken, pageSize }),
      );
    },
  }),
}));

function assetTxArgs(args: { txTypes?: string[] | null; startTimestamp?: number | null; endTimestamp?: number | null }) {
  return { txTypes: txTypesArg('txTypes', args.txTypes, 'X'), ...timeRangeArg(args) };
}

builder.objectFields(XChainAssetDetails, (t) => ({
  transactions: t.field({
    type: PrimaryNetworkTransactionConnection,
    nullable: true,
    description: 'X-Chain transactions that moved, created or minted this asset, latest first (`GET .../assets/{assetId}/transactions`).',
    args: {
      txTypes: t.arg({ type: [PrimaryNetworkTxType], required: false, description: 'Only transactions of these X-Chain types (not UNKNOWN).', extensions: maxItems(MAX_TX_TYPES) }),
      startTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only transactions from this time on.' }),
      endTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only transactions up to this time.' }),
      ...connectionArgs(t, TX_PAGE),
    },
    extensions: { ...fieldGuard({ upstreamCostPerItem: 0, checkArgs: (args) => assetTxArgs(args) }), ...serves('data:listAssetTransactions') },
    resolve: (asset, args, ctx) => {
      const query = assetTxArgs(args);
      const network = dataApiNetwork(networkName(asset.network));
      const xChain = NETWORKS[asset.network].blockchainIds.X;
      return txConnection(ctx, networkName(asset.network), 'X', scopeOf(['asset-txs', network, asset.assetId, query]), args, (pageToken, pageSize) =>
        ctx.upstreams.dataApi.primaryLedger.listAssetTransactions(network, xChain, asset.assetId, { ...query, pageToken, pageSize }),
      );
    },
  }),
}));

/**
 * The network of a UTXO of the Data API, read from its owners' bech32 prefix (the wire record does
 * not name it, and the P-Chain's id is the same on both networks).
 */
function networkOfUtxo(u: UtxoShape): NetworkKey | null {
  const first = u.addresses[0];
  const parsed = first ? parseBech32Address(first) : null;
  return (parsed && networkOfHrp(parsed.hrp)) ?? null;
}

/** The transaction on a chain (by blockchain id) of a UTXO's network; null when either is unknown. */
async function utxoTransaction(ctx: Context, u: UtxoShape, blockchainId: string, txHash: string | undefined): Promise<TxShape | null> {
  const network = networkOfUtxo(u);
  const chain = network && primaryChainOf(blockchainId, network);
  if (!network || !chain || !txHash || !isCb58Id(txHash)) return null;
  return loadTransaction(ctx, network, chain, txHash);
}

builder.interfaceFields(Utxo, (t) => ({
  creationTransaction: t.field({
    type: PrimaryNetworkTransaction,
    nullable: true,
    description: 'The transaction that created it, on `createdOnChainId` (for a P-Chain reward, the staking transaction it rewards).',
    extensions: { ...fieldGuard({ upstreamCostPerItem: 1 }), ...serves('data:getTxByHash') },
    resolve: (u, _, ctx) => utxoTransaction(ctx, u, u.createdOnChainId, u.kind === 'P' ? u.txHash : u.creationTxHash),
  }),
  consumingTransaction: t.field({
    type: PrimaryNetworkTransaction,
    nullable: true,
    description: 'The transaction that spent it, on `consumedOnChainId`; null while unspent.',
    extensions: { ...fieldGuard({ upstreamCostPerItem: 1 }), ...serves('data:getTxByHash') },
    resolve: (u, _, ctx) => utxoTransaction(ctx, u, u.consumedOnChainId, u.consumingTxHash),
  }),
}));
