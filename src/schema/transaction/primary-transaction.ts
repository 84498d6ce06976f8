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
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { notFound } from '../../errors.js';
import { NETWORKS, type NetworkKey, type PrimaryChainAlias } from '@avalanche-graph/identity';
import type { WireAssetAmount } from '../../upstream/data-api/types/primary.js';
import type { PTx, XTx, XTxKind } from '../../upstream/node-rpc/txs.js';
import type { WireEvmInput, WireEvmOutput } from '../../upstream/data-api/types/primary-ledger.js';
import { NetworkName, upstreamEnum } from '../common/enums.js';
import { networkName } from '../common/network-names.js';
import { fieldGuard, typeGuard } from '../common/guards.js';
import { loadEach } from '../common/each-key.js';
import { AssetAmount } from '../common/money.js';
import { XChainAssetDetails, assetFromDetails, assetFromNode } from '../asset/asset-details.js';
import { assetDetailsKey } from '../asset/keys.js';
import { Blockchain } from '../blockchain/blockchain.js';
import { blockchainKey } from '../blockchain/keys.js';
import { PrimaryNetworkTxType } from './tx-types.js';
import { UtxoCredential, OutputOwners } from '../common/outputs.js';
import { L1ValidatorManager, subnetOwners } from '../subnet/subnet.js';
import { NodeTxShape, TxShape, txKey, XTxShape, hashOf, XNodeTxShape, AnyTxShape, parseTxKey, utxosOf, PTxShape, Of, checkTxKey } from './primary-keys.js';
import { loadersOf } from '../loaders/index.js';


/** The Data API's record of a transaction the node answered, read by hash (NOT_FOUND when the Data API has not indexed it). */
async function recordOf(tx: NodeTxShape, ctx: Context): Promise<TxShape> {
  const found = await loadersOf(ctx).primaryTransactionByHash.load(txKey(tx.network, tx.chain, tx.txHash));
  if (!found) throw notFound(`The Data API has no record of ${tx.chain}-Chain transaction ${tx.txHash} (yet): its Data API members are not available`);
  return found;
}

/** A resolver of a member of the Data API's record, read by hash first for a transaction the node answered. */
export function recorded<S extends TxShape, T>(pick: (tx: S) => T) {
  return (tx: S | NodeTxShape, _args: object, ctx: Context): T | Promise<T> => (tx.wire ? pick(tx as S) : recordOf(tx as NodeTxShape, ctx).then((r) => pick(r as S)));
}

/** The node's JSON of an X-Chain transaction: the one it holds, else `avm.getTx` by hash (NOT_FOUND when the node does not have it). */
export async function xNodeJson(tx: XTxShape, ctx: Context): Promise<XTx> {
  if (!tx.wire && tx.json) return tx.json;
  const hash = hashOf(tx);
  const json = await ctx.upstreams.nodeRpc.xChain(tx.network).getTx(hash, 'json');
  if (json === null) throw notFound(`The X-Chain node no longer has transaction ${hash}`);
  return json;
}

/** The kind of an X-Chain transaction the node answered: from the members of its JSON, or the type id in its bytes. */
export function xNodeTxKind(tx: XNodeTxShape): XTxKind {
  return tx.json?.kind ?? tx.hex?.kind ?? 'BASE';
}

/** A member that comes from the source that answered: the Data API's record, or the node's (P- or X-Chain). */
function eitherSource<T>(fromRecord: (tx: TxShape) => T, fromNode: (node: PTx | XTx) => T) {
  return (tx: AnyTxShape, _args: object, ctx: Context): T | Promise<T> => {
    if (tx.wire) return fromRecord(tx);
    if (tx.chain === 'P') return fromNode(tx.node);
    return xNodeJson(tx, ctx).then(fromNode);
  };
}

export const TX_PAGE = { defaultSize: 10, maxSize: 100 };
/** Most addresses one transaction list may name (as for UTXOs). */
export const MAX_TX_ADDRESSES = 64;


/** Transactions of one chain through the transaction loader (an id of another chain's transaction is null). */
function txLoader(chain: PrimaryChainAlias) {
  return (keys: string[], ctx: Context) => loadEach(keys, (key) => (parseTxKey(key)?.chain === chain ? loadersOf(ctx).primaryTransactionByHash.load(key) : null));
}


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
    txType: t.field({ type: PrimaryNetworkTxType, description: 'The transaction type; UNKNOWN for one this gateway does not know yet.', resolve: recorded((tx) => PrimaryNetworkTxType.from(tx.wire.txType)) }),
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
        (node) => node.memo,
      ),
    }),
    sourceChain: t.string({ nullable: true, description: 'For an import, the blockchain id of the chain it imports from.',
      resolve: eitherSource((tx) => tx.wire.sourceChain ?? null, (node) => node.sourceChain),
    }),
    destinationChain: t.string({ nullable: true, description: 'For an export, the blockchain id of the chain it exports to.',
      resolve: eitherSource((tx) => tx.wire.destinationChain ?? null, (node) => node.destinationChain),
    }),
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
  return loadersOf(ctx).primaryTransactionByHash.load(txKey(network, chain, txHash));
}

/** Lets a link to a listed transaction cost no call. */
export function primeTransactions(ctx: Context, txs: readonly TxShape[]): void {
  for (const tx of txs) loadersOf(ctx).primaryTransactionByHash.prime(txKey(tx.network, tx.chain, tx.wire.txHash), tx);
}

const L1ValidatorTxDetails = builder.objectRef<DataApiSchema<'L1ValidatorDetailsTransaction'>>('L1ValidatorTxDetails').implement({
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
    blsCredentials: t.expose('blsCredentials', { type: 'JSON', nullable: true, description: 'The validator\'s BLS credentials, as the Data API sends them.' }),
  }),
});

const BlsCredentials = builder.objectRef<DataApiSchema<'BlsCredentials'>>('BlsCredentials').implement({
  description: 'A validator\'s BLS public key and proof of possession.',
  fields: (t) => ({
    publicKey: t.exposeString('publicKey', { description: 'The BLS public key (hex).' }),
    proofOfPossession: t.exposeString('proofOfPossession', { description: 'Signature of the public key by its own secret key (hex).' }),
  }),
});

const BlockchainInfo = builder.objectRef<DataApiSchema<'BlockchainInfo'>>('BlockchainInfo').implement({
  description: 'The blockchain a CreateChainTx created.',
  fields: (t) => ({
    chainName: t.exposeString('chainName', { description: 'The name given at creation.' }),
    vmId: t.exposeString('vmId', { description: 'Id of the VM it runs (cb58).' }),
    genesisData: t.expose('genesisData', { type: 'JSON', nullable: true, description: 'Its genesis: an object for EVM chains, an encoded string for other VMs.' }),
  }),
});

const assetList = (list: WireAssetAmount[] | undefined) => list ?? [];

/** A resolver of a member of the Data API's X-Chain record (see `recorded`). */
const recordedX = <T,>(pick: (tx: Of<'X'>) => T) => recorded<Of<'X'>, T>(pick);

/** A resolver of a member of the Data API's P-Chain record (see `recorded`). */
const recordedP = <T,>(pick: (tx: Of<'P'>) => T) => recorded<Of<'P'>, T>(pick);

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

export const XChainFormat = upstreamEnum('XChainFormat', {
  description: 'How the X-Chain accepted a transaction: in DAG vertices (before its linearization) or in a block.',
  values: {
    'non-linear': 'In one or more DAG vertices.',
    linear: 'In a block of the linear chain.',
  },
  unknown: 'A format this gateway does not know yet.',
});

export const TransactionVertex = builder.objectRef<DataApiSchema<'TransactionVertexDetail'> & { network: NetworkKey }>('TransactionVertex').implement({
  description: 'A DAG vertex that accepted an X-Chain transaction.',
  fields: (t) => ({
    hash: t.exposeString('hash', { description: 'The vertex id (cb58).' }),
    height: t.expose('height', { type: 'BigInt', description: 'Height of the vertex in the DAG.' }),
    timestamp: t.expose('timestamp', { type: 'Timestamp', description: 'When the vertex was accepted.' }),
  }),
});

XChainTransaction.implement({
  extensions: typeGuard({ checkId: checkTxKey('X') }),
  description:
    'An X-Chain transaction (asset transfers, creations and mints, atomic imports and exports), whether the Data API indexed it or the node answered it (`avm.getTx`, `XChainBlock.txs`): the Data API\'s members (type, time, UTXOs, amounts, vertices) and the node\'s (`type`, `networkId`, `inputs`, `outputs`, `credentials`, `raw` and each kind\'s own members); a member only one source gives is read from it, by the transaction id, when selected (NOT_FOUND when that source does not have it).',
  interfaces: [PrimaryNetworkTransaction],
  fields: (t) => ({
    chainFormat: t.field({ type: XChainFormat, description: 'Accepted in DAG vertices or in a linear block.', resolve: recordedX((tx) => XChainFormat.from(tx.wire.chainFormat)) }),
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
        loadersOf(ctx).assetDetailsById.prime(assetDetailsKey(tx.network, created.assetId), created);
        return assetFromDetails(tx.network, created);
      },
    }),
  }),
});

const EvmAtomicInput = builder.objectRef<WireEvmInput>('EvmAtomicInput').implement({
  description: 'What a C-Chain export took from an EVM account.',
  fields: (t) => ({
    fromAddress: t.exposeString('fromAddress', { description: 'The EVM account it was taken from (0x).' }),
    asset: t.expose('asset', { type: AssetAmount, description: 'The asset and amount.' }),
    credentials: t.field({ type: [UtxoCredential], description: 'The signatures that authorized it.', resolve: (i) => i.credentials ?? [] }),
  }),
});

const EvmAtomicOutput = builder.objectRef<WireEvmOutput>('EvmAtomicOutput').implement({
  description: 'What a C-Chain import credited to an EVM account.',
  fields: (t) => ({
    toAddress: t.exposeString('toAddress', { description: 'The EVM account credited (0x).' }),
    asset: t.expose('asset', { type: AssetAmount, description: 'The asset and amount.' }),
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

