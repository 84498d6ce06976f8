/**
 * The `json` encoding of AvalancheGo's getTx/getBlock: transactions as their typed structures
 * (outputs with fx ids, addresses formatted for the chain, owners, credentials), and the
 * `hex`/`hexc`/`hexnc` encodings of raw bytes.
 */
import { bech32Address, bytesToHex } from '@avalanche-graph/identity';
import { hexWithChecksum } from '../../world/primary/bytes.js';
import { FX_IDS } from '../../world/primary/index.js';
import type { Output, Owners, PrimaryNetwork, TransferableInput, TransferableOutput, XOperation, XTx } from '../../world/primary/index.js';
import type { Encoding } from './params.js';

/** A uint64 as a JSON number (AvalancheGo's plain uint64 fields), exact for the world's values. */
function num(value: bigint): number | string {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}

export function encodeBytes(bytes: Uint8Array, encoding: Exclude<Encoding, 'json'>): string {
  return encoding === 'hexnc' ? bytesToHex(bytes) : hexWithChecksum(bytes);
}

export class TxFormatter {
  constructor(
    private readonly net: PrimaryNetwork,
    private readonly chain: 'X' | 'P',
  ) {}

  address(key: { bytes: Uint8Array }): string {
    return bech32Address(this.chain, this.net.hrp, key.bytes);
  }

  owners(owners: Owners): Record<string, unknown> {
    return { addresses: owners.addrs.map((a) => this.address(a)), locktime: num(owners.locktime), threshold: owners.threshold };
  }

  output(output: Output): Record<string, unknown> {
    switch (output.type) {
      case 'secpTransfer':
        return { ...this.owners(output.owners), amount: num(output.amount) };
      case 'secpMint':
        return this.owners(output.owners);
      case 'nftMint':
        return { groupID: output.groupId, ...this.owners(output.owners) };
      case 'nftTransfer':
        return { groupID: output.groupId, payload: bytesToHex(output.payload), ...this.owners(output.owners) };
      case 'lockOut':
        return { locktime: num(output.stakeableLocktime), output: { ...this.owners(output.owners), amount: num(output.amount) } };
    }
  }

  private fxOf(output: Output): string {
    return output.type === 'nftMint' || output.type === 'nftTransfer' ? FX_IDS.nft : FX_IDS.secp256k1;
  }

  transferableOutput(o: TransferableOutput): Record<string, unknown> {
    return { assetID: o.assetId, fxID: this.fxOf(o.output), output: this.output(o.output) };
  }

  transferableInput(i: TransferableInput): Record<string, unknown> {
    const amount = i.utxo.output.type === 'secpTransfer' || i.utxo.output.type === 'lockOut' ? i.utxo.output.amount : 0n;
    return { txID: i.utxo.txId, outputIndex: i.utxo.outputIndex, assetID: i.utxo.assetId, fxID: FX_IDS.secp256k1, input: { amount: num(amount), signatureIndices: i.sigIndices } };
  }

  baseTx(outputs: TransferableOutput[], inputs: TransferableInput[], memo: Uint8Array = new Uint8Array(0)): Record<string, unknown> {
    return {
      networkID: this.net.networkId,
      blockchainID: this.net.chainIds[this.chain],
      outputs: outputs.map((o) => this.transferableOutput(o)),
      inputs: inputs.map((i) => this.transferableInput(i)),
      memo: bytesToHex(memo),
    };
  }

  private operation(op: XOperation): Record<string, unknown> {
    const common = { assetID: op.assetId, inputIDs: [{ txID: op.input.txId, outputIndex: op.input.outputIndex }] };
    if (op.kind === 'secpMint') {
      return { ...common, fxID: FX_IDS.secp256k1, operation: { mintInput: { signatureIndices: [0] }, mintOutput: this.output(op.mintOutput), transferOutput: this.output(op.transferOutput) } };
    }
    return {
      ...common,
      fxID: FX_IDS.nft,
      operation: { mintInput: { signatureIndices: [0] }, groupID: op.groupId, payload: bytesToHex(op.payload), outputs: op.owners.map((o) => this.owners(o)) },
    };
  }

  /** An X-Chain signed transaction: `{unsignedTx, credentials, id}`. */
  xTx(tx: XTx): Record<string, unknown> {
    const unsignedTx: Record<string, unknown> = this.baseTx(tx.outputs, tx.inputs, tx.memo);
    if (tx.asset) {
      Object.assign(unsignedTx, {
        name: tx.asset.name,
        symbol: tx.asset.symbol,
        denomination: tx.asset.denomination,
        initialStates: tx.asset.initialStates.map((s) => ({ fxIndex: s.fxIndex, fxID: s.fxIndex === 1 ? FX_IDS.nft : FX_IDS.secp256k1, outputs: s.outputs.map((o) => this.output(o)) })),
      });
    }
    if (tx.operations) unsignedTx.operations = tx.operations.map((op) => this.operation(op));
    if (tx.sourceChain) Object.assign(unsignedTx, { sourceChain: tx.sourceChain, importedInputs: (tx.importedInputs ?? []).map((i) => this.transferableInput(i)) });
    if (tx.destinationChain) Object.assign(unsignedTx, { destinationChain: tx.destinationChain, exportedOutputs: (tx.exportedOutputs ?? []).map((o) => this.transferableOutput(o)) });
    const credentials = tx.credentials.map((c) => ({ fxID: c.fx === 'nft' ? FX_IDS.nft : FX_IDS.secp256k1, credential: { signatures: c.signatures.map((s) => bytesToHex(s)) } }));
    return { unsignedTx, credentials, id: tx.id };
  }
}
