/**
 * The "Looking Glass" address lists of the simulated metrics service, from the world:
 * - BTC.b bridgers: the world has no BTC.b bridge, so each C-Chain wallet gets a deterministic net
 *   bridged amount (satoshis) from the seed; most wallets bridged something.
 * - validator reward addresses: the primary network's validation periods that overlap the time
 *   range, with their validation reward owners (bare bech32) and the time of their AddValidatorTx.
 * - the composite query: balance and NFT-holder conditions over the EVM world's wallets of a chain,
 *   evaluated after every block of the date range (and at its start); the world has no Stars Arena
 *   contract, so those conditions match no address.
 */
import type { MetricsSchema } from '@avalanche-graph/wire-types';
import { toChecksumAddress } from '@avalanche-graph/identity';
import type { EvmChainWorld } from '../../world/evm/types.js';
import type { World } from '../../world/index.js';
import type { PrimaryNetwork } from '../../world/primary/types.js';
import { bareAddress } from '../../world/primary/wallets.js';
import { Rng } from '../../world/rng.js';
import { bad, decimalParam, evmAddressParam } from './params.js';

/** The sub-query types the metrics service's composite query accepts. */
const COMPOSITE_QUERY_TYPES = [
  'AllTimeNativeBalance',
  'AnyTimeNativeBalance',
  'AllTimeErc20Balance',
  'AnyTimeErc20Balance',
  'AllTimeNftHolders',
  'AnyTimeNftHolders',
  'LatestBalance',
  'AllTimeStarsArenaBalance',
  'AnyTimeStarsArenaBalance',
  'LatestBalanceStarsArena',
] as const;
type CompositeQueryType = (typeof COMPOSITE_QUERY_TYPES)[number];

export interface Bridger {
  address: string;
  amount: bigint;
}

/** C-Chain wallets with a positive net bridged BTC.b amount (satoshis), largest first. */
export function btcbBridgers(world: World): Bridger[] {
  const cChain = world.evm.chain(43114);
  const rng = new Rng(world.seed).fork('metrics/v2/btcb');
  const out: Bridger[] = [];
  for (const address of cChain?.wallets ?? []) {
    const r = rng.fork(address.toLowerCase());
    if (r.chance(0.7)) out.push({ address, amount: BigInt(r.int(1_000, 500_000_000)) });
  }
  return out.sort((a, b) => (a.amount === b.amount ? a.address.localeCompare(b.address) : a.amount > b.amount ? -1 : 1));
}

export type RewardAddresses = MetricsSchema<'PChainAddressDetails'>;

/** Validation periods overlapping [start, end], oldest AddValidatorTx first. */
export function validatorRewardAddresses(net: PrimaryNetwork, range: { start: number; end: number }): RewardAddresses[] {
  return net.validators
    .flatMap((v) => [...v.past, v.current])
    .filter((p) => p.start <= range.end && p.end >= range.start)
    .map((p) => ({ time: net.p.txsById.get(p.txId)?.time ?? p.start, txId: p.txId, owner: p.validationRewardOwner }))
    .sort((a, b) => a.time - b.time || a.txId.localeCompare(b.txId))
    .map((p) => ({ addresses: p.owner.addrs.map((k) => bareAddress(net.hrp, k)), sortKey: String(p.time) }));
}

/** Addresses in ascending order of their hex value (whatever their checksum case). */
const byAddress = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase());

interface SubQuery {
  id: string;
  type: CompositeQueryType;
  params: Record<string, unknown>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateParam(name: string, value: unknown): number {
  if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw bad(`${name} must be a date (YYYY-MM-DD)`);
  return Date.parse(`${value}T00:00:00Z`) / 1000;
}

/** Reads and checks the request body's sub-queries and operator. */
export function parseComposite(body: unknown): { queries: SubQuery[]; operator: 'AND' | 'OR' } {
  if (!body || typeof body !== 'object') throw bad('body must be a JSON object');
  const { queries, operator } = body as Record<string, unknown>;
  if (operator !== 'AND' && operator !== 'OR') throw bad('operator must be one of the following values: AND, OR');
  if (!Array.isArray(queries) || queries.length === 0) throw bad('queries must be a non-empty array');
  const ids = new Set<string>();
  const parsed = queries.map((q, i): SubQuery => {
    if (!q || typeof q !== 'object') throw bad(`queries.${i} must be an object`);
    const { id, type, params } = q as Record<string, unknown>;
    if (typeof id !== 'string' || id === '') throw bad(`queries.${i}.id must be a non-empty string`);
    if (ids.has(id)) throw bad(`queries.${i}.id must be unique`);
    ids.add(id);
    if (!(COMPOSITE_QUERY_TYPES as readonly unknown[]).includes(type)) throw bad(`queries.${i}.type must be one of the following values: ${COMPOSITE_QUERY_TYPES.join(', ')}`);
    if (!params || typeof params !== 'object') throw bad(`queries.${i}.params must be an object`);
    return { id, type: type as CompositeQueryType, params: params as Record<string, unknown> };
  });
  return { queries: parsed, operator };
}

/** The blocks at which a condition over [from, to] is checked: the state at `from`, then after each block up to `to`. */
function checkpoints(chain: EvmChainWorld, from: number, to: number): number[] {
  const before = chain.blocks.filter((b) => b.timestamp < from).at(-1)?.number ?? 0;
  return [before, ...chain.blocks.filter((b) => b.timestamp >= from && b.timestamp <= to).map((b) => b.number)];
}

function erc20Balance(chain: EvmChainWorld, address: string, token: string, block: number): bigint {
  let balance = 0n;
  for (const r of chain.addressErc20Transfers(address)) {
    if (r.tx.blockNumber > block || r.transfer.token.toLowerCase() !== token) continue;
    if (r.transfer.to.toLowerCase() === address.toLowerCase()) balance += r.transfer.value;
    if (r.transfer.from.toLowerCase() === address.toLowerCase()) balance -= r.transfer.value;
  }
  return balance;
}

function chainOf(world: World, i: number, value: unknown): EvmChainWorld {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw bad(`queries.${i}.params.evmChainId must be an EVM chain id`);
  const chain = world.evm.chain(Number(value));
  if (!chain) throw bad(`queries.${i}.params.evmChainId ${value} is not supported`);
  return chain;
}

/** The addresses (EIP-55) one sub-query matches, in ascending order. */
export function matchSubQuery(world: World, q: SubQuery, i: number): string[] {
  const p = q.params;
  const at = (name: string) => `queries.${i}.params.${name}`;
  if (q.type === 'LatestBalanceStarsArena' || q.type === 'AllTimeStarsArenaBalance' || q.type === 'AnyTimeStarsArenaBalance') {
    evmAddressParam(at('subjectAddress'), p.subjectAddress);
    decimalParam(at('minBalance'), p.minBalance);
    if (q.type !== 'LatestBalanceStarsArena') dateRange(p, at);
    return [];
  }
  const chain = chainOf(world, i, p.evmChainId);
  let holds: (address: string, block: number) => boolean;
  let span: { from: number; to: number } | null;
  if (q.type === 'AllTimeNftHolders' || q.type === 'AnyTimeNftHolders') {
    const contract = evmAddressParam(at('contractAddress'), p.contractAddress).toLowerCase();
    span = p.startTs !== undefined || p.endTs !== undefined ? tsRange(p, at) : dateRange(p, at);
    holds = (address, block) => chain.nftHoldings(address, block).some((h) => h.token.address.toLowerCase() === contract);
  } else {
    const min = decimalParam(at('minBalance'), p.minBalance);
    const erc20 = q.type === 'AllTimeErc20Balance' || q.type === 'AnyTimeErc20Balance' || (q.type === 'LatestBalance' && p.tokenType === 'ERC20');
    if (q.type === 'LatestBalance' && p.tokenType !== 'ERC20' && p.tokenType !== 'NATIVE') throw bad(`${at('tokenType')} must be one of the following values: ERC20, NATIVE`);
    const token = erc20 ? evmAddressParam(at('contractAddress'), p.contractAddress).toLowerCase() : '';
    holds = (address, block) => (erc20 ? erc20Balance(chain, address, token, block) : chain.nativeBalance(address, block)) >= min;
    span = q.type === 'LatestBalance' ? null : dateRange(p, at);
  }
  const blocks = span ? checkpoints(chain, span.from, span.to) : [chain.latestBlockNumber()];
  const every = q.type.startsWith('AllTime');
  return chain.wallets
    .filter((address) => (every ? blocks.every((b) => holds(address, b)) : blocks.some((b) => holds(address, b))))
    .map((a) => toChecksumAddress(a))
    .sort(byAddress);
}

function dateRange(p: Record<string, unknown>, at: (name: string) => string): { from: number; to: number } {
  const from = dateParam(at('firstDate'), p.firstDate);
  const to = dateParam(at('lastDate'), p.lastDate) + 86_399;
  if (from > to) throw bad(`${at('firstDate')} must not be after ${at('lastDate')}`);
  return { from, to };
}

function tsRange(p: Record<string, unknown>, at: (name: string) => string): { from: number; to: number } {
  const ok = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
  if (!ok(p.startTs)) throw bad(`${at('startTs')} must be a non-negative integer`);
  if (!ok(p.endTs)) throw bad(`${at('endTs')} must be a non-negative integer`);
  if ((p.startTs as number) >= (p.endTs as number)) throw bad(`${at('startTs')} must be less than ${at('endTs')}`);
  return { from: p.startTs as number, to: p.endTs as number };
}

/** Combines sub-query matches: AND keeps addresses every sub-query matched, OR those any did. */
export function combineMatches(matches: string[][], operator: 'AND' | 'OR'): string[] {
  if (operator === 'OR') return [...new Set(matches.flat())].sort(byAddress);
  return matches.reduce((acc, m) => acc.filter((a) => m.includes(a)));
}
