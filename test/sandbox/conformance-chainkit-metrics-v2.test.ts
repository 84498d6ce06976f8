/**
 * The official client (`@avalanche-sdk/chainkit`) against the simulated metrics service's v2 routes.
 * The client validates every answer with its own schemas, so a resolved call means the sandbox speaks
 * the wire protocol; the figures must also agree with the world and with each other (v1 and v2,
 * hours and days, series and windows). The composite query has no chainkit function: it is checked
 * over plain HTTP against the description's response schema.
 */
import { BadRequestError, NotFoundError } from '@avalanche-sdk/chainkit/models/errors';
import { describe, expect, it } from 'vitest';
import { buildTpsSeries, L1_FEE_PER_DAY, PRIMARY_NETWORK_SUBNET_ID, bareAddress } from '@avalanche-graph/sandbox';
import { useChainkit } from '../support/chainkit.js';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox();
const { sdk, atMetrics: at } = useChainkit(sandbox);

/** Every page of a chainkit page iterator, flattened. */
async function all<P, T>(pages: AsyncIterable<P>, pick: (page: P) => T[]): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...pick(page));
  return out;
}

const DAY = 86_400;

describe('chains', () => {
  it('list and get describe the world\'s EVM chains, by network', async () => {
    const mainnet = await all(await sdk.metrics.chains.list({ network: 'mainnet' }, at), (p) => p.result.chains);
    expect(mainnet.map((c) => c.evmChainId)).toEqual(sandbox.world.chains.filter((c) => c.network === 'mainnet').map((c) => c.evmChainId));
    const fuji = await all(await sdk.metrics.chains.list({ network: 'fuji' }, at), (p) => p.result.chains);
    expect(fuji.every((c) => c.network === 'testnet')).toBe(true);
    const l1 = sandbox.world.chains.find((c) => !c.isCChain)!;
    expect(await sdk.metrics.chains.get({ chainId: String(l1.evmChainId) }, at)).toMatchObject({ blockchainId: l1.blockchainId, subnetId: l1.subnetId });
    await expect(sdk.metrics.chains.get({ chainId: '999999' }, at)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('chain metrics', () => {
  it('getMetrics: daily transactions agree with /v1/avg_tps, hours sum to their day, cumulative counts to the days', async () => {
    const chain = sandbox.world.chains.find((c) => c.evmChainId === 779672)!;
    const tps = buildTpsSeries(sandbox.world, chain).points;
    const daily = await all(await sdk.metrics.chains.getMetrics({ chainId: '779672', metric: 'txCount', timeInterval: 'day', pageSize: 37 }, at), (p) => p.result.results);
    expect(daily.map((p) => p.timestamp)).toEqual(tps.map((p) => p.timestamp));
    expect(daily.map((p) => p.value)).toEqual(tps.map((p) => Math.round(p.value * DAY)));
    const v2Tps = await all(await sdk.metrics.chains.getMetrics({ chainId: '779672', metric: 'avgTps', pageSize: 200 }, at), (p) => p.result.results);
    expect(v2Tps).toEqual(tps);

    const day = daily[3]!;
    const hours = await all(
      await sdk.metrics.chains.getMetrics({ chainId: '779672', metric: 'txCount', timeInterval: 'hour', startTimestamp: day.timestamp, endTimestamp: day.timestamp + DAY - 1 }, at),
      (p) => p.result.results,
    );
    expect(hours).toHaveLength(24);
    expect(hours.reduce((s, h) => s + h.value, 0)).toBe(day.value);

    const cumulative = await all(await sdk.metrics.chains.getMetrics({ chainId: '779672', metric: 'cumulativeTxCount', pageSize: 2160 }, at), (p) => p.result.results);
    for (let i = 0; i + 1 < cumulative.length; i++) expect(cumulative[i]!.value - cumulative[i + 1]!.value).toBe(daily[i]!.value);
  });

  it('getMetrics: a network total is the sum of its chains', async () => {
    const mainnetIds = sandbox.world.chains.filter((c) => c.network === 'mainnet').map((c) => String(c.evmChainId));
    const [total] = (await sdk.metrics.chains.getMetrics({ chainId: 'mainnet', metric: 'gasUsed', pageSize: 1 }, at)).result.results;
    let sum = 0;
    for (const chainId of mainnetIds) sum += (await sdk.metrics.chains.getMetrics({ chainId, metric: 'gasUsed', pageSize: 1 }, at)).result.results[0]!.value;
    expect(total!.value).toBe(sum);
  });

  it('getMetrics refuses what the description refuses', async () => {
    await expect(sdk.metrics.chains.getMetrics({ chainId: '43114', metric: 'avgTps', timeInterval: 'hour' }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.metrics.chains.getMetrics({ chainId: '43114', metric: 'txCount', startTimestamp: 2_000, endTimestamp: 1_000 }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.metrics.chains.getMetrics({ chainId: '43114', metric: 'txCount', pageSize: 2161 }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.metrics.chains.getMetrics({ chainId: '43114', metric: 'txCount', pageToken: 'forged.token' }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.metrics.chains.getMetrics({ chainId: '12345', metric: 'txCount' }, at)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('getRollingWindowMetrics: the last day and week are the newest days of the series', async () => {
    const { result } = await sdk.metrics.chains.getRollingWindowMetrics({ chainId: '43114', metric: 'txCount' }, at);
    const days = (await sdk.metrics.chains.getMetrics({ chainId: '43114', metric: 'txCount', pageSize: 7 }, at)).result.results;
    expect(result.lastDay).toBe(days[0]!.value);
    expect(result.lastWeek).toBe(days.reduce((s, d) => s + d.value, 0));
    const [cumulative] = (await sdk.metrics.chains.getMetrics({ chainId: '43114', metric: 'cumulativeTxCount', pageSize: 1 }, at)).result.results;
    expect(result.allTime).toBe(cumulative!.value);
    const active = await sdk.metrics.chains.getRollingWindowMetrics({ chainId: '43114', metric: 'activeAddresses' }, at);
    expect(active.result.lastWeek).toBeGreaterThan(0);
    expect(active.result.lastMonth).toBeUndefined();
  });
});

describe('ICM metrics', () => {
  const mainnetMessages = () => sandbox.world.evm.icmMessages().filter((m) => m.network === 'mainnet');

  it('getICMTimeseries counts the world\'s messages, per source when grouped', async () => {
    const { results } = await sdk.metrics.chains.getICMTimeseries({ network: 'mainnet', groupBy: 'srcBlockchainId', timeInterval: 'day' }, at);
    const bySource = new Map<string, number>();
    for (const m of mainnetMessages()) bySource.set(m.sourceBlockchainId, (bySource.get(m.sourceBlockchainId) ?? 0) + 1);
    const counted = new Map<string, number>();
    for (const p of results) counted.set(p.srcBlockchainId, (counted.get(p.srcBlockchainId) ?? 0) + p.value);
    expect(counted).toEqual(bySource);
    expect(results.every((p) => p.destBlockchainId === '')).toBe(true);
  });

  it('getICMSummary counts all time and a pair', async () => {
    const { result } = await sdk.metrics.chains.getICMSummary({ network: 'mainnet' }, at);
    expect(result.allTime).toBe(mainnetMessages().length);
    const m = mainnetMessages()[0]!;
    const pair = await sdk.metrics.chains.getICMSummary({ srcBlockchainId: m.sourceBlockchainId, destBlockchainId: m.destinationBlockchainId }, at);
    expect(pair.result).toMatchObject({ srcBlockchainId: m.sourceBlockchainId, destBlockchainId: m.destinationBlockchainId });
    expect(pair.result.allTime).toBe(sandbox.world.evm.icmMessages().filter((x) => x.sourceBlockchainId === m.sourceBlockchainId && x.destinationBlockchainId === m.destinationBlockchainId).length);
    await expect(sdk.metrics.chains.getICMSummary({ srcBlockchainId: 'not-an-id' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('staking and L1 validator metrics', () => {
  it('getStakingMetrics counts the P-Chain validators and delegations of the day', async () => {
    const net = sandbox.world.primary.networks.mainnet;
    const [latest] = (await sdk.metrics.networks.getStakingMetrics({ network: 'mainnet', metric: 'validatorCount', pageSize: 1 }, at)).result.results;
    const covers = (p: { start: number; end: number }) => p.start <= latest!.timestamp && latest!.timestamp < p.end;
    expect(latest!.value).toBe(net.validators.flatMap((v) => [...v.past, v.current]).filter(covers).length);
    const [delegators] = (await sdk.metrics.networks.getStakingMetrics({ network: 'mainnet', metric: 'delegatorCount', pageSize: 1 }, at)).result.results;
    expect(delegators!.value).toBe(net.delegations.filter(covers).length);
    const l1 = net.l1Validators[0]!;
    const [l1Count] = (await sdk.metrics.networks.getStakingMetrics({ network: 'mainnet', metric: 'validatorCount', subnetId: l1.subnetId, pageSize: 1 }, at)).result.results;
    expect(l1Count!.value).toBe(net.l1Validators.filter((v) => v.subnetId === l1.subnetId && v.startTime <= l1Count!.timestamp).length);
    await expect(sdk.metrics.networks.getStakingMetrics({ network: 'mainnet', metric: 'validatorCount', subnetId: PRIMARY_NETWORK_SUBNET_ID.replace('1L', '1M') }, at)).rejects.toBeInstanceOf(BadRequestError);
  });

  it('L1 validator fees: paying validators times the fee, per validation, node and subnet', async () => {
    const validators = sandbox.world.primary.networks.mainnet.l1Validators;
    const [paying] = (await sdk.metrics.l1Validators.listMetrics({ metric: 'totalPayingValidatorsDaily' }, at)).results;
    expect(paying!.value).toBe(validators.filter((v) => v.balance > 0n).length);
    const [fees] = (await sdk.metrics.l1Validators.listMetrics({ metric: 'totalValidatorFeesDaily' }, at)).results;
    expect(fees!.value).toBe(paying!.value * L1_FEE_PER_DAY);

    const active = validators.find((v) => v.balance > 0n)!;
    const byValidation = await sdk.metrics.l1Validators.getMetricsByValidationId({ l1ValidationId: active.validationId, metric: 'validationCumulativeFeesDaily' }, at);
    const startDay = active.startTime - (active.startTime % DAY);
    expect(byValidation.results.at(-1)!.timestamp).toBeLessThanOrEqual(startDay);
    expect(byValidation.results[0]!.value).toBe(((byValidation.results[0]!.timestamp - startDay) / DAY + 1) * L1_FEE_PER_DAY);
    const byNode = await sdk.metrics.l1Validators.getMetricsByNodeId({ nodeId: active.nodeId, metric: 'perNodeCumulativeFeesPaid' }, at);
    expect(byNode.results[0]).toEqual(byValidation.results[0]);
    const bySubnet = await sdk.metrics.l1Validators.getMetricsBySubnetId({ subnetId: active.subnetId, metric: 'perSubnetPayingValidators' }, at);
    expect(bySubnet.results[0]!.value).toBe(validators.filter((v) => v.subnetId === active.subnetId && v.balance > 0n).length);
    await expect(sdk.metrics.l1Validators.getMetricsByNodeId({ nodeId: 'NodeID-nope', metric: 'perNodeDailyFeesPaid' }, at)).rejects.toBeInstanceOf(BadRequestError);
    const primaryNode = sandbox.world.primary.networks.mainnet.validators[0]!.nodeId;
    await expect(sdk.metrics.l1Validators.getMetricsByNodeId({ nodeId: primaryNode, metric: 'perNodeDailyFeesPaid' }, at)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('Looking Glass', () => {
  it('listBTCbBridgersAboveThreshold lists C-Chain wallets at or above the threshold, largest first, across pages', async () => {
    const rows = await all(await sdk.metrics.chains.listBTCbBridgersAboveThreshold({ threshold: '100000000', pageSize: 3 }, at), (p) => p.result.addresses);
    const wallets = new Set(sandbox.world.evm.chain(43114)!.wallets);
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) {
      expect(wallets.has(r.address)).toBe(true);
      expect(BigInt(r.sortKey) >= 100_000_000n).toBe(true);
    }
    const amounts = rows.map((r) => BigInt(r.sortKey));
    expect([...amounts].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(amounts);
    const lower = await all(await sdk.metrics.chains.listBTCbBridgersAboveThreshold({ threshold: '1000' }, at), (p) => p.result.addresses);
    expect(lower.length).toBeGreaterThan(rows.length);
    await expect(sdk.metrics.chains.listBTCbBridgersAboveThreshold({ threshold: '-5' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });

  it('subnets.getValidators lists the reward owners of the validations of a time range', async () => {
    const net = sandbox.world.primary.networks.mainnet;
    const start = net.validators[0]!.current.start;
    const end = start + DAY;
    const rows = await all(
      await sdk.metrics.subnets.getValidators({ subnetId: PRIMARY_NETWORK_SUBNET_ID, network: 'mainnet', startTimestamp: start, endTimestamp: end, pageSize: 4 }, at),
      (p) => p.result.addresses,
    );
    const expected = net.validators.flatMap((v) => [...v.past, v.current]).filter((p) => p.start <= end && p.end >= start);
    expect(rows).toHaveLength(expected.length);
    expect(new Set(rows.flatMap((r) => r.addresses))).toEqual(new Set(expected.flatMap((p) => p.validationRewardOwner.addrs.map((k) => bareAddress(net.hrp, k)))));
    const keys = rows.map((r) => Number(r.sortKey));
    expect([...keys].sort((a, b) => a - b)).toEqual(keys);
    const l1 = await sdk.metrics.subnets.getValidators({ subnetId: net.l1Validators[0]!.subnetId, network: 'mainnet' }, at);
    expect(l1.result.addresses).toEqual([]);
  });

  it('compositeQuery (plain HTTP) combines balance conditions with AND and OR, as the description\'s schema', async () => {
    const cChain = sandbox.world.evm.chain(43114)!;
    const rich = 10n ** 18n;
    const post = (body: unknown) =>
      fetch(`${sandbox.urls.metrics}/v2/lookingGlass/compositeQuery`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const native = { id: 'native', type: 'LatestBalance', params: { minBalance: rich.toString(), evmChainId: '43114', tokenType: 'NATIVE' } };
    const token = cChain.erc20Tokens[0]!;
    const holder = { id: 'holder', type: 'LatestBalance', params: { minBalance: '1', evmChainId: '43114', tokenType: 'ERC20', contractAddress: token.address } };
    const answer = async (operator: string) => {
      const response = await post({ operator, queries: [native, holder], pageSize: 10_000 });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { addresses: string[]; subQueryCounts: Record<string, number>; totalCount: number; nextPageToken?: string };
      expect(Object.keys(body).sort()).toEqual(['addresses', 'subQueryCounts', 'totalCount']);
      expect(body.addresses.every((a) => typeof a === 'string')).toBe(true);
      expect(body.totalCount).toBe(body.addresses.length);
      return body;
    };
    const richWallets = cChain.wallets.filter((w) => cChain.nativeBalance(w) >= rich);
    const and = await answer('AND');
    const or = await answer('OR');
    expect(and.subQueryCounts.native).toBe(richWallets.length);
    expect(or.totalCount).toBeGreaterThanOrEqual(Math.max(and.subQueryCounts.native!, and.subQueryCounts.holder!));
    expect(and.addresses.every((a) => or.addresses.includes(a) && richWallets.includes(a))).toBe(true);
    expect(and.totalCount + or.totalCount).toBe(and.subQueryCounts.native! + and.subQueryCounts.holder!);

    const first = await post({ operator: 'OR', queries: [native, holder], pageSize: 2 });
    const page = (await first.json()) as { addresses: string[]; nextPageToken?: string };
    expect(page.addresses).toEqual(or.addresses.slice(0, 2));
    const second = (await (await post({ operator: 'OR', queries: [native, holder], pageSize: 2, pageToken: page.nextPageToken })).json()) as { addresses: string[] };
    expect(second.addresses).toEqual(or.addresses.slice(2, 4));

    const refused = await post({ operator: 'XOR', queries: [native] });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: unknown }).message).toEqual([expect.stringContaining('operator')]);
    expect((await post({ operator: 'AND', queries: [{ ...native, params: { ...native.params, evmChainId: 'x' } }] })).status).toBe(400);
  });
});
