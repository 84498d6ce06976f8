/**
 * Parameter checks and pagination shared by the EVM routes. Page tokens are opaque to clients:
 * base64url of the next offset plus a fingerprint of the query, so a token replayed against another
 * query (another address, range or filter) is refused instead of silently skipping items.
 */
import { isEvmAddress, isHash32, sha256Bytes, toChecksumAddress } from '@avalanche-graph/identity';
import type { World } from '../../world/index.js';
import type { EvmBlock, EvmChainWorld } from '../../world/evm/index.js';
import { badRequest, notFound } from '../errors.js';

/** A chain by EVM chain id or cb58 blockchain id; 404 when the world has no such chain. */
export function chainParam(world: World, chainId: string): EvmChainWorld {
  const chain = world.chains.find((c) => c.info.chainId === chainId || c.blockchainId === chainId);
  const evm = chain && world.evm.chain(chain.evmChainId);
  if (!evm) throw notFound(`Chain ${chainId} not found`);
  return evm;
}

export function addressParam(value: string | null | undefined, name = 'address'): string {
  if (value === null || value === undefined || !isEvmAddress(value)) throw badRequest(`${name} must be a valid EVM address`);
  return toChecksumAddress(value);
}

export function optionalAddress(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  return value === null ? undefined : addressParam(value, name);
}

export function txHashParam(value: string): string {
  if (!isHash32(value)) throw badRequest('txHash must be a 32-byte hex string (0x followed by 64 hex digits)');
  return value;
}

/** An optional non-negative integer query parameter. */
export function intParam(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw badRequest(`${name} must be a non-negative integer`);
  return Number(value);
}

export interface PageSizeBounds {
  min: number;
  max: number;
  fallback: number;
}

export function pageSizeParam(query: URLSearchParams, bounds: PageSizeBounds): number {
  const value = query.get('pageSize');
  if (value === null) return bounds.fallback;
  if (!/^-?\d+$/.test(value)) throw badRequest('pageSize must be an integer');
  const n = Number(value);
  if (n < bounds.min || n > bounds.max) throw badRequest(`pageSize must be between ${bounds.min} and ${bounds.max}`);
  return n;
}

/** Checks a block id's form: a block number or a 32-byte hash (400 otherwise). */
export function blockIdParam(blockId: string): string {
  if (!/^\d+$/.test(blockId) && !isHash32(blockId)) throw badRequest('blockId must be a block number or a 32-byte block hash');
  return blockId;
}

/** A block by number or hash; 404 when the chain has no such block. */
export function blockParam(chain: EvmChainWorld, blockId: string): EvmBlock {
  const block = /^\d+$/.test(blockIdParam(blockId)) ? chain.blockByNumber(Number(blockId)) : chain.blockByHash(blockId);
  if (!block) throw notFound(`Block ${blockId} not found on chain ${chain.evmChainId}`);
  return block;
}

/** `startBlock` (inclusive) and `endBlock` (exclusive); either side may be open. */
export function blockRangeParam(query: URLSearchParams): { start: number; end: number } {
  const start = intParam(query, 'startBlock');
  const end = intParam(query, 'endBlock');
  if (start !== undefined && end !== undefined && end < start) throw badRequest('endBlock must be greater than or equal to startBlock');
  return { start: start ?? 0, end: end ?? Number.MAX_SAFE_INTEGER };
}

function fingerprint(parts: readonly unknown[]): string {
  return Buffer.from(sha256Bytes(JSON.stringify(parts))).toString('hex').slice(0, 12);
}

/**
 * Pages through a list. `scope` names the query (route plus every filter): a token is only valid
 * for the same scope. Page size may change between pages; the token holds an item offset.
 */
export function paginate<T>(
  items: readonly T[],
  query: URLSearchParams,
  pageSize: number,
  scope: readonly unknown[],
): { page: T[]; nextPageToken?: string } {
  const fp = fingerprint(scope);
  let offset = 0;
  const token = query.get('pageToken');
  if (token !== null && token !== '') {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    } catch {
      throw badRequest('Invalid pageToken');
    }
    const o = (decoded as { o?: unknown })?.o;
    if (typeof o !== 'number' || !Number.isSafeInteger(o) || o < 0 || (decoded as { f?: unknown }).f !== fp) throw badRequest('Invalid pageToken');
    offset = o;
  }
  const page = items.slice(offset, offset + pageSize);
  const next = offset + pageSize;
  // A page of size 0 would never advance, so it ends the walk.
  if (pageSize === 0 || next >= items.length) return { page };
  return { page, nextPageToken: Buffer.from(JSON.stringify({ o: next, f: fp })).toString('base64url') };
}
