/**
 * ICM message counts of the metrics service (v2) on a network: per time interval
 * (`Network.icmMetrics`) and over trailing windows (`Network.icmSummary`), filtered by source and
 * destination blockchain and broken down by `groupBy`. A count over every source (or destination)
 * has no blockchain on that side.
 */
import type { ArgBuilder } from '@pothos/core';
import { builder, type Types } from '../../builder.js';
import type { Context } from '../../context.js';
import type { WireIcmMetricPoint, WireIcmQuery, WireIcmRollingWindow } from '../../upstream/metrics/v2-types.js';
import { Chain, findChain } from '../chain/chain.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { dataApiNetwork, networkKey } from '../common/network-names.js';
import { fieldGuard, type GuardScope } from '../common/guards.js';
import { Network } from '../network/network.js';
import { serves } from '../common/operations.js';
import { blockchainIdArg } from '../common/primary-ids.js';
import { IcmGroupBy, MetricTimeInterval } from './enums.js';
import { checkRange, rangeArgs, rollingWindowFields, SERIES_PAGE, expiredToken } from './shared.js';
import { upstreamList } from '../common/upstream-list.js';


/** The side's blockchain id, or null for a count over every blockchain (the service sends ""). */
const side = (id: string | undefined) => (id ? id : null);

const chainOf = (id: string | undefined, ctx: Context) => (id ? findChain(ctx, id) : null);

/** Source, destination and their chains, shared by points and windows. */
function pairFields<T extends { srcBlockchainId?: string; destBlockchainId?: string }>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) {
  return {
    sourceBlockchainId: t.string({
      nullable: true,
      description: 'The source blockchain id (cb58); null when the count is over every source.',
      resolve: (p: { srcBlockchainId?: string }) => side(p.srcBlockchainId),
    }),
    destinationBlockchainId: t.string({
      nullable: true,
      description: 'The destination blockchain id (cb58); null when the count is over every destination.',
      resolve: (p: { destBlockchainId?: string }) => side(p.destBlockchainId),
    }),
    sourceChain: t.field({
      type: Chain,
      nullable: true,
      description: 'The source chain as the Data API indexes it; null when the count is over every source or the Data API does not index it.',
      resolve: (p: { srcBlockchainId?: string }, _args: unknown, ctx: Context) => chainOf(p.srcBlockchainId, ctx),
    }),
    destinationChain: t.field({
      type: Chain,
      nullable: true,
      description: 'The destination chain as the Data API indexes it; null when the count is over every destination or the Data API does not index it.',
      resolve: (p: { destBlockchainId?: string }, _args: unknown, ctx: Context) => chainOf(p.destBlockchainId, ctx),
    }),
  };
}

export const IcmMetricPoint = builder.objectRef<WireIcmMetricPoint>('IcmMetricPoint').implement({
  description: 'ICM messages sent in one time interval, for one source/destination group.',
  fields: (t) => ({
    timestamp: t.expose('timestamp', { type: 'Timestamp', description: 'Start of the interval (Unix seconds, UTC).' }),
    value: t.exposeFloat('value', { description: 'Messages sent in the interval.' }),
    ...pairFields(t),
  }),
});

export const IcmMetricPointConnection = connectionType<WireIcmMetricPoint>('IcmMetricPoint', IcmMetricPoint, 'A page of ICM message counts, newest interval first.');

export const IcmRollingWindowMetrics = builder.objectRef<WireIcmRollingWindow>('IcmRollingWindowMetrics').implement({
  description: 'ICM messages sent over trailing windows, for one source/destination group.',
  fields: (t) => ({ ...rollingWindowFields(t), ...pairFields(t) }),
});

function filterArgs(t: { arg: ArgBuilder<Types> }) {
  return {
    sourceBlockchainId: t.arg.string({ required: false, description: 'Only messages from this blockchain (cb58 id, or c-chain / p-chain / x-chain).' }),
    destinationBlockchainId: t.arg.string({ required: false, description: 'Only messages to this blockchain (cb58 id, or c-chain / p-chain / x-chain).' }),
    groupBy: t.arg({ type: IcmGroupBy, required: false, description: 'Break the counts down by source, destination or both; by default one count over the whole selection.' }),
  };
}

interface FilterArgs {
  sourceBlockchainId?: string | null;
  destinationBlockchainId?: string | null;
  groupBy?: WireIcmQuery['groupBy'] | null;
}

/** The filters as the service takes them (aliases resolved to the network's blockchain ids). */
function icmQuery(args: FilterArgs, network: GuardScope['network']) {
  const key = networkKey(network);
  return {
    srcBlockchainId: args.sourceBlockchainId ? blockchainIdArg('sourceBlockchainId', args.sourceBlockchainId, key) : undefined,
    destBlockchainId: args.destinationBlockchainId ? blockchainIdArg('destinationBlockchainId', args.destinationBlockchainId, key) : undefined,
    groupBy: args.groupBy ?? undefined,
    network: dataApiNetwork(network),
  };
}

builder.objectFields(Network, (t) => ({
  icmMetrics: t.checkedField({
    type: IcmMetricPointConnection,
    nullable: true,
    description:
      'ICM messages sent on this network per time interval, newest first (metrics service `GET /v2/icm/timeseries`). Cursors expire with the service\'s page tokens: an expired `after` or `before` is a BAD_USER_INPUT error asking to start again.',
    args: {
      ...filterArgs(t),
      timeInterval: t.arg({ type: MetricTimeInterval, required: false, defaultValue: 'day', description: 'What one point covers (default DAY).' }),
      ...rangeArgs(t),
      ...connectionArgs(t, SERIES_PAGE),
    },
    extensions: serves('metrics:getICMTimeseries'),
    check: (args, scope) => {
      const range = checkRange(args);
      return { ...icmQuery(args, scope.network), timeInterval: args.timeInterval ?? 'day', ...range };
    },
    scopeOf: (network) => ({ network: network.name }),
    resolve: (_network, query, args, ctx) =>
      upstreamList(args, {
        name: 'icmMetrics',
        page: SERIES_PAGE,
        path: [],
        query,
        read: (query) => ctx.upstreams.metrics.v2.getICMTimeseries(query),
        items: (page) => page.results ?? [],
        readError: expiredToken,
      }),
  }),
  icmSummary: t.checkedField({
    type: [IcmRollingWindowMetrics],
    nullable: true,
    description:
      'ICM messages sent on this network over trailing windows, from the last hour to all time (metrics service `GET /v2/icm/summary`): one entry, or one per group with `groupBy`.',
    args: filterArgs(t),
    extensions: {
      ...fieldGuard({ upstreamCost: 1 }),
      ...serves('metrics:getICMSummary'),
    },
    check: (args, scope) => icmQuery(args, scope.network),
    scopeOf: (network) => ({ network: network.name }),
    resolve: async (_network, query, _args, ctx) => {
      const { result } = await ctx.upstreams.metrics.v2.getICMSummary(query);
      return Array.isArray(result) ? result : result ? [result] : [];
    },
  }),
}));
