/**
 * HistoricalReward: a staking reward paid on the P-Chain (`GET /v1/networks/{network}/rewards`), by
 * reward address or by node. `rewardsConnection` is exported for other parents (a validator's
 * rewards) so they page the same way.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { ArgBuilder } from '@pothos/core';
import { builder, type Types } from '../../builder.js';
import type { Context } from '../../context.js';
import { badInput } from '../../errors.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { type ConnectionArgs, type ConnectionResult } from '../common/pagination.js';
import { upstreamList } from '../common/upstream-list.js';
import { SortOrder } from '../common/enums.js';
import type { NetworkNameValue } from '../common/network-names.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import { dataApiNetwork, networkKey } from '../common/network-names.js';
import { Network } from '../network/network.js';
import { AssetWithPriceInfo } from '../common/money.js';
import { Currency, RewardType } from '../common/primary-enums.js';
import { nodeIds as nodeIdList, primaryAddresses } from '../common/primary-ids.js';
import { maxItems, type GuardScope } from '../common/guards.js';
import { serves } from '../common/operations.js';

/** Most addresses and node ids one rewards query may name. */
export const MAX_REWARD_FILTERS = 64;
export const REWARD_PAGE = { defaultSize: 10, maxSize: 100 };

export const HistoricalReward = builder.objectRef<DataApiSchema<'HistoricalReward'>>('HistoricalReward').implement({
  description: 'A staking reward paid on the P-Chain at the end of a validation or delegation.',
  fields: (t) => ({
    rewardType: t.field({ type: RewardType, description: 'Why it was paid.', resolve: (r) => RewardType.from(r.rewardType) }),
    nodeId: t.exposeString('nodeId', { description: 'The validator (NodeID-...) staked on.' }),
    addresses: t.exposeStringList('addresses', { description: 'Addresses the reward was paid to (bech32).' }),
    txHash: t.exposeString('txHash', { description: 'Id of the staking transaction (validation or delegation) that earned it.' }),
    rewardTxHash: t.exposeString('rewardTxHash', { description: 'Id of the transaction that paid it.' }),
    amountStaked: t.expose('amountStaked', { type: 'BigInt', description: 'Stake that earned it, in nAVAX.' }),
    startTimestamp: t.expose('startTimestamp', { type: 'Timestamp', description: 'Start of the staking period.' }),
    endTimestamp: t.expose('endTimestamp', { type: 'Timestamp', description: 'End of the staking period.' }),
    utxoId: t.exposeString('utxoId', { description: 'Id of the UTXO that holds the reward (cb58).' }),
    outputIndex: t.exposeInt('outputIndex', { description: 'Position of that UTXO in the paying transaction.' }),
    reward: t.expose('reward', { type: AssetWithPriceInfo, description: 'The amount paid, with its fiat value when it was paid.' }),
  }),
});

export const HistoricalRewardConnection = connectionType('HistoricalReward', HistoricalReward, 'A page of paid staking rewards.');

export interface RewardFilters {
  /** Reward addresses, validated (see `primaryAddresses`). */
  addresses?: readonly string[];
  /** Node ids, validated (see `nodeIds`). */
  nodeIds?: readonly string[];
  sortOrder?: 'asc' | 'desc';
  currency?: string;
}

/** The address, node-id and order filters of a rewards list as the Data API is sent them (an empty list is left out). */
export function rewardQuery(filters: Omit<RewardFilters, 'currency'>) {
  return {
    addresses: filters.addresses?.length ? filters.addresses : undefined,
    nodeIds: filters.nodeIds?.length ? filters.nodeIds : undefined,
    sortOrder: filters.sortOrder,
  };
}

/**
 * The rewards of already-validated addresses and/or node ids as a connection. Validate arguments
 * first (with `primaryAddresses`/`nodeIds` of ./ids.js) so bad input never reaches the upstream.
 */
export function rewardsConnection(ctx: Context, network: NetworkNameValue, filters: RewardFilters, args: ConnectionArgs): Promise<ConnectionResult<DataApiSchema<'HistoricalReward'>>> {
  return upstreamList(args, {
    name: 'rewards',
    page: REWARD_PAGE,
    path: [dataApiNetwork(network)],
    query: { ...rewardQuery(filters), currency: filters.currency },
    read: (wireNetwork, query) => ctx.upstreams.dataApi.primaryNetworkRewards.listHistoricalPrimaryNetworkRewards(wireNetwork, query),
    items: (page) => page.historicalRewards,
  });
}

/**
 * The address and node-id filters of `Network.rewards` and `Network.pendingRewards`, checked (run by
 * the guard and by the resolver).
 */
export function rewardFilters(args: { addresses?: string[] | null; nodeIds?: string[] | null }, key: NetworkKey) {
  const addresses = primaryAddresses('addresses', args.addresses ?? [], MAX_REWARD_FILTERS, key, ['P', 'X']);
  const nodeIds = nodeIdList('nodeIds', args.nodeIds ?? [], MAX_REWARD_FILTERS);
  if (addresses.length === 0 && nodeIds.length === 0) throw badInput('addresses', 'give at least one address or node id (in "addresses" or "nodeIds")');
  return { addresses, nodeIds };
}

/** The `addresses` and `nodeIds` arguments of `Network.rewards` and `Network.pendingRewards`. */
export function rewardFilterArgs(t: { arg: ArgBuilder<Types> }) {
  return {
    addresses: t.arg.stringList({
      required: false,
      extensions: maxItems(MAX_REWARD_FILTERS),
      description: `Up to ${MAX_REWARD_FILTERS} reward addresses of this network (avax1.../fuji1..., optionally P- or X-prefixed).`,
    }),
    nodeIds: t.arg.stringList({ required: false, extensions: maxItems(MAX_REWARD_FILTERS), description: `Up to ${MAX_REWARD_FILTERS} node ids (NodeID-...).` }),
  };
}

/** The check of those arguments in the guard's scope (a `t.checkedField`'s `check`, with `scopeOf` the parent's network). */
export const checkRewardFilters = (args: { addresses?: string[] | null; nodeIds?: string[] | null }, scope: GuardScope) =>
  rewardFilters(args, networkKey(scope.network));

builder.objectFields(Network, (t) => ({
  rewards: t.checkedField({
    type: HistoricalRewardConnection,
    nullable: true,
    description: 'Staking rewards paid to addresses or for stake on nodes (`GET /v1/networks/{network}/rewards`); give addresses, nodeIds or both.',
    args: {
      ...rewardFilterArgs(t),
      sortOrder: t.arg({ type: SortOrder, required: false, description: 'Order by time; the upstream default when omitted.' }),
      currency: t.arg({ type: Currency, required: false, description: 'Currency of the historical prices; USD when omitted.' }),
      ...connectionArgs(t, REWARD_PAGE),
    },
    extensions: serves('data:listHistoricalPrimaryNetworkRewards'),
    check: checkRewardFilters,
    scopeOf: (n) => ({ network: n.name }),
    resolve: (n, { addresses, nodeIds }, args, ctx) =>
      rewardsConnection(ctx, n.name, { addresses, nodeIds, sortOrder: args.sortOrder ?? undefined, currency: args.currency ?? undefined }, args),
  }),
}));
