/**
 * Avalanche's linear codec, as far as the simulated world needs it: big-endian integers, u16-length
 * strings, u32-length slices, and the id derivations built on sha256. UTXOs and X-Chain transactions
 * are serialized for real so that clients that decode them (avalanchejs) can; ids are the sha256 of
 * those bytes, as on a real node.
 */
import { bytesToHex, cb58Decode, cb58Encode, sha256Bytes } from '@avalanche-graph/identity';

export class ByteWriter {
  private chunks: Uint8Array[] = [];
  private length = 0;

  private push(bytes: Uint8Array): this {
    this.chunks.push(bytes);
    this.length += bytes.length;
    return this;
  }

  u8(value: number): this {
    return this.push(Uint8Array.of(value & 0xff));
  }

  u16(value: number): this {
    return this.push(Uint8Array.of((value >>> 8) & 0xff, value & 0xff));
  }

  u32(value: number): this {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, value >>> 0);
    return this.push(b);
  }

  u64(value: bigint | number): this {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(value));
    return this.push(b);
  }

  /** Fixed-length bytes (ids, short ids, signatures): no length prefix. */
  fixed(bytes: Uint8Array): this {
    return this.push(bytes);
  }

  /** A variable-length byte slice: u32 length prefix. */
  slice(bytes: Uint8Array): this {
    return this.u32(bytes.length).push(bytes);
  }

  /** A string: u16 length prefix, UTF-8. */
  str(value: string): this {
    const bytes = new TextEncoder().encode(value);
    return this.u16(bytes.length).push(bytes);
  }

  /** A u32-counted list whose items the callback writes. */
  list<T>(items: readonly T[], write: (item: T, writer: ByteWriter) => void): this {
    this.u32(items.length);
    for (const item of items) write(item, this);
    return this;
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

const decoded = new Map<string, Uint8Array>();

/**
 * The 32 bytes of a cb58 id; throws on a malformed id (world ids are always well formed). Memoized:
 * serializing the world decodes the same few thousand ids many times.
 */
export function idBytes(id: string): Uint8Array {
  let bytes = decoded.get(id);
  if (!bytes) {
    bytes = cb58Decode(id) ?? undefined;
    if (!bytes || bytes.length !== 32) throw new Error(`not a 32-byte cb58 id: ${id}`);
    if (decoded.size > 100_000) decoded.clear();
    decoded.set(id, bytes);
  }
  return bytes;
}

/**
 * Filler bytes (signatures, payloads) from a fast non-cryptographic generator (xoshiro128**)
 * seeded once from the world's Rng: deterministic, and far cheaper than hashing for every byte.
 */
export class FillerBytes {
  private s: Uint32Array;

  constructor(seed: Uint8Array) {
    const view = new DataView(seed.buffer, seed.byteOffset, seed.byteLength);
    this.s = Uint32Array.of(view.getUint32(0) | 1, view.getUint32(4), view.getUint32(8), view.getUint32(12));
  }

  private next(): number {
    const s = this.s;
    const result = Math.imul(rotl(Math.imul(s[1]!, 5), 7), 9);
    const t = s[1]! << 9;
    s[2]! ^= s[0]!;
    s[3]! ^= s[1]!;
    s[1]! ^= s[2]!;
    s[0]! ^= s[3]!;
    s[2]! ^= t;
    s[3] = rotl(s[3]!, 11);
    return result >>> 0;
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      const word = this.next();
      for (let j = 0; j < 4 && i + j < n; j++) out[i + j] = (word >>> (j * 8)) & 0xff;
    }
    return out;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** The id of serialized bytes (tx, block, vertex): cb58 of their sha256. */
export function idOf(bytes: Uint8Array): string {
  return cb58Encode(sha256Bytes(bytes));
}

/** A UTXO's id: sha256(u64 outputIndex ‖ txID), AvalancheGo's `txID.Prefix(outputIndex)`. */
export function utxoIdOf(txId: string, outputIndex: number): string {
  return cb58Encode(sha256Bytes(new ByteWriter().u64(outputIndex).fixed(idBytes(txId)).bytes()));
}

/**
 * AvalancheGo's "hex" encoding: 0x + hex of the bytes followed by the last 4 bytes of their sha256
 * (a checksum readers may ignore).
 */
export function hexWithChecksum(bytes: Uint8Array): string {
  const all = new Uint8Array(bytes.length + 4);
  all.set(bytes);
  all.set(sha256Bytes(bytes).subarray(-4), bytes.length);
  return bytesToHex(all);
}

/** Lexicographic byte order, the order AvalancheGo iterates ids and addresses in. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
