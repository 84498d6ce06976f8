/**
 * The account owner's part of the graph: webhooks, shared secret, usage, logs and export jobs of the
 * caller's own Data API key. With the caller's key they work, each key seeing only its own; with
 * only the gateway's configured key (or none) they are refused before any upstream call; nothing
 * of one key reaches another through the upstream cache or the response cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountChainsAndSecretDocument,
  AccountExportJobDocument,
  AccountLogsDocument,
  AccountRpcUsageDocument,
  AccountSharedSecretDocument,
  AccountUsageDocument,
  AccountWebhookDocument,
  AccountWebhookNodeDocument,
  AccountWebhooksDocument,
  AddWebhookAddressesDocument,
  CreateWebhookDocument,
  DeactivateWebhookDocument,
  ExportTransactionsDocument,
  RemoveWebhookAddressesDocument,
  RotateWebhookSharedSecretDocument,
  UpdateWebhookDocument,
  type CreateWebhookInput,
} from '../gql/graphql.js';
import { startHarness, useHarness, type GraphQLResponse, type Harness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const OPERATOR_KEY = 'operator-configured-key-0123456789';
const shared = useHarness({ keyPerTest: 'account', env: { DATA_API_KEY: OPERATOR_KEY } });
const { h, headers } = shared;

const WALLET = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
const WALLET_2 = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const evmInput = (addresses = [WALLET], url = 'https://hooks.example/avax'): CreateWebhookInput => ({
  url,
  name: 'wallet watch',
  evmAddressActivity: { chainId: '43114', addresses, includeLogs: true },
});

const calls = () => shared.dataApi.counts();
const total = () => shared.dataApi.total();

function expectRefused(response: GraphQLResponse<unknown>, path: string) {
  const error = response.errors?.find((e) => e.path?.[0] === path);
  expect(error?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'CALLER_KEY_REQUIRED' });
  expect(error?.message).toMatch(/send your own key in the x-data-api-key or x-glacier-api-key header/);
}

async function create(input = evmInput(), extra: Record<string, string> = headers) {
  const { data, errors } = await h.query(CreateWebhookDocument, { input }, extra);
  expect(errors).toBeUndefined();
  return data!.createWebhook;
}

describe('with the caller\'s own key', () => {
  it('creates a webhook, lists it, reads it by id and by global id, each read one call', async () => {
    const created = await create();
    expect(created).toMatchObject({
      name: 'wallet watch',
      url: 'https://hooks.example/avax',
      chainId: '43114',
      status: 'ACTIVE',
      eventType: 'ADDRESS_ACTIVITY',
      activity: { __typename: 'EvmAddressActivity', chain: { chainId: '43114', chainName: 'Avalanche (C-Chain)' }, addresses: [WALLET], includeLogs: true },
    });
    expect(calls()).toMatchObject({ 'POST /v1/webhooks': 1 });
    h.sandbox.reset();

    const list = await shared.query(AccountWebhooksDocument, {});
    expect(list.errors).toBeUndefined();
    expect(list.data!.dataApiAccount!.webhooks!.nodes).toEqual([created]);
    // The chain of the webhook comes from the chain list the create read (kept for the key).
    expect(calls()).toEqual({ 'GET /v1/webhooks': 1 });
    h.sandbox.reset();

    const one = await shared.query(AccountWebhookDocument, { webhookId: created.webhookId });
    expect(one.data!.dataApiAccount!.webhook).toMatchObject({ ...created, addresses: { totalCount: 1, nodes: [WALLET] } });
    expect(calls()).toEqual({ 'GET /v1/webhooks/{id}': 1, 'GET /v1/webhooks/{id}/addresses': 1 });

    const node = await shared.query(AccountWebhookNodeDocument, { id: created.id });
    expect(node.data!.node).toEqual({ id: created.id, webhookId: created.webhookId, url: created.url });
  });

  it('creates primary-network and validator webhooks from the world\'s addresses and validators', async () => {
    const mainnet = h.sandbox.world.primary.networks.mainnet;
    const primary = await create({
      url: 'https://hooks.example/p',
      primaryNetworkAddressActivity: {
        network: 'MAINNET',
        chain: 'p-chain',
        addresses: [mainnet.wallets[0]!.p],
        addressActivitySubEvents: ['BALANCE_THRESHOLD'],
        balanceThreshold: { balanceType: 'UNLOCKED_UNSTAKED', threshold: '2000000000' },
      },
    });
    expect(primary).toMatchObject({
      eventType: 'PRIMARY_NETWORK_ADDRESS_ACTIVITY',
      chainId: mainnet.chainIds.P,
      activity: { addresses: [mainnet.wallets[0]!.bare], addressActivitySubEvents: ['BALANCE_THRESHOLD'], balanceThreshold: { balanceType: 'UNLOCKED_UNSTAKED', threshold: '2000000000' } },
    });
    const validator = await create({
      url: 'https://hooks.example/v',
      validatorActivity: { network: 'MAINNET', nodeId: mainnet.validators[0]!.nodeId, validatorActivitySubEvents: ['VALIDATOR_STAKE', 'DELEGATOR_STAKE'] },
    });
    expect(validator).toMatchObject({ eventType: 'VALIDATOR_ACTIVITY', activity: { keyType: 'NODE_ID', keys: [mainnet.validators[0]!.nodeId], validatorActivitySubEvents: ['VALIDATOR_STAKE', 'DELEGATOR_STAKE'] } });
    // Only address-activity webhooks have an address list: no call for the others.
    h.sandbox.reset();
    const read = await shared.query(AccountWebhookDocument, { webhookId: validator.webhookId });
    expect(read.data!.dataApiAccount!.webhook!.addresses).toBeNull();
    expect(calls()).toEqual({ 'GET /v1/webhooks/{id}': 1 });
  });

  it('updates, deactivates, and edits the address list; each write is one call, and the list is read after it', async () => {
    const created = await create();
    const updated = await shared.query(UpdateWebhookDocument, { webhookId: created.webhookId, input: { name: 'renamed', includeInternalTxs: true } });
    expect(updated.data!.updateWebhook).toMatchObject({ name: 'renamed', activity: { includeInternalTxs: true } });
    h.sandbox.reset();
    const added = await shared.query(AddWebhookAddressesDocument, { webhookId: created.webhookId, addresses: [WALLET_2, WALLET] });
    expect(added.data!.addWebhookAddresses.addresses).toEqual({ totalCount: 2, nodes: [WALLET, WALLET_2] });
    expect(calls()).toEqual({ 'PATCH /v1/webhooks/{id}/addresses': 1, 'GET /v1/webhooks/{id}/addresses': 1 });
    const removed = await shared.query(RemoveWebhookAddressesDocument, { webhookId: created.webhookId, addresses: [WALLET] });
    expect(removed.data!.removeWebhookAddresses.activity).toEqual({ addresses: [WALLET_2] });
    const deactivated = await shared.query(DeactivateWebhookDocument, { webhookId: created.webhookId });
    expect(deactivated.data!.deactivateWebhook.status).toBe('INACTIVE');
    const active = await shared.query(AccountWebhooksDocument, { status: 'ACTIVE' });
    expect(active.data!.dataApiAccount!.webhooks!.nodes).toEqual([]);
    const inactive = await shared.query(AccountWebhooksDocument, { status: 'INACTIVE' });
    expect(inactive.data!.dataApiAccount!.webhooks!.nodes.map((w) => w.webhookId)).toEqual([created.webhookId]);
  });

  it('pages through the webhooks with cursors', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create(evmInput([WALLET], `https://hooks.example/${i}`))).webhookId);
    const webhooks = await walkConnection((after) => shared.query(AccountWebhooksDocument, { first: 2, after }), (d) => d.dataApiAccount!.webhooks);
    const seen = webhooks.map((w) => w.webhookId);
    expect(seen).toEqual(ids);
  });

  it('reads and rotates the shared secret', async () => {
    const before = (await shared.query(AccountSharedSecretDocument, {})).data!.dataApiAccount!.sharedSecret!;
    const rotated = (await shared.query(RotateWebhookSharedSecretDocument, {})).data!.rotateWebhookSharedSecret;
    expect(rotated).not.toBe(before);
    expect((await shared.query(AccountSharedSecretDocument, {})).data!.dataApiAccount!.sharedSecret).toBe(rotated);
  });

  it('reports the key\'s own usage and logs: the requests the Data API answered for it', async () => {
    await create();
    await shared.query(AccountWebhookDocument, { webhookId: 'no-such-webhook' });
    // What the Data API received with this key, before the usage reads.
    const sent = shared.dataApi.recent.filter((r) => r.headers['x-data-api-key'] === headers['x-data-api-key']).length;
    const usage = (await shared.query(AccountUsageDocument, { timeInterval: 'DAILY' })).data!.dataApiAccount!.usage!;
    expect(usage.aggregateDuration).toBe('1 day');
    const values = usage.buckets.flatMap((b) => b.values);
    expect(values).toEqual([expect.objectContaining({ groupedBy: 'NONE', groupValue: null, totalRequests: sent, invalidRequests: 1 })]);
    const byCode = (await shared.query(AccountUsageDocument, { groupBy: 'RESPONSE_CODE', responseCode: 404 })).data!.dataApiAccount!.usage!;
    expect(byCode.buckets.flatMap((b) => b.values).map((v) => [v.groupedBy, v.groupValue, v.totalRequests])).toEqual([['RESPONSE_CODE', '404', 1]]);

    const logs = (await shared.query(AccountLogsDocument, { first: 100 })).data!.dataApiAccount!.logs!;
    expect(logs.nodes.slice(0, sent).map((l) => `${l.responseCode} ${l.requestPath}`)).toEqual(
      shared.dataApi.recent.filter((r) => r.headers['x-data-api-key'] === headers['x-data-api-key']).slice(0, sent).map((r) => expect.stringContaining(r.url.split('?')[0]!)),
    );
    const missing = (await shared.query(AccountLogsDocument, { responseCode: 404 })).data!.dataApiAccount!.logs!;
    expect(missing.nodes.map((l) => l.requestPath)).toEqual(['/v1/webhooks/no-such-webhook']);
  });

  it('reads the RPC usage of the primary network and of L1s', async () => {
    const l1 = h.sandbox.world.chains.find((c) => !c.isCChain)!;
    const start = Math.floor(Date.now() / 1000) - 2 * 86_400;
    const { data, errors } = await shared.query(AccountRpcUsageDocument, { network: 'MAINNET', chainId: l1.info.chainId, start });
    expect(errors).toBeUndefined();
    const account = data!.dataApiAccount!;
    expect(account.primaryNetworkRpcUsage).toMatchObject({ aggregateDuration: '1 day', network: 'mainnet' });
    expect(account.primaryNetworkRpcUsage!.buckets.flatMap((b) => b.values).every((v) => v.groupedBy === 'RPC_METHOD')).toBe(true);
    expect(account.subnetRpcUsage!.chainId).toBe(l1.info.chainId);
    expect(account.subnetRpcUsage!.buckets.length).toBeGreaterThan(0);
    expect(calls()).toEqual({ 'GET /v1/primaryNetworkRpcUsageMetrics': 1, 'GET /v1/subnetRpcUsageMetrics': 1 });
  });

  it('starts an export job and reads it as done, by id and by global id', async () => {
    const started = await shared.query(ExportTransactionsDocument, {
      input: { kind: 'EVM', firstDate: '2024-01-01', lastDate: '2024-01-07', chains: ['43114'], addresses: [WALLET] },
    });
    expect(started.errors).toBeUndefined();
    const job = started.data!.exportTransactions;
    expect(job).toMatchObject({ kind: 'EVM', status: 'RUNNING' });
    const read = (await shared.query(AccountExportJobDocument, { operationId: job.operationId })).data!.dataApiAccount!.exportJob!;
    expect(read).toMatchObject({ id: job.id, kind: 'EVM', status: 'COMPLETED', code: null, nextDate: null });
    expect(read.downloadUrl).toContain(job.operationId);
    const node = await shared.query<{ node: { operationId: string; status: string } | null }, { id: string }>(
      `query ($id: ID!) { node(id: $id) { ... on TransactionExportJob { operationId status } } }`,
      { id: job.id },
    );
    expect(node.data!.node).toEqual({ operationId: job.operationId, status: 'COMPLETED' });
    expect((await shared.query(AccountExportJobDocument, { operationId: 'no-such-job' })).data!.dataApiAccount!.exportJob).toBeNull();
  });
});

describe('without a key of the caller\'s own', () => {
  it('refuses every account read and write before any upstream call, though the gateway has a key', async () => {
    const reads = [
      h.query(AccountWebhooksDocument, {}),
      h.query(AccountSharedSecretDocument, {}),
      h.query(AccountUsageDocument, {}),
      h.query(AccountLogsDocument, {}),
      h.query(AccountExportJobDocument, { operationId: 'some-job' }),
    ];
    for (const response of await Promise.all(reads)) {
      expect(response.data).toEqual({ dataApiAccount: null });
      expectRefused(response, 'dataApiAccount');
    }
    expectRefused(await h.query(CreateWebhookDocument, { input: evmInput() }), 'createWebhook');
    expectRefused(await h.query(RotateWebhookSharedSecretDocument, {}), 'rotateWebhookSharedSecret');
    expectRefused(await h.query(DeactivateWebhookDocument, { webhookId: 'some-webhook' }), 'deactivateWebhook');
    expectRefused(
      await h.query(ExportTransactionsDocument, { input: { kind: 'EVM', firstDate: '2024-01-01', lastDate: '2024-01-02', chains: ['43114'], addresses: [WALLET] } }),
      'exportTransactions',
    );
    expect(total()).toBe(0);
  });

  it('refuses a webhook asked for by global id, and answers the rest of the operation', async () => {
    const created = await create();
    h.sandbox.reset();
    const node = await h.query(AccountWebhookNodeDocument, { id: created.id });
    expect(node.data!.node).toBeNull();
    expect(node.errors![0]!.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'CALLER_KEY_REQUIRED' });
    const mixed = await h.query(AccountChainsAndSecretDocument, {});
    expect(mixed.data!.chains!.length).toBeGreaterThan(0);
    expect(mixed.data!.dataApiAccount).toBeNull();
    expectRefused(mixed, 'dataApiAccount');
    // Only the chain list went out, with the configured key.
    expect(calls()).toEqual({ 'GET /v1/chains': 1 });
    expect(shared.dataApi.recent.map((r) => r.headers['x-data-api-key'])).toEqual([OPERATOR_KEY]);
  });
});

describe('one key\'s account is its own', () => {
  it('shows each key only its webhooks, secret and export jobs', async () => {
    const mine = await create();
    const otherKey = { 'x-glacier-api-key': `${headers['x-data-api-key']}-other` };
    const theirs = await create(evmInput([WALLET_2], 'https://other.example/hook'), otherKey);
    const myList = await shared.query(AccountWebhooksDocument, {});
    const theirList = await h.query(AccountWebhooksDocument, {}, otherKey);
    expect(myList.data!.dataApiAccount!.webhooks!.nodes.map((w) => w.webhookId)).toEqual([mine.webhookId]);
    expect(theirList.data!.dataApiAccount!.webhooks!.nodes.map((w) => w.webhookId)).toEqual([theirs.webhookId]);
    const crossRead = await h.query(AccountWebhookDocument, { webhookId: mine.webhookId }, otherKey);
    expect(crossRead.data!.dataApiAccount!.webhook).toBeNull();
    const crossWrite = await h.query(DeactivateWebhookDocument, { webhookId: mine.webhookId }, otherKey);
    expect(crossWrite.errors![0]!.extensions).toMatchObject({ code: 'NOT_FOUND' });
    const secrets = await Promise.all([shared.query(AccountSharedSecretDocument, {}), h.query(AccountSharedSecretDocument, {}, otherKey)]);
    expect(secrets[0].data!.dataApiAccount!.sharedSecret).not.toBe(secrets[1].data!.dataApiAccount!.sharedSecret);
  });

  it('reads the list afresh on every operation (no answer kept between operations)', async () => {
    await shared.query(AccountWebhooksDocument, {});
    await create();
    h.sandbox.reset();
    const again = await shared.query(AccountWebhooksDocument, {});
    expect(again.data!.dataApiAccount!.webhooks!.nodes).toHaveLength(1);
    expect(calls()['GET /v1/webhooks']).toBe(1);
  });
});

describe('input checks, before any call', () => {
  it.each([
    ['an http endpoint', { ...evmInput(), url: 'http://hooks.example/x' }, 'input.url'],
    ['an endpoint too long', { ...evmInput(), url: `https://hooks.example/${'a'.repeat(2100)}` }, 'input.url'],
    ['a bad address', evmInput(['0x1234']), 'input.evmAddressActivity.addresses[0]'],
    ['no kind', { url: 'https://hooks.example/x' }, 'input'],
    ['two kinds', { ...evmInput(), validatorActivity: { network: 'MAINNET', nodeId: 'NodeID-x', validatorActivitySubEvents: ['VALIDATOR_STAKE'] } }, 'input'],
    ['a threshold event without its threshold', { url: 'https://hooks.example/x', validatorActivity: { network: 'MAINNET', subnetId: '11111111111111111111111111111111LpoYY', validatorActivitySubEvents: ['L1_VALIDATOR_BALANCE_THRESHOLD'] } }, 'input.validatorActivity.l1ValidatorFeeBalanceThreshold'],
  ] as const)('refuses %s', async (_, input, argument) => {
    const response = await shared.query(CreateWebhookDocument, { input: input as CreateWebhookInput });
    expect(response.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    expect(total()).toBe(0);
  });

  it('refuses bad ids, statuses, ranges and export inputs', async () => {
    const cases: Array<[Promise<GraphQLResponse<unknown>>, string]> = [
      [shared.query(AccountWebhookDocument, { webhookId: '../secrets' }), 'webhookId'],
      [shared.query(AccountWebhooksDocument, { status: 'UNKNOWN' }), 'status'],
      [shared.query(UpdateWebhookDocument, { webhookId: 'abc', input: {} }), 'input'],
      [shared.query(AddWebhookAddressesDocument, { webhookId: 'abc', addresses: [] }), 'addresses'],
      [shared.query(AccountUsageDocument, { start: 200, end: 100 }), 'start'],
      [shared.query(AccountUsageDocument, { responseCode: 42 }), 'responseCode'],
      [shared.query(ExportTransactionsDocument, { input: { kind: 'EVM', firstDate: '2024-02-30', lastDate: '2024-03-01', chains: ['43114'], addresses: [WALLET] } }), 'input.firstDate'],
      [shared.query(ExportTransactionsDocument, { input: { kind: 'PRIMARY_NETWORK', firstDate: '2024-01-01', lastDate: '2024-01-02', chains: ['d-chain'], addresses: [] } }), 'input.addresses'],
    ];
    for (const [response, argument] of cases) expect((await response).errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    expect(total()).toBe(0);
  });

  it('sends a write once, never again after a failure', async () => {
    shared.dataApi.setFault('POST /v1/webhooks', { reset: true, times: 1 });
    const response = await shared.query(CreateWebhookDocument, { input: evmInput() });
    expect(response.errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api' });
    expect(calls()).toEqual({ 'POST /v1/webhooks': 1 });
    expect((await shared.query(AccountWebhooksDocument, {})).data!.dataApiAccount!.webhooks!.nodes).toEqual([]);
  });
});

describe('with the response cache on', () => {
  let cached: Harness;
  beforeAll(async () => {
    cached = await startHarness({ DATA_API_KEY: OPERATOR_KEY, RESPONSE_CACHE_MAX_ENTRIES: '1000', RESPONSE_CACHE_KNOWN_KEYS: '0' });
  });
  afterAll(() => cached.close());

  it('never keeps an account answer, so no key or keyless caller is served another\'s list', async () => {
    const a = { 'x-data-api-key': 'response-cache-key-a' };
    const b = { 'x-data-api-key': 'response-cache-key-b' };
    const empty = await cached.query(AccountWebhooksDocument, {}, a);
    expect(empty.data!.dataApiAccount!.webhooks!.nodes).toEqual([]);
    expect(empty.extensions?.responseCache).toMatchObject({ hit: false, didCache: false });
    await cached.query(CreateWebhookDocument, { input: evmInput() }, a);
    const after = await cached.query(AccountWebhooksDocument, {}, a);
    expect(after.data!.dataApiAccount!.webhooks!.nodes).toHaveLength(1);
    expect(after.extensions?.responseCache).toMatchObject({ hit: false, didCache: false });
    expect((await cached.query(AccountWebhooksDocument, {}, b)).data!.dataApiAccount!.webhooks!.nodes).toEqual([]);
    const keyless = await cached.query(AccountWebhooksDocument, {});
    expectRefused(keyless, 'dataApiAccount');
    // A global id read is not kept either.
    const id = after.data!.dataApiAccount!.webhooks!.nodes[0]!.id;
    const node = await cached.query(AccountWebhookNodeDocument, { id }, a);
    expect(node.extensions?.responseCache).toMatchObject({ didCache: false });
    expect((await cached.query(AccountWebhookNodeDocument, { id }, b)).data!.node).toBeNull();
  });
});
