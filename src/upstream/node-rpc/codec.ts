/**
 * AvalancheGo wire helpers for the P- and X-Chain clients: integers as the node writes them, its
 * "hex" encoding (bytes plus a 4-byte checksum), ids derived from bytes, and the codec layout of a
 * UTXO (what `avm.getUTXOs` returns; it has no JSON encoding, so the gateway decodes it).
 */
import { hex } from '@scure/base';
import { bech32Address, bytesToHex, cb58Decode, cb58Encode, sha256Bytes } from '@avalanche-graph/identity';
import type { WireUint, WireUtxoRef } from './wire/xchain.js';

/**
 * An integer of a node answer as a bigint. Quoted integers are exact; unquoted ones (inside
 * JSON-encoded txs and blocks) were parsed as JS numbers and are exact up to 2^53.
 */
export function wireUint(value: WireUint | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? BigInt(Math.trunc(value)) : null;
  const text = value.trim();
  return /^\d+$/.test(text) ? BigInt(text) : null;
}

/** Like `wireUint` for members that always fit a JS number (indices, thresholds, counts). */
export function wireInt(value: WireUint | null | undefined): number | null {
  const big = wireUint(value);
  return big === null || big > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(big);
}

/** Bytes of AvalancheGo's "hex" encoding; the trailing checksum is dropped when it matches. */
export function bytesFromNodeHex(value: string): Uint8Array {
  const digits = value.startsWith('0x') ? value.slice(2) : value;
  const all = hex.decode(digits.toLowerCase());
  if (all.length >= 4) {
    const body = all.subarray(0, -4);
    const checksum = sha256Bytes(body).subarray(-4);
    if (checksum.every((b, i) => b === all[all.length - 4 + i])) return body;
  }
  return all;
}

/** The id of a serialized tx or block: cb58 of the sha256 of its bytes. */
export function idOfBytes(bytes: Uint8Array): string {
  return cb58Encode(sha256Bytes(bytes));
}

/** A UTXO's id: sha256(outputIndex as u64 ‖ txID), AvalancheGo's `txID.Prefix(outputIndex)`. */
export function utxoId(txId: string, outputIndex: number): string | null {
  const tx = cb58Decode(txId);
  if (!tx || tx.length !== 32) return null;
  const buffer = new Uint8Array(8 + 32);
  new DataView(buffer.buffer).setBigUint64(0, BigInt(outputIndex));
  buffer.set(tx, 8);
  return idOfBytes(buffer);
}

/** What an output (or UTXO) holds, by its feature extension and type. */
export const UTXO_OUTPUT_KINDS = [
  'SECP256K1_TRANSFER',
  'SECP256K1_MINT',
  'NFT_TRANSFER',
  'NFT_MINT',
  'PROPERTY_MINT',
  'PROPERTY_OWNED',
  'STAKEABLE_LOCK',
  'UNKNOWN',
] as const;
export type UtxoOutputKind = (typeof UTXO_OUTPUT_KINDS)[number];

/** Owners as a node's JSON writes them (reward owners, outputs): members it leaves out or garbles are null. */
export interface NodeOwners {
  locktime: bigint | null;
  threshold: number | null;
  addresses: string[];
}

export function ownersOf(wire: { locktime?: WireUint; threshold?: WireUint; addresses?: string[] | null } | null | undefined): NodeOwners | null {
  if (!wire) return null;
  return { locktime: wireUint(wire.locktime), threshold: wireInt(wire.threshold), addresses: wire.addresses ?? [] };
}

/** A UTXO named by the tx that created it and the output's index in it. */
export interface NodeUtxoRef {
  txId: string;
  outputIndex: number;
}

export function utxoRefOf(wire: WireUtxoRef): NodeUtxoRef {
  return { txId: wire.txID, outputIndex: wireInt(wire.outputIndex) ?? 0 };
}

export interface DecodedOwners {
  locktime: bigint;
  threshold: number;
  /** Bech32 addresses with the chain prefix, e.g. `X-avax1...`. */
  addresses: string[];
}

export interface DecodedUtxo {
  id: string;
  txId: string;
  outputIndex: number;
  assetId: string;
  kind: UtxoOutputKind;
  /** The codec type id of the output. */
  typeId: number;
  amount: bigint | null;
  owners: DecodedOwners | null;
  groupId: number | null;
  /** NFT payload as 0x hex. */
  payload: string | null;
  /** Until when a P-Chain stakeable-lock output may only be staked. */
  stakeableLocktime: bigint | null;
  /** The UTXO's codec bytes as 0x hex (without the checksum). */
  bytesHex: string;
}

class Reader {
  private offset = 0;
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(n: number): void {
    if (this.offset + n > this.bytes.length) throw new Error('truncated UTXO bytes');
  }

  u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.offset);
    this.offset += 2;
    return v;
  }

  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.offset);
    this.offset += 4;
    return v;
  }

  u64(): bigint {
    this.need(8);
    const v = this.view.getBigUint64(this.offset);
    this.offset += 8;
    return v;
  }

  fixed(n: number): Uint8Array {
    this.need(n);
    const v = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return v;
  }
}

/** Codec type ids of outputs (secp256k1fx, nftfx, propertyfx; 22 is the P-Chain's stakeable lock). */
const OUTPUT_TYPES: Record<number, UtxoOutputKind> = {
  6: 'SECP256K1_MINT',
  7: 'SECP256K1_TRANSFER',
  10: 'NFT_MINT',
  11: 'NFT_TRANSFER',
  15: 'PROPERTY_MINT',
  16: 'PROPERTY_OWNED',
  22: 'STAKEABLE_LOCK',
};

/** At most this many owner addresses are read (a bound against absurd counts in bad bytes). */
const MAX_ADDRESSES = 1_024;

function readOwners(r: Reader, chain: 'X' | 'P', hrp: string): DecodedOwners {
  const locktime = r.u64();
  const threshold = r.u32();
  const count = r.u32();
  if (count > MAX_ADDRESSES) throw new Error('too many owner addresses');
  const addresses = Array.from({ length: count }, () => bech32Address(chain, hrp, r.fixed(20)));
  return { locktime, threshold, addresses };
}

/** Decodes one UTXO of `avm.getUTXOs` (hex with checksum) into its parts. */
export function decodeUtxo(nodeHex: string, chain: 'X' | 'P', hrp: string): DecodedUtxo {
  const bytes = bytesFromNodeHex(nodeHex);
  const r = new Reader(bytes);
  r.u16(); // codec version
  const txId = cb58Encode(r.fixed(32));
  const outputIndex = r.u32();
  const assetId = cb58Encode(r.fixed(32));
  const typeId = r.u32();
  const base = {
    id: utxoId(txId, outputIndex)!,
    txId,
    outputIndex,
    assetId,
    typeId,
    kind: OUTPUT_TYPES[typeId] ?? ('UNKNOWN' as UtxoOutputKind),
    amount: null as bigint | null,
    owners: null as DecodedOwners | null,
    groupId: null as number | null,
    payload: null as string | null,
    stakeableLocktime: null as bigint | null,
    bytesHex: bytesToHex(bytes),
  };
  switch (typeId) {
    case 7:
      return { ...base, amount: r.u64(), owners: readOwners(r, chain, hrp) };
    case 6:
    case 15:
    case 16:
      return { ...base, owners: readOwners(r, chain, hrp) };
    case 10: {
      const groupId = r.u32();
      return { ...base, groupId, owners: readOwners(r, chain, hrp) };
    }
    case 11: {
      const groupId = r.u32();
      const payload = bytesToHex(r.fixed(r.u32()));
      return { ...base, groupId, payload, owners: readOwners(r, chain, hrp) };
    }
    case 22: {
      const stakeableLocktime = r.u64();
      if (r.u32() !== 7) return base;
      return { ...base, stakeableLocktime, amount: r.u64(), owners: readOwners(r, chain, hrp) };
    }
    default:
      return base;
  }
}
