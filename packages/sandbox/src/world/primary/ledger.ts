/**
 * The UTXO ledger the world is simulated on: every output any chain creates, who holds it, and who
 * spent it. Transactions are generated in time order against it, so inputs always spend outputs
 * that exist, unspent, at that time, and amounts balance.
 */
import { FillerBytes, utxoIdOf } from './bytes.js';
import { encodeUtxo } from './encode.js';
import type { Rng } from '../rng.js';
import type { ChainAlias, Output, Owners, ShortId, TransferableInput, UtxoRecord } from './types.js';

export function amountOf(output: Output): bigint {
  return output.type === 'secpTransfer' || output.type === 'lockOut' ? output.amount : 0n;
}

export function singleOwner(key: ShortId, locktime = 0n): Owners {
  return { locktime, threshold: 1, addrs: [key] };
}

/** Owners as AvalancheGo requires them: addresses sorted by their bytes. */
export function sortedOwners(owners: Owners): Owners {
  return { ...owners, addrs: [...owners.addrs].sort((a, b) => (a.hex < b.hex ? -1 : a.hex > b.hex ? 1 : 0)) };
}

export interface NewUtxo {
  txId: string;
  outputIndex: number;
  assetId: string;
  output: Output;
  createdOn: ChainAlias;
  holder: ChainAlias;
  createdTime: number;
  staking?: UtxoRecord['staking'];
  rewardType?: UtxoRecord['rewardType'];
  createdByTxId?: string;
}

export class Ledger {
  readonly utxos: UtxoRecord[] = [];

  /** Signature bytes: filler, not real signatures (nothing verifies them). */
  private readonly filler: FillerBytes;

  constructor(rng: Rng) {
    this.filler = new FillerBytes(rng.bytes(16));
  }

  create(spec: NewUtxo): UtxoRecord {
    const record: UtxoRecord = {
      ...spec,
      id: utxoIdOf(spec.txId, spec.outputIndex),
      bytes: encodeUtxo(spec.txId, spec.outputIndex, spec.assetId, spec.output),
    };
    this.utxos.push(record);
    return record;
  }

  /** Inputs spending `utxos`, each signed by the first `threshold` owners. */
  inputs(utxos: UtxoRecord[]): TransferableInput[] {
    return utxos.map((utxo) => ({ utxo, sigIndices: Array.from({ length: utxo.output.owners.threshold }, (_, i) => i) }));
  }

  /** Signatures for the inputs' credentials (one credential per input). */
  sign(inputs: TransferableInput[]): Uint8Array[][] {
    return inputs.map((i) => i.sigIndices.map(() => this.filler.bytes(65)));
  }

  /** Marks the inputs consumed by `txId` (with the signatures that unlocked them). */
  markSpent(inputs: TransferableInput[], signatures: Uint8Array[][], txId: string, time: number, chain: ChainAlias): void {
    inputs.forEach((input, i) => {
      if (input.utxo.spent) throw new Error(`double spend of ${input.utxo.id}`);
      input.utxo.spent = { txId, time, chain, signatures: signatures[i] ?? [] };
    });
  }

  /**
   * UTXOs that `key` alone can spend at `time` on `holder`: a 1-of-1 transfer output, unlocked,
   * created earlier, unspent, not (or no longer) staked.
   */
  spendable(holder: ChainAlias, key: ShortId, assetId: string, time: number, createdOn: ChainAlias = holder): UtxoRecord[] {
    return this.utxos.filter(
      (u) =>
        u.holder === holder &&
        u.createdOn === createdOn &&
        u.assetId === assetId &&
        !u.spent &&
        (!u.staking || u.staking.end <= time) &&
        u.createdTime < time &&
        u.output.type === 'secpTransfer' &&
        u.output.owners.addrs.length === 1 &&
        u.output.owners.threshold === 1 &&
        u.output.owners.locktime <= BigInt(time) &&
        u.output.owners.addrs[0]!.hex === key.hex,
    );
  }

  /** Picks spendable UTXOs, largest first, until they cover `amount`; null when they cannot. */
  select(holder: ChainAlias, key: ShortId, assetId: string, amount: bigint, time: number): UtxoRecord[] | null {
    const candidates = this.spendable(holder, key, assetId, time).sort((a, b) => (amountOf(b.output) > amountOf(a.output) ? 1 : -1));
    const picked: UtxoRecord[] = [];
    let sum = 0n;
    for (const utxo of candidates) {
      if (sum >= amount) break;
      picked.push(utxo);
      sum += amountOf(utxo.output);
    }
    return sum >= amount && picked.length > 0 ? picked : null;
  }
}

