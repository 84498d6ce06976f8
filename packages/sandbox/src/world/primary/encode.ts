/**
 * Real codec bytes for the world's UTXOs and X-Chain transactions (AVM and P-Chain type ids), and
 * deterministic container bytes for vertices and blocks (ids are their sha256).
 */
import { ByteWriter, idBytes } from './bytes.js';
import type { Output, Owners, TransferableInput, TransferableOutput, XOperation, XTx } from './types.js';

const CODEC_VERSION = 0;

/** Type ids shared by the AVM and P-Chain codecs for secp256k1fx, then the AVM's nftfx ids. */
const TYPE = {
  secpTransferInput: 5,
  secpMintOutput: 6,
  secpTransferOutput: 7,
  secpMintOperation: 8,
  secpCredential: 9,
  nftMintOutput: 10,
  nftTransferOutput: 11,
  nftMintOperation: 12,
  nftCredential: 14,
  pLockOut: 22,
  pBanffStandardBlock: 32,
  xStandardBlock: 21,
} as const;

const X_TX_TYPE: Record<XTx['type'], number> = { BaseTx: 0, CreateAssetTx: 1, OperationTx: 2, ImportTx: 3, ExportTx: 4 };

function writeOwners(w: ByteWriter, owners: Owners): void {
  w.u64(owners.locktime).u32(owners.threshold).list(owners.addrs, (a, ww) => ww.fixed(a.bytes));
}

/** An output with its type id prefix (an interface field in the codec). */
export function writeTypedOutput(w: ByteWriter, output: Output): void {
  switch (output.type) {
    case 'secpTransfer':
      w.u32(TYPE.secpTransferOutput).u64(output.amount);
      writeOwners(w, output.owners);
      return;
    case 'secpMint':
      w.u32(TYPE.secpMintOutput);
      writeOwners(w, output.owners);
      return;
    case 'nftMint':
      w.u32(TYPE.nftMintOutput).u32(output.groupId);
      writeOwners(w, output.owners);
      return;
    case 'nftTransfer':
      w.u32(TYPE.nftTransferOutput).u32(output.groupId).slice(output.payload);
      writeOwners(w, output.owners);
      return;
    case 'lockOut':
      w.u32(TYPE.pLockOut).u64(output.stakeableLocktime).u32(TYPE.secpTransferOutput).u64(output.amount);
      writeOwners(w, output.owners);
      return;
  }
}

export function encodeUtxo(txId: string, outputIndex: number, assetId: string, output: Output): Uint8Array {
  const w = new ByteWriter().u16(CODEC_VERSION).fixed(idBytes(txId)).u32(outputIndex).fixed(idBytes(assetId));
  writeTypedOutput(w, output);
  return w.bytes();
}

function writeOutputs(w: ByteWriter, outputs: TransferableOutput[]): void {
  w.list(outputs, (o, ww) => {
    ww.fixed(idBytes(o.assetId));
    writeTypedOutput(ww, o.output);
  });
}

function writeInputs(w: ByteWriter, inputs: TransferableInput[]): void {
  w.list(inputs, (i, ww) => {
    const amount = i.utxo.output.type === 'secpTransfer' || i.utxo.output.type === 'lockOut' ? i.utxo.output.amount : 0n;
    ww.fixed(idBytes(i.utxo.txId)).u32(i.utxo.outputIndex).fixed(idBytes(i.utxo.assetId));
    ww.u32(TYPE.secpTransferInput).u64(amount).list(i.sigIndices, (s, www) => www.u32(s));
  });
}

function writeOperation(w: ByteWriter, op: XOperation): void {
  w.fixed(idBytes(op.assetId));
  w.list([op.input], (u, ww) => ww.fixed(idBytes(u.txId)).u32(u.outputIndex));
  if (op.kind === 'secpMint') {
    w.u32(TYPE.secpMintOperation).list([0], (s, ww) => ww.u32(s));
    writeOwners(w, op.mintOutput.owners);
    w.u64(op.transferOutput.amount);
    writeOwners(w, op.transferOutput.owners);
  } else {
    w.u32(TYPE.nftMintOperation).list([0], (s, ww) => ww.u32(s)).u32(op.groupId).slice(op.payload);
    w.list(op.owners, (o, ww) => writeOwners(ww, o));
  }
}

/** The signed bytes of an X-Chain transaction (its id is their sha256). */
export function encodeXTx(tx: Omit<XTx, 'id' | 'bytes' | 'container'>, networkId: number, xChainId: string): Uint8Array {
  const w = new ByteWriter().u16(CODEC_VERSION).u32(X_TX_TYPE[tx.type]);
  w.u32(networkId).fixed(idBytes(xChainId));
  writeOutputs(w, tx.outputs);
  writeInputs(w, tx.inputs);
  w.slice(tx.memo);
  switch (tx.type) {
    case 'CreateAssetTx': {
      const asset = tx.asset!;
      w.str(asset.name).str(asset.symbol).u8(asset.denomination);
      w.list(asset.initialStates, (s, ww) => {
        ww.u32(s.fxIndex).list(s.outputs, (o, www) => writeTypedOutput(www, o));
      });
      break;
    }
    case 'OperationTx':
      w.list(tx.operations ?? [], (op, ww) => writeOperation(ww, op));
      break;
    case 'ImportTx':
      w.fixed(idBytes(tx.sourceChain!));
      writeInputs(w, tx.importedInputs ?? []);
      break;
    case 'ExportTx':
      w.fixed(idBytes(tx.destinationChain!));
      writeOutputs(w, tx.exportedOutputs ?? []);
      break;
    case 'BaseTx':
      break;
  }
  w.list(tx.credentials, (c, ww) => {
    ww.u32(c.fx === 'nft' ? TYPE.nftCredential : TYPE.secpCredential).list(c.signatures, (s, www) => www.fixed(s));
  });
  return w.bytes();
}

export function encodeVertex(chainId: string, height: number, parents: string[], txBytes: Uint8Array[]): Uint8Array {
  return new ByteWriter()
    .u16(CODEC_VERSION)
    .fixed(idBytes(chainId))
    .u64(height)
    .u32(0)
    .list(parents, (p, w) => w.fixed(idBytes(p)))
    .list(txBytes, (t, w) => w.slice(t))
    .bytes();
}

export function encodeXBlock(parentId: string, height: number, time: number, txBytes: Uint8Array[]): Uint8Array {
  return new ByteWriter()
    .u16(CODEC_VERSION)
    .u32(TYPE.xStandardBlock)
    .fixed(idBytes(parentId))
    .u64(height)
    .u64(time)
    .fixed(new Uint8Array(32))
    .list(txBytes, (t, w) => w.fixed(t.subarray(2)))
    .bytes();
}

/** A P-Chain Banff standard block; its transactions are referenced by id (not real tx bytes). */
export function encodePBlock(parentId: string, height: number, time: number, txIds: string[]): Uint8Array {
  return new ByteWriter()
    .u16(CODEC_VERSION)
    .u32(TYPE.pBanffStandardBlock)
    .u64(time)
    .fixed(idBytes(parentId))
    .u64(height)
    .list(txIds, (t, w) => w.fixed(idBytes(t)))
    .bytes();
}
