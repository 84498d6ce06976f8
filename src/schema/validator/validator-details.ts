/**
 * The Data API's view of validators, joined into the P-Chain's `Validator` (src/schema/validator/validator.ts):
 * validation status, stake share, delegation capacity, uptime performance, health, location,
 * version and rewards, from `GET /v1/networks/{network}/validators/{nodeId}` (one call per node of
 * the operation, deduped, made only when one of these fields is selected); and
 * `Network.validatorList`, the Data API's filtered, sorted list of validations
 * (`GET /v1/networks/{network}/validators`) as a connection of the same `Validator`, whose P-Chain
 * fields are read through the validator loader (one `platform.getCurrentValidators` per network
 * and subnet for the whole page).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { badInput } from '../../errors.js';
import { type NetworkKey, PRIMARY_NETWORK_SUBNET_ID } from '@avalanche-graph/identity';
import type { WireListValidatorsQuery, WireValidationStatus, WireValidatorDetails, WireValidatorHealth, WireValidatorRewards, WireValidatorSortBy } from '../../upstream/data-api/types/validators.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { type ConnectionArgs } from '../common/pagination.js';
import { upstreamList } from '../common/upstream-list.js';
import { enumValues, SortOrder, upstreamEnum } from '../common/enums.js';
import { dataApiNetwork, networkKey, networkName } from '../common/network-names.js';
import { fieldGuard, maxItems } from '../common/guards.js';
import { Network } from '../network/network.js';
import { serves } from '../common/operations.js';
import { Validator } from './validator.js';
import { nodeIdOf, type ValidatorShape } from './keys.js';
import { cb58Id, list, nodeId as nodeIdArg } from '../common/validate.js';
import { loadersOf } from '../loaders/index.js';

export const ValidationStatus = upstreamEnum('ValidationStatus', {
  description: 'Where a validation stands, as the Data API reports it.',
  values: {
    pending: 'Accepted on the P-Chain; its validation period has not started yet.',
    active: 'Validating now.',
    completed: 'Its validation period ended (and its reward, if any, was paid).',
    removed: 'A permissioned subnet validator removed before its end.',
  },
  unknown: 'A status this gateway does not know yet (not accepted as a filter).',
});

/** A validation-status filter; UNKNOWN exists for output only. */
export function validationStatusArg(argument: string, value: WireValidationStatus | 'UNKNOWN' | null | undefined): WireValidationStatus | undefined {
  if (value == null) return undefined;
  if (value === 'UNKNOWN') throw badInput(argument, 'UNKNOWN is not a status to filter by; use PENDING, ACTIVE, COMPLETED or REMOVED');
  return value;
}

export const ValidatorSortBy = builder.enumType('ValidatorSortBy', {
  description: 'The property the validator list is sorted by (with `sortOrder`).',
  values: enumValues({
    blockIndex: 'Position of the transaction that added the validation on the P-Chain (the default).',
    delegationCapacity: 'Stake that may still be delegated to it.',
    timeRemaining: 'Time until the validation ends.',
    delegationFee: 'Its delegation fee; primary-network validators only (needs `subnetId` 11111111111111111111111111111111LpoYY).',
    uptimePerformance: 'Uptime the Data API measured.',
  }),
});

export const ValidatorRewards = builder.objectRef<WireValidatorRewards>('ValidatorRewards').implement({
  description: 'Rewards of one validation: for validating, and the fees on delegations to it.',
  fields: (t) => ({
    validationRewardAmount: t.expose('validationRewardAmount', { type: 'BigInt', description: 'Reward for validating, in nAVAX.' }),
    delegationRewardAmount: t.expose('delegationRewardAmount', { type: 'BigInt', description: 'Fees on delegators\' rewards, in nAVAX.' }),
    rewardAddresses: t.stringList({ description: 'Addresses the rewards go to (bech32).', resolve: (r) => r.rewardAddresses ?? [] }),
    rewardTxHash: t.exposeString('rewardTxHash', { nullable: true, description: 'Id of the transaction that paid them (completed validations).' }),
  }),
});

export const ValidatorHealth = builder.objectRef<WireValidatorHealth>('ValidatorHealth').implement({
  description: 'How a validator answered the Data API\'s node at its last polling.',
  fields: (t) => ({
    reachabilityPercent: t.exposeFloat('reachabilityPercent', { description: 'Percent of requests it answered.' }),
    benchedPChainRequestsPercent: t.exposeFloat('benchedPChainRequestsPercent', { description: 'Percent of P-Chain requests benched.' }),
    benchedXChainRequestsPercent: t.exposeFloat('benchedXChainRequestsPercent', { description: 'Percent of X-Chain requests benched.' }),
    benchedCChainRequestsPercent: t.exposeFloat('benchedCChainRequestsPercent', { description: 'Percent of C-Chain requests benched.' }),
  }),
});

export const Geolocation = builder.objectRef<DataApiSchema<'Geolocation'>>('Geolocation').implement({
  description: 'Where a validator node runs, as the Data API locates it.',
  fields: (t) => ({
    city: t.exposeString('city', { description: 'City.' }),
    country: t.exposeString('country', { description: 'Country name.' }),
    countryCode: t.exposeString('countryCode', { description: 'ISO 3166 country code.' }),
    latitude: t.exposeFloat('latitude', { description: 'Latitude, in degrees.' }),
    longitude: t.exposeFloat('longitude', { description: 'Longitude, in degrees.' }),
  }),
});

/**
 * The Data API's record of the validation: the list row the validator came with, else the node's
 * active validation of this subnet (the one the P-Chain reports, when it says which). Null when the
 * Data API has none.
 */
export async function dataApiRecord(v: ValidatorShape, ctx: Context): Promise<WireValidatorDetails | null> {
  if (v.details) return v.details;
  const rows = await loadersOf(ctx).activeValidationsByNodeId.load(`${v.network}|${nodeIdOf(v)}`);
  const ofSubnet = rows.filter((r) => r.subnetId === v.subnetId);
  return ofSubnet.find((r) => r.txHash === v.node?.txId) ?? ofSubnet[0] ?? null;
}

const fromDataApi =
  <T>(pick: (d: WireValidatorDetails) => T | undefined) =>
  async (v: ValidatorShape, _args: object, ctx: Context): Promise<T | null> => {
    const record = await dataApiRecord(v, ctx);
    return record ? (pick(record) ?? null) : null;
  };

// Each field may cost the node's call (the fields of one validator share it).
const detail = { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getSingleValidatorDetails') };

builder.objectFields(Validator, (t) => ({
  validationStatus: t.field({
    type: ValidationStatus,
    nullable: true,
    description: 'Status of the validation the Data API reports for it (a list row\'s, else its active one); null when the Data API has none.',
    extensions: detail,
    resolve: fromDataApi((d) => ValidationStatus.from(d.validationStatus)),
  }),
  txHash: t.string({
    nullable: true,
    description: 'Id of the transaction that added that validation (the Data API\'s; the same as `txId` for the current one).',
    extensions: detail,
    resolve: fromDataApi((d) => d.txHash),
  }),
  amountStaked: t.field({ type: 'BigInt', nullable: true, description: 'Its own stake in that validation, in nAVAX.', extensions: detail, resolve: fromDataApi((d) => d.amountStaked) }),
  startTimestamp: t.field({ type: 'Timestamp', nullable: true, description: 'Start of that validation (Unix seconds).', extensions: detail, resolve: fromDataApi((d) => d.startTimestamp) }),
  endTimestamp: t.field({ type: 'Timestamp', nullable: true, description: 'End of that validation (Unix seconds).', extensions: detail, resolve: fromDataApi((d) => d.endTimestamp) }),
  amountDelegated: t.field({ type: 'BigInt', nullable: true, description: 'Stake delegated to that validation, in nAVAX.', extensions: detail, resolve: fromDataApi((d) => d.amountDelegated) }),
  stakePercentage: t.float({ nullable: true, description: 'Its stake and delegations as a percentage of all active stake (active validations).', extensions: detail, resolve: fromDataApi((d) => d.stakePercentage) }),
  delegationCapacity: t.field({ type: 'BigInt', nullable: true, description: 'Stake that may still be delegated to it, in nAVAX (active validations).', extensions: detail, resolve: fromDataApi((d) => d.delegationCapacity) }),
  uptimePerformance: t.float({
    nullable: true,
    description: 'Uptime, in percent, the Data API\'s own node measured over time (active validations); `uptime` is what the answering P-Chain node observed.',
    extensions: detail,
    resolve: fromDataApi((d) => d.uptimePerformance),
  }),
  avalancheGoVersion: t.string({ nullable: true, description: 'AvalancheGo version the node runs (active validations).', extensions: detail, resolve: fromDataApi((d) => d.avalancheGoVersion) }),
  validatorHealth: t.field({ type: ValidatorHealth, nullable: true, description: 'How it answered at the last polling (active validations).', extensions: detail, resolve: fromDataApi((d) => d.validatorHealth) }),
  geolocation: t.field({ type: Geolocation, nullable: true, description: 'Where the node runs, when the Data API knows (active validations).', extensions: detail, resolve: fromDataApi((d) => d.geolocation) }),
  potentialRewards: t.field({ type: ValidatorRewards, nullable: true, description: 'Rewards expected if the validation succeeds (active validations).', extensions: detail, resolve: fromDataApi((d) => d.potentialRewards) }),
  paidRewards: t.field({ type: ValidatorRewards, nullable: true, description: 'Rewards paid for the validation (completed validations).', extensions: detail, resolve: fromDataApi((d) => d.rewards) }),
  removeTxHash: t.string({ nullable: true, description: 'Id of the transaction that removed a permissioned subnet validator (removed validations).', extensions: detail, resolve: fromDataApi((d) => d.removeTxHash) }),
  removeTimestamp: t.field({ type: 'Timestamp', nullable: true, description: 'When it was removed (removed validations).', extensions: detail, resolve: fromDataApi((d) => d.removeTimestamp) }),
}));

export const VALIDATOR_PAGE = { defaultSize: 10, maxSize: 100 };
/** Most node ids one validator list may name. */
export const MAX_VALIDATOR_FILTERS = 64;
const MAX_CAPACITY = 720_000_000_000_000_000n;
const MAX_SECONDS = 2_147_483_647;

export const ValidatorConnection = connectionType('Validator', Validator, 'A page of validators (one edge per validation listed).');

interface ValidatorListArgs {
  validationStatus?: WireValidationStatus | 'UNKNOWN' | null;
  nodeIds?: string[] | null;
  subnetId?: string | null;
  minDelegationCapacity?: bigint | null;
  maxDelegationCapacity?: bigint | null;
  minTimeRemaining?: number | null;
  maxTimeRemaining?: number | null;
  minFeePercentage?: number | null;
  maxFeePercentage?: number | null;
  minUptimePerformance?: number | null;
  maxUptimePerformance?: number | null;
  sortBy?: WireValidatorSortBy | null;
  sortOrder?: 'asc' | 'desc' | null;
}

/** A range filter's two ends, each within [lo, hi] and in order. */
function range<T extends number | bigint>(name: string, min: T | null | undefined, max: T | null | undefined, lo: T, hi: T): [T | undefined, T | undefined] {
  for (const [end, value] of [['min', min], ['max', max]] as const) {
    if (value != null && (value < lo || value > hi)) throw badInput(`${end}${name}`, `must be between ${lo} and ${hi}, got ${value}`);
  }
  if (min != null && max != null && min > max) throw badInput(`min${name}`, `must not be greater than max${name} (${min} > ${max})`);
  return [min ?? undefined, max ?? undefined];
}

/** The filters of a validator list, checked, as the upstream's query. */
export function validatorListQuery(args: ValidatorListArgs): WireListValidatorsQuery {
  const subnetId = args.subnetId != null ? cb58Id('subnetId', args.subnetId) : undefined;
  if (args.sortBy === 'delegationFee' && subnetId !== PRIMARY_NETWORK_SUBNET_ID) {
    throw badInput('sortBy', `DELEGATION_FEE sorts primary-network validators only: pass subnetId "${PRIMARY_NETWORK_SUBNET_ID}"`);
  }
  const [minDelegationCapacity, maxDelegationCapacity] = range('DelegationCapacity', args.minDelegationCapacity, args.maxDelegationCapacity, 0n, MAX_CAPACITY);
  const [minTimeRemaining, maxTimeRemaining] = range('TimeRemaining', args.minTimeRemaining, args.maxTimeRemaining, 0, MAX_SECONDS);
  const [minFeePercentage, maxFeePercentage] = range('FeePercentage', args.minFeePercentage, args.maxFeePercentage, 2, 100);
  const [minUptimePerformance, maxUptimePerformance] = range('UptimePerformance', args.minUptimePerformance, args.maxUptimePerformance, 0, 100);
  const nodeIds = args.nodeIds?.length ? [...new Set(list('nodeIds', args.nodeIds, MAX_VALIDATOR_FILTERS, nodeIdArg))] : undefined;
  return {
    nodeIds,
    validationStatus: validationStatusArg('validationStatus', args.validationStatus),
    subnetId,
    minDelegationCapacity: minDelegationCapacity?.toString(),
    maxDelegationCapacity: maxDelegationCapacity?.toString(),
    minTimeRemaining,
    maxTimeRemaining,
    minFeePercentage,
    maxFeePercentage,
    minUptimePerformance,
    maxUptimePerformance,
    sortBy: args.sortBy ?? undefined,
    sortOrder: args.sortOrder ?? undefined,
  };
}

/** The validations matching a checked query, as a connection of validators. */
export function validatorList(ctx: Context, network: NetworkKey, query: WireListValidatorsQuery, args: ConnectionArgs) {
  return upstreamList(args, {
    name: 'validators',
    page: VALIDATOR_PAGE,
    path: [dataApiNetwork(networkName(network))],
    query,
    read: (wireNetwork, query) => ctx.upstreams.dataApi.primaryNetwork.listValidators(wireNetwork, query),
    items: (page) => page.validators.map((details): ValidatorShape => ({ network, subnetId: details.subnetId, details })),
  });
}

builder.objectFields(Network, (t) => ({
  validatorList: t.checkedField({
    type: ValidatorConnection,
    nullable: true,
    description:
      'Validations as the Data API indexes them (`GET /v1/networks/{network}/validators`), filtered and sorted: one edge per validation, so a node with a current and past validations appears once for each (filter with `validationStatus: ACTIVE` for one edge per current validator). The Data API\'s fields describe the edge\'s validation; the P-Chain fields (uptime, owners, ...) the node\'s current one, read for the whole page in one node call. `validators` is the P-Chain\'s own current set.',
    args: {
      validationStatus: t.arg({ type: ValidationStatus, required: false, description: 'Only validations in this status (not UNKNOWN); all when omitted.' }),
      nodeIds: t.arg.stringList({ required: false, extensions: maxItems(MAX_VALIDATOR_FILTERS), description: `Only these nodes (NodeID-..., at most ${MAX_VALIDATOR_FILTERS}).` }),
      subnetId: t.arg.string({ required: false, description: 'Only validations of this subnet (cb58); every subnet when omitted.' }),
      minDelegationCapacity: t.arg({ type: 'BigInt', required: false, description: 'Least delegation capacity, in nAVAX (0 to 720000000000000000).' }),
      maxDelegationCapacity: t.arg({ type: 'BigInt', required: false, description: 'Most delegation capacity, in nAVAX (0 to 720000000000000000).' }),
      minTimeRemaining: t.arg.int({ required: false, description: `Least time left in the validation, in seconds (0 to ${MAX_SECONDS}).` }),
      maxTimeRemaining: t.arg.int({ required: false, description: `Most time left in the validation, in seconds (0 to ${MAX_SECONDS}).` }),
      minFeePercentage: t.arg.float({ required: false, description: 'Least delegation fee, in percent (2 to 100); leaves out subnet validations, which have no fee.' }),
      maxFeePercentage: t.arg.float({ required: false, description: 'Most delegation fee, in percent (2 to 100); leaves out subnet validations, which have no fee.' }),
      minUptimePerformance: t.arg.float({ required: false, description: 'Least uptime performance, in percent (0 to 100).' }),
      maxUptimePerformance: t.arg.float({ required: false, description: 'Most uptime performance, in percent (0 to 100).' }),
      sortBy: t.arg({ type: ValidatorSortBy, required: false, description: 'Property to sort by; BLOCK_INDEX when omitted.' }),
      sortOrder: t.arg({ type: SortOrder, required: false, description: 'Order of the sort; the upstream default when omitted.' }),
      ...connectionArgs(t, VALIDATOR_PAGE),
    },
    // The list, and the P-Chain's record of a page of validators (one batched call) when selected.
    extensions: { ...fieldGuard({ upstreamCost: 2 }), ...serves('data:listValidators') },
    check: validatorListQuery,
    resolve: (n, query, args, ctx) => validatorList(ctx, networkKey(n.name), query, args),
  }),
}));
