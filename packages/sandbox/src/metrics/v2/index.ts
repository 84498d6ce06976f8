/**
 * The metrics service's v2 routes in the sandbox, answering from the world with the description's
 * parameter checks. Series are newest first and paged with the service's expiring page tokens.
 */
import { MAIN_NETWORK, NETWORK_KEYS, NETWORK_VALUES, networkOfType, networkOfValue, networkTypeOf } from '@avalanche-graph/identity';
import { PRIMARY_NETWORK_SUBNET_ID } from '../../world/chains.js';
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import type { PageTokens } from '../token.js';
import {
  ANY_INTERVAL_METRICS,
  buildChainSeries,
  CHAIN_METRICS,
  mergedPoints,
  ROLLING_METRICS,
  rollingWindow,
  TIME_INTERVALS,
  type ChainSeries,
  type Point,
} from './chain-series.js';
import { GROUP_BY, icmSeries, icmSummary } from './icm.js';
import { btcbBridgers, combineMatches, matchSubQuery, parseComposite, validatorRewardAddresses } from './looking-glass.js';
import { ADDRESS_PAGE, bodyPage, COMPOSITE_PAGE, pageOf, queryPage, SERIES_PAGE } from './paging.js';
import { bad, cb58Param, decimalParam, enumParam, enumPath, inRange, missing, nodeIdParam, timeRange } from './params.js';
import { feeKind, feePoints, knownSubnet, NODE_METRICS, STAKING_METRICS, stakingPoints, SUBNET_METRICS, TOTAL_L1_METRICS, VALIDATION_METRICS } from './staking.js';

/** Newest first, within the range. */
const newestFirst = (points: Point[], range: { start: number; end: number }) => points.filter((p) => inRange(p.timestamp, range)).reverse();

export function registerMetricsV2(service: SandboxService, world: World, tokens: PageTokens): void {
  const built = new Map<number, ChainSeries>();
  const seriesOf = (evmChainId: number) => {
    let series = built.get(evmChainId);
    if (!series) {
      series = buildChainSeries(world, world.chains.find((c) => c.evmChainId === evmChainId)!);
      built.set(evmChainId, series);
    }
    return series;
  };
  /** The chains a `chainId` path segment names: one EVM chain, or `total`, `mainnet`, `testnet`. */
  const chainsOf = (raw: string): ChainSeries[] => {
    if (raw === 'total') return world.chains.map((c) => seriesOf(c.evmChainId));
    if (networkOfType(raw)) return world.chains.filter((c) => networkTypeOf(c.network) === raw).map((c) => seriesOf(c.evmChainId));
    if (!/^\d+$/.test(raw)) throw bad('chainId must be an EVM chain id or one of total, mainnet, testnet');
    const chain = world.chains.find((c) => c.evmChainId === Number(raw));
    if (!chain) throw missing(`chainId ${raw} is not supported`);
    return [seriesOf(chain.evmChainId)];
  };
  const record = (c: World['chains'][number]) => ({
    evmChainId: c.evmChainId,
    chainName: c.info.chainName,
    blockchainId: c.blockchainId,
    subnetId: c.subnetId,
    network: networkTypeOf(c.network),
  });

  service.route('GET', '/v2/chains', ({ query }) => {
    const network = enumParam(query, 'network', NETWORK_VALUES);
    const chains = world.chains.filter((c) => !network || c.network === networkOfValue(network)).map(record);
    const page = pageOf(tokens, `chains|${network ?? ''}`, chains, { pageToken: query.get('pageToken') }, { fixedSize: 10_000 });
    return { chains: page.items, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) };
  });

  service.route('GET', '/v2/chains/{chainId}', ({ params }) => {
    if (!/^\d+$/.test(params.chainId!)) throw bad('chainId must be an EVM chain id');
    const chain = world.chains.find((c) => c.evmChainId === Number(params.chainId));
    if (!chain) throw missing(`chainId ${params.chainId} is not supported`);
    return record(chain);
  });

  service.route('GET', '/v2/chains/{chainId}/metrics/{metric}', ({ params, query }) => {
    const metric = enumPath('metric', params.metric!, CHAIN_METRICS);
    const interval = enumParam(query, 'timeInterval', TIME_INTERVALS) ?? 'day';
    if (interval !== 'day' && !ANY_INTERVAL_METRICS.has(metric)) throw bad(`timeInterval must be day for metric ${metric}`);
    const range = timeRange(query);
    const page = queryPage(query, SERIES_PAGE);
    const chains = chainsOf(params.chainId!);
    const points = newestFirst(mergedPoints(chains, metric, interval), range);
    const scope = `chain|${params.chainId}|${metric}|${interval}|${range.start}|${range.end}`;
    const { items, nextPageToken } = pageOf(tokens, scope, points, page, SERIES_PAGE);
    return { results: items, ...(nextPageToken ? { nextPageToken } : {}) };
  });

  service.route('GET', '/v2/chains/{chainId}/rollingWindowMetrics/{metric}', ({ params }) => {
    const metric = enumPath('metric', params.metric!, ROLLING_METRICS);
    return { result: rollingWindow(chainsOf(params.chainId!), metric) };
  });

  const icmFilter = (query: URLSearchParams) => {
    const src = query.get('srcBlockchainId');
    const dest = query.get('destBlockchainId');
    const network = enumParam(query, 'network', NETWORK_VALUES);
    return {
      src: src ? cb58Param('srcBlockchainId', src) : undefined,
      dest: dest ? cb58Param('destBlockchainId', dest) : undefined,
      network: network && networkOfValue(network),
      groupBy: enumParam(query, 'groupBy', GROUP_BY),
    };
  };

  service.route('GET', '/v2/icm/timeseries', ({ query }) => {
    const filter = icmFilter(query);
    const interval = enumParam(query, 'timeInterval', TIME_INTERVALS) ?? 'day';
    const range = timeRange(query);
    const page = queryPage(query, SERIES_PAGE);
    const points = icmSeries(world.evm.icmMessages(), filter, interval, range);
    const scope = `icm|${JSON.stringify(filter)}|${interval}|${range.start}|${range.end}`;
    const { items, nextPageToken } = pageOf(tokens, scope, points, page, SERIES_PAGE);
    return { results: items, ...(nextPageToken ? { nextPageToken } : {}) };
  });

  service.route('GET', '/v2/icm/summary', ({ query }) => {
    const groups = icmSummary(world.evm.icmMessages(), icmFilter(query));
    // One object, as the description types it; a grouped summary with several groups lists them.
    return { result: groups.length === 1 ? groups[0] : groups };
  });

  service.route('GET', '/v2/networks/{network}/metrics/{metric}', ({ params, query }) => {
    const metric = enumPath('metric', params.metric!, STAKING_METRICS);
    const network = enumPath('network', params.network!, NETWORK_VALUES);
    const subnetId = cb58Param('subnetId', query.get('subnetId') || PRIMARY_NETWORK_SUBNET_ID);
    const range = timeRange(query);
    const page = queryPage(query, SERIES_PAGE);
    const net = world.primary.networks[networkOfValue(network)];
    if (!knownSubnet(net, subnetId)) throw missing(`subnet ${subnetId} not found`);
    const points = newestFirst(stakingPoints(net, subnetId, metric), range);
    const scope = `staking|${networkOfValue(network)}|${subnetId}|${metric}|${range.start}|${range.end}`;
    const { items, nextPageToken } = pageOf(tokens, scope, points, page, SERIES_PAGE);
    return { results: items, ...(nextPageToken ? { nextPageToken } : {}) };
  });

  const l1Validators = () => NETWORK_KEYS.flatMap((key) => world.primary.networks[key].l1Validators);

  service.route('GET', '/v2/validators/metrics/{metric}', ({ params, query }) => {
    const metric = enumPath('metric', params.metric!, TOTAL_L1_METRICS);
    const range = timeRange(query);
    // The route names no network: it covers mainnet's L1 validators.
    return { results: newestFirst(feePoints(world.primary.networks[MAIN_NETWORK].l1Validators, feeKind(metric)), range) };
  });

  service.route('GET', '/v2/validation/{l1ValidationId}/metrics/{metric}', ({ params, query }) => {
    const metric = enumPath('metric', params.metric!, VALIDATION_METRICS);
    const id = cb58Param('l1ValidationId', params.l1ValidationId!);
    const range = timeRange(query);
    const validation = l1Validators().filter((v) => v.validationId === id);
    if (validation.length === 0) throw missing(`validation ${id} not found`);
    return { results: newestFirst(feePoints(validation, feeKind(metric)), range) };
  });

  service.route('GET', '/v2/validator/{nodeId}/metrics/{metric}', ({ params, query }) => {
    const metric = enumPath('metric', params.metric!, NODE_METRICS);
    const nodeId = nodeIdParam(params.nodeId!);
    const range = timeRange(query);
    const validations = l1Validators().filter((v) => v.nodeId === nodeId);
    if (validations.length === 0) throw missing(`no L1 validator with node id ${nodeId}`);
    return { results: newestFirst(feePoints(validations, feeKind(metric)), range) };
  });

  service.route('GET', '/v2/subnet/{subnetId}/metrics/{metric}', ({ params, query }) => {
    const metric = enumPath('metric', params.metric!, SUBNET_METRICS);
    const subnetId = cb58Param('subnetId', params.subnetId!);
    const range = timeRange(query);
    const validators = l1Validators().filter((v) => v.subnetId === subnetId);
    if (validators.length === 0) throw missing(`no L1 validators for subnet ${subnetId}`);
    return { results: newestFirst(feePoints(validators, feeKind(metric)), range) };
  });

  service.route('GET', '/v2/chains/43114/btcb/bridged:getAddresses', ({ query }) => {
    if (query.get('threshold') === null) throw bad('threshold is required');
    const threshold = decimalParam('threshold', query.get('threshold'));
    const page = queryPage(query, ADDRESS_PAGE);
    const rows = btcbBridgers(world)
      .filter((b) => b.amount >= threshold)
      .map((b) => ({ address: b.address, sortKey: b.amount.toString() }));
    const { items, nextPageToken } = pageOf(tokens, `btcb|${threshold}`, rows, page, ADDRESS_PAGE);
    return { addresses: items, ...(nextPageToken ? { nextPageToken } : {}) };
  });

  service.route('GET', '/v2/subnets/{subnetId}/validators:getAddresses', ({ params, query }) => {
    const subnetId = cb58Param('subnetId', params.subnetId!);
    const network = networkOfValue(enumParam(query, 'network', NETWORK_VALUES)) ?? MAIN_NETWORK;
    const range = timeRange(query);
    const page = queryPage(query, ADDRESS_PAGE);
    const net = world.primary.networks[network];
    if (!knownSubnet(net, subnetId)) throw missing(`subnet ${subnetId} not found`);
    // Only primary-network validations earn rewards: an L1's list is empty.
    const rows = subnetId === PRIMARY_NETWORK_SUBNET_ID ? validatorRewardAddresses(net, range) : [];
    const { items, nextPageToken } = pageOf(tokens, `validators|${network}|${subnetId}|${range.start}|${range.end}`, rows, page, ADDRESS_PAGE);
    return { addresses: items, ...(nextPageToken ? { nextPageToken } : {}) };
  });

  service.route('POST', '/v2/lookingGlass/compositeQuery', ({ body }) => {
    const { queries, operator } = parseComposite(body);
    const page = bodyPage(body as Record<string, unknown>, COMPOSITE_PAGE);
    const matches = queries.map((q, i) => matchSubQuery(world, q, i));
    const all = combineMatches(matches, operator);
    const { items, nextPageToken } = pageOf(tokens, `composite|${operator}|${JSON.stringify(queries)}`, all, page, COMPOSITE_PAGE);
    return {
      addresses: items,
      subQueryCounts: Object.fromEntries(queries.map((q, i) => [q.id, matches[i]!.length])),
      totalCount: all.length,
      ...(nextPageToken ? { nextPageToken } : {}),
    };
  });
}
