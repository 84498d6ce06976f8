/**
 * The metrics service's v2 routes in the graph: series as connections over the service's pages
 * (one upstream call per page the answer needs), trailing windows, staking, L1 validator fee and
 * ICM metrics linked to the graph's chains and validators, the Looking Glass lists, and every
 * argument refused before any call.
 */
import { describe, expect, it } from 'vitest';
import {
  BtcbBridgersDocument,
  ChainMetricSeriesDocument,
  L1ValidatorFeesDocument,
  LookingGlassAddressesDocument,
  MetricsChainsDocument,
  NetworkIcmMetricsDocument,
  NetworkStakingMetricsDocument,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';

const harness = useHarness({ keyPerTest: 'metrics-v2' });
const { h, query } = harness;

const SERIES = 'GET /v2/chains/{chainId}/metrics/{metric}';

/** What the simulated service itself answers (plain HTTP), to compare the graph's answers with. */
async function direct<T>(path: string): Promise<T> {
  return (await (await h.sandbox.fetch(`${h.sandbox.urls.metrics}${path}`)).json()) as T;
}

describe('Chain.metrics', () => {
  it('reads a page larger than the service\'s default in one call, and resumes after a cursor', async () => {
    const expected = (await direct<{ results: { timestamp: number; value: number }[] }>('/v2/chains/43114/metrics/txCount?pageSize=2160')).results;
    h.sandbox.reset();
    const { data, errors } = await query(ChainMetricSeriesDocument, { id: '43114', metric: 'TX_COUNT', first: 110 });
    expect(errors).toBeUndefined();
    const chain = data!.chain!;
    expect(chain.metrics!.nodes).toEqual(expected.slice(0, 110));
    expect(harness.metrics.counts()[SERIES]).toBe(1);
    expect(chain.rollingMetrics!.lastDay).toBe(expected[0]!.value);
    expect(chain.metricsChain).toMatchObject({ evmChainId: '43114', network: 'MAINNET' });

    const next = await query(ChainMetricSeriesDocument, { id: '43114', metric: 'TX_COUNT', first: 5, after: chain.metrics!.pageInfo.endCursor });
    expect(next.data!.chain!.metrics!.nodes).toEqual(expected.slice(110, 115));
  });

  it('serves hourly points whose sum is the day', async () => {
    const days = await query(ChainMetricSeriesDocument, { id: '779672', metric: 'TX_COUNT', first: 2 });
    const day = days.data!.chain!.metrics!.nodes[1]!;
    const hours = await query(ChainMetricSeriesDocument, { id: '779672', metric: 'TX_COUNT', timeInterval: 'HOUR', startTimestamp: day.timestamp, endTimestamp: day.timestamp + 86_399, first: 48 });
    expect(hours.errors).toBeUndefined();
    expect(hours.data!.chain!.metrics!.nodes).toHaveLength(24);
    expect(hours.data!.chain!.metrics!.nodes.reduce((s, p) => s + p.value, 0)).toBe(day.value);
  });

  it('refuses a day-only metric per hour, a reversed range or an out-of-range first before any call', async () => {
    const perHour = await query(ChainMetricSeriesDocument, { id: '43114', metric: 'AVG_TPS', timeInterval: 'HOUR' });
    expect(perHour.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'timeInterval' });
    const reversed = await query(ChainMetricSeriesDocument, { id: '43114', metric: 'TX_COUNT', startTimestamp: 2_000, endTimestamp: 1_000 });
    expect(reversed.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'endTimestamp' });
    const tooMany = await query(ChainMetricSeriesDocument, { id: '43114', metric: 'TX_COUNT', first: 2161 });
    expect(tooMany.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'first' });
    expect(h.sandbox.counts().metrics).toEqual({});
    expect(h.sandbox.counts().dataApi).toEqual({});
  });
});

describe('the metrics chain list', () => {
  it('lists the covered chains of a network, linked to the Data API\'s chains', async () => {
    const { data, errors } = await query(MetricsChainsDocument, { network: 'FUJI' });
    expect(errors).toBeUndefined();
    const fuji = h.sandbox.world.chains.filter((c) => c.network === 'fuji');
    expect(data!.metricsChains!.nodes.map((c) => [c.evmChainId, c.network, c.chain?.platformChainId])).toEqual(fuji.map((c) => [String(c.evmChainId), 'TESTNET', c.blockchainId]));
    expect(harness.metrics.counts()['GET /v2/chains']).toBe(1);
    expect(h.sandbox.counts().dataApi!['GET /v1/chains']).toBe(1);
  });
});

describe('Network staking, validator and ICM metrics', () => {
  it('counts the P-Chain validators of the day and lists the reward owners of a time range', async () => {
    const net = h.sandbox.world.primary.networks.mainnet;
    const period = net.validators[0]!.current;
    const { data, errors } = await query(NetworkStakingMetricsDocument, { metric: 'VALIDATOR_COUNT', first: 1, startTimestamp: period.start, endTimestamp: period.start + 3_600 });
    expect(errors).toBeUndefined();
    const [latest] = data!.network.stakingMetrics!.nodes;
    const periods = net.validators.flatMap((v) => [...v.past, v.current]);
    expect(latest!.value).toBe(periods.filter((p) => p.start <= latest!.timestamp && latest!.timestamp < p.end).length);
    const rows = data!.network.validatorRewardAddresses!.nodes;
    expect(rows).toHaveLength(periods.filter((p) => p.start <= period.start + 3_600 && p.end >= period.start).length);
    expect(rows.every((r) => r.addresses.every((a) => a.startsWith('avax1')) && typeof r.addValidatorTimestamp === 'number')).toBe(true);
  });

  it('refuses a malformed subnet id before any call', async () => {
    const { errors } = await query(NetworkStakingMetricsDocument, { metric: 'VALIDATOR_COUNT', subnetId: 'nope' });
    expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'subnetId' });
    expect(h.sandbox.counts().metrics).toEqual({});
  });

  it('counts ICM messages from the C-Chain (by alias) per destination, linked to the destination chains', async () => {
    const cChain = h.sandbox.world.chains.find((c) => c.evmChainId === 43114)!;
    const sent = h.sandbox.world.evm.icmMessages().filter((m) => m.sourceBlockchainId === cChain.blockchainId);
    const { data, errors } = await query(NetworkIcmMetricsDocument, { sourceBlockchainId: 'c-chain', groupBy: 'DESTINATION' });
    expect(errors).toBeUndefined();
    const points = data!.network.icmMetrics!.nodes;
    expect(points.reduce((s, p) => s + p.value, 0)).toBe(sent.length);
    for (const p of points) {
      expect(p.sourceBlockchainId).toBe(cChain.blockchainId);
      const destination = h.sandbox.world.chains.find((c) => c.blockchainId === p.destinationBlockchainId)!;
      expect(p.destinationChain?.chainId).toBe(String(destination.evmChainId));
    }
    const summary = data!.network.icmSummary!;
    expect(summary.reduce((s, w) => s + (w.allTime ?? 0), 0)).toBe(sent.length);
    const whole = await query(NetworkIcmMetricsDocument, {});
    expect(whole.data!.network.icmSummary).toEqual([
      expect.objectContaining({ allTime: h.sandbox.world.evm.icmMessages().filter((m) => m.network === 'mainnet').length, sourceBlockchainId: null, destinationBlockchainId: null }),
    ]);
  });
});

describe('L1 validator fee metrics', () => {
  it('gives each L1 validator\'s fees from its validation id, with the totals', async () => {
    const chain = h.sandbox.world.chains.find((c) => c.evmChainId === 779672)!;
    const { data, errors } = await query(L1ValidatorFeesDocument, { id: '779672', subnetId: chain.subnetId });
    expect(errors).toBeUndefined();
    const world = h.sandbox.world.primary.networks.mainnet.l1Validators.filter((v) => v.subnetId === chain.subnetId);
    for (const v of data!.chain!.validators!) {
      const fees = v.feeMetrics!;
      const paying = world.find((w) => w.validationId === v.validationId)!.balance > 0n;
      expect(fees[0]!.value > 0).toBe(paying);
    }
    expect(harness.metrics.counts()['GET /v2/validation/{l1ValidationId}/metrics/{metric}']).toBe(data!.chain!.validators!.length);
    expect(data!.subnetFeeMetrics![0]!.value).toBe(world.filter((w) => w.balance > 0n).length);
    expect(data!.l1ValidatorFeeMetrics![0]!.value).toBeGreaterThanOrEqual(data!.subnetFeeMetrics![0]!.value);
  });
});

describe('Looking Glass', () => {
  it('pages BTC.b bridgers above a threshold, each a C-Chain account', async () => {
    const first = await query(BtcbBridgersDocument, { threshold: '50000000', first: 2 });
    expect(first.errors).toBeUndefined();
    const next = await query(BtcbBridgersDocument, { threshold: '50000000', first: 100, after: first.data!.btcbBridgers!.pageInfo.endCursor });
    const rows = [...first.data!.btcbBridgers!.nodes, ...next.data!.btcbBridgers!.nodes];
    const wallets = h.sandbox.world.evm.chain(43114)!.wallets;
    expect(rows.length).toBeGreaterThan(2);
    expect(new Set(rows.map((r) => r.address)).size).toBe(rows.length);
    for (const r of rows) {
      expect(wallets).toContain(r.account.address);
      expect(BigInt(r.netBridged!) >= 50_000_000n).toBe(true);
    }
  });

  it('answers a composite query with its totals, and refuses a bad condition naming its field before any call', async () => {
    const cChain = h.sandbox.world.evm.chain(43114)!;
    const rich = 10n ** 18n;
    const variables = {
      query: {
        operator: 'AND' as const,
        conditions: [
          { id: 'rich', type: 'LATEST_BALANCE' as const, evmChainId: '43114', tokenType: 'NATIVE' as const, minBalance: rich.toString() },
          { id: 'rich-today', type: 'ANY_TIME_NATIVE_BALANCE' as const, evmChainId: '43114', minBalance: rich.toString(), firstDate: '2026-03-02', lastDate: '2026-03-02' },
        ],
      },
    };
    const { data, errors } = await query(LookingGlassAddressesDocument, variables);
    expect(errors).toBeUndefined();
    const answer = data!.lookingGlassAddresses!;
    const richNow = cChain.wallets.filter((w) => cChain.nativeBalance(w) >= rich);
    expect(answer.conditionCounts).toContainEqual({ id: 'rich', count: richNow.length });
    expect(answer.totalCount).toBe(answer.nodes.length);
    expect(answer.nodes.every((n) => richNow.includes(n.address))).toBe(true);

    h.sandbox.reset();
    const bad = await query(LookingGlassAddressesDocument, {
      query: { operator: 'OR', conditions: [{ ...variables.query.conditions[1]!, firstDate: '2026-02-30' }] },
    });
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'query.conditions[0].firstDate' });
    const missing = await query(LookingGlassAddressesDocument, { query: { operator: 'OR', conditions: [{ id: 'x', type: 'ALL_TIME_ERC20_BALANCE', evmChainId: '43114', minBalance: '1', firstDate: '2026-03-01', lastDate: '2026-03-02' }] } });
    expect(missing.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'query.conditions[0].contractAddress' });
    expect(h.sandbox.counts().metrics).toEqual({});
  });
});
