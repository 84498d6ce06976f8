/**
 * Avalanche's and the EVM's identifier formats: cb58 ids and node ids, bech32 addresses of the X- and
 * P-Chain, EIP-55 addresses, hashes and hex. Pure functions over bytes and strings, knowing no HTTP,
 * GraphQL or simulated world: the gateway (src/) validates and decodes its input with them, and the
 * sandbox (packages/sandbox) makes and checks the ids of its world with the same ones. A network's
 * bech32 prefix is in its identity (networks.ts).
 */
import { base58, bech32, hex } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

/** cb58 = base58(payload ‖ last 4 bytes of sha256(payload)), Avalanche's id encoding. */
export function cb58Encode(payload: Uint8Array): string {
  const checksum = sha256(payload).subarray(-4);
  const all = new Uint8Array(payload.length + 4);
  all.set(payload);
  all.set(checksum, payload.length);
  return base58.encode(all);
}

/** Decodes a cb58 string, or returns null when it is not valid cb58 with a matching checksum. */
export function cb58Decode(value: string): Uint8Array | null {
  let all: Uint8Array;
  try {
    all = base58.decode(value);
  } catch {
    return null;
  }
  if (all.length < 5) return null;
  const payload = all.subarray(0, -4);
  const checksum = all.subarray(-4);
  const expected = sha256(payload).subarray(-4);
  for (let i = 0; i < 4; i++) if (checksum[i] !== expected[i]) return null;
  return payload;
}

/** A 32-byte id (blockchain, subnet, tx, asset, block, UTXO) in cb58. */
export function isCb58Id(value: string): boolean {
  return cb58Decode(value)?.length === 32;
}

/** `NodeID-<cb58 of 20 bytes>`. */
export function isNodeId(value: string): boolean {
  if (!value.startsWith('NodeID-')) return false;
  return cb58Decode(value.slice('NodeID-'.length))?.length === 20;
}

export function nodeIdFromBytes(bytes: Uint8Array): string {
  return `NodeID-${cb58Encode(bytes)}`;
}

/** Encodes a 20-byte short id as `<chain>-<hrp>1...` (chain is X, P or C). */
export function bech32Address(chain: 'X' | 'P' | 'C', hrp: string, bytes: Uint8Array): string {
  return `${chain}-${bech32.encode(hrp, bech32.toWords(bytes))}`;
}

export interface ParsedBech32Address {
  chain: string | null;
  hrp: string;
  bytes: Uint8Array;
}

/** Parses `X-avax1...`, `P-fuji1...` or a bare `avax1...`; null when not valid bech32 of 20 bytes. */
export function parseBech32Address(value: string): ParsedBech32Address | null {
  const dash = value.indexOf('-');
  const chain = dash === -1 ? null : value.slice(0, dash);
  const rest = dash === -1 ? value : value.slice(dash + 1);
  if (chain !== null && !/^[A-Za-z0-9]+$/.test(chain)) return null;
  try {
    const decoded = bech32.decode(rest as `${string}1${string}`);
    const bytes = bech32.fromWords(decoded.words);
    if (bytes.length !== 20) return null;
    return { chain, hrp: decoded.prefix, bytes: Uint8Array.from(bytes) };
  } catch {
    return null;
  }
}

/** EIP-55 mixed-case checksum of a 20-byte address. */
export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '');
  const digest = hex.encode(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    out += parseInt(digest[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i];
  }
  return out;
}

/**
 * An EVM address: 0x + 40 hex digits. All-lower or all-upper case is accepted as unchecksummed;
 * mixed case must carry a valid EIP-55 checksum.
 */
export function isEvmAddress(value: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return false;
  const body = value.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(value) === value;
}

/** A 32-byte hash as 0x + 64 hex digits. */
export function isHash32(value: string): boolean {
  return /^0x[0-9a-fA-F]{64}$/.test(value);
}

export function isHex(value: string): boolean {
  return /^0x([0-9a-fA-F]{2})*$/.test(value);
}

export function keccakHex(data: Uint8Array | string): string {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return `0x${hex.encode(keccak_256(bytes))}`;
}

export function sha256Bytes(data: Uint8Array | string): Uint8Array {
  return sha256(typeof data === 'string' ? new TextEncoder().encode(data) : data);
}

export function bytesToHex(bytes: Uint8Array): string {
  return `0x${hex.encode(bytes)}`;
}
