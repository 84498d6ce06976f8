/**
 * XChainTx: an X-Chain transaction (`avm.getTx`), typed by variant (base, create-asset, operation,
 * import, export). Typed members come from the JSON encoding; `raw` from the hex encoding, fetched
 * only when selected (and alone when nothing else is).
 */
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { bytesFromNodeHex, wireInt } from '../../upstream/node-rpc/codec.js';
import { notFound } from '../../errors.js';
import type { NetworkKey } from '../../lib/networks.js';
import type { WireXTx } from '../../upstream/types/node-rpc-xchain.js';
import { knownOr } from '../enums.js';
import { cb58Id } from '../validate.js';
import { XChainAssetDetails, assetFromNode } from '../primary/asset-details.js';
import { XChain } from './chain.js';
import {
  Credential,
  credentialFrom,
  initialStateFrom,
  inputFrom,
  operationFrom,
  outputFrom,
  TransferableInput,
  TransferableOutput,
  XChainInitialState,
  XChainOperation,
} from './io.js';
import { selectsOnly } from './shared.js';
import { fieldGuard } from '../guards.js';

export interface XTxShape {
  network: NetworkKey;
  id: string;
  json?: WireXTx;
  /** Node hex (with checksum). */
  hex?: string;
}

type XTxType = 'XChainBaseTx' | 'XChainCreateAssetTx' | 'XChainOperationTx' | 'XChainImportTx' | 'XChainExportTx';

/** Codec type ids of X-Chain txs, for typing a tx known only by its bytes. */
const TYPE_BY_ID: Record<number, XTxType> = { 0: 'XChainBaseTx', 1: 'XChainCreateAssetTx', 2: 'XChainOperationTx', 3: 'XChainImportTx', 4: 'XChainExportTx' };

export function txTypeOf(tx: XTxShape): XTxType {
  if (tx.json) {
    const u = tx.json.unsignedTx ?? ({} as WireXTx['unsignedTx']);
    if (u.importedInputs !== undefined || u.sourceChain !== undefined) return 'XChainImportTx';
    if (u.exportedOutputs !== undefined || u.destinationChain !== undefined) return 'XChainExportTx';
    if (u.operations !== undefined) return 'XChainOperationTx';
    if (u.initialStates !== undefined || u.name !== undefined) return 'XChainCreateAssetTx';
    return 'XChainBaseTx';
  }
  const bytes = bytesFromNodeHex(tx.hex ?? '0x');
  const typeId = bytes.length >= 6 ? new DataView(bytes.buffer, bytes.byteOffset).getUint32(2) : -1;
  return TYPE_BY_ID[typeId] ?? 'XChainBaseTx';
}

/** The JSON of a tx, fetched when the shape came without it (same call once per operation). */
export async function txJson(tx: XTxShape, ctx: Context): Promise<WireXTx> {
  return tx.json ?? present(tx, await ctx.upstreams.nodeRpc.xChain(tx.network).getTx(tx.id, 'json'));
}

/** A tx by id in the encoding the selection needs; null when the chain does not know it. */
export async function fetchTx(ctx: Context, network: NetworkKey, id: string, hexOnly: boolean): Promise<XTxShape | null> {
  const rpc = ctx.upstreams.nodeRpc.xChain(network);
  if (hexOnly) {
    const hex = await rpc.getTx(id, 'hex');
    return hex === null ? null : { network, id, hex };
  }
  const json = await rpc.getTx(id, 'json');
  return json === null ? null : { network, id, json };
}

function present<T>(tx: XTxShape, value: T | null): T {
  if (value === null) throw notFound(`The X-Chain node no longer has transaction ${tx.id}`);
  return value;
}

/** Fields that can be answered from the hex encoding alone. */
export const TX_HEX_FIELDS: ReadonlySet<string> = new Set(['id', 'raw']);

export const XChainTx = builder.interfaceRef<XTxShape>('XChainTx').implement({
  description: 'An X-Chain transaction as the node returns it (`avm.getTx`). Inputs spend UTXOs; credentials sign them, one per input.',
  resolveType: (tx) => txTypeOf(tx),
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Transaction id (cb58).' }),
    networkId: t.int({ nullable: true, description: 'Id of the network (1 mainnet, 5 Fuji).', resolve: async (tx, _, ctx) => wireInt((await txJson(tx, ctx)).unsignedTx.networkID) }),
    blockchainId: t.string({ description: 'Id of the chain the transaction is on (cb58).', resolve: async (tx, _, ctx) => (await txJson(tx, ctx)).unsignedTx.blockchainID }),
    memo: t.string({ nullable: true, description: 'Free-form memo (0x hex).', resolve: async (tx, _, ctx) => (await txJson(tx, ctx)).unsignedTx.memo ?? null }),
    inputs: t.field({
      type: [TransferableInput],
      description: 'Inputs spending X-Chain UTXOs.',
      resolve: async (tx, _, ctx) => ((await txJson(tx, ctx)).unsignedTx.inputs ?? []).map((i) => inputFrom(tx.network, i, true)),
    }),
    outputs: t.field({
      type: [TransferableOutput],
      description: 'Outputs that stay on the X-Chain.',
      resolve: async (tx, _, ctx) => ((await txJson(tx, ctx)).unsignedTx.outputs ?? []).map((o) => outputFrom(tx.network, o)),
    }),
    credentials: t.field({
      type: [Credential],
      description: 'Signatures, one credential per input (then per imported input and per operation).',
      resolve: async (tx, _, ctx) => ((await txJson(tx, ctx)).credentials ?? []).map(credentialFrom),
    }),
    raw: t.string({
      description: 'The signed transaction bytes in the node\'s hex encoding (0x, codec bytes and a 4-byte checksum).',
      resolve: async (tx, _, ctx) => tx.hex ?? present(tx, await ctx.upstreams.nodeRpc.xChain(tx.network).getTx(tx.id, 'hex')),
    }),
  }),
});

const variant = (name: XTxType, description: string) =>
  builder.objectRef<XTxShape>(name).implement({ description, interfaces: [XChainTx], isTypeOf: (tx) => txTypeOf(tx as XTxShape) === name });

variant('XChainBaseTx', 'A transfer of assets between X-Chain addresses.');

builder.objectFields(variant('XChainCreateAssetTx', 'A transaction that creates an asset; the asset id is the transaction id.'), (t) => ({
  name: t.string({ nullable: true, description: 'Name of the new asset.', resolve: async (tx, _, ctx) => (await txJson(tx, ctx)).unsignedTx.name ?? null }),
  symbol: t.string({ nullable: true, description: 'Symbol of the new asset.', resolve: async (tx, _, ctx) => (await txJson(tx, ctx)).unsignedTx.symbol ?? null }),
  denomination: t.int({ nullable: true, description: 'Denomination of the new asset.', resolve: async (tx, _, ctx) => wireInt((await txJson(tx, ctx)).unsignedTx.denomination) }),
  initialStates: t.field({
    type: [XChainInitialState],
    description: 'The outputs the asset starts with, per feature extension.',
    resolve: async (tx, _, ctx) => ((await txJson(tx, ctx)).unsignedTx.initialStates ?? []).map(initialStateFrom),
  }),
  asset: t.field({ type: XChainAssetDetails, nullable: true, description: 'The asset created.', resolve: (tx, _, ctx) => assetFromNode(ctx, tx.network, tx.id) }),
}));

builder.objectFields(variant('XChainOperationTx', 'A transaction that applies fx operations, such as minting.'), (t) => ({
  operations: t.field({
    type: [XChainOperation],
    description: 'The operations.',
    resolve: async (tx, _, ctx) => ((await txJson(tx, ctx)).unsignedTx.operations ?? []).map((o) => operationFrom(tx.network, o)),
  }),
}));

builder.objectFields(variant('XChainImportTx', 'A transaction that imports UTXOs another chain exported to the X-Chain.'), (t) => ({
  sourceChain: t.string({ nullable: true, description: 'Id of the chain the UTXOs come from (cb58).', resolve: async (tx, _, ctx) => (await txJson(tx, ctx)).unsignedTx.sourceChain ?? null }),
  importedInputs: t.field({
    type: [TransferableInput],
    description: 'Inputs spending the imported UTXOs (created on the source chain).',
    resolve: async (tx, _, ctx) => ((await txJson(tx, ctx)).unsignedTx.importedInputs ?? []).map((i) => inputFrom(tx.network, i, false)),
  }),
}));

builder.objectFields(variant('XChainExportTx', 'A transaction that exports outputs to another chain.'), (t) => ({
  destinationChain: t.string({
    nullable: true,
    description: 'Id of the chain the outputs go to (cb58).',
    resolve: async (tx, _, ctx) => (await txJson(tx, ctx)).unsignedTx.destinationChain ?? null,
  }),
  exportedOutputs: t.field({
    type: [TransferableOutput],
    description: 'Outputs sent to the destination chain.',
    resolve: async (tx, _, ctx) => ((await txJson(tx, ctx)).unsignedTx.exportedOutputs ?? []).map((o) => outputFrom(tx.network, o)),
  }),
}));

builder.objectFields(TransferableInput, (t) => ({
  spentTx: t.field({
    type: XChainTx,
    nullable: true,
    description: 'The X-Chain transaction that created the spent UTXO; null for inputs spending UTXOs of another chain (imports, P-Chain).',
    resolve: (i, _, ctx, info) => (i.spendsXChainUtxo ? fetchTx(ctx, i.network, i.txId, selectsOnly(info, TX_HEX_FIELDS)) : null),
  }),
}));

const TX_STATUSES = ['Accepted', 'Processing', 'Rejected'] as const;

export const XChainTxStatus = builder.enumType('XChainTxStatus', {
  description: 'Where a transaction stands on the node.',
  values: {
    ACCEPTED: { value: 'Accepted', description: 'Accepted (or certain to be) by every node.' },
    PROCESSING: { value: 'Processing', description: 'Being voted on by this node.' },
    REJECTED: { value: 'Rejected', description: 'Will never be accepted.' },
    UNKNOWN: { value: 'Unknown', description: 'Not seen by this node, or a status this gateway does not know.' },
  } as const,
});

builder.objectFields(XChain, (t) => ({
  tx: t.field({
    type: XChainTx,
    nullable: true,
    description: 'A transaction by id (`avm.getTx`); null when the chain does not know it.',
    args: { id: t.arg.string({ required: true, description: 'Transaction id (cb58).' }) },
    extensions: fieldGuard({ checkArgs: (args) => cb58Id('id', args.id) }),
    resolve: (x, args, ctx, info) => fetchTx(ctx, x.network, cb58Id('id', args.id), selectsOnly(info, TX_HEX_FIELDS)),
  }),
  txStatus: t.field({
    type: XChainTxStatus,
    nullable: true,
    description: 'The status of a transaction (`avm.getTxStatus`).',
    deprecationReason: 'avm.getTxStatus is deprecated since AvalancheGo v1.10.0: read `tx` (null when unknown) instead.',
    args: { id: t.arg.string({ required: true, description: 'Transaction id (cb58).' }) },
    extensions: fieldGuard({ checkArgs: (args) => cb58Id('id', args.id) }),
    resolve: async (x, args, ctx) => knownOr(await ctx.upstreams.nodeRpc.xChain(x.network).getTxStatus(cb58Id('id', args.id)), TX_STATUSES, 'Unknown'),
  }),
}));
