/**
 * The official Data API client (`@avalanche-sdk/chainkit`) against the simulated Data API's account
 * owner routes: webhooks, the shared secret, usage metrics and logs, export jobs. The client checks
 * every answer with its own schemas; the tests check that each key is its own account, that the
 * checks of the description answer 400, and that usage and logs are the key's requests.
 */
import type { Avalanche } from '@avalanche-sdk/chainkit';
import { RpcMetrics$inboundSchema } from '@avalanche-sdk/chainkit/models/components';
import { BadRequestError, NotFoundError, UnauthorizedError } from '@avalanche-sdk/chainkit/models/errors';
import { beforeEach, describe, expect, it } from 'vitest';
import { chainkitClient, useChainkit } from '../support/chainkit.js';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox();
const { sdk: keyless, at } = useChainkit(sandbox);
let run = 0;
/** A client for a fresh key (a fresh account) per test, and a second one for isolation checks. */
let sdk: Avalanche;
let other: Avalanche;
let key: string;

const WALLET = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const WALLET_2 = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const NOW = () => Math.floor(Date.now() / 1000);

beforeEach(() => {
  run++;
  key = `account-conformance-${run}`;
  sdk = chainkitClient(key);
  other = chainkitClient(`${key}-other`);
});

const evmWebhook = (client: Avalanche, addresses = [WALLET], chainId = '43114') =>
  client.webhooks.create(
    { eventType: 'address_activity', url: 'https://hooks.example/avax', name: 'wallet', chainId, metadata: { addresses }, includeLogs: true },
    at,
  );

describe('webhooks', () => {
  it('creates webhooks of the three kinds, lists them per key and reads one', async () => {
    const mainnet = sandbox.world.primary.networks.mainnet;
    const validator = mainnet.validators[0]!;
    const evm = await evmWebhook(sdk);
    expect(evm).toMatchObject({ eventType: 'address_activity', chainId: '43114', status: 'active', includeLogs: true, metadata: { addresses: [WALLET.toLowerCase()] } });
    const primary = await sdk.webhooks.create(
      {
        eventType: 'primary_network_address_activity',
        url: 'https://hooks.example/p',
        network: 'mainnet',
        chainId: mainnet.chainIds.P,
        metadata: {
          keyType: 'addresses',
          keys: [mainnet.wallets[0]!.bare],
          subEvents: { addressActivitySubEvents: ['balance_threshold'] },
          balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: '1000000000' },
        },
      },
      at,
    );
    expect(primary.eventType).toBe('primary_network_address_activity');
    const validatorHook = await sdk.webhooks.create(
      {
        eventType: 'validator_activity',
        url: 'https://hooks.example/v',
        network: 'mainnet',
        metadata: { keyType: 'nodeId', keys: [validator.nodeId], subEvents: { validatorActivitySubEvents: ['validator_stake', 'reward_distribution'] } },
      },
      at,
    );
    expect(validatorHook).toMatchObject({ eventType: 'validator_activity', chainId: mainnet.chainIds.P });

    const ids: string[] = [];
    for await (const page of await sdk.webhooks.list({ pageSize: 2 }, at)) ids.push(...page.result.webhooks.map((w) => w.id));
    expect(ids).toEqual([evm.id, primary.id, validatorHook.id]);
    expect(await sdk.webhooks.get({ id: primary.id }, at)).toEqual(primary);

    // Another key is another account: it sees none of them.
    const theirs = await other.webhooks.list({}, at);
    expect(theirs.result.webhooks).toEqual([]);
    await expect(other.webhooks.get({ id: evm.id }, at)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('updates, deactivates and filters by status', async () => {
    const hook = await evmWebhook(sdk);
    const updated = await sdk.webhooks.update({ id: hook.id, updateWebhookRequest: { name: 'renamed', url: 'https://hooks.example/new', includeInternalTxs: true } }, at);
    expect(updated).toMatchObject({ id: hook.id, name: 'renamed', url: 'https://hooks.example/new', includeInternalTxs: true, status: 'active' });
    const second = await evmWebhook(sdk, [WALLET_2]);
    const deactivated = await sdk.webhooks.deactivate({ id: hook.id }, at);
    expect(deactivated.status).toBe('inactive');
    expect((await sdk.webhooks.list({ status: 'inactive' }, at)).result.webhooks.map((w) => w.id)).toEqual([hook.id]);
    expect((await sdk.webhooks.list({ status: 'active' }, at)).result.webhooks.map((w) => w.id)).toEqual([second.id]);
  });

  it('adds, lists and removes the addresses of an address-activity webhook', async () => {
    const hook = await evmWebhook(sdk);
    const extra = Array.from({ length: 11 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`);
    const added = await sdk.webhooks.addresses.add({ id: hook.id, addressesChangeRequest: { addresses: [...extra, WALLET] } }, at);
    expect(added.metadata.addresses).toEqual([WALLET.toLowerCase(), ...extra]);
    const listed: string[] = [];
    for await (const page of await sdk.webhooks.addresses.list({ id: hook.id, pageSize: 5 }, at)) {
      expect(page.result.totalAddresses).toBe(12);
      listed.push(...page.result.addresses);
    }
    expect(listed).toEqual(added.metadata.addresses);
    const removed = await sdk.webhooks.addresses.remove({ id: hook.id, addressesChangeRequest: { addresses: [WALLET, extra[0]!] } }, at);
    expect(removed.metadata.addresses).toEqual(extra.slice(1));
  });

  it('keeps one shared secret per key until it is rotated', async () => {
    const first = await sdk.webhooks.getSharedSecret(at);
    expect(await sdk.webhooks.getSharedSecret(at)).toEqual(first);
    expect((await other.webhooks.getSharedSecret(at)).secret).not.toBe(first.secret);
    const rotated = await sdk.webhooks.generateOrRotateSharedSecret(at);
    expect(rotated.secret).not.toBe(first.secret);
    expect(await sdk.webhooks.getSharedSecret(at)).toEqual(rotated);
  });

  it('answers 400 for what the description refuses, 404 for unknown ids and 401 without a key', async () => {
    // Webhooks are enabled on the C-Chains only in this world.
    const l1 = sandbox.world.chains.find((c) => !c.isCChain)!;
    await expect(evmWebhook(sdk, [WALLET], l1.info.chainId)).rejects.toBeInstanceOf(BadRequestError);
    await expect(evmWebhook(sdk, ['0x1234'])).rejects.toBeInstanceOf(BadRequestError);
    await expect(evmWebhook(sdk, [WALLET], '999999')).rejects.toBeInstanceOf(BadRequestError);
    const hook = await evmWebhook(sdk);
    await expect(sdk.webhooks.update({ id: hook.id, updateWebhookRequest: { url: 'not a url' } }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.webhooks.get({ id: 'f33de69c-d13b-4691-908f-870d6e2e6b04' }, at)).rejects.toBeInstanceOf(NotFoundError);
    await expect(keyless.webhooks.list({}, at)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(keyless.webhooks.getSharedSecret(at)).rejects.toBeInstanceOf(UnauthorizedError);
  });
});

describe('usage metrics and logs', () => {
  it('counts and logs exactly the requests made with the key', async () => {
    await evmWebhook(sdk);
    await sdk.webhooks.list({}, at);
    await expect(sdk.webhooks.get({ id: 'missing' }, at)).rejects.toBeInstanceOf(NotFoundError);
    await other.webhooks.list({}, at);
    const usage = await sdk.data.usageMetrics.getUsage({ startTimestamp: NOW(), endTimestamp: NOW(), timeInterval: 'daily' }, at);
    expect(usage.aggregateDuration).toBe('1 day');
    const values = usage.metrics.flatMap((m) => m.values);
    expect(values).toHaveLength(1);
    expect(values[0]).toMatchObject({ groupedBy: 'None', totalRequests: 3, invalidRequests: 1 });

    const byCode = await sdk.data.usageMetrics.getUsage({ groupBy: 'responseCode' }, at);
    // The first usage read is logged too: 4 requests by now.
    const counts = Object.fromEntries(byCode.metrics.flatMap((m) => m.values).map((v) => [v.groupValue, v.totalRequests]));
    expect(counts).toEqual({ 200: 2, 201: 1, 404: 1 });

    const logs: string[] = [];
    for await (const page of await sdk.data.usageMetrics.getLogs({ pageSize: 2 }, at)) {
      logs.push(...page.result.logs.map((l) => `${l.responseCode} ${l.requestPath}`));
    }
    expect(logs.slice(0, 3)).toEqual(['201 /v1/webhooks', '200 /v1/webhooks', '404 /v1/webhooks/missing']);
    expect(logs.length).toBeGreaterThanOrEqual(5);
    const page = await sdk.data.usageMetrics.getLogs({ responseCode: '404' }, at);
    expect(page.result.logs.map((l) => l.requestPath)).toEqual(['/v1/webhooks/missing']);
  });

  it('serves the RPC usage of L1s and of the primary network, stable across reads and consistent across groupings', async () => {
    const l1 = sandbox.world.chains.find((c) => !c.isCChain)!;
    const range = { startTimestamp: NOW() - 3 * 86_400, endTimestamp: NOW() };
    const subnet = await sdk.data.usageMetrics.getSubnetRpcUsage({ ...range, chainId: l1.info.chainId, timeInterval: 'daily' }, at);
    expect(subnet.chainId).toBe(l1.info.chainId);
    expect(subnet.metrics.length).toBeGreaterThan(0);
    expect(await sdk.data.usageMetrics.getSubnetRpcUsage({ ...range, chainId: l1.info.chainId, timeInterval: 'daily' }, at)).toEqual(subnet);
    const byMethod = await sdk.data.usageMetrics.getSubnetRpcUsage({ ...range, chainId: l1.info.chainId, timeInterval: 'daily', groupBy: 'rpcMethod' }, at);
    const total = (m: typeof subnet.metrics) => m.flatMap((b) => b.values).reduce((n, v) => n + v.totalRequests, 0);
    expect(total(byMethod.metrics)).toBe(total(subnet.metrics));
    await expect(sdk.data.usageMetrics.getSubnetRpcUsage({ chainId: '43114' }, at)).rejects.toBeInstanceOf(BadRequestError);

    // The primary network's route is newer than the client: its answer is checked with the client's schema of the series.
    const query = new URLSearchParams({ network: 'mainnet', timeInterval: 'hourly', groupBy: 'country', startTimestamp: String(range.startTimestamp) });
    const response = await fetch(`${sandbox.urls.dataApi}/v1/primaryNetworkRpcUsageMetrics?${query}`, { headers: { 'x-glacier-api-key': key } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { aggregateDuration: string; network: string; metrics: unknown[] };
    expect(body).toMatchObject({ aggregateDuration: '1 hour', network: 'mainnet' });
    const metrics = body.metrics.map((m) => RpcMetrics$inboundSchema.parse(m));
    expect(metrics.length).toBeGreaterThan(0);
    for (const bucket of metrics) for (const v of bucket.values) expect(['US', 'DE', 'SG']).toContain(v.groupValue);
    const bad = await fetch(`${sandbox.urls.dataApi}/v1/primaryNetworkRpcUsageMetrics?network=moon`, { headers: { 'x-glacier-api-key': key } });
    expect(bad.status).toBe(400);
  });

  it('refuses bad parameters and keyless callers', async () => {
    await expect(sdk.data.usageMetrics.getUsage({ orgId: 'org_someone_else' }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.data.usageMetrics.getUsage({ startTimestamp: NOW(), endTimestamp: NOW() - 3 * 86_400 }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(keyless.data.usageMetrics.getUsage({}, at)).rejects.toBeInstanceOf(UnauthorizedError);
  });
});

describe('export jobs', () => {
  it('runs an EVM export: RUNNING when created, COMPLETED with a download link on the next read', async () => {
    const job = await sdk.data.operations.exportTransactions(
      { type: 'TRANSACTION_EXPORT_EVM', firstDate: '2024-01-01', lastDate: '2024-01-15', options: { addresses: [WALLET], includeChains: ['43114'] } },
      at,
    );
    expect(job).toMatchObject({ operationType: 'TRANSACTION_EXPORT_EVM', operationStatus: 'RUNNING' });
    const done = await sdk.data.operations.getResult({ operationId: job.operationId }, at);
    expect(done.operationStatus).toBe('COMPLETED');
    expect(done.metadata?.downloadUrl).toContain(job.operationId);
    expect(done.updatedAtTimestamp).toBeGreaterThan(done.createdAtTimestamp);
    await expect(other.data.operations.getResult({ operationId: job.operationId }, at)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('truncates a primary-network export past 31 days, naming the next date', async () => {
    const mainnet = sandbox.world.primary.networks.mainnet;
    const job = await sdk.data.operations.exportTransactions(
      {
        type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING',
        firstDate: '2024-01-01',
        lastDate: '2024-03-31',
        options: { addresses: [mainnet.wallets[0]!.bare], includeChains: ['p-chain'] },
      },
      at,
    );
    const done = await sdk.data.operations.getResult({ operationId: job.operationId }, at);
    expect(done).toMatchObject({ operationStatus: 'COMPLETED_WITH_WARNING', metadata: { code: 'WarnTruncatedExport', nextDate: '2024-02-01' } });
  });

  it('answers 400 for bad dates, chains or addresses', async () => {
    const evm = (options: { addresses: string[]; includeChains: string[] }, firstDate = '2024-01-01', lastDate = '2024-01-02') =>
      sdk.data.operations.exportTransactions({ type: 'TRANSACTION_EXPORT_EVM', firstDate, lastDate, options }, at);
    await expect(evm({ addresses: [WALLET], includeChains: ['43114'] }, '2024-02-30')).rejects.toBeInstanceOf(BadRequestError);
    await expect(evm({ addresses: [WALLET], includeChains: ['43114'] }, '2024-02-02', '2024-02-01')).rejects.toBeInstanceOf(BadRequestError);
    await expect(evm({ addresses: [WALLET], includeChains: ['1'] })).rejects.toBeInstanceOf(BadRequestError);
    await expect(evm({ addresses: ['avax1nope'], includeChains: ['43114'] })).rejects.toBeInstanceOf(BadRequestError);
  });
});
