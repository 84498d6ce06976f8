/**
 * Avalanche Warp message bytes: the unsigned message an ICM source transaction emits, and the signed
 * form a signature aggregator returns (unsigned ‖ BitSetSignature{signers, 96-byte BLS signature}).
 * The signature is a deterministic stand-in: the world has no BLS keys, but the layout is real.
 */
import { hex } from '@scure/base';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, cb58Decode } from '@avalanche-graph/identity';

function u16(n: number): number[] {
  return [(n >> 8) & 0xff, n & 0xff];
}

function u32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

function withLength(bytes: Uint8Array): number[] {
  return [...u32(bytes.length), ...bytes];
}

/** 32-byte id from cb58 (a blockchain or subnet id). */
export function idBytes(cb58: string): Uint8Array {
  const bytes = cb58Decode(cb58);
  if (!bytes || bytes.length !== 32) throw new Error(`not a 32-byte cb58 id: ${cb58}`);
  return bytes;
}

/** AddressedCall payload: codec 0, type id 1, source address, inner payload. */
export function addressedCall(sourceAddress: string, payload: Uint8Array): Uint8Array {
  return Uint8Array.from([...u16(0), ...u32(1), ...withLength(hex.decode(sourceAddress.slice(2).toLowerCase())), ...withLength(payload)]);
}

export function unsignedWarpMessage(networkId: number, sourceChainId: Uint8Array, payload: Uint8Array): string {
  return bytesToHex(Uint8Array.from([...u16(0), ...u32(networkId), ...sourceChainId, ...withLength(payload)]));
}

export interface ParsedWarpMessage {
  networkId: number;
  sourceChainId: Uint8Array;
  payload: Uint8Array;
}

/** Parses unsigned warp message bytes; null when the layout does not hold exactly. */
export function parseUnsignedWarpMessage(bytes: Uint8Array): ParsedWarpMessage | null {
  if (bytes.length < 42) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint16(0) !== 0) return null;
  const networkId = view.getUint32(2);
  const length = view.getUint32(38);
  if (42 + length !== bytes.length) return null;
  return { networkId, sourceChainId: bytes.slice(6, 38), payload: bytes.slice(42) };
}

/**
 * Appends a BitSetSignature to an unsigned message. Signers and signature derive from the message,
 * the signing subnet and the quorum, so the same request always gets the same answer.
 */
export function signWarpMessage(unsignedHex: string, signingSubnetId: Uint8Array, quorumPercentage: number): string {
  const unsigned = hex.decode(unsignedHex.replace(/^0x/, ''));
  const seed = keccak_256(Uint8Array.from([...unsigned, ...signingSubnetId, quorumPercentage]));
  // A validator set of 16: enough signers set to reach the quorum by count.
  const signerCount = Math.min(16, Math.ceil((16 * quorumPercentage) / 100));
  let bits = 0;
  for (let i = 0, k = seed[0]! % 16; i < signerCount; k = (k + 1) % 16) {
    if (!(bits & (1 << k))) {
      bits |= 1 << k;
      i++;
    }
  }
  const signers = Uint8Array.from([bits >> 8, bits & 0xff]);
  const signature = new Uint8Array(96);
  for (let i = 0; i < 3; i++) signature.set(keccak_256(Uint8Array.from([...seed, i])), i * 32);
  return bytesToHex(Uint8Array.from([...unsigned, ...u32(0), ...withLength(signers), ...signature]));
}
