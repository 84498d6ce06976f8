/**
 * Replicas behind a real balancer: three gateway processes (`src/main.ts`, as `npm start` runs the
 * build) over one sandbox, sharing one `redis-server`, behind Debian's `haproxy` running
 * deploy/haproxy.cfg on loopback ports. Clients (Apollo Client with automatic persisted queries over
 * GET, urql with GET, Apollo Client with POST) send steady load through HAProxy while one replica is
 * SIGKILLed and started again and the two others are restarted one at a time with SIGTERM: no client
 * request fails (HAProxy resends the queries a dead replica never answered; a SIGTERMed replica leaves the
 * rotation before its listener closes). A response cached, a client's rate limit and an upstream's
 * Retry-After window are then found on every replica. Beside it: deploy/compose.yaml and
 * deploy/haproxy.cfg agree with the gateway's configuration and image, and the balancer's own 503 (no
 * replica up) comes in the gateway's error shape with Retry-After.
 */
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { Client as UrqlClient, fetchExchange } from '@urql/core';
import { Agent, fetch as undiciFetch } from 'undici';
import { spawnSync } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { clientAddress } from '../../src/http/client-address.js';
import { loadConfig, VARIABLES } from '../../src/config/index.js';
import type { GraphQLResponse } from '../support/harness.js';
import { CONFIG, freeAddresses, HAPROXY, haproxyEnv, haproxyStats, launch, NAMES, signal, until, type Addresses, type Name, type Running } from '../support/haproxy.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { useSandbox } from '../support/sandbox.js';

const TX_ROUTE = 'GET /v1/chains/{chainId}/transactions/{txHash}';
const TX = 'query($hash: String!) { chain(id: "43114") { transaction(hash: $hash) { hash } } }';
const key = (name: string) => ({ 'x-data-api-key': `${name}-${Math.random().toString(36).slice(2)}` });

async function post<T = any>(port: number, query: string, variables: Record<string, unknown>, headers: Record<string, string>): Promise<GraphQLResponse<T>> {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphQLResponse<T>;
}

/** A client sending requests one after another until stopped, counting answers and failures. */
interface Load {
  name: string;
  answered: number;
  failures: string[];
  stop(): Promise<void>;
}
function drive(name: string, send: (n: number) => Promise<string | undefined>): Load {
  let stopped = false;
  const load: Load = { name, answered: 0, failures: [], stop: async () => void (stopped = true) };
  const loop = (async () => {
    for (let n = 0; !stopped; n++) {
      try {
        const failure = await send(n);
        if (failure) load.failures.push(failure);
        else load.answered++;
      } catch (error) {
        load.failures.push(String(error));
      }
      // Steady, not flat out: the machine runs the rest of the suite meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  load.stop = async () => {
    stopped = true;
    await loop;
  };
  return load;
}

describe('deploy/compose.yaml and deploy/haproxy.cfg', () => {
  const compose = parse(readFileSync('deploy/compose.yaml', 'utf8')) as any;
  const haproxyCfg = readFileSync(CONFIG, 'utf8');
  /** A compose value with its `${VAR:-default}` interpolations replaced by their defaults. */
  const interpolated = (value: unknown) => String(value).replace(/\$\{\w+:-([^}]*)\}/g, '$1');

  it('runs three replicas of the image with a configuration the gateway accepts, and the image\'s health check', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    const probe = /^HEALTHCHECK [^\n]*\\\n\s+CMD node -e "(.*)"$/m.exec(dockerfile)![1]!;
    // How long HAProxy may take to see a replica unready: `fall` failed checks `inter` apart, the last
    // one up to its timeout.
    const seconds = (pattern: RegExp) => Number(pattern.exec(haproxyCfg)![1]);
    const verdictMs = 1000 * (seconds(/default-server .*\binter (\d+)s\b/) * seconds(/default-server .*\bfall (\d+)\b/) + seconds(/timeout check (\d+)s/));
    for (const name of NAMES) {
      const service = compose.services[name];
      expect(service.build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
      const environment = Object.fromEntries(Object.entries(service.environment as Record<string, unknown>).map(([k, v]) => [k, interpolated(v)]));
      // Every variable is one the gateway reads, and every value one it accepts.
      expect(Object.keys(environment).filter((variable) => !(variable in VARIABLES))).toEqual([]);
      const config = loadConfig(environment);
      expect(config.redis).toEqual({ mode: 'server', url: 'redis://redis:6379/0' });
      // HAProxy, on the gateways' network, is trusted: a request it forwards is its client's.
      expect(config.trustProxy).toEqual({ addresses: [interpolated(compose.networks.gateways.ipam.config[0].subnet)] });
      const forwarded = { socket: { remoteAddress: '172.29.250.9' }, headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.5' } } as unknown as IncomingMessage;
      expect(clientAddress(config)(forwarded)).toBe('203.0.113.5');
      // The drain outlasts HAProxy's verdict, and the stop grace period the drain and the in-flight deadline.
      expect(config.shutdownDrainMs).toBeGreaterThan(verdictMs);
      expect(Number(/^(\d+)s$/.exec(service.stop_grace_period)![1]) * 1000).toBeGreaterThan(config.shutdownDrainMs + config.shutdownTimeoutMs);
      // Podman's OCI images drop the Dockerfile's HEALTHCHECK: compose repeats it.
      expect(service.healthcheck.test).toEqual(['CMD', 'node', '-e', probe]);
    }
    // HAProxy's default addresses are the compose services on the image's port, and it mounts this file.
    const port = /^\s+PORT=(\d+)/m.exec(dockerfile)![1];
    NAMES.forEach((name, i) => expect(haproxyCfg).toContain(`"\${GATEWAY_${i + 1}-${name}:${port}}"`));
    expect(compose.services.haproxy.volumes).toContain('./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    // HAProxy waits for an answer longer than an operation may last.
    expect(seconds(/timeout server (\d+)s/) * 1000).toBeGreaterThan(loadConfig({}).operationTimeoutMs);
  });

  it('is a valid HAProxy configuration (haproxy -c) with loopback addresses', () => {
    // Checked, not bound: any ports do.
    const addresses: Addresses = { bind: 18080, stats: 18404, gateways: { 'gateway-1': 14001, 'gateway-2': 14002, 'gateway-3': 14003 }, checks: { 'gateway-1': 15001, 'gateway-2': 15002, 'gateway-3': 15003 } };
    const check = spawnSync(HAPROXY, ['-c', '-f', CONFIG], { env: haproxyEnv(addresses), encoding: 'utf8' });
    expect(check.stdout + check.stderr).toContain('Configuration file is valid');
    expect(check.stderr).not.toMatch(/WARNING|ALERT/);
    expect(check.status).toBe(0);
  });

  it('answers with the gateway\'s error shape and Retry-After when no replica is up (the balancer\'s own 503)', async () => {
    // Every replica's address is a closed port: the checks mark them down, and HAProxy answers itself.
    const addresses = await freeAddresses();
    const balancer = launch(HAPROXY, ['-db', '-f', CONFIG], haproxyEnv(addresses));
    try {
      let answer: Response | undefined;
      await until(
        async () => {
          answer = await fetch(`http://127.0.0.1:${addresses.bind}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
          return answer.status === 503;
        },
        15_000,
        () => `HAProxy's own 503\n${balancer.output()}`,
      );
      expect(answer!.headers.get('retry-after')).toBe('5');
      expect(answer!.headers.get('content-type')).toContain('application/json');
      expect(await answer!.json()).toMatchObject({ errors: [{ message: expect.stringContaining('Retry-After'), extensions: { code: 'OVERLOADED', reason: 'balancer', retryAfter: 5 } }] });
    } finally {
      signal(balancer, 'SIGKILL');
      await balancer.exited;
    }
  });
});

describe('three replicas behind HAProxy', () => {
  const sandbox = useSandbox();
  let redis: RedisServer;
  let addresses: Addresses;
  let haproxy: Running;
  const replicas = new Map<Name, Running>();
  const tx = (n: number) => sandbox.world.evm.chain(43114)!.transactions[n]!.hash;
  const txCalls = () => sandbox.services.dataApi.counts()[TX_ROUTE] ?? 0;
  const logs = () => [...replicas].map(([name, r]) => `--- ${name}\n${r.output()}`).join('\n') + `\n--- haproxy\n${haproxy?.output()}`;

  /** Starts the replica `name` on its port and waits until it answers `/ready` itself. */
  async function startReplica(name: Name): Promise<void> {
    const port = addresses.gateways[name];
    const running = launch(process.execPath, ['--conditions=avalanche-graph-source', '--import', 'tsx', 'src/main.ts'], {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(addresses.checks[name]),
      LOG_LEVEL: 'warn',
      DATA_API_URL: sandbox.urls.dataApi,
      NODE_RPC_URL_MAINNET: sandbox.urls.nodeRpcMainnet,
      NODE_RPC_URL_FUJI: sandbox.urls.nodeRpcFuji,
      METRICS_URL: sandbox.urls.metrics,
      REDIS_URL: redis.url,
      CLIENT_UPSTREAM_CALLS_PER_SECOND: '10',
    });
    replicas.set(name, running);
    await until(async () => (await fetch(`http://127.0.0.1:${port}/ready`)).status === 200, 45_000, () => `${name} to be ready\n${running.output()}`);
  }

  /** HAProxy's stats page: a row per server of the backend, and `BACKEND` for the backend itself, by column name. */
  const stats = () => haproxyStats(addresses.stats);
  /** Waits until HAProxy's checks say `UP` or `DOWN` (not a transition such as `UP 1/2`) for a replica. */
  const balancerSees = (name: Name, state: 'UP' | 'DOWN', timeoutMs = 15_000) =>
    until(async () => (await stats())[name]?.status === state, timeoutMs, () => `HAProxy to see ${name} ${state}\n${logs()}`);

  beforeAll(async () => {
    redis = await startRedisServer();
    addresses = await freeAddresses();
    await Promise.all(NAMES.map((name) => startReplica(name)));
    haproxy = launch(HAPROXY, ['-db', '-f', CONFIG], haproxyEnv(addresses));
    for (const name of NAMES) await balancerSees(name, 'UP');
  }, 90_000);

  afterAll(async () => {
    for (const running of [...replicas.values(), haproxy].filter(Boolean)) {
      signal(running, 'SIGKILL');
      await running.exited;
    }
    await redis?.stop();
  });

  it('loses no client request while one replica is killed and the others are restarted one at a time; a Retry-After window and a cached answer outlive every replica', async () => {
    const balancer = addresses.bind;
    const url = `http://127.0.0.1:${balancer}/graphql`;
    // Before any replica goes: an upstream's Retry-After for one key, and an answer cached for another.
    const limited = key('limited');
    sandbox.services.dataApi.setFault(TX_ROUTE, { status: 429, retryAfter: 120, times: 1 });
    const refused = await post(balancer, TX, { hash: tx(20) }, limited);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfter: 120 });
    const cachedKey = key('cached');
    const cached = await post(balancer, TX, { hash: tx(30) }, cachedKey);
    expect(cached.extensions?.responseCache).toMatchObject({ hit: false, didCache: true });

    // The clients: queries as GETs (which HAProxy may resend), persisted (APQ) or plain; and POSTs.
    const hashes = [1, 2, 3, 4, 5].map(tx);
    const apollo = new ApolloClient({
      link: new PersistedQueryLink({ sha256: (query) => createHash('sha256').update(query).digest('hex'), useGETForHashedQueries: true }).concat(
        new HttpLink({ uri: url, headers: key('apollo-apq'), useGETForQueries: true }),
      ),
      cache: new InMemoryCache(),
    });
    const TX_DOCUMENT = gql(TX);
    const persisted = drive('Apollo Client, persisted GET', async (n) => {
      const hash = hashes[n % hashes.length]!;
      const { data, error } = await apollo.query<{ chain: { transaction: { hash: string } } }>({ query: TX_DOCUMENT, variables: { hash }, fetchPolicy: 'no-cache', errorPolicy: 'all' });
      return error ? error.message : data?.chain.transaction.hash === hash ? undefined : `wrong answer: ${JSON.stringify(data)}`;
    });
    const urql = new UrqlClient({ url, exchanges: [fetchExchange], preferGetMethod: 'force', fetchOptions: { headers: key('urql-get') } });
    const plain = drive('urql, GET', async () => {
      const result = await urql.query('{ chains(network: MAINNET) { chainId } }', {}, { requestPolicy: 'network-only' }).toPromise();
      const chains = (result.data as { chains?: Array<{ chainId: string }> } | undefined)?.chains;
      return result.error ? result.error.message : chains?.some((c) => c.chainId === '43114') ? undefined : `wrong answer: ${JSON.stringify(result.data)}`;
    });
    const loads = [persisted, plain];
    const answered = () => loads.reduce((sum, load) => sum + load.answered, 0);
    const progress = async (what: string) => {
      const before = answered();
      await until(async () => answered() >= before + 5, 15_000, () => `the load to go on ${what}`);
    };

    try {
      await progress('at first');
      // A crash: requests on their way to the dead replica are sent to another.
      signal(replicas.get('gateway-1')!, 'SIGKILL');
      await replicas.get('gateway-1')!.exited;
      await balancerSees('gateway-1', 'DOWN');
      // Requests were sent to the dead replica before its checks failed, and resent to another.
      expect(Number((await stats()).BACKEND!.wredis)).toBeGreaterThan(0);
      await progress('with a replica dead');
      await startReplica('gateway-1');
      await balancerSees('gateway-1', 'UP');

      // POSTs from now on: HAProxy never resends one a replica may have started, so only the drain
      // keeps them whole through the restarts.
      const poster = new ApolloClient({ link: new HttpLink({ uri: url, headers: key('apollo-post') }), cache: new InMemoryCache() });
      const CHAIN = gql('{ chain(id: "43114") { chainName latestBlockNumber } }');
      loads.push(
        drive('Apollo Client, POST', async () => {
          const { data, error } = await poster.query<{ chain: { chainName: string } }>({ query: CHAIN, fetchPolicy: 'no-cache', errorPolicy: 'all' });
          return error ? error.message : data?.chain.chainName ? undefined : `wrong answer: ${JSON.stringify(data)}`;
        }),
      );

      // A rolling restart: each replica in turn gets SIGTERM, leaves the rotation while it still
      // serves, exits, and a new process takes its place.
      for (const name of ['gateway-2', 'gateway-3'] as const) {
        const old = replicas.get(name)!;
        signal(old, 'SIGTERM');
        await balancerSees(name, 'DOWN');
        // Taken out by its readiness while its listener was still open.
        expect(old.child.exitCode).toBeNull();
        expect(await old.exited).toBe(0);
        await progress(`with ${name} stopped`);
        await startReplica(name);
        await balancerSees(name, 'UP');
        await progress(`with ${name} back`);
      }
    } finally {
      await Promise.all(loads.map((load) => load.stop()));
      apollo.stop();
    }
    for (const load of loads) {
      expect(load.failures, `${load.name}: ${load.failures.slice(0, 5).join('\n')}\n${logs()}`).toEqual([]);
      expect(load.answered).toBeGreaterThan(10);
    }

    // Every replica now is a process that was not there when the window opened and the answer was
    // cached: each refuses the limited key unsent, and answers the cached query from Redis.
    sandbox.reset();
    for (const name of NAMES) {
      const port = addresses.gateways[name];
      const stillRefused = await post(port, TX, { hash: tx(21) }, limited);
      expect(stillRefused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect(stillRefused.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(60);
      const hit = await post(port, TX, { hash: tx(30) }, cachedKey);
      expect(hit.extensions?.responseCache).toEqual({ hit: true });
      expect(hit.data).toEqual(cached.data);
    }
    expect(txCalls()).toBe(0);
  }, 90_000);

  it('sends event streams to a backend of their own, outside the per-replica bound of requests', async () => {
    // Answers with 2xx that went through that backend (a session may carry several requests).
    const sessions = async (proxy: string) => Number((await haproxyStats(addresses.stats, proxy)).BACKEND?.hrsp_2xx ?? 0);
    const [live, requests] = [await sessions('gateways-live'), await sessions('gateways')];
    const query = encodeURIComponent('{ chain(id: "43114") { chainId } }');
    // Each on a connection of its own: HAProxy routes a connection's later requests as its first.
    const alone = () => new Agent({ pipelining: 0 });
    const stream = await undiciFetch(`http://127.0.0.1:${addresses.bind}/graphql?query=${query}`, { headers: { accept: 'text/event-stream', 'x-graphql-yoga-csrf': '1' }, dispatcher: alone() });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(await stream.text()).toContain('"chainId":"43114"');
    expect(await sessions('gateways-live')).toBe(live + 1);
    // urql's Accept lists event streams after JSON: an ordinary request, on the bounded backend.
    const ordinary = await undiciFetch(`http://127.0.0.1:${addresses.bind}/graphql?query=${query}`, { headers: { accept: 'application/graphql-response+json, application/json, text/event-stream', 'x-graphql-yoga-csrf': '1' }, dispatcher: alone() });
    expect(ordinary.status).toBe(200);
    expect(await ordinary.text()).toContain('"chainId":"43114"');
    await until(async () => (await sessions('gateways')) > requests, 5_000, () => 'the ordinary request counted on `gateways`');
    expect(await sessions('gateways-live')).toBe(live + 1);
  });

  it("holds a client's rate limit on every replica once one replica's answer spent it", async () => {
    // The chain record, then twelve transactions by hash: thirteen calls for a budget of ten.
    const aliases = Array.from({ length: 12 }, (_, i) => `t${i}: transaction(hash: "${tx(40 + i)}") { hash }`).join(' ');
    // The budget is a second's, counted from the client's first call in it: each attempt waits a
    // second first, so that its spend opens a second of its own (a call of a test before it would
    // have opened one that may end between the spend and the replicas' answers). On a busy machine
    // that second may still end before the replicas are asked: an attempt whose answers came more
    // than 800 ms after the spend began is made again (at most five); one that came sooner is the verdict.
    let answers: Awaited<ReturnType<typeof post>>[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const greedy = key('greedy');
      const began = performance.now();
      const spent = await post(addresses.bind, `{ chain(id: "43114") { ${aliases} } }`, {}, greedy);
      expect(spent.errors?.some((e) => e.extensions?.code === 'RATE_LIMITED')).toBe(true);
      sandbox.reset();
      answers = await Promise.all(NAMES.map((name) => post(addresses.gateways[name], TX, { hash: tx(60) }, greedy)));
      const late = performance.now() - began > 800;
      if (!late || answers.every((answer) => answer.errors?.[0]?.extensions?.code === 'RATE_LIMITED')) break;
    }
    for (const answer of answers) {
      expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 1 });
      expect(answer.errors?.[0]?.message).toContain('CLIENT_UPSTREAM_CALLS_PER_SECOND');
    }
    expect(txCalls()).toBe(0);
  });
});
