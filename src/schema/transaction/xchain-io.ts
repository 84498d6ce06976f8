/**
 * The parts of P- and X-Chain transactions as the node writes them in JSON: transferable inputs and
 * outputs, fx outputs (secp256k1fx, nftfx), credentials, X-Chain operations and initial states.
 * The links of inputs to the transactions they spend live with the node members of XChainTransaction (tx.ts).
 */
import { builder, type Types } from '../../builder.js';
import { utxoId, wireInt, wireUint } from '../../upstream/node-rpc/codec.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import type {
  WireCredential,
  WireFxOutput,
  WireInitialState,
  WireOperation,
  WireTransferableInput,
  WireTransferableOutput,
} from '../../upstream/node-rpc/wire/xchain.js';
import { ownersFrom, OutputOwners, UtxoRef, utxoRefFrom, type OwnersShape, type UtxoRefShape } from '../common/outputs.js';
import { enumValues } from '../common/enums.js';

/** Well-known feature extension ids (the same on every network). */
const FX = {
  secp256k1: 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ',
  nft: 'qd2U4HDWUvMrVUeTcCHp6xH3Qpnn1XbU5MDdnBoiifFqvgXwT',
  property: 'rXJsCSEYXg2TehWxCEEGj6JU2PWKTkd6cBdNLjoe2SpsKD9cy',
} as const;

export const FX_OUTPUT_KINDS = [
  'SECP256K1_TRANSFER',
  'SECP256K1_MINT',
  'NFT_TRANSFER',
  'NFT_MINT',
  'PROPERTY_MINT',
  'PROPERTY_OWNED',
  'STAKEABLE_LOCK',
  'UNKNOWN',
] as const;
export type FxOutputKindValue = (typeof FX_OUTPUT_KINDS)[number];

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

/** The fx-specific body of an output. */
export interface FxOutputShape {
  kind: FxOutputKindValue;
  amount: bigint | null;
  owners: OwnersShape | null;
  groupId: number | null;
  payload: string | null;
  stakeableLocktime: bigint | null;
}

function kindOf(output: WireFxOutput, fxId: string | undefined): FxOutputKindValue {
  if (fxId === FX.property) return 'UNKNOWN';
  const hasGroup = output.groupID !== undefined;
  if (fxId === FX.nft || hasGroup) return output.payload !== undefined ? 'NFT_TRANSFER' : 'NFT_MINT';
  if (output.amount !== undefined) return 'SECP256K1_TRANSFER';
  if (output.addresses !== undefined) return 'SECP256K1_MINT';
  return 'UNKNOWN';
}

export function fxOutputFrom(output: WireFxOutput, fxId?: string): FxOutputShape {
  const inner = output.output;
  // A P-Chain stakeable lock wraps a transfer output: {locktime, output: {...}}.
  if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
    return { ...fxOutputFrom(inner as WireFxOutput, fxId), kind: 'STAKEABLE_LOCK', stakeableLocktime: wireUint(output.locktime) };
  }
  return {
    kind: kindOf(output, fxId),
    amount: wireUint(output.amount),
    owners: output.addresses !== undefined || output.threshold !== undefined ? ownersFrom(output) : null,
    groupId: wireInt(output.groupID),
    payload: typeof output.payload === 'string' ? output.payload : null,
    stakeableLocktime: null,
  };
}


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

export interface OutputShape {
  network: NetworkKey;
  assetId: string;
  fxId: string | null;
  body: FxOutputShape;
}

export function outputFrom(network: NetworkKey, wire: WireTransferableOutput): OutputShape {
  return { network, assetId: wire.assetID, fxId: wire.fxID ?? null, body: fxOutputFrom(wire.output ?? {}, wire.fxID) };
}

export const TransferableOutput = builder.objectRef<OutputShape>('TransferableOutput').implement({
  description: 'An output of a P- or X-Chain transaction: an asset and what its fx output holds.',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { description: 'Id of the asset (cb58).' }),
    fxId: t.exposeString('fxId', { nullable: true, description: 'Id of the feature extension (cb58).' }),
    ...fxOutputFields(t, (o) => o.body),
  }),
});

export interface InputShape {
  network: NetworkKey;
  /** True when the spent UTXO was created on the X-Chain itself (not imported, not P-Chain). */
  spendsXChainUtxo: boolean;
  txId: string;
  outputIndex: number;
  assetId: string;
  fxId: string | null;
  amount: bigint | null;
  signatureIndices: number[];
  stakeableLocktime: bigint | null;
}

export function inputFrom(network: NetworkKey, wire: WireTransferableInput, spendsXChainUtxo: boolean): InputShape {
  let body = wire.input ?? {};
  let stakeableLocktime: bigint | null = null;
  const inner = body.input;
  // A P-Chain stakeable lock wraps a transfer input: {locktime, input: {...}}.
  if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
    stakeableLocktime = wireUint(body.locktime as string | number | undefined);
    body = inner as typeof body;
  }
  return {
    network,
    spendsXChainUtxo,
    txId: wire.txID,
    outputIndex: wireInt(wire.outputIndex) ?? 0,
    assetId: wire.assetID,
    fxId: wire.fxID ?? null,
    amount: wireUint(body.amount),
    signatureIndices: (body.signatureIndices ?? []).map((i) => wireInt(i) ?? 0),
    stakeableLocktime,
  };
}

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

export interface CredentialShape {
  fxId: string | null;
  signatures: string[];
}

export function credentialFrom(wire: WireCredential): CredentialShape {
  return { fxId: wire.fxID ?? null, signatures: wire.credential?.signatures ?? wire.signatures ?? [] };
}

export const Credential = builder.objectRef<CredentialShape>('Credential').implement({
  description: 'The signatures that unlock one input (or operation) of a transaction.',
  fields: (t) => ({
    fxId: t.exposeString('fxId', { nullable: true, description: 'Id of the feature extension whose credential this is (X-Chain).' }),
    signatures: t.exposeStringList('signatures', { description: 'Recoverable secp256k1 signatures (0x hex, 65 bytes each).' }),
  }),
});

export interface OperationShape {
  network: NetworkKey;
  assetId: string;
  fxId: string | null;
  utxos: UtxoRefShape[];
  operation: Record<string, unknown>;
}

export function operationFrom(network: NetworkKey, wire: WireOperation): OperationShape {
  return { network, assetId: wire.assetID, fxId: wire.fxID ?? null, utxos: (wire.inputIDs ?? []).map(utxoRefFrom), operation: wire.operation ?? {} };
}

export const XChainOperation = builder.objectRef<OperationShape>('XChainOperation').implement({
  description: 'An operation of an X-Chain OperationTx: UTXOs of an asset it consumes (e.g. a mint right) and what it does.',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { description: 'Id of the asset operated on (cb58).' }),
    fxId: t.exposeString('fxId', { nullable: true, description: 'Id of the feature extension of the operation (cb58).' }),
    utxos: t.expose('utxos', { type: [UtxoRef], description: 'The UTXOs the operation consumes.' }),
    operation: t.expose('operation', { type: 'JSON', description: 'The fx operation as the node writes it (mint outputs, signature indices).' }),
  }),
});

export interface InitialStateShape {
  fxIndex: number | null;
  fxId: string | null;
  outputs: FxOutputShape[];
}

export function initialStateFrom(wire: WireInitialState): InitialStateShape {
  return { fxIndex: wireInt(wire.fxIndex), fxId: wire.fxID ?? null, outputs: (wire.outputs ?? []).map((o) => fxOutputFrom(o, wire.fxID)) };
}

export const XChainInitialState = builder.objectRef<InitialStateShape>('XChainInitialState').implement({
  description: 'The outputs a new X-Chain asset starts with, under one feature extension.',
  fields: (t) => ({
    fxIndex: t.exposeInt('fxIndex', { nullable: true, description: 'Index of the feature extension in the VM.' }),
    fxId: t.exposeString('fxId', { nullable: true, description: 'Id of the feature extension (cb58).' }),
    outputs: t.expose('outputs', { type: [FxOutput], description: 'The initial outputs.' }),
  }),
});
