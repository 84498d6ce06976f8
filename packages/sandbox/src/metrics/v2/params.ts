/**
 * Parameter checks of the metrics service's v2 routes: a bad value answers 400 with the service's
 * error body (`message` an array of strings), an unknown subject 404, as the real service does.
 */
import { isCb58Id, isEvmAddress, isNodeId } from '@avalanche-graph/identity';
import { SandboxHttpError } from '../../http.js';

export const bad = (message: string) => new SandboxHttpError(400, [message]);
export const missing = (message: string) => new SandboxHttpError(404, [message]);

/** An optional whole-number query parameter within bounds. */
export function intParam(query: URLSearchParams, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw bad(`${name} must be an integer between ${min} and ${max}`);
  }
  return Number(raw);
}

export function enumParam<T extends string>(query: URLSearchParams, name: string, values: readonly T[]): T | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!(values as readonly string[]).includes(raw)) throw bad(`${name} must be one of the following values: ${values.join(', ')}`);
  return raw as T;
}

export function enumPath<T extends string>(name: string, value: string, values: readonly T[]): T {
  if (!(values as readonly string[]).includes(value)) throw bad(`${name} must be one of the following values: ${values.join(', ')}`);
  return value as T;
}

export interface TimeRange {
  start: number;
  end: number;
}

/** `startTimestamp`/`endTimestamp` (Unix seconds, inclusive); the start must come before the end. */
export function timeRange(query: URLSearchParams): TimeRange {
  const start = intParam(query, 'startTimestamp', 0);
  const end = intParam(query, 'endTimestamp', 0);
  if (start !== undefined && end !== undefined && start >= end) throw bad('startTimestamp must be less than endTimestamp');
  return { start: start ?? 0, end: end ?? Number.MAX_SAFE_INTEGER };
}

export const inRange = (timestamp: number, range: TimeRange) => timestamp >= range.start && timestamp <= range.end;

export function cb58Param(name: string, value: string): string {
  if (!isCb58Id(value)) throw bad(`${name} must be a valid cb58 id`);
  return value;
}

export function nodeIdParam(value: string): string {
  if (!isNodeId(value)) throw bad('nodeId must be a valid NodeID');
  return value;
}

export function evmAddressParam(name: string, value: unknown): string {
  if (typeof value !== 'string' || !isEvmAddress(value)) throw bad(`${name} must be an EVM address`);
  return value;
}

/** A non-negative decimal integer given as a string (balances, thresholds). */
export function decimalParam(name: string, value: unknown): bigint {
  if (typeof value !== 'string' || !/^\d{1,78}$/.test(value)) throw bad(`${name} must be a non-negative integer string`);
  return BigInt(value);
}
