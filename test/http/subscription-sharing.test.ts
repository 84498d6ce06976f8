/**
 * One execution per event for the subscribers of the same operation (src/yoga.ts, useEventContexts),
 * over real SSE against the sandbox, counted by the gateway's own metrics
 * (`avalanche_graph_subscription_events_total` against `avalanche_graph_subscription_executions_total`):
 * fifty subscribers of one selection under one key cost one execution per block; other variables or
 * another document each run their own, another key shares an answer read from the event alone; where
 * a key changes the answer (a nested field read from the Data API, which refuses one of the keys),
 * each key sees its own; and an answer
 * with errors that one client's spent upstream budget caused is not taken by another client. The
 * same metrics show what is delivered: the subscriptions open, and a delivery lag per subscriber-event.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type SocketHarness } from '../support/harness.js';
import { useSandbox } from '../support/sandbox.js';
import { subscribe as openStream, waitUntil, type SseStream } from '../support/sse.js';

const POLL_MS = 20;
const BLOCK_ADDED = 'subscription ($chainId: String!) { blockAdded(chainId: $chainId) { number hash } }';
const VALIDATOR = 'NodeID-D2yAcZCZEJxPw9eYVarmFPkeudybbcorQ';
const KEYS = ['key-one', 'key-two'];

// The sandbox's Data API takes only these keys: any other is answered 401.
const sandbox = useSandbox({ dataApiAccess: { apiKeys: KEYS } });
let h: SocketHarness;
beforeAll(async () => {
  h = await startGateway(sandbox, { SUBSCRIPTION_POLL_MS: String(POLL_MS), MAX_SUBSCRIPTIONS_PER_CLIENT: '200' });
});
afterAll(async () => {
  await h?.close();
});

const opened: SseStream[] = [];
const subscribe: typeof openStream = async (...args) => {
  const stream = await openStream(...args);
  opened.push(stream);
  return stream;
};
const pollers = () => h.server.live.hub.stats().pollers;
afterEach(async () => {
  for (const s of opened.splice(0)) s.close();
  await waitUntil(() => pollers().length === 0, 5_000, 'every poller to stop');
});

/** Samples of one read of the gateway's /metrics, by their full names (labels included). */
async function metrics(...names: string[]): Promise<number[]> {
  const text = await (await h.fetch('/metrics')).text();
  return names.map((name) => Number(new RegExp(`^${name.replace(/[{}"+.]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(text)?.[1]));
}
const metric = async (name: string) => (await metrics(name))[0]!;

/** The gateway's counts of subscription events delivered and of executions run for them. */
async function counts(): Promise<{ events: number; executions: number }> {
  const [events, executions] = await metrics('avalanche_graph_subscription_events_total', 'avalanche_graph_subscription_executions_total');
  return { events: events!, executions: executions! };
}
async function since(before: { events: number; executions: number }) {
  const now = await counts();
  return { events: now.events - before.events, executions: now.executions - before.executions };
}

/** Waits until the pollers have noted the head (polled twice since the last subscriber came). */
async function settled(subscribers: number): Promise<void> {
  await waitUntil(() => pollers().reduce((n, p) => n + p.subscribers, 0) === subscribers && pollers().every((p) => p.polls >= 2), 5_000, `${subscribers} subscribers on pollers that polled`);
}

describe('one execution per event', () => {
  it('runs each block once for fifty subscribers of the same operation and key, and gives each of them every block', async () => {
    const chain = sandbox.world.evm.chain(43114)!;
    const streams = await Promise.all(Array.from({ length: 50 }, () => subscribe(h.url, BLOCK_ADDED, { chainId: '43114' }, { 'x-data-api-key': KEYS[0]! })));
    await settled(50);
    const before = await counts();
    const mined = [chain.mineBlock(), chain.mineBlock()];
    await Promise.all(streams.map((s) => s.waitForEvents(2)));
    expect(await since(before)).toEqual({ events: 100, executions: 2 });
    for (const s of streams) expect(s.events.map((e) => e.data.blockAdded.hash)).toEqual(mined.map((b) => b.hash));
  });

  it('runs its own for other variables and another document; another key shares an answer read from the event alone', async () => {
    const chain = sandbox.world.evm.chain(43114)!;
    const one = { 'x-data-api-key': KEYS[0]! };
    const streams = await Promise.all([
      subscribe(h.url, BLOCK_ADDED, { chainId: '43114' }, one),
      subscribe(h.url, BLOCK_ADDED, { chainId: '43114' }, one),
      // Other variables (here one the operation does not use: not compared, only matched whole).
      subscribe(h.url, BLOCK_ADDED, { chainId: '43114', unused: 1 }, one),
      // The same selection written otherwise: another document.
      subscribe(h.url, 'subscription ($chainId: String!) { blockAdded(chainId: $chainId) { hash number } }', { chainId: '43114' }, one),
      // Another key: the blocks are polled with no caller's key, so its answer is the same.
      subscribe(h.url, BLOCK_ADDED, { chainId: '43114' }, { 'x-data-api-key': KEYS[1]! }),
    ]);
    await settled(5);
    expect(pollers()).toHaveLength(1);
    const before = await counts();
    chain.mineBlock();
    await Promise.all(streams.map((s) => s.waitForEvents(1)));
    // Five subscribers, three operations: the same document and variables share, whatever the key.
    expect(await since(before)).toEqual({ events: 5, executions: 3 });
  });

  it('never gives one key what another read: a nested Data API field answers each key as that key', async () => {
    // The validator set is polled from a node (no key): every key's subscribers get the same event,
    // but `amountStaked` is read from the Data API with each caller's key, and one of them is refused.
    const query = `subscription { validatorSetChanged { added { nodeId amountStaked } } }`;
    const good = await subscribe(h.url, query, {}, { 'x-data-api-key': KEYS[0]! });
    const refused = await subscribe(h.url, query, {}, { 'x-data-api-key': 'not-a-key-the-data-api-knows' });
    await settled(2);
    expect(pollers()).toHaveLength(1);
    // Out of the set, then back in: the second event adds it, and its stake is read per key.
    sandbox.world.primary.removeValidator('mainnet', VALIDATOR);
    try {
      await Promise.all([good.waitForEvents(1), refused.waitForEvents(1)]);
    } finally {
      sandbox.world.primary.restoreValidator('mainnet', VALIDATOR);
    }
    const before = await counts();
    await Promise.all([good.waitForEvents(2), refused.waitForEvents(2)]);
    expect(await since(before)).toEqual({ events: 2, executions: 2 });
    const [mine, theirs] = [good.events[1]!, refused.events[1]!];
    expect(mine.errors).toBeUndefined();
    expect(mine.data.validatorSetChanged.added).toEqual([{ nodeId: VALIDATOR, amountStaked: expect.stringMatching(/^\d+$/) }]);
    expect(theirs.data.validatorSetChanged.added).toEqual([{ nodeId: VALIDATOR, amountStaked: null }]);
    expect(theirs.errors?.[0]).toMatchObject({ path: ['validatorSetChanged', 'added', 0, 'amountStaked'], extensions: { code: 'UPSTREAM_ERROR' } });
  });
});

describe('delivery you can see', () => {
  it('counts the subscriptions open, and a delivery lag for each event each subscriber got', async () => {
    const chain = sandbox.world.evm.chain(43114)!;
    const streams = await Promise.all(Array.from({ length: 20 }, () => subscribe(h.url, BLOCK_ADDED, { chainId: '43114' }, { 'x-data-api-key': KEYS[0]! })));
    await settled(20);
    expect(await metric('avalanche_graph_subscriptions_open')).toBe(20);
    const lags = await metric('avalanche_graph_subscription_delivery_lag_seconds_count');
    const within = await metric('avalanche_graph_subscription_delivery_lag_seconds_bucket{le="1"}');
    chain.mineBlock();
    chain.mineBlock();
    await Promise.all(streams.map((s) => s.waitForEvents(2)));
    // One observation per subscriber per event, each well under a second on an idle gateway.
    expect((await metric('avalanche_graph_subscription_delivery_lag_seconds_count')) - lags).toBe(40);
    expect((await metric('avalanche_graph_subscription_delivery_lag_seconds_bucket{le="1"}')) - within).toBe(40);
    for (const s of opened.splice(0)) s.close();
    await waitUntil(() => pollers().length === 0, 5_000, 'every poller to stop');
    expect(await metric('avalanche_graph_subscriptions_open')).toBe(0);
  });
});

describe('an answer with errors', () => {
  let limited: SocketHarness;
  beforeAll(async () => {
    // Clients are the forwarded addresses, each with one upstream call a second.
    limited = await startGateway(sandbox, { SUBSCRIPTION_POLL_MS: String(POLL_MS), TRUST_PROXY: 'loopback', CLIENT_UPSTREAM_CALLS_PER_SECOND: '1' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('is not taken by a subscriber of another client, whose own limits did not cause it', async () => {
    const query = 'subscription { blockAdded(chainId: "779672") { number parent { number } } }';
    const as = (address: string) => ({ 'x-data-api-key': KEYS[0]!, 'x-forwarded-for': address });
    // The spent client subscribes first, so that it takes each event first and runs it.
    const spent = await subscribe(limited.url, query, {}, as('10.9.0.1'));
    await waitUntil(() => limited.server.live.hub.stats().pollers.some((p) => p.subscribers === 1 && p.polls >= 2), 5_000, 'the first subscriber on a poller');
    const other = await subscribe(limited.url, query, {}, as('10.9.0.2'));
    await waitUntil(() => limited.server.live.hub.stats().pollers.some((p) => p.subscribers === 2), 5_000, 'the second subscriber');
    // The first client spends its second's upstream call, then a block comes.
    const spend = await fetch(limited.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...as('10.9.0.1') },
      body: JSON.stringify({ query: '{ chain(id: "779672") { latestBlock: blocks(first: 1) { edges { node { number } } } } }' }),
    });
    expect(spend.status).toBe(200);
    const l1 = sandbox.world.evm.chain(779672)!;
    l1.mineBlock();
    await Promise.all([spent.waitForEvents(1), other.waitForEvents(1)]);
    expect(spent.events[0]!.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(other.events[0]!.errors).toBeUndefined();
    expect(other.events[0]!.data.blockAdded).toEqual({ number: String(l1.latestBlockNumber()), parent: { number: String(l1.latestBlockNumber() - 1) } });
  });
});

