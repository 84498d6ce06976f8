/**
 * Live subscriptions over real SSE against the sandbox: one poller per subject and key however many
 * subscribe, every new block to every subscriber once and in order, pollers stop when the last
 * subscriber leaves, the per-client cap, ICM delivery, validator set changes, argument checks.
 * Pollers run every 20 ms here; tests wait for conditions, not for fixed times (except to show that
 * nothing more happens).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWorld } from '@avalanche-graph/sandbox';
import { startGateway, startSocketHarness, useSocketHarness, type SocketHarness } from '../support/harness.js';
import { useSandbox } from '../support/sandbox.js';
import { subscribe as openStream, waitUntil, type SseStream } from '../support/sse.js';

const POLL_MS = 20;
const BLOCKS_ROUTE = 'GET /v1/chains/{chainId}/blocks';
const BLOCK_ADDED = 'subscription ($chainId: String!) { blockAdded(chainId: $chainId) { number hash parentHash } }';
const DELIVERED = 'aa5a281141161f0695456320139f7ff4ba1992dc2079972ca5bf318b15bd854a';
const PENDING = 'e11f943761c8afc6cb4df1d9191805a7106a6fbd04cb435956817f40f222a536';
const VALIDATOR = 'NodeID-D2yAcZCZEJxPw9eYVarmFPkeudybbcorQ';

const shared = useSocketHarness({ env: { SUBSCRIPTION_POLL_MS: String(POLL_MS), MAX_SUBSCRIPTIONS_PER_CLIENT: '100' } });

const { h } = shared;

/** Every stream a test opens, closed after it (a failed test must not leave pollers to the next). */
const opened: SseStream[] = [];
const subscribe: typeof openStream = async (...args) => {
  const stream = await openStream(...args);
  opened.push(stream);
  return stream;
};
afterEach(async () => {
  for (const s of opened.splice(0)) s.close();
  await waitUntil(() => h.server.live.hub.stats().pollers.length === 0, 5_000, 'every poller to stop');
});

const pollers = () => h.server.live.hub.stats().pollers;
const blockCalls = () => shared.dataApi.counts()[BLOCKS_ROUTE] ?? 0;
/** Waits until the pollers have polled `n` more times than now. */
async function polls(n: number): Promise<void> {
  const start = pollers().reduce((sum, p) => sum + p.polls, 0);
  await waitUntil(() => pollers().reduce((sum, p) => sum + p.polls, 0) >= start + n, 5_000, `${n} polls`);
}

/** Opens `count` blockAdded streams on one chain with one key, and waits until its poller has noted the head. */
async function blockSubscribers(count: number, key: string, chainId = '43114'): Promise<SseStream[]> {
  const streams = await Promise.all(Array.from({ length: count }, () => subscribe(h.url, BLOCK_ADDED, { chainId }, { 'x-data-api-key': key })));
  await waitUntil(() => pollers().some((p) => p.subscribers === count && p.polls >= 2), 5_000, `${count} subscribers on a poller that polled`);
  return streams;
}

describe('blockAdded', () => {
  it('one subscriber and fifty cost the same upstream calls: one per poll of one shared poller', async () => {
    for (const [count, key] of [
      [1, 'alone'],
      [50, 'crowd'],
    ] as const) {
      h.sandbox.reset();
      const pollsBefore = h.server.live.hub.stats().polls;
      const streams = await blockSubscribers(count, key);
      await polls(5);
      expect(pollers()).toMatchObject([{ subscribers: count }]);
      for (const s of streams) s.close();
      await waitUntil(() => pollers().length === 0, 5_000, 'the poller to stop');
      // Every poll was one call, whatever the number of subscribers.
      expect(h.server.live.hub.stats().polls - pollsBefore).toBeGreaterThanOrEqual(6);
      expect(blockCalls()).toBe(h.server.live.hub.stats().polls - pollsBefore);
    }
  });

  it('a new block reaches every subscriber once, in order; closing them all stops the poller', async () => {
    const chain = h.sandbox.world.evm.chain(43114)!;
    const streams = await blockSubscribers(50, 'order');
    const head = chain.latestBlockNumber();
    const mined = [chain.mineBlock(), chain.mineBlock()];
    await polls(1);
    mined.push(chain.mineBlock());
    await Promise.all(streams.map((s) => s.waitForEvents(3)));
    await polls(3);
    for (const s of streams) {
      expect(s.events.map((e) => e.data?.blockAdded.number)).toEqual([String(head + 1), String(head + 2), String(head + 3)]);
      expect(s.events.map((e) => e.data?.blockAdded.hash)).toEqual(mined.map((b) => b.hash));
      expect(s.events[1]!.data.blockAdded.parentHash).toBe(mined[0]!.hash);
      expect(s.events.every((e) => e.errors === undefined)).toBe(true);
    }

    for (const s of streams) s.close();
    await waitUntil(() => pollers().length === 0 && h.server.live.hub.stats().subscriptions === 0, 5_000, 'everything to be freed');
    // A poller is listed until its last call has settled: from now on, nothing. Proving that nothing
    // happens takes a wait: ten poll intervals.
    const after = blockCalls();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 10));
    expect(blockCalls()).toBe(after);
  });

  it('refuses a bad chain id before any upstream call, and ends with NOT_FOUND for a chain the Data API does not know', async () => {
    const bad = await subscribe(h.url, BLOCK_ADDED, { chainId: 'c-chain/../x' });
    await bad.waitForCompletion();
    expect(bad.events[0]!.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'chainId' });
    expect(h.sandbox.counts().dataApi).toEqual({});

    const unknown = await subscribe(h.url, BLOCK_ADDED, { chainId: '999999999' });
    await unknown.waitForCompletion();
    expect(unknown.events).toHaveLength(1);
    expect(unknown.events[0]!.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await waitUntil(() => pollers().length === 0 && h.server.live.hub.stats().subscriptions === 0, 5_000, 'the poller to stop');
  });

  it('nested fields of an event are resolved per event, within a fresh operation budget', async () => {
    const chain = h.sandbox.world.evm.chain(779672)!;
    const stream = await subscribe(h.url, 'subscription { blockAdded(chainId: "779672") { number parent { number } chain { chainName } } }');
    await waitUntil(() => pollers().some((p) => p.polls >= 2));
    chain.mineBlock();
    await stream.waitForEvents(1);
    expect(stream.events[0]!.data.blockAdded).toEqual({
      number: String(chain.latestBlockNumber()),
      parent: { number: String(chain.latestBlockNumber() - 1) },
      chain: { chainName: 'Sandbox Arcade L1' },
    });
    stream.close();
    await waitUntil(() => pollers().length === 0);
  });
});

describe('over a living sandbox', () => {
  const living = useSandbox({ life: { blockIntervalMs: 50, validatorSetIntervalMs: 50 } });
  let gateway: SocketHarness;
  beforeAll(async () => {
    gateway = await startGateway(living, { SUBSCRIPTION_POLL_MS: String(POLL_MS) });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('delivers the blocks the sandbox mines by itself, on every chain subscribed, in order and each once', async () => {
    const chains = ['43114', '779672', '173750'];
    const streams = await Promise.all(chains.map((chainId) => subscribe(gateway.url, BLOCK_ADDED, { chainId })));
    await Promise.all(streams.map((s) => s.waitForEvents(5, 10_000)));
    for (const [i, stream] of streams.entries()) {
      const chain = living.world.evm.chain(chains[i]!)!;
      expect(stream.events.every((e) => e.errors === undefined)).toBe(true);
      const blocks = stream.events.map((e) => e.data!.blockAdded as { number: string; hash: string; parentHash: string });
      for (const [n, block] of blocks.entries()) {
        expect(block.hash).toBe(chain.blockByNumber(BigInt(block.number))!.hash);
        if (n > 0) {
          expect(BigInt(block.number)).toBe(BigInt(blocks[n - 1]!.number) + 1n);
          expect(block.parentHash).toBe(blocks[n - 1]!.hash);
        }
      }
    }
    for (const s of streams) s.close();
    await waitUntil(() => gateway.server.live.hub.stats().pollers.length === 0, 5_000, 'the living gateway\'s pollers to stop');
  });

  it('reports the validators that the sandbox takes out of the primary network set and puts back', async () => {
    // The set as generated (the living one may have a validator out already).
    const full = createWorld(living.world.seed).primary.networks.mainnet.validators.length;
    const stream = await subscribe(gateway.url, 'subscription { validatorSetChanged { added { nodeId } removed { nodeId } validators { nodeId } } }');
    await stream.waitForEvents(3, 10_000);
    for (const event of stream.events) {
      expect(event.errors).toBeUndefined();
      const { added, removed, validators } = event.data!.validatorSetChanged;
      // One validator at most is out at a time; a poll may see more than one change.
      expect(added.length + removed.length).toBeGreaterThan(0);
      expect([full, full - 1]).toContain(validators.length);
    }
    const changes = stream.events.map((e) => e.data!.validatorSetChanged);
    expect(changes.some((c) => c.removed.length > 0) && changes.some((c) => c.added.length > 0)).toBe(true);
    stream.close();
    await waitUntil(() => gateway.server.live.hub.stats().pollers.length === 0, 5_000, 'the living gateway\'s pollers to stop');
  });
});

describe('icmMessageStatus', () => {
  it('emits a pending message, then its delivery, then completes', async () => {
    const stream = await subscribe(h.url, 'subscription ($id: String!) { icmMessageStatus(messageId: $id) { messageId status destinationTransaction { txHash } } }', { id: `0x${PENDING}` });
    await stream.waitForEvents(1);
    expect(stream.events[0]!.data.icmMessageStatus).toEqual({ messageId: PENDING, status: 'PENDING', destinationTransaction: null });
    const delivered = h.sandbox.world.evm.deliverIcmMessage(PENDING);
    await stream.waitForCompletion();
    expect(stream.events).toHaveLength(2);
    expect(stream.events[1]!.data.icmMessageStatus).toEqual({ messageId: PENDING, status: 'DELIVERED', destinationTransaction: { txHash: delivered.destination!.txHash } });
    await waitUntil(() => pollers().length === 0 && h.server.live.hub.stats().subscriptions === 0);
  });

  it('emits a delivered message once and completes; a bad id is refused before any call', async () => {
    const stream = await subscribe(h.url, 'subscription { icmMessageStatus(messageId: "' + DELIVERED + '") { status } }');
    await stream.waitForCompletion();
    expect(stream.events.map((e) => e.data?.icmMessageStatus.status)).toEqual(['DELIVERED']);

    h.sandbox.reset();
    const bad = await subscribe(h.url, 'subscription { icmMessageStatus(messageId: "0x1234") { status } }');
    await bad.waitForCompletion();
    expect(bad.events[0]!.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'messageId' });
    expect(h.sandbox.counts().dataApi).toEqual({});
  });
});

describe('validatorSetChanged', () => {
  it('emits the validators that leave and join the primary network set', async () => {
    const stream = await subscribe(h.url, 'subscription { validatorSetChanged { network subnetId added { nodeId } removed { nodeId weight } reweighted { nodeId } validators { nodeId } } }');
    await waitUntil(() => pollers().some((p) => p.polls >= 2));
    const before = shared.node.counts()['POST /ext/bc/P platform.getCurrentValidators'] ?? 0;
    expect(before).toBeGreaterThanOrEqual(1);
    h.sandbox.world.primary.removeValidator('mainnet', VALIDATOR);
    await stream.waitForEvents(1);
    h.sandbox.world.primary.restoreValidator('mainnet', VALIDATOR);
    await stream.waitForEvents(2);
    const [removal, addition] = stream.events.map((e) => e.data!.validatorSetChanged);
    expect(removal).toMatchObject({ network: 'MAINNET', subnetId: '11111111111111111111111111111111LpoYY', added: [], removed: [{ nodeId: VALIDATOR }], reweighted: [] });
    expect(removal.removed[0].weight).toMatch(/^\d+$/);
    expect(removal.validators.map((v: { nodeId: string }) => v.nodeId)).not.toContain(VALIDATOR);
    expect(addition).toMatchObject({ added: [{ nodeId: VALIDATOR }], removed: [] });
    expect(addition.validators).toHaveLength(removal.validators.length + 1);
    stream.close();
    await waitUntil(() => pollers().length === 0);
  });

  it('refuses a bad subnet id before any upstream call', async () => {
    const bad = await subscribe(h.url, 'subscription { validatorSetChanged(subnetId: "not-a-subnet") { added { nodeId } } }');
    await bad.waitForCompletion();
    expect(bad.events[0]!.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'subnetId' });
    expect(h.sandbox.counts().nodeMainnet).toEqual({});
  });
});

describe('limits and shutdown', () => {
  let capped: SocketHarness;
  let closed = false;
  beforeAll(async () => {
    // Clients are addresses: behind a trusted (loopback) proxy, the forwarded ones.
    capped = await startSocketHarness({ SUBSCRIPTION_POLL_MS: String(POLL_MS), MAX_SUBSCRIPTIONS_PER_CLIENT: '2', TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    if (!closed) await capped?.close();
  });

  it('a client holds at most MAX_SUBSCRIPTIONS_PER_CLIENT subscriptions; closing one frees its place', async () => {
    const mine = { 'x-forwarded-for': '192.0.2.10' };
    const open = [await subscribe(capped.url, BLOCK_ADDED, { chainId: '43114' }, mine), await subscribe(capped.url, BLOCK_ADDED, { chainId: '43113' }, mine)];
    await waitUntil(() => capped.server.live.hub.stats().subscriptions === 2);
    const third = await subscribe(capped.url, BLOCK_ADDED, { chainId: '43114' }, mine);
    await third.waitForCompletion();
    expect(third.events[0]!.errors?.[0]).toMatchObject({ extensions: { code: 'TOO_MANY_SUBSCRIPTIONS', limit: 2 } });
    expect(third.events[0]!.errors?.[0]?.message).toContain('MAX_SUBSCRIPTIONS_PER_CLIENT');

    // A key of its own buys the same address no more.
    const withKey = await subscribe(capped.url, BLOCK_ADDED, { chainId: '43114' }, { ...mine, 'x-data-api-key': 'made-up' });
    await withKey.waitForCompletion();
    expect(withKey.events[0]!.errors?.[0]).toMatchObject({ extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } });
    // Another client (another address) is not limited by this one.
    const other = await subscribe(capped.url, BLOCK_ADDED, { chainId: '43114' }, { 'x-forwarded-for': '192.0.2.11' });
    await waitUntil(() => capped.server.live.hub.stats().subscriptions === 3);

    open[0]!.close();
    await waitUntil(() => capped.server.live.hub.stats().subscriptions === 2);
    const again = await subscribe(capped.url, BLOCK_ADDED, { chainId: '43114' }, mine);
    await waitUntil(() => capped.server.live.hub.stats().subscriptions === 3);
    expect(again.completed).toBe(false);
    for (const s of [open[1]!, other, again]) s.close();
    await waitUntil(() => capped.server.live.hub.stats().pollers.length === 0);
  });

  it('shutting down completes open subscriptions at once', async () => {
    const stream = await subscribe(capped.url, BLOCK_ADDED, { chainId: '43114' });
    await waitUntil(() => capped.server.live.hub.stats().subscriptions === 1);
    const started = Date.now();
    closed = true;
    await capped.close();
    await stream.waitForCompletion(1_000);
    expect(Date.now() - started).toBeLessThan(capped.config.shutdownTimeoutMs);
    expect(capped.server.live.hub.stats()).toMatchObject({ pollers: [], subscriptions: 0 });
  });
});
