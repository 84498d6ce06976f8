/**
 * Two gateway replicas in front of one sandbox, sharing one real `redis-server` (REDIS_URL): the
 * upstream cache, the client rate limit, the upstream's Retry-After windows, the response cache and
 * live pollers are shared, partitioned by API key as in memory; no key value reaches Redis; killing
 * Redis keeps every answer correct and fast, with `redis_up 0`, and sharing resumes when it is back.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChainNodeDashboardDocument } from '../gql/graphql.js';
import { createLogger } from '../../src/logger.js';
import { decode, encode } from '../../src/redis/codec.js';
import { startSandbox, type Sandbox } from '@avalanche-graph/sandbox';
import { startGateway, type SocketHarness } from '../support/harness.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { subscribe, waitUntil, type SseStream } from '../support/sse.js';

let redis: RedisServer;
let sandbox: Sandbox;
let inspector: Redis;
const running: SocketHarness[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  sandbox = await startSandbox({ port: 0 });
  inspector = new Redis(redis.url, { lazyConnect: true, enableOfflineQueue: true, maxRetriesPerRequest: 1 });
  inspector.on('error', () => undefined);
  await inspector.connect();
}, 20_000);
afterAll(async () => {
  inspector?.disconnect();
  await sandbox?.close();
  await redis?.stop();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

/** Two replicas sharing the test's Redis (each with its own in-process caches and limits). */
async function replicas(env: Record<string, string> = {}, logger?: ReturnType<typeof createLogger>): Promise<[SocketHarness, SocketHarness]> {
  const started = await Promise.all([0, 1].map(() => startGateway(sandbox, { REDIS_URL: redis.url, ...env }, logger)));
  running.push(...started);
  return started as [SocketHarness, SocketHarness];
}

const upstreamCalls = () =>
  sandbox.services.dataApi.total() + sandbox.services.nodeMainnet.total() + sandbox.services.nodeFuji.total() + sandbox.services.l1Nodes.total() + sandbox.services.metrics.total();
const TX_ROUTE = 'GET /v1/chains/{chainId}/transactions/{txHash}';
const txCalls = () => sandbox.services.dataApi.counts()[TX_ROUTE] ?? 0;
const TX = 'query($hash: String!) { chain(id: "43114") { transaction(hash: $hash) { hash value gasUsed block { number } from { address } } } }';
const tx = (n: number) => sandbox.world.evm.chain(43114)!.transactions[n]!.hash;
const key = (name: string) => ({ 'x-data-api-key': `${name}-${Math.random().toString(36).slice(2)}` });

async function scrape(h: SocketHarness): Promise<string> {
  return (await fetch(h.url.replace(/\/graphql$/, '/metrics'))).text();
}
const metric = (text: string, line: string) => text.split('\n').find((l) => l.startsWith(line))?.split(' ').pop();

describe('values through Redis', () => {
  it('round-trip exactly: bigints, integers past 2^53 (as the upstream layer keeps them), floats', () => {
    const value = { big: 2n ** 70n, negative: -(2n ** 64n), exact: '123456789012345678901234567890', float: 0.1 + 0.2, tiny: 5e-324, max: Number.MAX_SAFE_INTEGER, list: [1n, null, 'x'], nested: { $bigint: 'not a tag', other: 1 } };
    expect(decode(encode(value))).toEqual(value);
    expect(decode(encode(value)) as any).toMatchObject({ big: 2n ** 70n });
    // What JSON cannot hold is not stored (a miss, never a wrong value).
    expect(encode({ n: Number.NaN })).toBeUndefined();
    expect(encode(new Map())).toBeUndefined();
    expect(decode('v0:{}')).toBeUndefined();
  });
});

describe('two replicas, one Redis', () => {
  it('the second replica answers an immutable read with 0 upstream calls; another key gets no cached entry', async () => {
    const [a, b] = await replicas();
    const one = key('key-one');
    const hash = tx(3);
    const first = await a.query<any, { hash: string }>(TX, { hash }, one);
    expect(first.errors).toBeUndefined();
    expect(first.data.chain.transaction.hash).toBe(hash);
    expect(txCalls()).toBe(1);

    sandbox.reset();
    const again = await b.query<any, { hash: string }>(TX, { hash }, one);
    expect(again).toEqual(first);
    expect(upstreamCalls()).toBe(0);

    // Key two is another partition: it reads the Data API with its own key.
    const other = await b.query<any, { hash: string }>(TX, { hash }, key('key-two'));
    expect(other.data).toEqual(first.data);
    expect(txCalls()).toBe(1);

    // No API key value in any Redis key or value.
    const keys = await inspector.keys('*');
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.startsWith('avalanche-graph:'))).toBe(true);
    const values = await Promise.all(keys.filter((k) => k.includes(':up:')).map((k) => inspector.get(k)));
    for (const text of [...keys, ...values]) expect(text).not.toContain('key-one-');
    for (const text of [...keys, ...values]) expect(text).not.toContain('key-two-');
    expect(await scrape(b)).toMatch(/^redis_up 1$/m);
  });

  it('keeps EVM JSON-RPC batching: a fresh operation\'s node reads of one chain still go out as one batch', async () => {
    const [a] = await replicas();
    const [w1, w2, w3] = sandbox.world.evm.chain(779672)!.wallets.slice(0, 3) as string[];
    sandbox.reset();
    const result = await a.query(ChainNodeDashboardDocument, { id: '779672', a: w1!, b: w2!, c: w3! });
    expect(result.errors).toBeUndefined();
    expect(sandbox.services.l1Nodes.counts()['POST /{l1}/{network}/rpc']).toBe(1);
  });

  it('shares the client rate limit: a client limited on A is limited on B', async () => {
    const [a, b] = await replicas({ CLIENT_UPSTREAM_CALLS_PER_SECOND: '3' });
    const greedy = key('greedy');
    // The chain record, then five transactions by hash: six calls for a budget of three.
    const aliases = [10, 11, 12, 13, 14].map((n, i) => `t${i}: transaction(hash: "${tx(n)}") { hash }`).join(' ');
    const spent = await a.query<any>(`{ chain(id: "43114") { ${aliases} } }`, {}, greedy);
    expect(spent.errors?.some((e) => e.extensions?.code === 'RATE_LIMITED')).toBe(true);
    sandbox.reset();
    const onB = await b.query<any, { hash: string }>(TX, { hash: tx(15) }, greedy);
    expect(onB.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 1 });
    expect(onB.errors?.[0]?.message).toContain('CLIENT_UPSTREAM_CALLS_PER_SECOND');
    expect(txCalls()).toBe(0);
    // Another client has its own budget on B.
    const other = await b.query<any, { hash: string }>(TX, { hash: tx(15) }, key('modest'));
    expect(other.errors).toBeUndefined();
    // The limiter's key holds the fingerprint, never the key.
    const limits = await inspector.keys('avalanche-graph:rl:*');
    expect(limits.length).toBeGreaterThan(0);
    expect(limits.join()).not.toContain('greedy-');
  });

  it("holds a Retry-After window that A saw on B: B's calls with that key are refused unsent", async () => {
    const [a, b] = await replicas();
    const limited = key('limited');
    sandbox.services.dataApi.setFault(TX_ROUTE, { status: 429, retryAfter: 30, times: 1 });
    const onA = await a.query<any, { hash: string }>(TX, { hash: tx(20) }, limited);
    expect(onA.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfter: 30 });
    sandbox.reset();
    const onB = await b.query<any, { hash: string }>(TX, { hash: tx(21) }, limited);
    expect(onB.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(onB.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(25);
    expect(txCalls()).toBe(0);
    expect(metric(await scrape(b), 'gateway_rejections_total{reason="retry-after"}')).toBe('1');
    // Other keys go on.
    const other = await b.query<any, { hash: string }>(TX, { hash: tx(21) }, key('unlimited'));
    expect(other.errors).toBeUndefined();
    expect(txCalls()).toBe(1);
  });

  it('shares the response cache when it is on, per key', async () => {
    const [a, b] = await replicas({ RESPONSE_CACHE_MAX_ENTRIES: '100' });
    const one = key('rc-one');
    const hash = tx(30);
    const first = await a.query<any, { hash: string }>(TX, { hash }, one);
    expect(first.extensions?.responseCache).toMatchObject({ hit: false, didCache: true });
    sandbox.reset();
    const again = await b.query<any, { hash: string }>(TX, { hash }, one);
    expect(again.extensions?.responseCache).toEqual({ hit: true });
    expect(again.data).toEqual(first.data);
    expect(upstreamCalls()).toBe(0);
    // Another key never gets key one's entry.
    const other = await b.query<any, { hash: string }>(TX, { hash }, key('rc-two'));
    expect(other.extensions?.responseCache).toMatchObject({ hit: false });
    const entries = await inspector.keys('avalanche-graph:rc:*');
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.join()).not.toContain('rc-one-');
  });

  it('polls a live subject once for both replicas: the leader publishes, the follower passes events on, and takes over', async () => {
    const [a, b] = await replicas({ SUBSCRIPTION_POLL_MS: '50' });
    const headers = key('live');
    const chain = sandbox.world.evm.chain(43114)!;
    const query = 'subscription { blockAdded(chainId: "43114") { number hash } }';
    const streams: SseStream[] = [];
    try {
      streams.push(await subscribe(a.url, query, {}, headers));
      await waitUntil(() => a.server.live.hub.stats().pollers.some((p) => p.role === 'leader' && p.polls >= 2), 5_000, 'A to lead and poll');
      streams.push(await subscribe(b.url, query, {}, headers));
      await waitUntil(() => b.server.live.hub.stats().pollers.some((p) => p.role === 'follower'), 5_000, 'B to follow');

      const mined = chain.mineBlock();
      await Promise.all(streams.map((s) => s.waitForEvents(1)));
      for (const s of streams) expect(s.events[0]!.data.blockAdded).toEqual({ number: String(mined.number), hash: mined.hash });
      expect(b.server.live.hub.stats().pollers[0]!.polls).toBe(0);

      // A's last subscriber leaves: B takes the subject over and misses nothing.
      streams[0]!.close();
      await waitUntil(() => b.server.live.hub.stats().pollers.some((p) => p.role === 'leader' && p.polls >= 1), 5_000, 'B to take over');
      const next = [chain.mineBlock(), chain.mineBlock()];
      await streams[1]!.waitForEvents(3);
      expect(streams[1]!.events.map((e) => e.data.blockAdded.hash)).toEqual([mined.hash, ...next.map((m) => m.hash)]);
    } finally {
      for (const s of streams) s.close();
    }
    await waitUntil(() => b.server.live.hub.stats().pollers.length === 0, 5_000, 'pollers to stop');
    expect(await inspector.keys('avalanche-graph:lease:*')).toEqual([]);
  });

  it('keeps answering, correctly and fast, while Redis is down; says so once and in redis_up; resumes when it is back', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', (line) => void lines.push(line));
    const [a, b] = await replicas({ CLIENT_UPSTREAM_CALLS_PER_SECOND: '1000' }, logger);
    const headers = key('outage');
    const expected = (await a.query<any, { hash: string }>(TX, { hash: tx(40) }, headers)).data;

    await redis.kill();
    await waitUntil(() => !a.server.redis!.up && !b.server.redis!.up, 5_000, 'both replicas to see Redis down');
    const slowest = { ms: 0 };
    for (let i = 0; i < 20; i++) {
      for (const replica of [a, b]) {
        const started = performance.now();
        const answer = await replica.query<any, { hash: string }>(TX, { hash: tx(40 + (i % 5)) }, headers);
        slowest.ms = Math.max(slowest.ms, performance.now() - started);
        expect(answer.errors).toBeUndefined();
        if (i % 5 === 0) expect(answer.data).toEqual(expected);
        expect(answer.data.chain.transaction.hash).toBe(tx(40 + (i % 5)));
      }
    }
    expect(slowest.ms).toBeLessThan(500);
    for (const replica of [a, b]) expect(await scrape(replica)).toMatch(/^redis_up 0$/m);
    // One warning per replica for the whole outage, naming no URL.
    const warnings = lines.filter((l) => l.includes('redis unavailable'));
    expect(warnings).toHaveLength(2);
    expect(warnings.join()).not.toContain('redis://');

    await redis.restart();
    await waitUntil(() => a.server.redis!.up && b.server.redis!.up, 10_000, 'both replicas to reconnect');
    const fresh = key('after');
    await a.query<any, { hash: string }>(TX, { hash: tx(50) }, fresh);
    sandbox.reset();
    const shared = await b.query<any, { hash: string }>(TX, { hash: tx(50) }, fresh);
    expect(shared.errors).toBeUndefined();
    expect(upstreamCalls()).toBe(0);
    expect(await scrape(a)).toMatch(/^redis_up 1$/m);
  }, 30_000);

  it('bounds what a hanging Redis (connections open, no answers) adds to a query by the command deadline', async () => {
    const [a] = await replicas({ CLIENT_UPSTREAM_CALLS_PER_SECOND: '1000', REDIS_COMMAND_TIMEOUT_MS: '200' });
    const headers = key('hang');
    const expected = (await a.query<any, { hash: string }>(TX, { hash: tx(60) }, headers)).data;
    redis.pause();
    try {
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        const started = performance.now();
        const answer = await a.query<any, { hash: string }>(TX, { hash: tx(60 + (i % 3)) }, headers);
        times.push(performance.now() - started);
        expect(answer.errors).toBeUndefined();
        if (i % 3 === 0) expect(answer.data).toEqual(expected);
      }
      // The first query waits out one deadline; then commands are skipped (one probe a second).
      expect(Math.max(...times)).toBeLessThan(700);
      expect(times.slice(1).filter((ms) => ms > 150).length).toBeLessThanOrEqual(2);
      const text = await scrape(a);
      expect(text).toMatch(/^redis_up 0$/m);
      expect(Number(metric(text, 'redis_errors_total{op="cache-get"}'))).toBeGreaterThanOrEqual(1);
    } finally {
      redis.resume();
    }
    await waitUntil(() => a.server.redis!.up || a.server.redis!.available(), 5_000, 'Redis to answer again');
  }, 30_000);
});
