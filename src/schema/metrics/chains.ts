/**
 * EVM chain metrics of the metrics service (v2): a chain's series and trailing windows
 * (`Chain.metrics`, `Chain.rollingMetrics`), the same over a network's chains (`Network.chainMetrics`)
 * or all chains (`Query.allChainsMetrics`), and the chains the service covers (`Query.metricsChains`,
 * `Chain.metricsChain`).
 */
import type { ArgBuilder } from '@pothos/core';
import { builder, type Types } from '../../builder.js';
import type { Context } from '../../context.js';
import type { WireMetricsChain } from '../../upstream/metrics/v2-types.js';
import { Chain, findChain } from '../chain/chain.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import type { ConnectionArgs } from '../common/pagination.js';
import { NetworkName } from '../common/enums.js';
import { type NetworkNameValue, dataApiNetwork, networkKey } from '../common/network-names.js';
import { fieldGuard, typeGuard } from '../common/guards.js';
import { loadEach } from '../common/each-key.js';
import { checkEvmChainIdKey } from '../common/global-ids.js';
import { MetricPointConnection } from './metrics.js';
import { Network } from '../network/network.js';
import { serves } from '../common/operations.js';
import { ChainMetric, ChainRollingMetric, MetricsNetworkType, MetricTimeInterval } from './enums.js';
import { checkInterval, checkRange, rangeArgs, RollingWindowMetrics, SERIES_PAGE, expiredToken, type RangeArgs } from './shared.js';
import { upstreamList } from '../common/upstream-list.js';
import { networkTypeOf } from '@avalanche-graph/identity';


function seriesArgs(t: { arg: ArgBuilder<Types> }) {
  return {
    metric: t.arg({ type: ChainMetric, required: true, description: 'Which metric.' }),
    timeInterval: t.arg({ type: MetricTimeInterval, required: false, defaultValue: 'day', description: 'What one point covers (default DAY; HOUR, WEEK and MONTH for TX_COUNT, GAS_USED, ACTIVE_ADDRESSES and ACTIVE_SENDERS only).' }),
    ...rangeArgs(t),
    ...connectionArgs(t, SERIES_PAGE),
  };
}

interface SeriesArgs extends RangeArgs {
  metric: string;
  timeInterval?: string | null;
}

/** Checks a series' range and interval; what `chainSeries` is sent of them. */
function checkSeries(args: SeriesArgs) {
  const range = checkRange(args);
  checkInterval(args.metric, args.timeInterval);
  return { ...range, timeInterval: args.timeInterval ?? 'day' };
}

/** The series of `GET /v2/chains/{chainId}/metrics/{metric}` for an EVM chain id or `total`/`mainnet`/`testnet`. */
function chainSeries(chainId: string, query: ReturnType<typeof checkSeries>, args: SeriesArgs & ConnectionArgs, ctx: Context) {
  return upstreamList(args, {
    name: 'chainMetrics',
    page: SERIES_PAGE,
    path: [chainId, args.metric],
    query,
    read: (chainId, metric, query) => ctx.upstreams.metrics.v2.getEvmChainMetrics(chainId, metric, query),
    items: (page) => page.results ?? [],
    readError: expiredToken,
  });
}

const SERIES_DESCRIPTION =
  'newest point first (metrics service `GET /v2/chains/{chainId}/metrics/{metric}`). Cursors expire with the service\'s page tokens (minutes): an expired `after` or `before` is a BAD_USER_INPUT error asking to start again.';

/** The `chainId` of the network-wide series. */
const networkScope = (name: NetworkNameValue) => networkTypeOf(networkKey(name));

builder.objectFields(Chain, (t) => ({
  metrics: t.checkedField({
    type: MetricPointConnection,
    nullable: true,
    description: `A metric of this chain per time interval, ${SERIES_DESCRIPTION}`,
    args: seriesArgs(t),
    extensions: serves('metrics:getEvmChainMetrics'),
    check: checkSeries,
    resolve: (chain, query, args, ctx) => chainSeries(chain.chainId, query, args, ctx),
  }),
  rollingMetrics: t.field({
    type: RollingWindowMetrics,
    nullable: true,
    description: 'A metric of this chain over trailing windows, from the last hour to all time (metrics service `GET /v2/chains/{chainId}/rollingWindowMetrics/{metric}`).',
    args: { metric: t.arg({ type: ChainRollingMetric, required: true, description: 'Which metric.' }) },
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('metrics:getEvmChainRollingWindowMetrics') },
    resolve: async (chain, args, ctx) => (await ctx.upstreams.metrics.v2.getEvmChainRollingWindowMetrics(chain.chainId, args.metric)).result,
  }),
  metricsChain: t.field({
    type: MetricsChain,
    nullable: true,
    description: 'This chain as the metrics service records it (`GET /v2/chains/{chainId}`); null when the service has no metrics for it.',
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('metrics:getChain') },
    resolve: (chain, _args, ctx) => ctx.upstreams.metrics.v2.getChain(chain.chainId),
  }),
}));

builder.objectFields(Network, (t) => ({
  chainMetrics: t.checkedField({
    type: MetricPointConnection,
    nullable: true,
    description: `A metric over all EVM chains of this network per time interval (the service's \`mainnet\`/\`testnet\` totals), ${SERIES_DESCRIPTION}`,
    args: seriesArgs(t),
    extensions: serves('metrics:getEvmChainMetrics'),
    check: checkSeries,
    resolve: (network, query, args, ctx) => chainSeries(networkScope(network.name), query, args, ctx),
  }),
  chainRollingMetrics: t.field({
    type: RollingWindowMetrics,
    nullable: true,
    description: 'A metric over all EVM chains of this network, over trailing windows (`GET /v2/chains/{mainnet|testnet}/rollingWindowMetrics/{metric}`).',
    args: { metric: t.arg({ type: ChainRollingMetric, required: true, description: 'Which metric.' }) },
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('metrics:getEvmChainRollingWindowMetrics') },
    resolve: async (network, args, ctx) => (await ctx.upstreams.metrics.v2.getEvmChainRollingWindowMetrics(networkScope(network.name), args.metric)).result,
  }),
}));

export const MetricsChain = builder.loadableNodeRef<WireMetricsChain, string, string>('MetricsChain', {
  id: { resolve: (c) => String(c.evmChainId) },
  // A refetch is the service's record of the chain (`GET /v2/chains/{chainId}`); null when it has none.
  load: (ids: string[], ctx: Context) => loadEach(ids, (id) => ctx.upstreams.metrics.v2.getChain(id)),
});

MetricsChain.implement({
  // Links to it carry the record; only `node(id:)` reads one by its chain id.
  extensions: typeGuard({ checkId: checkEvmChainIdKey, linksCarryObject: true }),
  description: 'An EVM chain the metrics service has metrics for. A node: its id is the EVM chain id.',
  fields: (t) => ({
    evmChainId: t.string({ description: 'EVM chain id, as a decimal string.', resolve: (c) => String(c.evmChainId) }),
    chainName: t.exposeString('chainName', { description: 'The service\'s name for the chain (e.g. "c_chain").' }),
    blockchainId: t.exposeString('blockchainId', { description: 'The chain\'s blockchain id on the P-Chain (cb58).' }),
    subnetId: t.exposeString('subnetId', { description: 'Id of the subnet (L1) that validates the chain.' }),
    network: t.field({ type: MetricsNetworkType, description: 'The chain\'s network.', resolve: (c) => MetricsNetworkType.from(c.network) }),
    chain: t.field({
      type: Chain,
      nullable: true,
      description: 'The chain as the Data API indexes it, with its blocks, addresses and tokens; null when the Data API does not index it.',
      resolve: (c, _args, ctx) => findChain(ctx, String(c.evmChainId)),
    }),
  }),
});

/** The service's chain list has no page size: pages are as long as it makes them (at most 10000). */
const CHAINS_PAGE = { defaultSize: 100, maxSize: 10_000 };

export const MetricsChainConnection = connectionType<WireMetricsChain>('MetricsChain', MetricsChain, 'A page of the chains the metrics service covers, in its order.');

builder.queryFields((t) => ({
  metricsChains: t.field({
    type: MetricsChainConnection,
    nullable: true,
    description: 'The EVM chains the metrics service has metrics for (`GET /v2/chains`), optionally of one network.',
    args: {
      network: t.arg({ type: NetworkName, required: false, description: 'Only chains of this network.' }),
      ...connectionArgs(t, CHAINS_PAGE),
    },
    extensions: serves('metrics:listChains'),
    resolve: (_, args, ctx) =>
      upstreamList(args, {
        name: 'metricsChains',
        page: { ...CHAINS_PAGE, minSize: CHAINS_PAGE.maxSize },
        path: [],
        query: { network: args.network ? dataApiNetwork(args.network) : undefined },
        read: ({ network, pageToken }) => ctx.upstreams.metrics.v2.listChains({ network, pageToken }),
        items: (page) => page.chains ?? [],
        readError: expiredToken,
      }),
  }),
  allChainsMetrics: t.checkedField({
    type: MetricPointConnection,
    nullable: true,
    description: `A metric over every EVM chain the service covers, of all networks (its \`total\`), per time interval, ${SERIES_DESCRIPTION}`,
    args: seriesArgs(t),
    extensions: serves('metrics:getEvmChainMetrics'),
    check: checkSeries,
    resolve: (_, query, args, ctx) => chainSeries('total', query, args, ctx),
  }),
}));
