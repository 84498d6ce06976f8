/**
 * Two gateway replicas in front of one sandbox, sharing one real `redis-server` (REDIS_URL): the
 * upstream cache, the client rate limit, the upstream's Retry-After windows, the response cache and
 * live pollers are shared, partitioned by API key as in memory; no key value reaches Redis; killing
 * Redis keeps every answer correct, with no command sent to it (none waits), `avalanche_graph_redis_up 0`, and sharing
 * resumes when it is back.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainNodeDashboardDocument } from '../gql/graphql.js';
import { createLogger, type Logger } from '../../src/observability/logger.js';
import { decode, encode } from '../../src/redis/codec.js';
import { eventually, startRedisServer, type RedisServer } from '../support/redis-server.js';
import { leaderAndFollower, scrapeMetrics as scrape, TX, TX_ROUTE, useReplicas } from '../support/replicas.js';
import { waitUntil } from '../support/sse.js';

const shared = useReplicas();
const { tx, upstreamCalls, txCalls } = shared;
let redis: RedisServer;
let inspector: Redis;

beforeAll(async () => {
  redis = await startRedisServer();
  inspector = new Redis(redis.url, { lazyConnect: true, enableOfflineQueue: true, maxRetriesPerRequest: 1 });
  inspector.on('error', () => undefined);
  await inspector.connect();
}, 20_000);
afterAll(async () => {
  inspector?.disconnect();
  await redis?.stop();
});

/** Two replicas sharing the test's Redis (each with its own in-process caches and limits). */
const replicas = (env: Record<string, string> = {}, logger?: Logger) => shared.pair(redis.url, env, logger);
const key = (name: string) => ({ 'x-data-api-key': `${name}-${Math.random().toString(36).slice(2)}` });
const metric = (text: string, line: string) => text.split('\n').find((l) => l.startsWith(line))?.split(' ').pop();
/** The Redis commands a replica has seen fail (time out, or refused), over every use: `avalanche_graph_redis_errors_total`. */
const failedCommands = async (replica: Parameters<typeof scrape>[0]) =>
  (await scrape(replica))
    .split('\n')
    .filter((l) => l.startsWith('avalanche_graph_redis_errors_total{'))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);

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

    shared.sandbox.reset();
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
    expect(await scrape(b)).toMatch(/^avalanche_graph_redis_up 1$/m);
  });

  it('keeps EVM JSON-RPC batching: a fresh operation\'s node reads of one chain still go out as one batch', async () => {
    const [a] = await replicas();
    const [w1, w2, w3] = shared.sandbox.world.evm.chain(779672)!.wallets.slice(0, 3) as string[];
    shared.sandbox.reset();
    const result = await a.query(ChainNodeDashboardDocument, { id: '779672', a: w1!, b: w2!, c: w3! });
    expect(result.errors).toBeUndefined();
    expect(shared.sandbox.services.l1Nodes.counts()['POST /{l1}/{network}/rpc']).toBe(1);
  });

  it('shares the client rate limit: a client limited on A is limited on B', async () => {
    // Clients are addresses: behind a trusted (loopback) proxy, the forwarded ones.
    const [a, b] = await replicas({ CLIENT_UPSTREAM_CALLS_PER_SECOND: '3', TRUST_PROXY: 'loopback' });
    await shared.expectRateShared(a, b, { ...key('greedy'), 'x-forwarded-for': '192.0.2.40' }, { ...key('modest'), 'x-forwarded-for': '192.0.2.41' });
    // The limiter's key holds the client's address, never an API key.
    const limits = await inspector.keys('avalanche-graph:rl:*');
    expect(limits.length).toBeGreaterThan(0);
    expect(limits.join()).not.toContain('greedy-');
  });

  it("holds a Retry-After window that A saw on B: B's calls with that key are refused unsent", async () => {
    const [a, b] = await replicas();
    const limited = key('limited');
    shared.sandbox.services.dataApi.setFault(TX_ROUTE, { status: 429, retryAfter: 30, times: 1 });
    const onA = await a.query<any, { hash: string }>(TX, { hash: tx(20) }, limited);
    expect(onA.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfter: 30 });
    shared.sandbox.reset();
    const onB = await b.query<any, { hash: string }>(TX, { hash: tx(21) }, limited);
    expect(onB.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(onB.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(25);
    expect(txCalls()).toBe(0);
    expect(metric(await scrape(b), 'avalanche_graph_rejections_total{reason="retry-after"}')).toBe('1');
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
    shared.sandbox.reset();
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
    const sandbox = shared.sandbox;
    const chain = sandbox.world.evm.chain(43114)!;
    const { streams, mined } = await leaderAndFollower(sandbox, a, b, key('live'));
    try {
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
    // Given up (its release is sent once the poller stops), well before it would expire (3 s).
    await eventually(async () => (await inspector.keys('avalanche-graph:lease:*')).length === 0, 1_000, 'the lease to be given up');
  });

  it('keeps answering correctly while Redis is down, sending it nothing; says so once and in avalanche_graph_redis_up; resumes when it is back', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', (line) => void lines.push(line));
    const [a, b] = await replicas({ CLIENT_UPSTREAM_CALLS_PER_SECOND: '1000' }, logger);
    const headers = key('outage');
    const expected = (await a.query<any, { hash: string }>(TX, { hash: tx(40) }, headers)).data;

    await redis.kill();
    await waitUntil(() => !a.server.redis!.up && !b.server.redis!.up, 5_000, 'both replicas to see Redis down');
    const failedBefore = await Promise.all([a, b].map(failedCommands));
    for (let i = 0; i < 20; i++) {
      for (const replica of [a, b]) {
        const answer = await replica.query<any, { hash: string }>(TX, { hash: tx(40 + (i % 5)) }, headers);
        expect(answer.errors).toBeUndefined();
        if (i % 5 === 0) expect(answer.data).toEqual(expected);
        expect(answer.data.chain.transaction.hash).toBe(tx(40 + (i % 5)));
      }
    }
    // No query waited on Redis: every command was skipped, unsent, so none failed (or timed out).
    expect(await Promise.all([a, b].map(failedCommands))).toEqual(failedBefore);
    for (const replica of [a, b]) expect(await scrape(replica)).toMatch(/^avalanche_graph_redis_up 0$/m);
    // One warning per replica for the whole outage, naming no URL.
    const warnings = lines.filter((l) => l.includes('redis unavailable'));
    expect(warnings).toHaveLength(2);
    expect(warnings.join()).not.toContain('redis://');

    await redis.restart();
    await waitUntil(() => a.server.redis!.up && b.server.redis!.up, 10_000, 'both replicas to reconnect');
    await shared.expectShared(a, b, tx(50), key('after'));
    expect(await scrape(a)).toMatch(/^avalanche_graph_redis_up 1$/m);
  }, 30_000);

  it('bounds what a hanging Redis (connections open, no answers) adds to a query by the command deadline', async () => {
    const [a] = await replicas({ CLIENT_UPSTREAM_CALLS_PER_SECOND: '1000', REDIS_COMMAND_TIMEOUT_MS: '200' });
    const headers = key('hang');
    const expected = (await a.query<any, { hash: string }>(TX, { hash: tx(60) }, headers)).data;
    const failedBefore = await failedCommands(a);
    redis.pause();
    try {
      // The first query that reads through Redis (a hash not in this replica's memory) waits out its
      // commands' deadline, and they fail; the query is answered all the same.
      const first = await a.query<any, { hash: string }>(TX, { hash: tx(61) }, headers);
      expect(first.errors).toBeUndefined();
      expect(first.data.chain.transaction.hash).toBe(tx(61));
      // Commands sent before the first failure end at their own deadlines: let them all end.
      await new Promise((resolve) => setTimeout(resolve, 3 * 200));
      const failedAfterFirst = await failedCommands(a);
      expect(failedAfterFirst).toBeGreaterThan(failedBefore);
      expect(Number(metric(await scrape(a), 'avalanche_graph_redis_errors_total{op="cache-get"}'))).toBeGreaterThanOrEqual(1);
      // From then on commands are skipped, unsent (the probe asks in the background): none waits, none
      // fails, also for hashes read for the first time.
      for (let i = 0; i < 12; i++) {
        const hash = tx(60 + (i % 4));
        const answer = await a.query<any, { hash: string }>(TX, { hash }, headers);
        expect(answer.errors).toBeUndefined();
        expect(answer.data.chain.transaction.hash).toBe(hash);
        if (i % 4 === 0) expect(answer.data).toEqual(expected);
      }
      expect(await failedCommands(a)).toBe(failedAfterFirst);
      expect(await scrape(a)).toMatch(/^avalanche_graph_redis_up 0$/m);
    } finally {
      redis.resume();
    }
    await waitUntil(() => a.server.redis!.up || a.server.redis!.available(), 5_000, 'Redis to answer again');
  }, 30_000);
});
