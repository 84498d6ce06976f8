/**
 * Just enough ABI and RLP encoding to give the world's calldata, logs and created-contract addresses
 * the shapes real tools decode: 32-byte words, indexed address topics, CREATE addresses.
 */
import { hex } from '@scure/base';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, toChecksumAddress } from '@avalanche-graph/identity';

/** One ABI word: an address, bigint or 0x-hex (≤ 32 bytes, left-padded). */
export function word(value: string | bigint | number): string {
  if (typeof value === 'string') return value.replace(/^0x/, '').toLowerCase().padStart(64, '0');
  return BigInt(value).toString(16).padStart(64, '0');
}

/** Calldata: a 4-byte selector followed by static words. */
export function calldata(selector: string, ...args: (string | bigint | number)[]): string {
  return selector + args.map(word).join('');
}

/** A 32-byte topic from an address or number. */
export function topic(value: string | bigint | number): string {
  return `0x${word(value)}`;
}

/** ABI data of several words. */
export function data(...args: (string | bigint | number)[]): string {
  return `0x${args.map(word).join('')}`;
}

function rlpBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.length === 1 && bytes[0]! < 0x80) return bytes;
  if (bytes.length > 55) throw new Error('rlpBytes: long strings are not needed here');
  return Uint8Array.from([0x80 + bytes.length, ...bytes]);
}

function minimalBytes(n: number): Uint8Array {
  if (n === 0) return new Uint8Array(0);
  const out: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return Uint8Array.from(out);
}

/** The address a CREATE from `sender` with `nonce` deploys to: keccak(rlp([sender, nonce]))[12:]. */
export function createAddress(sender: string, nonce: number): string {
  const items = [rlpBytes(hex.decode(sender.slice(2).toLowerCase())), rlpBytes(minimalBytes(nonce))];
  const payloadLength = items.reduce((n, item) => n + item.length, 0);
  const encoded = Uint8Array.from([0xc0 + payloadLength, ...items.flatMap((item) => [...item])]);
  return toChecksumAddress(bytesToHex(keccak_256(encoded).subarray(12)));
}

/** Bloom bit positions per address or topic: the same contracts and event topics recur constantly. */
const bloomBits = new Map<string, number[]>();

function bitsOf(item: string): number[] {
  const key = item.toLowerCase();
  let bits = bloomBits.get(key);
  if (!bits) {
    const digest = keccak_256(hex.decode(key.slice(2)));
    bits = [0, 2, 4].map((i) => ((digest[i]! << 8) | digest[i + 1]!) & 2047);
    if (bloomBits.size > 50_000) bloomBits.clear();
    bloomBits.set(key, bits);
  }
  return bits;
}

/** The 2048-bit log bloom of a set of logs (address and topics of each), as 0x + 512 hex. */
export function logsBloom(logs: readonly { address: string; topics: readonly string[] }[]): string {
  const bloom = new Uint8Array(256);
  for (const log of logs) {
    for (const item of [log.address, ...log.topics]) {
      for (const bit of bitsOf(item)) bloom[255 - (bit >> 3)]! |= 1 << (bit & 7);
    }
  }
  return bytesToHex(bloom);
}

/** Merges block-level blooms (bitwise OR). */
export function orBlooms(blooms: readonly string[]): string {
  const out = new Uint8Array(256);
  for (const bloom of blooms) {
    const bytes = hex.decode(bloom.slice(2));
    for (let i = 0; i < 256; i++) out[i]! |= bytes[i]!;
  }
  return bytesToHex(out);
}
