/**
 * PendingReward: what a staking period that has not ended will pay, by reward address or node
 * (`GET /v1/networks/{network}/rewards:listPending`), linked both ways with the validator staked on.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { PRIMARY_NETWORK_SUBNET_ID, type NetworkKey } from '@avalanche-graph/identity';
import { connectionArgs, connectionType } from '../common/connection.js';
import { emptyConnection, type ConnectionArgs, type ConnectionResult } from '../common/pagination.js';
import { upstreamList } from '../common/upstream-list.js';
import { SortOrder } from '../common/enums.js';
import { dataApiNetwork, networkKey, networkName } from '../common/network-names.js';
import { Network } from '../network/network.js';
import { serves } from '../common/operations.js';
import { Validator } from './validator.js';
import { nodeIdOf, validatorKey } from './keys.js';
import { AssetAmount } from '../common/money.js';
import { RewardType } from '../common/primary-enums.js';
import { checkRewardFilters, REWARD_PAGE, rewardFilterArgs, rewardQuery, type RewardFilters } from '../reward/rewards.js';

type PendingRewardShape = DataApiSchema<'PendingReward'> & { network: NetworkKey };

export const PendingReward = builder.objectRef<PendingRewardShape>('PendingReward').implement({
  description: 'The reward a validation or delegation that has not ended will pay, as estimated now.',
  fields: (t) => ({
    rewardType: t.field({ type: RewardType, description: 'What it rewards.', resolve: (r) => RewardType.from(r.rewardType) }),
    addresses: t.exposeStringList('addresses', { description: 'Addresses it will be paid to (bech32).' }),
    txHash: t.exposeString('txHash', { description: 'Id of the staking transaction (validation or delegation).' }),
    nodeId: t.exposeString('nodeId', { description: 'The validator (NodeID-...) staked on.' }),
    validator: t.field({
      type: Validator,
      nullable: true,
      description: 'That validator as the P-Chain reports it now; null when it is no longer a current validator.',
      resolve: (r) => validatorKey(r.network, PRIMARY_NETWORK_SUBNET_ID, r.nodeId),
    }),
    amountStaked: t.expose('amountStaked', { type: 'BigInt', description: 'The stake, in nAVAX.' }),
    startTimestamp: t.expose('startTimestamp', { type: 'Timestamp', description: 'Start of the staking period.' }),
    endTimestamp: t.expose('endTimestamp', { type: 'Timestamp', description: 'End of the staking period, when the reward is paid.' }),
    progress: t.exposeFloat('progress', { description: 'How much of the staking period has passed, as the Data API states it (a percentage).' }),
    estimatedReward: t.expose('estimatedReward', { type: AssetAmount, description: 'The reward it will pay, in AVAX.' }),
  }),
});

export const PendingRewardConnection = connectionType('PendingReward', PendingReward, 'A page of pending staking rewards.');

/** The pending rewards of already-validated addresses and/or node ids, as a connection. */
export function pendingRewardsConnection(ctx: Context, key: NetworkKey, filters: Omit<RewardFilters, 'currency'>, args: ConnectionArgs): Promise<ConnectionResult<PendingRewardShape>> {
  return upstreamList(args, {
    name: 'pendingRewards',
    page: REWARD_PAGE,
    path: [dataApiNetwork(networkName(key))],
    query: rewardQuery(filters),
    read: (network, query) => ctx.upstreams.dataApi.primaryNetworkRewards.listPendingPrimaryNetworkRewards(network, query),
    items: (page) => page.pendingRewards.map((r): PendingRewardShape => ({ ...r, network: key })),
  });
}

builder.objectFields(Network, (t) => ({
  pendingRewards: t.checkedField({
    type: PendingRewardConnection,
    nullable: true,
    description:
      'Rewards that validations and delegations not yet ended will pay, to addresses or for stake on nodes (`GET /v1/networks/{network}/rewards:listPending`); give addresses, nodeIds or both.',
    args: {
      ...rewardFilterArgs(t),
      sortOrder: t.arg({ type: SortOrder, required: false, description: 'Order by start of the staking period; the upstream default (ascending) when omitted.' }),
      ...connectionArgs(t, REWARD_PAGE),
    },
    extensions: serves('data:listPendingPrimaryNetworkRewards'),
    check: checkRewardFilters,
    scopeOf: (n) => ({ network: n.name }),
    resolve: (n, filters, args, ctx) => pendingRewardsConnection(ctx, networkKey(n.name), { ...filters, sortOrder: args.sortOrder ?? undefined }, args),
  }),
}));

builder.objectFields(Validator, (t) => ({
  pendingRewards: t.field({
    type: PendingRewardConnection,
    nullable: true,
    description: 'Rewards that stake on this node will pay when its periods end (`GET /v1/networks/{network}/rewards:listPending`); empty for L1 validators.',
    args: { ...connectionArgs(t, REWARD_PAGE) },
    extensions: serves('data:listPendingPrimaryNetworkRewards'),
    resolve: (v, args, ctx) => {
      if (v.subnetId !== PRIMARY_NETWORK_SUBNET_ID) return emptyConnection();
      return pendingRewardsConnection(ctx, v.network, { nodeIds: [nodeIdOf(v)] }, args);
    },
  }),
}));
