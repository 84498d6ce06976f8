/**
 * Wire shapes of AvalancheGo's X-Chain API (`avm.*` on `/ext/bc/X`), as the node sends them.
 * AvalancheGo quotes the integers of API replies (`json.Uint64`: "5094088") but writes the integers
 * inside JSON-encoded transactions and blocks as plain numbers, so both forms are typed.
 */

/** An integer as AvalancheGo writes it: a decimal string in replies, a number inside txs/blocks. */
export type WireUint = string | number;

/** `encoding` of getBlock/getTx: hex bytes (with a 4-byte checksum) or the Go struct as JSON. */
export type WireEncoding = 'hex' | 'json';

export interface WireHeightReply {
  height: WireUint;
}

export interface WireTxFeeReply {
  txFee: WireUint;
  createAssetTxFee: WireUint;
}

export interface WireAssetDescription {
  assetID: string;
  name: string;
  symbol: string;
  denomination: WireUint;
}

export interface WireBalanceEntry {
  /** An asset id, or an alias such as "AVAX". */
  asset: string;
  balance: WireUint;
}

export interface WireGetAllBalancesReply {
  balances: WireBalanceEntry[];
}

export interface WireUtxoRef {
  txID: string;
  outputIndex: WireUint;
}

export interface WireGetBalanceReply {
  balance: WireUint;
  utxoIDs?: WireUtxoRef[] | null;
}

export interface WireTxStatusReply {
  status: string;
  reason?: string;
}

/** The position `getUTXOs` stopped at; passed back as `startIndex` to continue. */
export interface WireUtxoIndex {
  address: string;
  utxo: string;
}

export interface WireGetUtxosParams {
  addresses: string[];
  limit?: number;
  startIndex?: WireUtxoIndex;
  sourceChain?: string;
  encoding?: 'hex';
}

export interface WireGetUtxosReply {
  numFetched: WireUint;
  /** Codec bytes of each UTXO, hex with checksum. */
  utxos: string[];
  endIndex: WireUtxoIndex;
  sourceChain?: string;
  encoding: string;
}

/** An output of the secp256k1fx or nftfx as JSON (which members exist depends on its type). */
export interface WireFxOutput {
  addresses?: string[];
  amount?: WireUint;
  locktime?: WireUint;
  threshold?: WireUint;
  groupID?: WireUint;
  payload?: string;
  [other: string]: unknown;
}

export interface WireTransferableOutput {
  assetID: string;
  fxID?: string;
  output: WireFxOutput;
}

export interface WireTransferableInput {
  txID: string;
  outputIndex: WireUint;
  assetID: string;
  fxID?: string;
  input: { amount?: WireUint; signatureIndices?: WireUint[]; [other: string]: unknown };
}

export interface WireCredential {
  fxID?: string;
  credential?: { signatures?: string[] };
  /** P-Chain credentials carry their signatures directly. */
  signatures?: string[];
}

export interface WireInitialState {
  fxIndex: WireUint;
  fxID?: string;
  outputs: WireFxOutput[];
}

export interface WireOperation {
  assetID: string;
  inputIDs: Array<{ txID: string; outputIndex: WireUint }>;
  fxID?: string;
  operation: Record<string, unknown>;
}

/** The unsigned part of an X-Chain tx: BaseTx members plus those of its variant. */
export interface WireXUnsignedTx {
  networkID: WireUint;
  blockchainID: string;
  outputs: WireTransferableOutput[] | null;
  inputs: WireTransferableInput[] | null;
  memo: string;
  /** CreateAssetTx */
  name?: string;
  symbol?: string;
  denomination?: WireUint;
  initialStates?: WireInitialState[] | null;
  /** OperationTx */
  operations?: WireOperation[] | null;
  /** ImportTx */
  sourceChain?: string;
  importedInputs?: WireTransferableInput[] | null;
  /** ExportTx */
  destinationChain?: string;
  exportedOutputs?: WireTransferableOutput[] | null;
}

export interface WireXTx {
  unsignedTx: WireXUnsignedTx;
  credentials: WireCredential[] | null;
  id: string;
}

export interface WireGetTxReply<T> {
  tx: T;
  encoding: WireEncoding;
}

export interface WireXBlock {
  parentID: string;
  height: WireUint;
  time: WireUint;
  merkleRoot?: string;
  txs: WireXTx[] | null;
  id: string;
}

export interface WireGetBlockReply<T> {
  block: T;
  encoding: WireEncoding;
}
