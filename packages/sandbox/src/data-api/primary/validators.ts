/**
 * `GET /v1/networks/{network}/validators`, `/validators/{nodeId}` and `/l1Validators`: the P-Chain's
 * validators of the world as the Data API indexes them. Each primary-network validator has one row
 * per validation (its current one, active, and its completed ones, with the rewards paid); the
 * L1 validators are those the P-Chain registered for the world's L1s. Stake, delegations, fees and
 * rewards are the world's, so they agree with the node's `platform.getCurrentValidators`, the
 * delegator list and the reward history.
 */
import { bytesToHex, cb58Decode, isNodeId, sha256Bytes } from '@avalanche-graph/identity';
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { AVAX } from '../../world/primary/constants.js';
import { EMPTY_ID, WORLD_NOW, type Delegation, type L1Validator, type PrimaryNetwork, type RewardOwner, type ValidationPeriod, type Validator } from '../../world/primary/index.js';
import { bareAddress } from '../../world/primary/wallets.js';
import { badRequest, enumParam } from '../errors.js';
import { feePercent } from './delegators.js';
import { paginate, sortBy } from './paging.js';
import { booleanParam, cb58IdParam, listParam, networkParam, SORT_ORDERS } from './params.js';

const STATUSES = ['completed', 'active', 'pending', 'removed'] as const;
const SORT_BY = ['blockIndex', 'delegationCapacity', 'timeRemaining', 'delegationFee', 'uptimePerformance'] as const;
/** Most a validator may weigh, its stake and delegations together (3 million AVAX). */
const MAX_VALIDATOR_WEIGHT = 3_000_000n * AVAX;
/** The delegation capacity bounds of the description (nAVAX). */
const MAX_CAPACITY = 720_000_000_000_000_000n;
const MAX_SECONDS = 2_147_483_647;
const CITIES = [
  { city: 'Frankfurt am Main', country: 'Germany', countryCode: 'DE', latitude: 50.1109, longitude: 8.6821 },
  { city: 'Ashburn', country: 'United States', countryCode: 'US', latitude: 39.0438, longitude: -77.4874 },
  { city: 'Singapore', country: 'Singapore', countryCode: 'SG', latitude: 1.3521, longitude: 103.8198 },
  { city: 'Helsinki', country: 'Finland', countryCode: 'FI', latitude: 60.1699, longitude: 24.9384 },
  { city: 'Tokyo', country: 'Japan', countryCode: 'JP', latitude: 35.6762, longitude: 139.6503 },
  { city: 'Toronto', country: 'Canada', countryCode: 'CA', latitude: 43.6532, longitude: -79.3832 },
  { city: 'Amsterdam', country: 'Netherlands', countryCode: 'NL', latitude: 52.3676, longitude: 4.9041 },
];

/** One row of the validator list: a validation and what sorting and filtering read of it. */
interface Row {
  body: Record<string, unknown>;
  status: (typeof STATUSES)[number];
  nodeId: string;
  txHash: string;
  start: number;
  blockIndex: number;
  timeRemaining: number;
  fee: number;
  capacity?: bigint;
  uptime?: number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

function rewardAddresses(net: PrimaryNetwork, owner: RewardOwner): string[] {
  return owner.addrs.map((a) => bareAddress(net.hrp, a));
}

/** What the Data API adds of its own observation of a node: version, health, location (from the node id, stable). */
function observed(v: Validator): Record<string, unknown> {
  const seed = sha256Bytes(v.nodeId);
  const missed = 100 - v.uptime;
  return {
    avalancheGoVersion: `avalanchego/1.13.${seed[0]! % 4}`,
    validatorHealth: {
      reachabilityPercent: v.connected ? 100 : 0,
      benchedPChainRequestsPercent: round(missed / 4, 2),
      benchedXChainRequestsPercent: round(missed / 5, 2),
      benchedCChainRequestsPercent: round(missed / 3, 2),
    },
    geolocation: seed[1]! % 8 === 0 ? null : CITIES[seed[2]! % CITIES.length]!,
  };
}

function delegationsTo(net: PrimaryNetwork, period: ValidationPeriod, statuses: readonly Delegation['status'][]): Delegation[] {
  return net.delegations.filter((d) => d.period === period && statuses.includes(d.status));
}

/** Every validation of the network's current validators, as rows of the list. */
export function validationRows(net: PrimaryNetwork): Row[] {
  const totalStake = sum(net.validators.map((v) => v.current.stake + sum(delegationsTo(net, v.current, ['active']).map((d) => d.amount))));
  const rows: Row[] = [];
  const common = (p: ValidationPeriod) => ({
    txHash: p.txId,
    nodeId: p.nodeId,
    subnetId: EMPTY_ID,
    amountStaked: p.stake.toString(),
    delegationFee: feePercent(p.shares),
    startTimestamp: p.start,
    endTimestamp: p.end,
    ...(p.signer ? { blsCredentials: { publicKey: bytesToHex(p.signer.publicKey), proofOfPossession: bytesToHex(p.signer.proofOfPossession) } } : {}),
  });
  const row = (p: ValidationPeriod, status: Row['status'], body: Record<string, unknown>, extra: Partial<Row> = {}): Row => ({
    body: { ...common(p), ...body, validationStatus: status },
    status,
    nodeId: p.nodeId,
    txHash: p.txId,
    start: p.start,
    blockIndex: net.p.txsById.get(p.txId)?.blockHeight ?? 0,
    timeRemaining: Math.max(0, p.end - WORLD_NOW),
    fee: p.shares / 10_000,
    ...extra,
  });
  for (const v of net.validators) {
    const p = v.current;
    if (p.start > WORLD_NOW) {
      rows.push(row(p, 'pending', {}));
    } else {
      const active = delegationsTo(net, p, ['active']);
      const delegated = sum(active.map((d) => d.amount));
      const capacity = MAX_VALIDATOR_WEIGHT < 5n * p.stake ? MAX_VALIDATOR_WEIGHT - p.stake - delegated : 4n * p.stake - delegated;
      const stake = p.stake + delegated;
      rows.push(
        row(
          p,
          'active',
          {
            stakePercentage: totalStake > 0n ? Number((stake * 1_000_000n) / totalStake) / 10_000 : 0,
            delegatorCount: active.length,
            amountDelegated: delegated.toString(),
            uptimePerformance: v.uptime,
            delegationCapacity: (capacity > 0n ? capacity : 0n).toString(),
            potentialRewards: {
              validationRewardAmount: p.potentialReward.toString(),
              delegationRewardAmount: sum(delegationsTo(net, p, ['active', 'pending']).map((d) => d.feeReward)).toString(),
              rewardAddresses: rewardAddresses(net, p.validationRewardOwner),
            },
            ...observed(v),
          },
          { capacity: capacity > 0n ? capacity : 0n, uptime: v.uptime },
        ),
      );
    }
    for (const past of v.past) {
      const completed = delegationsTo(net, past, ['completed']);
      rows.push(
        row(past, 'completed', {
          delegatorCount: completed.length,
          amountDelegated: sum(completed.map((d) => d.amount)).toString(),
          rewards: {
            validationRewardAmount: past.potentialReward.toString(),
            delegationRewardAmount: sum(completed.map((d) => d.feeReward)).toString(),
            rewardAddresses: rewardAddresses(net, past.validationRewardOwner),
            ...(past.rewardTxId ? { rewardTxHash: past.rewardTxId } : {}),
          },
        }),
      );
    }
  }
  return rows;
}

/** A decimal number query parameter within [min, max]; undefined when absent. */
function numberParam(query: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(raw)) throw badRequest(`${name} must be a number conforming to the specified constraints`);
  const value = Number(raw);
  if (value < min) throw badRequest(`${name} must not be less than ${min}`);
  if (value > max) throw badRequest(`${name} must not be greater than ${max}`);
  return value;
}

function amountParam(query: URLSearchParams, name: string): bigint | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d{1,30}$/.test(raw) || BigInt(raw) > MAX_CAPACITY) throw badRequest(`${name} must be an integer between 0 and ${MAX_CAPACITY}`);
  return BigInt(raw);
}

function ordered(rows: Row[], key: (typeof SORT_BY)[number], order: 'asc' | 'desc'): Row[] {
  const keys: Record<(typeof SORT_BY)[number], (r: Row) => number | bigint> = {
    blockIndex: (r) => r.blockIndex,
    delegationCapacity: (r) => r.capacity ?? -1n,
    timeRemaining: (r) => r.timeRemaining,
    delegationFee: (r) => r.fee,
    uptimePerformance: (r) => r.uptime ?? -1,
  };
  return sortBy(rows, keys[key], (r) => r.txHash, order);
}

function within<T extends number | bigint>(value: T | undefined, min: T | undefined, max: T | undefined): boolean {
  if (min === undefined && max === undefined) return true;
  if (value === undefined) return false;
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

function l1Body(net: PrimaryNetwork, v: L1Validator): Record<string, unknown> {
  const owner = (o: RewardOwner) => ({ addresses: rewardAddresses(net, o), threshold: o.threshold });
  return {
    validationId: v.validationId,
    validationIdHex: bytesToHex(cb58Decode(v.validationId)!),
    nodeId: v.nodeId,
    subnetId: v.subnetId,
    weight: Number(v.weight),
    remainingBalance: Number(v.balance),
    creationTimestamp: v.startTime,
    blsCredentials: { publicKey: bytesToHex(v.publicKey) },
    remainingBalanceOwner: owner(v.remainingBalanceOwner),
    deactivationOwner: owner(v.deactivationOwner),
  };
}

export function validatorRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/networks/{network}/validators', ({ params, query }) => {
    const { net, network } = networkParam(world, params.network);
    const nodeIds = listParam(query, 'nodeIds');
    const status = enumParam(query, 'validationStatus', STATUSES);
    const sortKey = enumParam(query, 'sortBy', SORT_BY) ?? 'blockIndex';
    const sortOrder = enumParam(query, 'sortOrder', SORT_ORDERS) ?? 'asc';
    const subnetId = cb58IdParam(query.get('subnetId'), 'subnetId');
    if (sortKey === 'delegationFee' && subnetId !== EMPTY_ID) throw badRequest(`sortBy delegationFee needs subnetId ${EMPTY_ID}`);
    const capacity = [amountParam(query, 'minDelegationCapacity'), amountParam(query, 'maxDelegationCapacity')] as const;
    const remaining = [numberParam(query, 'minTimeRemaining', 0, MAX_SECONDS), numberParam(query, 'maxTimeRemaining', 0, MAX_SECONDS)] as const;
    const fee = [numberParam(query, 'minFeePercentage', 2, 100), numberParam(query, 'maxFeePercentage', 2, 100)] as const;
    const uptime = [numberParam(query, 'minUptimePerformance', 0, 100), numberParam(query, 'maxUptimePerformance', 0, 100)] as const;
    for (const [name, [min, max]] of [['DelegationCapacity', capacity], ['TimeRemaining', remaining], ['FeePercentage', fee], ['UptimePerformance', uptime]] as const) {
      if (min !== undefined && max !== undefined && min > max) throw badRequest(`min${name} must not be greater than max${name}`);
    }
    const matching = validationRows(net).filter(
      (r) =>
        (!nodeIds || nodeIds.some((id) => r.nodeId.includes(id))) &&
        (!status || r.status === status) &&
        (!subnetId || subnetId === EMPTY_ID) &&
        within(r.capacity, ...capacity) &&
        within(r.timeRemaining, ...remaining) &&
        within(r.fee, ...fee) &&
        within(r.uptime, ...uptime),
    );
    const scope = ['validators', network, (nodeIds ?? []).join(','), status, sortKey, sortOrder, subnetId, ...capacity, ...remaining, ...fee, ...uptime].map((x) => String(x ?? '')).join('|');
    const page = paginate(ordered(matching, sortKey, sortOrder), query, { scope, defaultSize: 10, maxSize: 100 });
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), validators: page.items.map((r) => r.body) };
  });

  service.route('GET', '/v1/networks/{network}/validators/{nodeId}', ({ params, query }) => {
    const { net, network } = networkParam(world, params.network);
    const nodeId = params.nodeId!;
    if (!isNodeId(nodeId)) throw badRequest('nodeId must be a valid node id (NodeID-...)');
    const status = enumParam(query, 'validationStatus', STATUSES);
    const sortOrder = enumParam(query, 'sortOrder', SORT_ORDERS) ?? 'asc';
    const matching = validationRows(net).filter((r) => r.nodeId === nodeId && (!status || r.status === status));
    const page = paginate(sortBy(matching, (r) => r.start, (r) => r.txHash, sortOrder), query, {
      scope: ['validator', network, nodeId, status ?? '', sortOrder].join('|'),
      defaultSize: 10,
      maxSize: 100,
    });
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), validators: page.items.map((r) => r.body) };
  });

  service.route('GET', '/v1/networks/{network}/l1Validators', ({ params, query }) => {
    const { net, network } = networkParam(world, params.network);
    const subnetId = cb58IdParam(query.get('subnetId'), 'subnetId');
    const validationId = cb58IdParam(query.get('l1ValidationId'), 'l1ValidationId');
    const nodeId = query.get('nodeId');
    if (nodeId !== null && !isNodeId(nodeId)) throw badRequest('nodeId must be a valid node id (NodeID-...)');
    const inactive = booleanParam(query, 'includeInactiveL1Validators', false);
    const matching = net.l1Validators.filter(
      (v) => (!subnetId || v.subnetId === subnetId) && (!validationId || v.validationId === validationId) && (nodeId === null || v.nodeId === nodeId) && (inactive || v.balance > 0n),
    );
    const page = paginate(sortBy(matching, (v) => v.startTime, (v) => v.validationId, 'asc'), query, {
      scope: ['l1Validators', network, subnetId ?? '', validationId ?? '', nodeId ?? '', inactive].join('|'),
      defaultSize: 10,
      maxSize: 100,
    });
    return {
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      validators: page.items.map((v) => l1Body(net, v)),
      blockHeight: String(net.p.blocks.length - 1),
    };
  });
}

