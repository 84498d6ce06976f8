/**
 * The X-Chain node's view of a transaction (`avm.getTx`) as members of `XChainTransaction`: its
 * kind, inputs, outputs, credentials, raw bytes and each kind's own members (a CreateAssetTx's
 * initial states, an OperationTx's operations, an ImportTx's imported inputs, an ExportTx's exported
 * outputs). Typed members come from the JSON encoding; `raw` from the hex encoding, fetched only
 * when selected (and alone when nothing else is). On a transaction the Data API listed, they are
 * read from the node by hash when selected.
 */
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { notFound } from '../../errors.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import type { XTx, XTxKind } from '../../upstream/node-rpc/txs.js';
import { enumValues, upstreamEnum } from '../common/enums.js';
import { cb58Id } from '../common/validate.js';
import { XChainTransaction, xNodeJson, xNodeTxKind } from './primary-transaction.js';
import { hashOf, type XNodeTxShape, type XTxShape } from './primary-keys.js';
import { XChain } from '../xchain/xchain.js';
import {
  Credential,
  inputsOn,
  outputsOn,
  TransferableInput,
  TransferableOutput,
  XChainInitialState,
  XChainOperation,
} from './xchain-io.js';
import { selectsOnly } from '../common/node-args.js';

/** A tx by id in the encoding the selection needs; null when the chain does not know it. */
export async function fetchTx(ctx: Context, network: NetworkKey, id: string, hexOnly: boolean): Promise<XNodeTxShape | null> {
  const rpc = ctx.upstreams.nodeRpc.xChain(network);
  if (hexOnly) {
    const hex = await rpc.getTx(id, 'hex');
    return hex === null ? null : { network, chain: 'X', txHash: id, hex };
  }
  const json = await rpc.getTx(id, 'json');
  return json === null ? null : { network, chain: 'X', txHash: id, json };
}

/** Fields that can be answered from the hex encoding alone. */
export const TX_HEX_FIELDS: ReadonlySet<string> = new Set(['id', 'txHash', 'type', 'raw']);

export const XChainTxType = builder.enumType('XChainTxType', {
  description: 'The kind of an X-Chain transaction, as the node\'s record shows it (its codec type).',
  values: enumValues({
    BASE: 'A transfer of assets between X-Chain addresses.',
    CREATE_ASSET: 'Creates an asset; the asset id is the transaction id.',
    OPERATION: 'Applies fx operations, such as minting.',
    IMPORT: 'Imports UTXOs another chain exported to the X-Chain.',
    EXPORT: 'Exports outputs to another chain.',
  }),
});

/** The kind of a transaction: from the node's record it holds, else from the node's JSON read by hash. */
async function kindOf(tx: XTxShape, ctx: Context): Promise<XTxKind> {
  if (!tx.wire) return xNodeTxKind(tx);
  return xNodeTxKind({ network: tx.network, chain: 'X', txHash: tx.wire.txHash, json: await xNodeJson(tx, ctx) });
}

/** A resolver of a member of the node's record. */
const fromNode =
  <T>(pick: (node: XTx, network: NetworkKey) => T) =>
  async (tx: XTxShape, _args: object, ctx: Context): Promise<T> =>
    pick(await xNodeJson(tx, ctx), tx.network);

builder.objectFields(XChainTransaction, (t) => ({
  type: t.field({
    type: XChainTxType,
    description: 'The kind of transaction as the node\'s record shows it (from its bytes when only they were read); see also `txType`.',
    resolve: (tx, _, ctx) => kindOf(tx, ctx),
  }),
  networkId: t.int({ nullable: true, description: 'Id of the network (1 mainnet, 5 Fuji), from the node\'s record.', resolve: fromNode((x) => x.networkId) }),
  inputs: t.field({
    type: [TransferableInput],
    description: 'Inputs spending X-Chain UTXOs, from the node\'s record.',
    resolve: fromNode((x, network) => inputsOn(network, x.inputs, true)),
  }),
  outputs: t.field({
    type: [TransferableOutput],
    description: 'Outputs that stay on the X-Chain, from the node\'s record.',
    resolve: fromNode((x, network) => outputsOn(network, x.outputs)),
  }),
  credentials: t.field({
    type: [Credential],
    description: 'Signatures, one credential per input (then per imported input and per operation), from the node\'s record.',
    resolve: fromNode((x) => x.credentials),
  }),
  raw: t.string({
    description: 'The signed transaction bytes in the node\'s hex encoding (0x, codec bytes and a 4-byte checksum).',
    resolve: async (tx, _, ctx) => {
      if (!tx.wire && tx.hex) return tx.hex.raw;
      const hash = hashOf(tx);
      const hex = await ctx.upstreams.nodeRpc.xChain(tx.network).getTx(hash, 'hex');
      if (hex === null) throw notFound(`The X-Chain node no longer has transaction ${hash}`);
      return hex.raw;
    },
  }),
  name: t.string({ nullable: true, description: 'For a CreateAssetTx, the name of the new asset (node\'s record); null otherwise.', resolve: fromNode((x) => x.name) }),
  symbol: t.string({ nullable: true, description: 'For a CreateAssetTx, the symbol of the new asset (node\'s record); null otherwise.', resolve: fromNode((x) => x.symbol) }),
  denomination: t.int({ nullable: true, description: 'For a CreateAssetTx, the denomination of the new asset (node\'s record); null otherwise.', resolve: fromNode((x) => x.denomination) }),
  initialStates: t.field({
    type: [XChainInitialState],
    description: 'For a CreateAssetTx, the outputs the asset starts with, per feature extension (node\'s record); empty otherwise.',
    resolve: fromNode((x) => x.initialStates),
  }),
  operations: t.field({
    type: [XChainOperation],
    description: 'For an OperationTx, its operations (node\'s record); empty otherwise.',
    resolve: fromNode((x, network) => x.operations.map((o) => ({ network, ...o }))),
  }),
  importedInputs: t.field({
    type: [TransferableInput],
    description: 'For an ImportTx, the inputs spending the imported UTXOs, created on the source chain (node\'s record); empty otherwise.',
    resolve: fromNode((x, network) => inputsOn(network, x.importedInputs, false)),
  }),
  exportedOutputs: t.field({
    type: [TransferableOutput],
    description: 'For an ExportTx, the outputs sent to the destination chain (node\'s record); empty otherwise.',
    resolve: fromNode((x, network) => outputsOn(network, x.exportedOutputs)),
  }),
}));

builder.objectFields(TransferableInput, (t) => ({
  spentTx: t.field({
    type: XChainTransaction,
    nullable: true,
    description: 'The X-Chain transaction that created the spent UTXO; null for inputs spending UTXOs of another chain (imports, P-Chain).',
    resolve: (i, _, ctx, info) => (i.spendsXChainUtxo ? fetchTx(ctx, i.network, i.txId, selectsOnly(info, TX_HEX_FIELDS)) : null),
  }),
}));

export const XChainTxStatus = upstreamEnum('XChainTxStatus', {
  description: 'Where a transaction stands on the node.',
  values: {
    Accepted: 'Accepted (or certain to be) by every node.',
    Processing: 'Being voted on by this node.',
    Rejected: 'Will never be accepted.',
  },
  unknown: 'Not seen by this node, or a status this gateway does not know.',
});

builder.objectFields(XChain, (t) => ({
  tx: t.checkedField({
    type: XChainTransaction,
    nullable: true,
    description: 'A transaction by id (`avm.getTx`); null when the chain does not know it.',
    args: { id: t.arg.string({ required: true, description: 'Transaction id (cb58).' }) },
    check: (args) => cb58Id('id', args.id),
    resolve: (x, id, _args, ctx, info) => fetchTx(ctx, x.network, id, selectsOnly(info, TX_HEX_FIELDS)),
  }),
  txStatus: t.checkedField({
    type: XChainTxStatus,
    nullable: true,
    description: 'The status of a transaction (`avm.getTxStatus`).',
    deprecationReason: 'avm.getTxStatus is deprecated since AvalancheGo v1.10.0: read `tx` (null when unknown) instead.',
    args: { id: t.arg.string({ required: true, description: 'Transaction id (cb58).' }) },
    check: (args) => cb58Id('id', args.id),
    resolve: async (x, id, _args, ctx) => XChainTxStatus.from(await ctx.upstreams.nodeRpc.xChain(x.network).getTxStatus(id)),
  }),
}));
