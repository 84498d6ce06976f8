/**
 * Gateway replicas over a real Redis Cluster (three masters, the first with a replica; created with
 * `redis-cli --cluster create`) and over a real Sentinel: the keys spread over the masters and slots;
 * the upstream cache, the response cache, the client rate limit and live pollers are shared through
 * the cluster; when a master is stopped (SIGKILL) every answer stays correct and the degradation is
 * reported as an outage of a single Redis is (`avalanche_graph_redis_up 0`, one warning per replica), and sharing
 * resumes once a replica is promoted in its place, or once it is back. Through Sentinel, the same
 * across a failover with the old master alive (demoted: `READONLY`) and one after a master's SIGKILL.
 */
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type Logger } from '../../src/observability/logger.js';
import { eventually, redisCli, startRedisCluster, startRedisSentinel, startRedisServer, type RedisCluster, type RedisSentinel, type RedisServer } from '../support/redis-server.js';
import { leaderAndFollower, scrapeMetrics as scrape, TX, useReplicas } from '../support/replicas.js';
import { waitUntil } from '../support/sse.js';

const shared = useReplicas();
const { tx, upstreamCalls, txCalls } = shared;
let cluster: RedisCluster;
let inspector: Cluster;

beforeAll(async () => {
  cluster = await startRedisCluster({ masters: 3, replicated: [0] });
  inspector = new Cluster(
    cluster.masters.map((m) => ({ host: '127.0.0.1', port: m.port })),
    { redisOptions: { maxRetriesPerRequest: 1 } },
  );
  inspector.on('error', () => undefined);
}, 20_000);
afterAll(async () => {
  inspector?.disconnect();
  await cluster?.stop();
});

/** Two replicas sharing the cluster (each with its own in-process caches and limits). */
const replicas = (env: Record<string, string> = {}, logger?: Logger) => shared.pair(cluster.url, env, logger);
const key = (name: string) => ({ 'x-data-api-key': `cluster-${name}` });
/**
 * The headers of a client (a forwarded address, and a key of its own for the caches) whose
 * rate-limit counter the master on `port` keeps (asked of the cluster while it is whole).
 */
async function clientServedBy(port: number): Promise<Record<string, string>> {
  const ranges = (await inspector.cluster('SLOTS')) as unknown as Array<[number, number, [string, number]]>;
  const served = ranges.filter(([, , [, master]]) => master === port);
  for (let n = 0; ; n++) {
    const address = `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    const slot = await inspector.cluster('KEYSLOT', `avalanche-graph:rl:ip:${address}`);
    if (served.some(([from, to]) => slot >= from && slot <= to)) return { ...key(`limited-${n}`), 'x-forwarded-for': address };
  }
}

describe('two replicas, one Redis Cluster', () => {
  it('spread their keys over the masters and slots, and share the upstream cache and the response cache', async () => {
    const [a, b] = await replicas({ RESPONSE_CACHE_MAX_ENTRIES: '100' });
    const headers = key('spread');
    const hashes = Array.from({ length: 8 }, (_, i) => tx(i));
    const first = [];
    for (const hash of hashes) first.push(await a.query<any, { hash: string }>(TX, { hash }, headers));
    for (const answer of first) expect(answer.extensions?.responseCache).toMatchObject({ hit: false, didCache: true });

    shared.sandbox.reset();
    for (const [i, hash] of hashes.entries()) {
      const again = await b.query<any, { hash: string }>(TX, { hash }, headers);
      expect(again.extensions?.responseCache).toEqual({ hit: true });
      expect(again.data).toEqual(first[i]!.data);
    }
    expect(upstreamCalls()).toBe(0);
    // Another key is another partition: its answer comes from the Data API, through the same cluster.
    const other = await b.query<any, { hash: string }>(TX, { hash: hashes[0]! }, key('other'));
    expect(other.data).toEqual(first[0]!.data);
    expect(txCalls()).toBe(1);

    const perMaster = await Promise.all(inspector.nodes('master').map((node) => node.keys('avalanche-graph:*')));
    expect(perMaster.filter((keys) => keys.length > 0).length).toBeGreaterThan(1);
    const keys = perMaster.flat();
    expect(keys.some((k) => k.startsWith('avalanche-graph:up:'))).toBe(true);
    expect(keys.some((k) => k.startsWith('avalanche-graph:rc:'))).toBe(true);
    const slots = new Set(await Promise.all(keys.map((k) => inspector.cluster('KEYSLOT', k))));
    expect(slots.size).toBeGreaterThan(1);
    expect(keys.join()).not.toContain('cluster-spread');
    expect(await scrape(a)).toMatch(/^avalanche_graph_redis_up 1$/m);
  });

  it('share the client rate limit: a client limited on A is limited on B', async () => {
    // Clients are addresses: behind a trusted (loopback) proxy, the forwarded ones.
    const [a, b] = await replicas({ CLIENT_UPSTREAM_CALLS_PER_SECOND: '3', TRUST_PROXY: 'loopback' });
    await shared.expectRateShared(a, b, { ...key('greedy'), 'x-forwarded-for': '192.0.2.40' }, { ...key('modest'), 'x-forwarded-for': '192.0.2.41' });
  });

  it('poll a live subject once: the leader publishes through the cluster, the follower passes events on', async () => {
    const [a, b] = await replicas({ SUBSCRIPTION_POLL_MS: '50' });
    const { streams } = await leaderAndFollower(shared.sandbox, a, b, key('live'));
    for (const s of streams) s.close();
  });

  it('keep answering correctly while a master is stopped, report it as an outage of Redis, and share again once a replica stands in or the master is back', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => void lines.push(line));
    const [a, b] = await replicas({ CLIENT_UPSTREAM_CALLS_PER_SECOND: '1000', TRUST_PROXY: 'loopback' }, logger);
    // The right answers, read before any failure (with a key of their own, so none is cached for the others).
    const hashes = Array.from({ length: 40 }, (_, i) => tx(100 + i));
    const expected = new Map<string, unknown>();
    for (const hash of hashes) expected.set(hash, (await a.query<any, { hash: string }>(TX, { hash }, key('reference'))).data);
    const said = (text: string) => lines.filter((l) => l.includes(text)).length;
    // Clients whose rate-limit counters the masters to be stopped keep: a call of theirs on either
    // replica meets the stopped master (other keys would meet it by chance, or after the failover).
    const [first, third] = await Promise.all([clientServedBy(cluster.masters[0]!.port), clientServedBy(cluster.masters[2]!.port)]);

    /**
     * Reads that need Redis (new to the client, so in no LRU) on both replicas, every answer right:
     * the first on each meets the stopped master, and the replica says Redis is down (until its probe,
     * a second later at the earliest, finds every master answering).
     */
    const throughOutage = async (headers: Record<string, string>) => {
      for (let i = 0; i < 20; i++) {
        for (const replica of [a, b]) {
          const answer = await replica.query<any, { hash: string }>(TX, { hash: hashes[i]! }, headers);
          expect(answer.errors).toBeUndefined();
          expect(answer.data).toEqual(expected.get(hashes[i]!));
          if (i === 0) {
            expect(replica.server.redis!.up).toBe(false);
            expect(await scrape(replica)).toMatch(/^avalanche_graph_redis_up 0$/m);
          }
        }
      }
    };
    /** After recovery: what A reads with a new key, B answers with no upstream call. */
    const sharing = async (name: string) => {
      await waitUntil(() => a.server.redis!.up && b.server.redis!.up, 15_000, 'both replicas to use Redis again');
      await shared.expectShared(a, b, tx(50), key(name));
      for (const replica of [a, b]) expect(await scrape(replica)).toMatch(/^avalanche_graph_redis_up 1$/m);
    };

    // The first master has a replica: the cluster promotes it.
    await cluster.masters[0]!.kill();
    await throughOutage(first);
    expect(said('redis unavailable')).toBe(2);
    await sharing('after-failover');
    expect(said('redis is reachable again')).toBe(2);

    // The third has none: the cluster is down until it is back.
    await cluster.masters[2]!.kill();
    await throughOutage(third);
    await cluster.masters[2]!.restart();
    await sharing('after-restart');
    expect(said('redis unavailable')).toBe(4);
    expect(said('redis is reachable again')).toBe(4);
    // Never a Redis node's address or the URL in a log line (the access lines name their client, the test's own address: dropped).
    expect(lines.join().replaceAll('"client":"ip:127.0.0.1"', '')).not.toMatch(/redis\+cluster:|127\.0\.0\.1/);
  }, 40_000);
});

describe('two replicas, a master found through Sentinel', () => {
  const password = 'sentinel-test-secret';
  let master: RedisServer;
  let replica: RedisServer;
  let sentinel: RedisSentinel;
  beforeAll(async () => {
    const auth = ['--requirepass', password, '--masterauth', password];
    master = await startRedisServer(undefined, auth);
    replica = await startRedisServer(undefined, [...auth, '--replicaof', '127.0.0.1', String(master.port)]);
    await eventually(async () => /master_link_status:up/.test(await redisCli({ port: replica.port, password }, 'info', 'replication')), 5_000, 'the replica to sync');
    sentinel = await startRedisSentinel(master, { password, replicas: 1 });
  }, 20_000);
  afterAll(async () => {
    await Promise.all([sentinel?.stop(), master?.stop(), replica?.stop()]);
  });

  it('share through the master the sentinel names; follow a failover it makes while that master lives; keep answering while the next one is stopped, and share again through the one promoted', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => void lines.push(line));
    const said = (text: string) => lines.filter((l) => l.includes(text)).length;
    const url = sentinel.url.replace('redis+sentinel://', `redis+sentinel://:${password}@`);
    const [a, b] = await shared.pair(url, { CLIENT_UPSTREAM_CALLS_PER_SECOND: '1000' }, logger);
    const keysOn = async (node: RedisServer) => Number((await redisCli({ port: node.port, password }, 'dbsize')).trim());
    const expected = (await a.query<any, { hash: string }>(TX, { hash: tx(61) }, key('sentinel-reference'))).data;
    /** One read on each replica, as a new client (so it writes to Redis): the answer is right. */
    const readOnBoth = async (name: string) => {
      for (const replica of [a, b]) {
        const answer = await replica.query<any, { hash: string }>(TX, { hash: tx(61) }, key(`${name}-${replica === a ? 'a' : 'b'}`));
        expect(answer.errors).toBeUndefined();
        expect(answer.data).toEqual(expected);
      }
    };
    /** Both replicas share again, through `node`. */
    const sharingThrough = async (node: RedisServer, name: string) => {
      await waitUntil(() => a.server.redis!.up && b.server.redis!.up, 15_000, 'both replicas to reach the master');
      const before = await keysOn(node);
      await shared.expectShared(a, b, tx(60), key(name));
      expect(await keysOn(node)).toBeGreaterThan(before);
      for (const replica of [a, b]) expect(await scrape(replica)).toMatch(/^avalanche_graph_redis_up 1$/m);
    };
    await sharingThrough(master, 'sentinel-first');

    // The sentinel hands the master's part to the replica while the master lives on as a replica:
    // each gateway's next write meets READONLY, counts an outage, and asks the sentinel again.
    await sentinel.failover();
    expect(await sentinel.masterPort()).toBe(replica.port);
    await readOnBoth('sentinel-switch');
    await sharingThrough(replica, 'sentinel-switched');
    expect(said('redis unavailable')).toBe(2);

    // The new master stopped: both gateways go on without Redis until the old one is promoted back.
    await sentinel.replicasInSync(1);
    await replica.kill();
    await waitUntil(() => !a.server.redis!.up && !b.server.redis!.up, 5_000, 'both replicas to see the master gone');
    await readOnBoth('sentinel-down');
    for (const gateway of [a, b]) expect(await scrape(gateway)).toMatch(/^avalanche_graph_redis_up 0$/m);
    await sharingThrough(master, 'sentinel-promoted');
    expect(said('redis unavailable')).toBe(4);
    expect(said('redis is reachable again')).toBe(4);
    expect(lines.join()).not.toContain(password);
  }, 30_000);
});
