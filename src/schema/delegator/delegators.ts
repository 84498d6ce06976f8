/**
 * Delegator: a delegation of stake to a primary-network validator
 * (`GET /v1/networks/{network}/delegators`). `delegatorsConnection` is exported for other parents (a
 * validator's delegators) so they page the same way.
 *
 * One type serves the three statuses: they differ only in whether the rewards are estimates
 * (pending, active) or paid amounts (completed), which the nullable reward fields say; a flat type
 * keeps a delegator list queryable without fragments.
 */
import { builder } from '../../builder.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { SortOrder } from '../common/enums.js';
import { networkKey } from '../common/network-names.js';
import { Network } from '../network/network.js';
import { DelegationStatus, delegationStatusArg } from '../common/primary-enums.js';
import { nodeIds as nodeIdList, primaryAddresses } from '../common/primary-ids.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import { maxItems, typeGuard } from '../common/guards.js';
import { checkNetworkIdKey, networkIdKey } from '../common/global-ids.js';
import { serves } from '../common/operations.js';
import { type DelegatorShape, DELEGATOR_LOOKUP_PAGES, MAX_DELEGATOR_FILTERS, DELEGATOR_PAGE, delegatorsConnection } from './keys.js';
import { loadersOf } from '../loaders/index.js';
import { refLoad } from '../common/each-key.js';
import { delegatorsByTxHash } from '../loaders/delegators.js';

const amount = (value: string | undefined) => value ?? null;

export const Delegator = builder.loadableNodeRef<DelegatorShape, string, string>('Delegator', {
  id: { resolve: (d) => networkIdKey(d.network, d.txHash) },
  load: refLoad((ids, ctx) => delegatorsByTxHash(ids, ctx, loadersOf(ctx).primaryTransactionByHash)),
});

Delegator.implement({
  // Links to a delegation carry it; `node(id:)` reads its transaction, then its validator's
  // delegations to its reward owner (one page, at most DELEGATOR_LOOKUP_PAGES).
  extensions: typeGuard({ checkId: checkNetworkIdKey('txHash'), linksCarryObject: true, loadCost: 1 + DELEGATOR_LOOKUP_PAGES }),
  description:
    'A delegation of AVAX to a primary-network validator, with its (estimated or paid) rewards. A node: its id is the network and the delegation\'s transaction; `node(id:)` reads that transaction, then the validator\'s delegations to its reward owner.',
  fields: (t) => ({
    txHash: t.exposeString('txHash', { description: 'Id of the delegation transaction.' }),
    nodeId: t.exposeString('nodeId', { description: 'The validator delegated to (NodeID-...).' }),
    delegationStatus: t.field({
      type: DelegationStatus,
      description: 'Pending, active or completed.',
      resolve: (d) => DelegationStatus.from(d.delegationStatus),
    }),
    rewardAddresses: t.exposeStringList('rewardAddresses', { description: 'Addresses the reward goes to (bech32).' }),
    amountDelegated: t.expose('amountDelegated', { type: 'BigInt', description: 'Stake delegated, in nAVAX.' }),
    delegationFee: t.exposeString('delegationFee', {
      description: 'The validator\'s fee on the reward, as a percentage with four decimals (e.g. "2.0000"); a decimal, not an amount.',
    }),
    startTimestamp: t.expose('startTimestamp', { type: 'Timestamp', description: 'Start of the delegation period.' }),
    endTimestamp: t.expose('endTimestamp', { type: 'Timestamp', description: 'End of the delegation period.' }),
    grossReward: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Reward paid before the validator\'s fee, in nAVAX (completed delegations).',
      resolve: (d) => amount(d.grossReward),
    }),
    netReward: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Reward paid to the delegator after the fee, in nAVAX (completed delegations).',
      resolve: (d) => amount(d.netReward),
    }),
    estimatedGrossReward: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Expected reward before the fee, in nAVAX (pending and active delegations).',
      resolve: (d) => amount(d.estimatedGrossReward),
    }),
    estimatedNetReward: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Expected reward after the fee, in nAVAX (pending and active delegations).',
      resolve: (d) => amount(d.estimatedNetReward),
    }),
  }),
});

export const DelegatorConnection = connectionType('Delegator', Delegator, 'A page of delegations.');

/** The filters of `Network.delegators`, checked. */
function delegatorFilters(
  args: { rewardAddresses?: string[] | null; nodeIds?: string[] | null; delegationStatus?: Parameters<typeof delegationStatusArg>[1] },
  key: NetworkKey,
) {
  return {
    rewardAddresses: primaryAddresses('rewardAddresses', args.rewardAddresses ?? [], MAX_DELEGATOR_FILTERS, key, ['P', 'X']),
    nodeIds: nodeIdList('nodeIds', args.nodeIds ?? [], MAX_DELEGATOR_FILTERS),
    delegationStatus: delegationStatusArg('delegationStatus', args.delegationStatus),
  };
}

builder.objectFields(Network, (t) => ({
  delegators: t.checkedField({
    type: DelegatorConnection,
    nullable: true,
    description: 'Delegations on this network, optionally by reward address, node and status (`GET /v1/networks/{network}/delegators`).',
    args: {
      rewardAddresses: t.arg.stringList({
        required: false,
        extensions: maxItems(MAX_DELEGATOR_FILTERS),
        description: `Up to ${MAX_DELEGATOR_FILTERS} reward addresses of this network (avax1.../fuji1..., optionally P- or X-prefixed).`,
      }),
      nodeIds: t.arg.stringList({ required: false, extensions: maxItems(MAX_DELEGATOR_FILTERS), description: `Up to ${MAX_DELEGATOR_FILTERS} validator node ids (NodeID-...).` }),
      delegationStatus: t.arg({ type: DelegationStatus, required: false, description: 'Only delegations in this status (not UNKNOWN).' }),
      sortOrder: t.arg({ type: SortOrder, required: false, description: 'Order by time; the upstream default when omitted.' }),
      ...connectionArgs(t, DELEGATOR_PAGE),
    },
    extensions: serves('data:listDelegators'),
    check: (args, scope) => delegatorFilters(args, networkKey(scope.network)),
    // At resolve time, the reward addresses are of this network.
    scopeOf: (n) => ({ network: n.name }),
    resolve: (n, filters, args, ctx) => delegatorsConnection(ctx, n.name, { ...filters, sortOrder: args.sortOrder ?? undefined }, args),
  }),
}));
