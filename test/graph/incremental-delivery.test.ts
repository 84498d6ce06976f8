/**
 * `@defer` and `@stream` over HTTP, in process: the initial payload goes out without waiting for a
 * deferred fragment's upstream calls, which arrive in a later payload (multipart/mixed, read with
 * `meros`, @graphql-tools/executor-http's parser; and text/event-stream); streamed list items
 * follow the first ones; notices ride with the payload that delivers their field; the guard refuses
 * bad input and counts deferred parts before any call; deferred parts share the operation's budget
 * and deadline; the response cache keeps out of incremental answers; a client that cannot take a
 * stream (a batch, an `Accept` of JSON alone) gets the whole answer at once.
 */
import { parse, print } from 'graphql';
import { meros } from 'meros/browser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { guardOperation } from '../../src/plugins/operation-guard.js';
import { schema } from '../../src/schema/index.js';
import { DeferredHeadDocument, StreamedChainsDocument } from '../gql/graphql.js';
import { startHarness, useHarness, type GraphQLResponse, type Harness } from '../support/harness.js';
import { subscribe } from '../support/sse.js';

const shared = useHarness({ keyPerTest: 'incremental' });
const { h, headers } = shared;

const CHAINS = 'GET /v1/chains';
const C_RPC = 'POST /ext/bc/{blockchainId}/rpc';
const BLOCK_NUMBER = `${C_RPC} eth_blockNumber`;
const FEE_CONFIG = `${C_RPC} eth_feeConfig`;
/** How long the node takes to answer in the tests where it is the slow upstream. */
const SLOW_NODE_MS = 1_000;

/** The chain from the Data API (fast), its head from the node (slow), deferred. */
const DEFERRED_HEAD = print(DeferredHeadDocument);
/** The same without @defer. */
const WHOLE_HEAD = DEFERRED_HEAD.replace(' @defer(label: "head")', '');
/** DEFERRED_HEAD's initial payload: the chain without its head. */
const HEADLESS_CHAIN = { data: { chain: { chainId: '43114', chainName: 'Avalanche (C-Chain)' } }, hasNext: true };
/** DEFERRED_HEAD's payloads after the first when the deferred head failed with `code`. */
const headFailed = (code: string) => [
  {
    incremental: [
      {
        data: { latestBlockNumber: null },
        path: ['chain'],
        label: 'head',
        errors: [expect.objectContaining({ path: ['chain', 'latestBlockNumber'], extensions: expect.objectContaining({ code }) })],
      },
    ],
    hasNext: false,
  },
];

type Payload = GraphQLResponse<any> & { hasNext?: boolean; incremental?: Array<Record<string, any>> };

/** Posts an operation asking for `accept`; returns the response unread. */
function post(harness: Harness, body: unknown, accept: string, extra: Record<string, string> = headers): Promise<Response> {
  return harness.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', accept, ...extra }, body: JSON.stringify(body) });
}

/** The parts of a multipart/mixed answer as they arrive, parsed by meros. */
async function* parts(response: Response): AsyncGenerator<Payload> {
  expect(response.headers.get('content-type')).toMatch(/^multipart\/mixed/);
  const stream = await meros<Payload>(response);
  if (stream instanceof Response) throw new Error('not a multipart answer');
  for await (const part of stream) {
    expect(part.json).toBe(true);
    yield part.body as Payload;
  }
}

async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

const head = () => String(h.sandbox.world.evm.chain(43114)!.latestBlockNumber());
/** DEFERRED_HEAD's data when answered whole. */
const wholeChain = () => ({ chain: { chainId: '43114', chainName: 'Avalanche (C-Chain)', latestBlockNumber: head() } });
/** DEFERRED_HEAD's payloads after the first when the deferred head was delivered. */
const headDelivered = () => [{ incremental: [{ data: { latestBlockNumber: head() }, path: ['chain'], label: 'head' }], hasNext: false }];

afterEach(() => h.sandbox.setLatency(0));

describe('@defer over multipart/mixed', () => {
  it("sends the initial payload before the slow node answers, and the deferred field in a later payload", async () => {
    shared.node.setLatency(SLOW_NODE_MS);
    const payloads = parts(await post(h, { query: DEFERRED_HEAD }, 'multipart/mixed'));

    const first = (await payloads.next()).value as Payload;
    expect(first).toEqual(HEADLESS_CHAIN);
    // When it arrived, the node had not answered (a service counts a request once it answers).
    expect(shared.node.counts()).toEqual({});

    const rest = await all(payloads);
    expect(rest).toEqual(headDelivered());
    expect(shared.dataApi.counts()).toEqual({ [CHAINS]: 1 });
    expect(shared.node.counts()).toEqual({ [C_RPC]: 1, [BLOCK_NUMBER]: 1 });
  });

  it('costs the same upstream calls as the same operation without @defer', async () => {
    expect(WHOLE_HEAD).not.toContain('@defer');
    const plain = await shared.query(WHOLE_HEAD);
    expect(plain.data).toEqual(wholeChain());
    const plainCalls = { dataApi: shared.dataApi.counts(), node: shared.node.counts() };
    shared.freshKey();
    h.sandbox.reset();
    await all(parts(await post(h, { query: DEFERRED_HEAD }, 'multipart/mixed')));
    expect({ dataApi: shared.dataApi.counts(), node: shared.node.counts() }).toEqual(plainCalls);
  });

  it("answers from the request's own CORS and CSRF rules: a cross-site form post is still refused before any call", async () => {
    const form = await h.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'text/plain', accept: 'multipart/mixed' }, body: JSON.stringify({ query: DEFERRED_HEAD }) });
    expect(form.status).toBe(403);
    const allowed = await post(h, { query: DEFERRED_HEAD }, 'multipart/mixed', { ...headers, origin: 'https://wallet.example' });
    expect(allowed.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(await all(parts(allowed))).toHaveLength(2);
  });
});

describe('@defer over text/event-stream', () => {
  it('sends the initial payload, then the deferred field, then completes', async () => {
    shared.node.setLatency(SLOW_NODE_MS);
    const stream = await subscribe(h.url, DEFERRED_HEAD, {}, headers, (url, init) => h.fetch(url, init));
    expect(stream.status).toBe(200);
    await stream.waitForEvents(1);
    expect(stream.events[0]).toEqual(HEADLESS_CHAIN);
    expect(shared.node.counts()).toEqual({});
    await stream.waitForCompletion(10_000);
    expect(stream.events.slice(1)).toEqual(headDelivered());
    expect(shared.node.counts()).toEqual({ [C_RPC]: 1, [BLOCK_NUMBER]: 1 });
  });
});

describe('@stream', () => {
  it('sends the first items of a list at once and each further item in a later payload', async () => {
    const payloads = await all(parts(await post(h, { query: print(StreamedChainsDocument) }, 'multipart/mixed')));
    const mainnet = h.sandbox.world.chains.filter((c) => c.network === 'mainnet').map((c) => String(c.evmChainId ?? c.info.chainId));
    expect(payloads[0]).toEqual({ data: { chains: [{ chainId: mainnet[0] }] }, hasNext: true });
    const streamed = payloads.slice(1).flatMap((p) => p.incremental ?? []);
    expect(streamed.map((entry) => entry.path)).toEqual(mainnet.slice(1).map((_, i) => ['chains', i + 1]));
    expect(streamed.flatMap((entry) => entry.items)).toEqual(mainnet.slice(1).map((chainId) => ({ chainId })));
    expect(payloads.at(-1)!.hasNext).toBe(false);
    expect(shared.dataApi.counts()).toEqual({ [CHAINS]: 1 });
  });
});

describe('notices in an incremental answer', () => {
  it('come with the payload that delivers their field: a deferred fragment\'s on its entry, not in the initial payload', async () => {
    const query = '{ chain(id: "43114") { chainId ... @defer { feeConfig { targetGas } } } }';
    const [first, ...rest] = await all(parts(await post(h, { query }, 'multipart/mixed')));
    expect(first).toEqual({ data: { chain: { chainId: '43114' } }, hasNext: true });
    expect(rest).toEqual([
      {
        incremental: [
          {
            data: { feeConfig: null },
            path: ['chain'],
            extensions: { notices: [{ code: 'METHOD_NOT_SERVED', path: ['chain', 'feeConfig'], message: expect.stringContaining('does not serve the method') }] },
          },
        ],
        hasNext: false,
      },
    ]);
    expect(shared.node.counts()).toEqual({ [C_RPC]: 1, [FEE_CONFIG]: 1 });
  });

  it("come with a streamed item's entry, and the initial items' in the initial payload", async () => {
    // Every network's chains: the two C-Chains (coreth) have no fee config, the L1s do.
    const query = '{ chains @stream(initialCount: 1) { chainId feeConfig { targetGas } } }';
    const payloads = await all(parts(await post(h, { query }, 'multipart/mixed')));
    const chains = [...(payloads[0]!.data.chains as unknown[]), ...payloads.slice(1).flatMap((p) => p.incremental ?? []).flatMap((entry) => entry.items)] as Array<{ chainId: string }>;
    const coreth = chains.flatMap((c, i) => (c.chainId === '43114' || c.chainId === '43113' ? [i] : []));
    expect(coreth).toEqual([0, expect.any(Number)]);
    const notice = (index: number) => ({ notices: [expect.objectContaining({ code: 'METHOD_NOT_SERVED', path: ['chains', index, 'feeConfig'] })] });
    // The first item's notice in the initial payload; the streamed C-Chain's on its own entry, no other.
    expect(payloads[0]!.extensions).toEqual(notice(0));
    const entries = payloads.slice(1).flatMap((p) => p.incremental ?? []);
    expect(entries.map((entry) => entry.extensions)).toEqual(entries.map((entry) => (entry.path[1] === coreth[1] ? notice(coreth[1]!) : undefined)));
    expect(payloads.slice(1).some((p) => p.extensions)).toBe(false);
    expect(shared.dataApi.counts()).toEqual({ [CHAINS]: 1 });
    expect(shared.node.counts()).toEqual({ [C_RPC]: 1, [FEE_CONFIG]: 1 });
    expect(shared.nodeFuji.counts()).toEqual({ [C_RPC]: 1, [FEE_CONFIG]: 1 });
  });
});

describe('the operation guard', () => {
  it('refuses a bad argument inside a deferred fragment before any upstream call', async () => {
    const query = '{ chain(id: "779672") { chainId ... @defer { feeConfig(block: "yesterday") { targetGas } } } }';
    const payloads = await all(parts(await post(h, { query }, 'multipart/mixed')));
    expect(payloads).toHaveLength(1);
    expect(payloads[0]!.data).toBeUndefined();
    expect(payloads[0]!.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'block' });
    expect(shared.dataApi.total()).toBe(0);
    expect(h.sandbox.services.l1Nodes.total()).toBe(0);
  });

  it('counts deferred and streamed parts in its estimate as if they were not deferred', () => {
    const plain = '{ chains { chainId transactions(first: 10) { nodes { hash block { hash } } } } }';
    const deferred = '{ chains @stream(initialCount: 1) { chainId ... @defer { transactions(first: 10) { nodes { hash ... @defer { block { hash } } } } } } }';
    const cost = (query: string) => guardOperation(schema, parse(query), null, {}, 1_000_000).cost;
    expect(cost(deferred)).toBe(cost(plain));
    expect(cost(plain)).toBeGreaterThan(1);
  });

  it('applies the depth limit inside deferred fragments too', async () => {
    // 13 levels, one over MAX_DEPTH (12), the deepest in a deferred fragment.
    const query = '{ chain(id: "43114") { blocks(first: 1) { nodes { transactions(first: 1) { nodes { block { transactions(first: 1) { nodes { block { ... @defer { chain { blocks(first: 1) { nodes { hash } } } } } } } } } } } } } }';
    const { status, body } = await h.request(query, {}, headers);
    expect(status).toBe(400);
    expect(body.errors![0]!.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED' });
    expect(shared.dataApi.total()).toBe(0);
  });
});

describe('a client that cannot take a stream', () => {
  it('gets the whole answer at once when it accepts JSON alone', async () => {
    const response = await post(h, { query: DEFERRED_HEAD }, 'application/graphql-response+json, application/json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: wholeChain() });
    expect(shared.node.counts()).toEqual({ [C_RPC]: 1, [BLOCK_NUMBER]: 1 });
  });

  it('gets the whole answer of each operation of a batch, in the batch\'s JSON array', async () => {
    const response = await post(h, [{ query: DEFERRED_HEAD }, { query: print(StreamedChainsDocument) }], 'multipart/mixed, application/json');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const [deferred, streamed] = (await response.json()) as Payload[];
    expect(deferred).toEqual({ data: wholeChain() });
    expect(streamed!.data.chains).toHaveLength(h.sandbox.world.chains.filter((c) => c.network === 'mainnet').length);
    // Each operation reads the chain list, with its own filter (all networks; mainnet).
    expect(shared.dataApi.counts()).toEqual({ [CHAINS]: 2 });
    expect(shared.node.counts()).toEqual({ [C_RPC]: 1, [BLOCK_NUMBER]: 1 });
  });
});

/** A harness of its own, for limits the shared one must not have. */
function useOwnHarness(env: Record<string, string>) {
  let own: Harness;
  beforeAll(async () => {
    own = await startHarness(env);
  });
  afterAll(() => own?.close());
  return () => own;
}

describe('the operation deadline', () => {
  const own = useOwnHarness({ OPERATION_TIMEOUT_MS: '300' });

  it('ends a deferred part still waiting at the deadline with UPSTREAM_TIMEOUT in its payload', async () => {
    own().sandbox.services.nodeMainnet.setLatency(3_000);
    try {
      const [first, ...rest] = await all(parts(await post(own(), { query: DEFERRED_HEAD }, 'multipart/mixed', {})));
      expect(first).toEqual(HEADLESS_CHAIN);
      expect(rest).toEqual(headFailed('UPSTREAM_TIMEOUT'));
    } finally {
      own().sandbox.setLatency(0);
    }
  });
});

describe('the upstream budget', () => {
  const own = useOwnHarness({ MAX_UPSTREAM_CALLS: '1' });

  it("counts deferred parts against the operation's budget: past it, the deferred field fails with UPSTREAM_BUDGET_EXCEEDED", async () => {
    own().sandbox.reset();
    const [first, ...rest] = await all(parts(await post(own(), { query: DEFERRED_HEAD }, 'multipart/mixed', { 'x-data-api-key': 'budget' })));
    // The chain list was the one call the budget allows; the deferred head would be the second.
    expect(first).toEqual(HEADLESS_CHAIN);
    expect(rest).toEqual(headFailed('UPSTREAM_BUDGET_EXCEEDED'));
    expect(own().sandbox.services.dataApi.counts()).toEqual({ [CHAINS]: 1 });
    expect(own().sandbox.services.nodeMainnet.total()).toBe(0);
  });
});

describe('the response cache', () => {
  const own = useOwnHarness({ RESPONSE_CACHE_MAX_ENTRIES: '100' });

  it('neither stores nor serves an incremental answer: the same deferred operation streams again', async () => {
    const run = () => post(own(), { query: DEFERRED_HEAD }, 'multipart/mixed', { 'x-data-api-key': 'cache' }).then((r) => all(parts(r)));
    const first = await run();
    const again = await run();
    expect(again).toHaveLength(2);
    expect(again).toEqual(first);
    for (const payload of [...first, ...again]) expect(payload.extensions?.responseCache).toBeUndefined();
    // The same operation without @defer is a read the cache keeps.
    const plain = await own().query(WHOLE_HEAD, {}, { 'x-data-api-key': 'cache' });
    expect(plain.extensions?.responseCache).toMatchObject({ hit: false, didCache: true });
  });
});
