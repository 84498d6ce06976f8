/**
 * Input validation, run before any upstream call. Each check throws BAD_USER_INPUT naming the
 * argument.
 */
import { badInput } from '../../errors.js';
import { isCb58Id, isEvmAddress, isHash32, isNodeId } from '@avalanche-graph/identity';

/** An EVM chain id as the graph takes it: a decimal string (e.g. "43114"). */
export const isEvmChainId = (value: string): boolean => /^\d{1,20}$/.test(value);

export function evmChainId(argument: string, value: string): string {
  if (!isEvmChainId(value)) throw badInput(argument, `"${truncate(value)}" is not an EVM chain id (a decimal string, e.g. "43114")`);
  return value;
}

export function evmAddress(argument: string, value: string): string {
  if (!isEvmAddress(value)) throw badInput(argument, `"${truncate(value)}" is not an EVM address (0x and 40 hex digits, EIP-55 checksum if mixed case)`);
  return value;
}

export function hash32(argument: string, value: string): string {
  if (!isHash32(value)) throw badInput(argument, `"${truncate(value)}" is not a 32-byte hash (0x and 64 hex digits)`);
  return value.toLowerCase();
}

export function cb58Id(argument: string, value: string): string {
  if (!isCb58Id(value)) throw badInput(argument, `"${truncate(value)}" is not a cb58 id (32 bytes with checksum)`);
  return value;
}

export function nodeId(argument: string, value: string): string {
  if (!isNodeId(value)) throw badInput(argument, `"${truncate(value)}" is not a node id (NodeID- and cb58 of 20 bytes)`);
  return value;
}

export function list<T>(argument: string, values: readonly T[], max: number, each: (arg: string, value: T) => T): T[] {
  if (values.length > max) throw badInput(argument, `at most ${max} values, got ${values.length}`);
  return values.map((v, i) => each(`${argument}[${i}]`, v));
}

function truncate(value: string): string {
  return value.length > 80 ? `${value.slice(0, 77)}...` : value;
}
