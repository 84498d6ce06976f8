/**
 * Real `redis-server` processes (Debian's package) for tests, on free loopback ports with no
 * persistence, each stopped (and restartable on the same port) by its PID: one server; a Cluster of
 * masters created as an operator does (`redis-cli --cluster create`), with a replica for some of
 * them; a Sentinel (the same binary, `--sentinel`) watching a master.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.js';

const SERVER_BIN = process.env.REDIS_SERVER_BIN ?? 'redis-server';
const run = promisify(execFile);

/** One `redis-server` process, by its PID. */
export interface RedisProcess {
  port: number;
  /** Stops the process (SIGKILL: an outage, not a shutdown) and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port, with the same arguments (and, in a cluster, its node file). */
  restart(): Promise<void>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the process: connections stay open, commands get no answer. */
  pause(): void;
  resume(): void;
  /** Started and not killed since. */
  running(): boolean;
}

export interface RedisServer extends RedisProcess {
  url: string;
  stop(): Promise<void>;
}

async function accepting(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`redis-server did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts `redis-server` with `args` and waits until it listens on `port`. */
async function startRedisProcess(port: number, args: string[], binary = SERVER_BIN): Promise<RedisProcess> {
  let child: ChildProcess | undefined;
  const launch = async () => {
    const started = spawn(binary, args, { stdio: 'ignore' });
    await new Promise<void>((resolve, reject) => {
      started.once('error', reject);
      started.once('spawn', () => resolve());
    });
    child = started;
    await accepting(port, 5_000);
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.pid === undefined) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    process.kill(running.pid, 'SIGKILL');
    await exited;
  };
  const signal = (name: NodeJS.Signals) => {
    if (child?.pid !== undefined && child.exitCode === null) process.kill(child.pid, name);
  };
  await launch();
  return { port, kill, restart: launch, pause: () => signal('SIGSTOP'), resume: () => signal('SIGCONT'), running: () => child !== undefined };
}

/** No persistence; a replica's first sync starts at once (a master otherwise waits 5 s for more replicas). */
const dataArgs = (port: number) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--repl-diskless-sync-delay', '0'];

export async function startRedisServer(binary = SERVER_BIN, extraArgs: string[] = []): Promise<RedisServer> {
  const port = await freePort();
  // Its working folder: a replica writes the master's snapshot there.
  const dir = mkdtempSync(join(tmpdir(), 'redis-server-'));
  const server = await startRedisProcess(port, [...dataArgs(port), '--dir', dir, ...extraArgs], binary);
  const stop = async () => {
    await server.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  return { ...server, url: `redis://127.0.0.1:${port}/0`, stop };
}

/** Runs `redis-cli` against the node on `port` (with its password, if it has one); its output. */
export async function redisCli(node: number | { port: number; password: string }, ...args: string[]): Promise<string> {
  const { port, password } = typeof node === 'number' ? { port: node, password: undefined } : node;
  const env = password === undefined ? process.env : { ...process.env, REDISCLI_AUTH: password };
  const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { env });
  return stdout;
}

/** Resolves once `check` does, asking every 50 ms; fails after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A free port whose cluster bus port (+10000) is free too. */
async function freeClusterPort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port + 10_000 > 65_535) continue;
    const busFree = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port + 10_000, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (busFree) return port;
  }
}

export interface RedisClusterNode extends RedisProcess {
  /** The node's cluster id. */
  id: string;
}

export interface RedisCluster {
  /** `redis+cluster://` and the masters' addresses: REDIS_URL for a gateway. */
  url: string;
  /** The masters as created (each with a third of the slots, in order). */
  masters: RedisClusterNode[];
  /** The replica of a master, by the master's index, for the masters created with one. */
  replicas: Map<number, RedisClusterNode>;
  /** Resolves once every node still running sees `cluster_state:ok`. */
  waitUntilOk(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A Redis Cluster of `masters` masters on loopback (`redis-cli --cluster create`), plus one replica
 * for each master index in `replicated`. `nodeTimeoutMs` (`cluster-node-timeout`) is how long a node
 * may not answer before the others mark it failed and its replica takes over.
 */
export async function startRedisCluster(options: { masters?: number; replicated?: number[]; nodeTimeoutMs?: number } = {}): Promise<RedisCluster> {
  const { masters: count = 3, replicated = [], nodeTimeoutMs = 500 } = options;
  const dir = mkdtempSync(join(tmpdir(), 'redis-cluster-'));
  const nodes: RedisClusterNode[] = [];
  const startNode = async () => {
    const port = await freeClusterPort();
    const args = [...dataArgs(port), '--dir', dir, '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--cluster-node-timeout', String(nodeTimeoutMs)];
    const node = { ...(await startRedisProcess(port, args)), id: '' };
    nodes.push(node);
    node.id = (await redisCli(port, 'cluster', 'myid')).trim();
    return node;
  };
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.kill()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const masters = await Promise.all(Array.from({ length: count }, startNode));
    await run('redis-cli', ['--cluster', 'create', ...masters.map((m) => `127.0.0.1:${m.port}`), '--cluster-replicas', '0', '--cluster-yes']);
    const replicas = new Map<number, RedisClusterNode>();
    for (const index of replicated) {
      const master = masters[index]!;
      const replica = await startNode();
      await redisCli(replica.port, 'cluster', 'meet', '127.0.0.1', String(master.port));
      await eventually(async () => (await redisCli(replica.port, 'cluster', 'nodes')).includes(master.id), 5_000, 'the replica to meet its master');
      await redisCli(replica.port, 'cluster', 'replicate', master.id);
      await eventually(async () => /master_link_status:up/.test(await redisCli(replica.port, 'info', 'replication')), 5_000, 'the replica to sync');
      replicas.set(index, replica);
    }
    const waitUntilOk = async (timeoutMs = 10_000) => {
      for (const node of nodes.filter((n) => n.running())) {
        await eventually(async () => {
          const [info, known] = await Promise.all([redisCli(node.port, 'cluster', 'info'), redisCli(node.port, 'cluster', 'nodes')]);
          // Every node known to every other one: a replica's election needs the masters' votes.
          return info.includes('cluster_state:ok') && known.trim().split('\n').length === nodes.length;
        }, timeoutMs, `cluster_state:ok on ${node.port}`);
      }
    };
    await waitUntilOk();
    return {
      url: `redis+cluster://${masters.map((m) => `127.0.0.1:${m.port}`).join(',')}`,
      masters,
      replicas,
      waitUntilOk,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface RedisSentinel extends RedisProcess {
  /** `redis+sentinel://` with this sentinel and the master's name: REDIS_URL for a gateway. */
  url: string;
  /** The port of the master the sentinel names now. */
  masterPort(): Promise<number>;
  /** Resolves once the sentinel knows `count` replicas of the master in sync (it promotes only such a one). */
  replicasInSync(count: number): Promise<void>;
  /** Asks for a failover (`SENTINEL FAILOVER`, the master alive); resolves once another master is named and the old one is its replica. */
  failover(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A Sentinel on loopback watching `master` as `masterName` (quorum 1; `password`: the data nodes'):
 * it marks the master down after `downAfterMs` without an answer and then promotes one of its
 * replicas. Resolves once it knows `replicas` replicas in sync.
 */
export async function startRedisSentinel(
  master: RedisProcess,
  options: { masterName?: string; downAfterMs?: number; password?: string; replicas?: number } = {},
): Promise<RedisSentinel> {
  const { masterName = 'gateway', downAfterMs = 500, password, replicas = 0 } = options;
  const dir = mkdtempSync(join(tmpdir(), 'redis-sentinel-'));
  const port = await freePort();
  const file = join(dir, 'sentinel.conf');
  // Sentinel rewrites its configuration file as it learns: a writable copy of its own. Its
  // failover-timeout also spaces two failovers of one master (twice it): short, for a test's two.
  writeFileSync(
    file,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `sentinel monitor ${masterName} 127.0.0.1 ${master.port} 1`,
      `sentinel down-after-milliseconds ${masterName} ${downAfterMs}`,
      `sentinel failover-timeout ${masterName} ${Math.max(500, downAfterMs * 2)}`,
      ...(password ? [`sentinel auth-pass ${masterName} ${password}`] : []),
      '',
    ].join('\n'),
  );
  const sentinel = await startRedisProcess(port, [file, '--sentinel']);
  const masterPort = async () => Number((await redisCli(port, 'sentinel', 'get-master-addr-by-name', masterName)).trim().split('\n')[1]);
  const replicasInSync = (count: number) =>
    eventually(
      async () => (await redisCli(port, 'sentinel', 'replicas', masterName)).split('\n').filter((line, i, all) => line === 'ok' && all[i - 1] === 'master-link-status').length >= count,
      10_000,
      `the sentinel to know ${count} replicas in sync`,
    );
  await replicasInSync(replicas);
  const stop = async () => {
    await sentinel.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  return {
    ...sentinel,
    url: `redis+sentinel://127.0.0.1:${port}/${masterName}/0`,
    masterPort,
    replicasInSync,
    async failover() {
      const before = await masterPort();
      await redisCli(port, 'sentinel', 'failover', masterName);
      await eventually(async () => (await masterPort()) !== before, 10_000, 'the sentinel to name another master');
      // The sentinel turns the old master into the new one's replica once it sees it still acting as a
      // master, which its 10 s period of INFO may put off (both take writes meanwhile): at once here.
      const old = password === undefined ? before : { port: before, password };
      await redisCli(old, 'replicaof', '127.0.0.1', String(await masterPort()));
      await eventually(async () => /^master_link_status:up\b/m.test(await redisCli(old, 'info', 'replication')), 10_000, 'the old master to replicate the new one');
    },
    stop,
  };
}
