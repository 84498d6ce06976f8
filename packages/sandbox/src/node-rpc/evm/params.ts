/**
 * Positional argument decoding with go-ethereum's rules and error texts, so a client that matches
 * on node messages (or a human reading them) sees what a real coreth / subnet-EVM node says:
 * `invalid argument 0: hex string without 0x prefix`, `missing value for required argument 1`,
 * `too many arguments, want at most 2`.
 */
import { INVALID_PARAMS, RpcError } from '../json-rpc.js';

/** A block selector after decoding: a tag, a number, or a hash. */
export type BlockTag = 'latest' | 'earliest' | 'pending' | 'safe' | 'finalized';
export type BlockRef = { tag: BlockTag } | { number: bigint } | { hash: string; requireCanonical: boolean };

const TAGS: readonly BlockTag[] = ['latest', 'earliest', 'pending', 'safe', 'finalized'];
const MAX_INT64 = (1n << 63n) - 1n;

/** Thrown by decoders; `args()` turns it into `invalid argument <i>: <message>`. */
class DecodeError extends Error {}

/** Go's name for a JSON value's kind in `json: cannot unmarshal <kind> into Go value of type T`. */
function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'object') return 'object';
  return typeof value;
}

function cannotUnmarshal(what: string, goType: string): DecodeError {
  return new DecodeError(`json: cannot unmarshal ${what} into Go value of type ${goType}`);
}

/** hexutil.DecodeUint64 / DecodeBig: a 0x quantity without leading zeros. */
function decodeQuantity(input: string, maxBits: number): bigint {
  if (input === '') throw new DecodeError('empty hex string');
  if (!/^0[xX]/.test(input)) throw new DecodeError('hex string without 0x prefix');
  const digits = input.slice(2);
  if (digits === '') throw new DecodeError(`hex string "${input}"`);
  if (digits.length > 1 && digits[0] === '0') throw new DecodeError('hex number with leading zero digits');
  if (!/^[0-9a-fA-F]+$/.test(digits)) throw new DecodeError('invalid hex string');
  if (digits.length * 4 > maxBits && BigInt(`0x${digits}`) >= 1n << BigInt(maxBits)) {
    throw new DecodeError(`hex number > ${maxBits} bits`);
  }
  return BigInt(`0x${digits}`);
}

/** hexutil.UnmarshalFixedJSON: exactly `bytes` bytes of 0x-hex. */
function decodeFixed(value: unknown, bytes: number, goType: string): string {
  if (typeof value !== 'string') throw cannotUnmarshal('non-string', goType);
  if (value.length > 0 && !/^0[xX]/.test(value)) throw cannotUnmarshal('hex string without 0x prefix', goType);
  const digits = value.replace(/^0[xX]/, '');
  if (digits.length % 2 === 1) throw cannotUnmarshal('hex string of odd length', goType);
  if (digits.length !== bytes * 2) throw new DecodeError(`hex string has length ${digits.length}, want ${bytes * 2} for ${goType}`);
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw cannotUnmarshal('invalid hex string', goType);
  return `0x${digits.toLowerCase()}`;
}

export const decode = {
  address: (value: unknown): string => decodeFixed(value, 20, 'common.Address'),
  hash: (value: unknown): string => decodeFixed(value, 32, 'common.Hash'),
  bool(value: unknown): boolean {
    if (typeof value !== 'boolean') throw cannotUnmarshal(jsonKind(value), 'bool');
    return value;
  },
  /** A JSON number that fits uint64 (subnet-EVM's timestamp arguments are plain numbers). */
  uint64(value: unknown): number {
    if (typeof value === 'number') {
      if (!Number.isInteger(value) || value < 0) throw cannotUnmarshal(`number ${value}`, 'uint64');
      return value;
    }
    throw cannotUnmarshal(jsonKind(value), 'uint64');
  },
  /** A 0x quantity (hexutil.Uint64). */
  quantity(value: unknown): bigint {
    if (typeof value !== 'string') throw cannotUnmarshal('non-string', 'hexutil.Uint64');
    return decodeQuantity(value, 64);
  },
  /** rpc.BlockNumber: a tag or a 0x number. */
  blockNumber(value: unknown): BlockRef {
    // geth strips quotes and parses the rest, so a JSON number fails the 0x-prefix check.
    const input = typeof value === 'string' ? value : JSON.stringify(value);
    if ((TAGS as readonly string[]).includes(input)) return { tag: input as BlockTag };
    const number = decodeQuantity(input, 64);
    if (number > MAX_INT64) throw new DecodeError('block number larger than int64');
    return { number };
  },
  /** rpc.BlockNumberOrHash: a tag, a 0x number, a 32-byte hash, or `{blockNumber}` / `{blockHash, requireCanonical}`. */
  blockNumberOrHash(value: unknown): BlockRef {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const object = value as { blockNumber?: unknown; blockHash?: unknown; requireCanonical?: unknown };
      const hasNumber = object.blockNumber !== undefined && object.blockNumber !== null;
      const hasHash = object.blockHash !== undefined && object.blockHash !== null;
      if (hasNumber && hasHash) throw new DecodeError('cannot specify both BlockHash and BlockNumber, choose one or the other');
      if (hasHash) {
        const requireCanonical = object.requireCanonical === undefined ? false : decode.bool(object.requireCanonical);
        return { hash: decode.hash(object.blockHash), requireCanonical };
      }
      if (hasNumber) return decode.blockNumber(object.blockNumber);
      throw new DecodeError('block number or hash not provided');
    }
    if (typeof value !== 'string') throw cannotUnmarshal(jsonKind(value), 'string');
    if ((TAGS as readonly string[]).includes(value)) return { tag: value as BlockTag };
    if (value.length === 66) {
      const hash = value.replace(/^0[xX]/, '');
      if (!/^0[xX]/.test(value)) throw new DecodeError('hex string without 0x prefix');
      if (!/^[0-9a-fA-F]{64}$/.test(hash)) throw new DecodeError('invalid hex string');
      return { hash: `0x${hash.toLowerCase()}`, requireCanonical: false };
    }
    const number = decodeQuantity(value, 64);
    if (number > MAX_INT64) throw new DecodeError('blocknumber too high');
    return { number };
  },
};

type Decoder<T> = (value: unknown) => T;

/**
 * Decodes positional params: `required` decoders first, then `optional` ones (absent or null gives
 * undefined). Params must be an array (or absent when nothing is required).
 */
export function args<R extends unknown[], O extends unknown[] = []>(
  params: unknown,
  required: { [K in keyof R]: Decoder<R[K]> },
  optional: { [K in keyof O]: Decoder<O[K]> } = [] as unknown as { [K in keyof O]: Decoder<O[K]> },
): [...R, ...{ [K in keyof O]: O[K] | undefined }] {
  const list = params === undefined || params === null ? [] : params;
  if (!Array.isArray(list)) throw new RpcError(INVALID_PARAMS, 'non-array args');
  const decoders = [...(required as Decoder<unknown>[]), ...(optional as Decoder<unknown>[])];
  if (list.length > decoders.length) throw new RpcError(INVALID_PARAMS, `too many arguments, want at most ${decoders.length}`);
  const out: unknown[] = [];
  decoders.forEach((decoder, i) => {
    const value: unknown = list[i];
    if (value === undefined || value === null) {
      if (i < required.length) throw new RpcError(INVALID_PARAMS, `missing value for required argument ${i}`);
      out.push(undefined);
      return;
    }
    try {
      out.push(decoder(value));
    } catch (error) {
      if (error instanceof DecodeError) throw new RpcError(INVALID_PARAMS, `invalid argument ${i}: ${error.message}`);
      throw error;
    }
  });
  return out as [...R, ...{ [K in keyof O]: O[K] | undefined }];
}
