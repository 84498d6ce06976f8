/**
 * The parts of P- and X-Chain transactions as the node writes them, decoded by its client
 * (src/upstream/node-rpc/txs.ts): transferable inputs and outputs, fx outputs (secp256k1fx, nftfx),
 * credentials, X-Chain operations and initial states.
 * The links of inputs to the transactions they spend live with the node members of XChainTransaction (tx.ts).
 */
import { builder, type Types } from '../../builder.js';
import { utxoId } from '../../upstream/node-rpc/codec.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import type { NodeCredential, NodeFxOutput, NodeInitialState, NodeInput, NodeOperation, NodeOutput } from '../../upstream/node-rpc/txs.js';
import { OutputOwners, UtxoRef } from '../common/outputs.js';
import { enumValues } from '../common/enums.js';

export const FxOutputKind = builder.enumType('FxOutputKind', {
  description: 'What an output (or UTXO) holds, by its feature extension and type.',
  values: enumValues({
    SECP256K1_TRANSFER: 'An amount of a fungible asset (secp256k1fx transfer output).',
    SECP256K1_MINT: 'The right to mint more of a variable-cap asset (secp256k1fx mint output).',
    NFT_TRANSFER: 'An NFT of a group, with its payload (nftfx transfer output).',
    NFT_MINT: 'The right to mint NFTs of a group (nftfx mint output).',
    PROPERTY_MINT: 'The right to mint a property (propertyfx mint output).',
    PROPERTY_OWNED: 'An owned property (propertyfx owned output).',
    STAKEABLE_LOCK: 'A P-Chain amount locked until `stakeableLocktime` except for staking.',
    UNKNOWN: 'An output this gateway cannot classify.',
  }),
});

/** The fx-specific body of an output, as the node client decodes it. */
export type FxOutputShape = NodeFxOutput;

/** The members of an fx output, on both FxOutput and TransferableOutput. */
function fxOutputFields<T>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>, body: (parent: T) => FxOutputShape) {
  return {
    kind: t.field({ type: FxOutputKind, description: 'What the output holds.', resolve: (o) => body(o).kind }),
    amount: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Amount in the asset\'s smallest unit; null for outputs without one (mint, NFT).',
      resolve: (o) => body(o).amount,
    }),
    owners: t.field({ type: OutputOwners, nullable: true, description: 'Who may spend the output.', resolve: (o) => body(o).owners }),
    groupId: t.int({ nullable: true, description: 'NFT group; null for other outputs.', resolve: (o) => body(o).groupId }),
    payload: t.string({ nullable: true, description: 'NFT payload (0x hex); null for other outputs.', resolve: (o) => body(o).payload }),
    stakeableLocktime: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'For a stakeable lock: Unix time until which the amount may only be staked.',
      resolve: (o) => body(o).stakeableLocktime,
    }),
  };
}

export const FxOutput = builder.objectRef<FxOutputShape>('FxOutput').implement({
  description: 'The body of an output as its feature extension defines it (an initial state of a new asset).',
  fields: (t) => fxOutputFields(t, (o) => o),
});

export type OutputShape = NodeOutput & { network: NetworkKey };

export const outputsOn = (network: NetworkKey, outputs: NodeOutput[]): OutputShape[] => outputs.map((o) => ({ network, ...o }));

export const TransferableOutput = builder.objectRef<OutputShape>('TransferableOutput').implement({
  description: 'An output of a P- or X-Chain transaction: an asset and what its fx output holds.',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { description: 'Id of the asset (cb58).' }),
    fxId: t.exposeString('fxId', { nullable: true, description: 'Id of the feature extension (cb58).' }),
    ...fxOutputFields(t, (o) => o.body),
  }),
});

export type InputShape = NodeInput & {
  network: NetworkKey;
  /** True when the spent UTXO was created on the X-Chain itself (not imported, not P-Chain). */
  spendsXChainUtxo: boolean;
};

export const inputsOn = (network: NetworkKey, inputs: NodeInput[], spendsXChainUtxo: boolean): InputShape[] => inputs.map((i) => ({ network, spendsXChainUtxo, ...i }));

export const TransferableInput = builder.objectRef<InputShape>('TransferableInput').implement({
  description: 'An input of a P- or X-Chain transaction: the UTXO it spends and the signatures that unlock it.',
  fields: (t) => ({
    txId: t.exposeString('txId', { description: 'Id of the transaction that created the spent UTXO (cb58).' }),
    outputIndex: t.exposeInt('outputIndex', { description: 'Index of the spent output in that transaction.' }),
    utxoId: t.string({ nullable: true, description: 'Id of the spent UTXO (cb58).', resolve: (i) => utxoId(i.txId, i.outputIndex) }),
    assetId: t.exposeString('assetId', { description: 'Id of the asset spent (cb58).' }),
    fxId: t.exposeString('fxId', { nullable: true, description: 'Id of the feature extension (cb58).' }),
    amount: t.expose('amount', { type: 'BigInt', nullable: true, description: 'Amount spent, in the asset\'s smallest unit.' }),
    signatureIndices: t.intList({ description: 'Which owners of the spent UTXO signed (indices into its addresses).', resolve: (i) => i.signatureIndices }),
    stakeableLocktime: t.expose('stakeableLocktime', { type: 'BigInt', nullable: true, description: 'For a P-Chain stakeable-lock input: Unix time until which the amount may only be staked.' }),
  }),
});

export const Credential = builder.objectRef<NodeCredential>('Credential').implement({
  description: 'The signatures that unlock one input (or operation) of a transaction.',
  fields: (t) => ({
    fxId: t.exposeString('fxId', { nullable: true, description: 'Id of the feature extension whose credential this is (X-Chain).' }),
    signatures: t.exposeStringList('signatures', { description: 'Recoverable secp256k1 signatures (0x hex, 65 bytes each).' }),
  }),
});

export type OperationShape = NodeOperation & { network: NetworkKey };

export const XChainOperation = builder.objectRef<OperationShape>('XChainOperation').implement({
  description: 'An operation of an X-Chain OperationTx: UTXOs of an asset it consumes (e.g. a mint right) and what it does.',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { description: 'Id of the asset operated on (cb58).' }),
    fxId: t.exposeString('fxId', { nullable: true, description: 'Id of the feature extension of the operation (cb58).' }),
    utxos: t.expose('utxos', { type: [UtxoRef], description: 'The UTXOs the operation consumes.' }),
    operation: t.expose('operation', { type: 'JSON', description: 'The fx operation as the node writes it (mint outputs, signature indices).' }),
  }),
});

export const XChainInitialState = builder.objectRef<NodeInitialState>('XChainInitialState').implement({
  description: 'The outputs a new X-Chain asset starts with, under one feature extension.',
  fields: (t) => ({
    fxIndex: t.exposeInt('fxIndex', { nullable: true, description: 'Index of the feature extension in the VM.' }),
    fxId: t.exposeString('fxId', { nullable: true, description: 'Id of the feature extension (cb58).' }),
    outputs: t.expose('outputs', { type: [FxOutput], description: 'The initial outputs.' }),
  }),
});
