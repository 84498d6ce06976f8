/**
 * P- and X-Chain transactions as a node writes them, decoded: the JSON encoding (the Go struct, its
 * integers as JSON numbers) and the hex one (codec bytes and a checksum). A decoded tx is a view over
 * the node's JSON: each member is decoded when read, so a member the node garbles fails (or is null
 * in) only what reads it, and the JSON the caches hold stays as the node sent it.
 */
import { bytesFromNodeHex, idOfBytes, ownersOf, utxoRefOf, wireInt, wireUint, type NodeOwners, type NodeUtxoRef, type UtxoOutputKind } from './codec.js';
import type { WirePTx } from './wire/pchain.js';
import type {
  WireCredential,
  WireFxOutput,
  WireInitialState,
  WireOperation,
  WireTransferableInput,
  WireTransferableOutput,
  WireXTx,
  WireXUnsignedTx,
} from './wire/xchain.js';

/** Well-known feature extension ids (the same on every network). */
const FX = {
  secp256k1: 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ',
  nft: 'qd2U4HDWUvMrVUeTcCHp6xH3Qpnn1XbU5MDdnBoiifFqvgXwT',
  property: 'rXJsCSEYXg2TehWxCEEGj6JU2PWKTkd6cBdNLjoe2SpsKD9cy',
} as const;

/** The fx-specific body of an output. */
export interface NodeFxOutput {
  kind: UtxoOutputKind;
  amount: bigint | null;
  owners: NodeOwners | null;
  groupId: number | null;
  payload: string | null;
  stakeableLocktime: bigint | null;
}

/** An output of a tx: an asset and what its fx output holds. */
export interface NodeOutput {
  assetId: string;
  fxId: string | null;
  body: NodeFxOutput;
}

/** An input of a tx: the UTXO it spends and the signatures that unlock it. */
export interface NodeInput {
  txId: string;
  outputIndex: number;
  assetId: string;
  fxId: string | null;
  amount: bigint | null;
  signatureIndices: number[];
  stakeableLocktime: bigint | null;
}

export interface NodeCredential {
  fxId: string | null;
  signatures: string[];
}

/** An operation of an X-Chain OperationTx. */
export interface NodeOperation {
  assetId: string;
  fxId: string | null;
  utxos: NodeUtxoRef[];
  operation: Record<string, unknown>;
}

/** The outputs a new X-Chain asset starts with, under one feature extension. */
export interface NodeInitialState {
  fxIndex: number | null;
  fxId: string | null;
  outputs: NodeFxOutput[];
}

function kindOf(output: WireFxOutput, fxId: string | undefined): UtxoOutputKind {
  if (fxId === FX.property) return 'UNKNOWN';
  const hasGroup = output.groupID !== undefined;
  if (fxId === FX.nft || hasGroup) return output.payload !== undefined ? 'NFT_TRANSFER' : 'NFT_MINT';
  if (output.amount !== undefined) return 'SECP256K1_TRANSFER';
  if (output.addresses !== undefined) return 'SECP256K1_MINT';
  return 'UNKNOWN';
}

export function fxOutputOf(output: WireFxOutput, fxId?: string): NodeFxOutput {
  const inner = output.output;
  // A P-Chain stakeable lock wraps a transfer output: {locktime, output: {...}}.
  if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
    return { ...fxOutputOf(inner as WireFxOutput, fxId), kind: 'STAKEABLE_LOCK', stakeableLocktime: wireUint(output.locktime) };
  }
  return {
    kind: kindOf(output, fxId),
    amount: wireUint(output.amount),
    owners: output.addresses !== undefined || output.threshold !== undefined ? ownersOf(output) : null,
    groupId: wireInt(output.groupID),
    payload: typeof output.payload === 'string' ? output.payload : null,
    stakeableLocktime: null,
  };
}

export function outputOf(wire: WireTransferableOutput): NodeOutput {
  return { assetId: wire.assetID, fxId: wire.fxID ?? null, body: fxOutputOf(wire.output ?? {}, wire.fxID) };
}

export function inputOf(wire: WireTransferableInput): NodeInput {
  let body = wire.input ?? {};
  let stakeableLocktime: bigint | null = null;
  const inner = body.input;
  // A P-Chain stakeable lock wraps a transfer input: {locktime, input: {...}}.
  if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
    stakeableLocktime = wireUint(body.locktime as string | number | undefined);
    body = inner as typeof body;
  }
  return {
    txId: wire.txID,
    outputIndex: wireInt(wire.outputIndex) ?? 0,
    assetId: wire.assetID,
    fxId: wire.fxID ?? null,
    amount: wireUint(body.amount),
    signatureIndices: (body.signatureIndices ?? []).map((i) => wireInt(i) ?? 0),
    stakeableLocktime,
  };
}

export function credentialOf(wire: WireCredential): NodeCredential {
  return { fxId: wire.fxID ?? null, signatures: wire.credential?.signatures ?? wire.signatures ?? [] };
}

function operationOf(wire: WireOperation): NodeOperation {
  return { assetId: wire.assetID, fxId: wire.fxID ?? null, utxos: (wire.inputIDs ?? []).map(utxoRefOf), operation: wire.operation ?? {} };
}

function initialStateOf(wire: WireInitialState): NodeInitialState {
  return { fxIndex: wireInt(wire.fxIndex), fxId: wire.fxID ?? null, outputs: (wire.outputs ?? []).map((o) => fxOutputOf(o, wire.fxID)) };
}

/** The kinds of X-Chain transactions, in the order of their codec type ids. */
export const X_TX_KINDS = ['BASE', 'CREATE_ASSET', 'OPERATION', 'IMPORT', 'EXPORT'] as const;
export type XTxKind = (typeof X_TX_KINDS)[number];

/** Bytes in the node's hex encoding (0x, codec bytes and a 4-byte checksum), as sent, with what they name. */
export class NodeBytes {
  constructor(readonly raw: string) {}

  /** The id of the tx or block the bytes serialize: cb58 of their sha256. */
  get id(): string {
    return idOfBytes(bytesFromNodeHex(this.raw));
  }
}

/** An X-Chain tx's bytes: their type id says its kind. */
export class XTxBytes extends NodeBytes {
  get kind(): XTxKind {
    const bytes = bytesFromNodeHex(this.raw);
    const typeId = bytes.length >= 6 ? new DataView(bytes.buffer, bytes.byteOffset).getUint32(2) : -1;
    return X_TX_KINDS[typeId] ?? 'BASE';
  }
}

/** An X-Chain tx as JSON: the BaseTx members and those of its kind. */
export class XTx {
  constructor(readonly wire: WireXTx) {}

  get id(): string {
    return this.wire.id;
  }

  private get unsigned(): WireXUnsignedTx {
    return this.wire.unsignedTx;
  }

  /** From the members the node writes for each kind. */
  get kind(): XTxKind {
    const u = this.wire.unsignedTx ?? ({} as WireXUnsignedTx);
    if (u.importedInputs !== undefined || u.sourceChain !== undefined) return 'IMPORT';
    if (u.exportedOutputs !== undefined || u.destinationChain !== undefined) return 'EXPORT';
    if (u.operations !== undefined) return 'OPERATION';
    if (u.initialStates !== undefined || u.name !== undefined) return 'CREATE_ASSET';
    return 'BASE';
  }

  get networkId(): number | null {
    return wireInt(this.unsigned.networkID);
  }

  get memo(): string | null {
    return this.unsigned.memo ?? null;
  }

  get inputs(): NodeInput[] {
    return (this.unsigned.inputs ?? []).map(inputOf);
  }

  get outputs(): NodeOutput[] {
    return (this.unsigned.outputs ?? []).map(outputOf);
  }

  get credentials(): NodeCredential[] {
    return (this.wire.credentials ?? []).map(credentialOf);
  }

  /** CreateAssetTx */
  get name(): string | null {
    return this.unsigned.name ?? null;
  }

  get symbol(): string | null {
    return this.unsigned.symbol ?? null;
  }

  get denomination(): number | null {
    return wireInt(this.unsigned.denomination);
  }

  get initialStates(): NodeInitialState[] {
    return (this.unsigned.initialStates ?? []).map(initialStateOf);
  }

  /** OperationTx */
  get operations(): NodeOperation[] {
    return (this.unsigned.operations ?? []).map(operationOf);
  }

  /** ImportTx */
  get sourceChain(): string | null {
    return this.unsigned.sourceChain ?? null;
  }

  get importedInputs(): NodeInput[] {
    return (this.unsigned.importedInputs ?? []).map(inputOf);
  }

  /** ExportTx */
  get destinationChain(): string | null {
    return this.unsigned.destinationChain ?? null;
  }

  get exportedOutputs(): NodeOutput[] {
    return (this.unsigned.exportedOutputs ?? []).map(outputOf);
  }
}

/** Inferred from which members an unsigned tx has, most specific first. */
const P_TX_TYPE_RULES: Array<[string, (u: Record<string, unknown>) => boolean]> = [
  ['REWARD_VALIDATOR', (u) => 'txID' in u && !('networkID' in u) && !('inputs' in u)],
  ['ADVANCE_TIME', (u) => 'time' in u && !('networkID' in u) && !('inputs' in u)],
  ['REGISTER_L1_VALIDATOR', (u) => 'message' in u && 'balance' in u],
  ['SET_L1_VALIDATOR_WEIGHT', (u) => 'message' in u],
  ['DISABLE_L1_VALIDATOR', (u) => 'validationID' in u && 'disableAuthorization' in u],
  ['INCREASE_L1_VALIDATOR_BALANCE', (u) => 'validationID' in u && 'balance' in u],
  ['CONVERT_SUBNET_TO_L1', (u) => 'chainID' in u && 'validators' in u],
  ['CREATE_CHAIN', (u) => 'chainName' in u],
  ['TRANSFER_SUBNET_OWNERSHIP', (u) => 'owner' in u && 'subnetID' in u],
  ['CREATE_SUBNET', (u) => 'owner' in u],
  ['TRANSFORM_SUBNET', (u) => 'initialSupply' in u],
  ['ADD_PERMISSIONLESS_VALIDATOR', (u) => 'validator' in u && 'signer' in u],
  ['ADD_PERMISSIONLESS_DELEGATOR', (u) => 'validator' in u && 'rewardsOwner' in u && 'subnetID' in u],
  ['ADD_DELEGATOR', (u) => 'validator' in u && 'rewardsOwner' in u],
  ['ADD_VALIDATOR', (u) => 'validator' in u && 'shares' in u],
  ['ADD_SUBNET_VALIDATOR', (u) => 'validator' in u && 'subnetAuthorization' in u],
  ['REMOVE_SUBNET_VALIDATOR', (u) => 'nodeID' in u && 'subnetAuthorization' in u],
  ['IMPORT', (u) => 'sourceChain' in u],
  ['EXPORT', (u) => 'destinationChain' in u],
  ['BASE', (u) => 'networkID' in u || 'inputs' in u],
];

/** The types of P-Chain transactions the node's JSON tells apart (UNKNOWN: none of them). */
export const P_TX_TYPES = [...P_TX_TYPE_RULES.map(([name]) => name), 'UNKNOWN'] as const;
export type PTxType = (typeof P_TX_TYPES)[number];

interface PBaseMembers {
  networkID?: number | string;
  outputs?: WireTransferableOutput[] | null;
  inputs?: WireTransferableInput[] | null;
  memo?: string;
}

/**
 * A P-Chain tx as JSON. Its unsigned part differs per type: the type is inferred from its members,
 * the BaseTx members are read at its top or (older nodes) nested under `inputs`.
 */
export class PTx {
  constructor(readonly wire: WirePTx) {}

  get id(): string {
    return this.wire.id;
  }

  /** The whole unsigned tx as the node writes it. */
  get unsignedTx(): Record<string, unknown> {
    return this.wire.unsignedTx;
  }

  get type(): PTxType {
    const u = (this.wire.unsignedTx ?? {}) as Record<string, unknown>;
    return (P_TX_TYPE_RULES.find(([, test]) => test(u))?.[0] ?? 'UNKNOWN') as PTxType;
  }

  private get base(): PBaseMembers {
    const u = (this.wire.unsignedTx ?? {}) as Record<string, unknown>;
    const nested = u.inputs;
    if (nested && typeof nested === 'object' && !Array.isArray(nested)) return nested as PBaseMembers;
    return u as PBaseMembers;
  }

  get networkId(): number | null {
    return wireInt(this.base.networkID);
  }

  get memo(): string | null {
    return this.base.memo ?? null;
  }

  get inputs(): NodeInput[] {
    return (this.base.inputs ?? []).map(inputOf);
  }

  get outputs(): NodeOutput[] {
    return (this.base.outputs ?? []).map(outputOf);
  }

  get credentials(): NodeCredential[] {
    return (this.wire.credentials ?? []).map(credentialOf);
  }

  /** ImportTx */
  get sourceChain(): string | null {
    return this.member('sourceChain');
  }

  /** ExportTx */
  get destinationChain(): string | null {
    return this.member('destinationChain');
  }

  private member(name: string): string | null {
    const value = (this.wire.unsignedTx ?? {})[name];
    return typeof value === 'string' ? value : null;
  }
}
