/**
 * Argument decoding for the simulated AvalancheGo services, with AvalancheGo's two failure modes:
 * a field whose JSON type cannot be decoded (an id, a node id, an integer, an encoding) fails the
 * whole request with -32602 before the method runs; anything the method itself rejects is -32000
 * with the method's own message.
 */
import { bytesToHex, cb58Decode, isNodeId, parseBech32Address } from '@avalanche-graph/identity';
import type { ChainAlias, PrimaryNetwork, ShortId } from '../../world/primary/index.js';
import { EMPTY_ID } from '../../world/primary/index.js';
import { INVALID_PARAMS, RpcError, SERVER_ERROR } from '../json-rpc.js';

export type Args = Record<string, unknown>;

const UNMARSHAL_MESSAGE = "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";

export function invalidArgument(): RpcError {
  return new RpcError(INVALID_PARAMS, UNMARSHAL_MESSAGE, null);
}

/** A method-level failure: -32000 with the message AvalancheGo would return. */
export function serverError(message: string): RpcError {
  return new RpcError(SERVER_ERROR, message, null);
}

/** The argument object: `params` may be the object itself or a one-element array holding it. */
export function argsOf(params: unknown): Args {
  if (params === undefined || params === null) return {};
  const value = Array.isArray(params) ? (params.length === 0 ? {} : params[0]) : params;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidArgument();
  return value as Args;
}

/** An `ids.ID` field: absent (or JSON null) is the empty id; anything but a 32-byte cb58 string fails decoding. */
export function idArg(args: Args, name: string): string {
  const value = args[name];
  if (value === undefined || value === null) return EMPTY_ID;
  if (typeof value !== 'string' || cb58Decode(value)?.length !== 32) throw invalidArgument();
  return value;
}

export function nodeIdsArg(args: Args, name: string): string[] {
  const value = args[name];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && isNodeId(v))) throw invalidArgument();
  return value as string[];
}

/** A JSON `Uint64` (a number, or a decimal string). */
export function uintArg(args: Args, name: string, fallback = 0): number {
  const value = args[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  throw invalidArgument();
}

export function boolArg(args: Args, name: string): boolean {
  const value = args[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalidArgument();
  return value;
}

export function stringArg(args: Args, name: string): string {
  const value = args[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalidArgument();
  return value;
}

export function stringsArg(args: Args, name: string): string[] {
  const value = args[name];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw invalidArgument();
  return value as string[];
}

export type Encoding = 'hex' | 'hexc' | 'hexnc' | 'json';

export function encodingArg(args: Args): Encoding {
  const value = args.encoding;
  if (value === undefined || value === null) return 'hex';
  if (typeof value !== 'string') throw invalidArgument();
  const lower = value.toLowerCase();
  if (lower !== 'hex' && lower !== 'hexc' && lower !== 'hexnc' && lower !== 'json') throw invalidArgument();
  return lower;
}

/**
 * Parses `<chain>-<hrp>1...` the way a chain's service does: the chain part must name this chain
 * (alias or id) and the hrp this network. Throws a message (callers wrap it as AvalancheGo does).
 */
export function parseServiceAddress(net: PrimaryNetwork, chain: ChainAlias, value: string): ShortId {
  const dash = value.indexOf('-');
  if (dash === -1) throw new Error('no separator found in address');
  const prefix = value.slice(0, dash);
  if (prefix !== chain && prefix !== net.chainIds[chain]) throw new Error(`expected chainID to be "${net.chainIds[chain]}" but was "${prefix}"`);
  const parsed = parseBech32Address(value.slice(dash + 1));
  if (!parsed) throw new Error('invalid bech32 address');
  if (parsed.hrp !== net.hrp) throw new Error(`expected hrp "${net.hrp}" but got "${parsed.hrp}"`);
  return { bytes: parsed.bytes, hex: bytesToHex(parsed.bytes) };
}

/** Parses each address with AvalancheGo's `couldn't parse address` wrapping. */
export function parseServiceAddresses(net: PrimaryNetwork, chain: ChainAlias, values: string[]): ShortId[] {
  return values.map((value) => {
    try {
      return parseServiceAddress(net, chain, value);
    } catch (error) {
      throw serverError(`couldn't parse address "${value}": ${(error as Error).message}`);
    }
  });
}
