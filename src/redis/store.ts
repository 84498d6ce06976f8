/**
 * The Redis that replicas share (REDIS_URL), as an optional helper: every use of it may fail, and a
 * failure means "go on without it", never a failed query. Commands are not queued while the
 * connection is down (they fail at once), each has a short deadline (REDIS_COMMAND_TIMEOUT_MS), and
 * after a failure further commands are skipped, unsent, until the connection is ready again or a
 * probe (once a second, in the background) finds every master answering: a dead or hanging Redis
 * costs a query at most one deadline.
 *
 * Redis is one server, the master a Sentinel group names (ioredis asks the sentinels again after a
 * failover), or a Cluster. Every command the gateway sends names one key (no transaction, no
 * multi-key command, no script over two keys), so a cluster spreads the keys over all its slots and
 * no key needs a hash tag; channels are classic pub/sub, which a cluster passes to every node. A
 * master down is an outage of the whole: the gateway goes on without Redis until the probe finds the
 * master back or a replica promoted in its place (a cluster refuses every command meanwhile anyway,
 * once it has noticed, unless `cluster-require-full-coverage` is off).
 *
 * An outage is logged once when it starts and once when it ends (never the URL: it may hold a
 * password), and shows in `avalanche_graph_redis_up` and `avalanche_graph_redis_errors_total{op}` (see metrics.ts).
 *
 * Keys are `<prefix><area>:...` (prefix `avalanche-graph:` by default); no key, value or channel holds
 * an API key: partitions are key fingerprints (see `keyFingerprint`).
 */
import type { Cluster, Redis } from 'ioredis';
import type { RedisTarget } from '../config/index.js';
import type { Logger } from '../observability/logger.js';

/** A connection to one server (given, or found through Sentinel), or to a Cluster. */
export type RedisClient = Redis | Cluster;

/** What a Redis command was for (a bounded label of `avalanche_graph_redis_errors_total`). */
export type RedisOp =
  | 'cache-get'
  | 'cache-set'
  | 'rate-limit'
  | 'window-get'
  | 'window-set'
  | 'response-cache-get'
  | 'response-cache-set'
  | 'publish'
  | 'subscribe'
  | 'lease';
export const REDIS_OPS: readonly RedisOp[] = [
  'cache-get',
  'cache-set',
  'rate-limit',
  'window-get',
  'window-set',
  'response-cache-get',
  'response-cache-set',
  'publish',
  'subscribe',
  'lease',
];

export interface RedisStoreOptions {
  target: RedisTarget;
  prefix: string;
  commandTimeoutMs: number;
  logger?: Logger;
  /** Told of every failed command (for `avalanche_graph_redis_errors_total`). */
  onError?: (op: RedisOp) => void;
}

/** After a failure, how long until the probe asks whether Redis answers again (and between probes). */
const PROBE_AFTER_MS = 1000;

/** The client for `target`: commands fail at once while disconnected and after one deadline, and are never retried. */
function createClient(target: RedisTarget, commandTimeoutMs: number, ioredis: { Redis: typeof Redis; Cluster: typeof Cluster }): RedisClient {
  const perCommand = {
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: Math.max(1000, commandTimeoutMs * 5),
  };
  // Reconnect forever, backing off to 2 s.
  const retryStrategy = (times: number) => Math.min(100 * times, 2000);
  // Fail, not queue, while disconnected.
  const server = { ...perCommand, enableOfflineQueue: false, retryStrategy };
  const credentials = (t: { username?: string; password?: string }) => ({
    ...(t.username !== undefined ? { username: t.username } : {}),
    ...(t.password !== undefined ? { password: t.password } : {}),
  });
  switch (target.mode) {
    case 'server':
      return new ioredis.Redis(target.url, server);
    case 'sentinel':
      return new ioredis.Redis({
        ...server,
        sentinels: target.sentinels,
        name: target.masterName,
        db: target.db,
        ...credentials(target),
        ...(target.sentinelUsername !== undefined ? { sentinelUsername: target.sentinelUsername } : {}),
        ...(target.sentinelPassword !== undefined ? { sentinelPassword: target.sentinelPassword } : {}),
        sentinelCommandTimeout: perCommand.connectTimeout,
        // A master demoted while reachable (a failover it lived through) refuses writes: ask the
        // sentinels again. (Not ioredis' failoverDetector: told of the switch after it had already
        // reconnected to the new master, it broke that connection, a second outage.)
        reconnectOnError: (error: Error) => error.message.startsWith('READONLY'),
        ...(target.tls ? { tls: {}, sentinelTLS: {}, enableTLSForSentinelMode: true } : {}),
      });
    case 'cluster':
      return new ioredis.Cluster(target.nodes, {
        // Queued, not failed: a command to a master whose connection is being made (they are made on
        // first use), bounded by its deadline. While the cluster is not ready the store sends nothing.
        enableOfflineQueue: true,
        clusterRetryStrategy: retryStrategy,
        // A master gone, or the cluster down, fails the command at once rather than after retries
        // (a second or more, past the command's deadline); MOVED and ASK are still followed.
        retryDelayOnFailover: 0,
        retryDelayOnClusterDown: 0,
        redisOptions: { ...perCommand, ...credentials(target), ...(target.tls ? { tls: {} } : {}) },
      });
  }
}

const isCluster = (client: RedisClient): client is Cluster => 'isCluster' in client && client.isCluster === true;

/**
 * The value and the remaining time (PTTL) of each key, read together: in one pipeline from a server;
 * from a cluster, a command per key, each sent to the master of its slot at once (a pipeline there
 * must stay within one master's slots, and one that meets a moved slot is not sent again).
 */
export function readWithTtl(client: RedisClient, keys: string[]): Promise<Array<[string | null, number]>> {
  if (isCluster(client)) return Promise.all(keys.map((key) => Promise.all([client.get(key), client.pttl(key)])));
  const pipeline = client.pipeline();
  for (const key of keys) pipeline.get(key).pttl(key);
  return pipeline.exec().then((results) => {
    if (!results) throw new Error('pipeline discarded');
    for (const [error] of results) if (error) throw error;
    return keys.map((_, i) => [results[2 * i]![1] as string | null, results[2 * i + 1]![1] as number]);
  });
}

/**
 * Resolves when Redis answers as a whole: the server, or on a cluster every master of the slot map
 * (refreshed first: a promoted replica replaces the master it stands in for), each seeing the
 * cluster's state as ok (a master back from a failure is served before the others stop refusing).
 */
async function everyMasterAnswers(client: RedisClient): Promise<void> {
  if (!isCluster(client)) {
    await client.ping();
    return;
  }
  await new Promise<void>((resolve, reject) => client.refreshSlotsCache((error) => (error ? reject(error) : resolve())));
  const nodes = new Map(client.nodes('master').map((node) => [`${node.options.host}:${node.options.port}`, node]));
  const masters = new Set(client.slots.map((owners) => owners?.[0]).filter((key): key is string => key !== undefined));
  await Promise.all(
    [...masters].map(async (key) => {
      const node = nodes.get(key);
      if (!node) throw new Error('a master is not connected');
      if (!/^cluster_state:ok\b/m.test(await node.cluster('INFO'))) throw new Error('the cluster is down');
    }),
  );
}

export class RedisStore {
  readonly client: RedisClient;
  readonly prefix: string;
  private subscriber: RedisClient | undefined;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  /** False from a failure until the connection is ready again or a probe succeeds. */
  private healthy = false;
  /** True while an outage has been logged and has not ended. */
  private outage = false;
  private probe: NodeJS.Timeout | undefined;
  private closed = false;

  /** Loads the client library only when Redis is configured (it weighs ~20 MiB of a replica's memory). */
  static async connect(options: RedisStoreOptions): Promise<RedisStore> {
    return new RedisStore(options, createClient(options.target, options.commandTimeoutMs, await import('ioredis')));
  }

  private constructor(
    private readonly options: RedisStoreOptions,
    client: RedisClient,
  ) {
    this.prefix = options.prefix;
    this.client = client;
    this.client.on('ready', () => this.recovered());
    this.client.on('error', (error: unknown) => this.down('connection', error));
    this.client.on('close', () => this.down('connection', undefined));
  }

  /** The connection is up and no command has failed since it was, or since a probe succeeded. */
  get up(): boolean {
    return this.client.status === 'ready' && this.healthy;
  }

  /** A key in this gateway's space: `<prefix><parts joined by ':'>`. */
  key(...parts: string[]): string {
    return this.prefix + parts.join(':');
  }

  /** Waits until the connection is ready, at most `ms` (the gateway starts either way). */
  async waitReady(ms: number): Promise<boolean> {
    if (this.client.status === 'ready') return true;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.client.off('ready', onReady);
        resolve(ok);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      timer.unref();
      this.client.once('ready', onReady);
    });
  }

  /**
   * Runs one command (or a few), or skips it when Redis is down: resolves to undefined instead of
   * failing, so callers go on without Redis.
   */
  async run<T>(op: RedisOp, command: (client: RedisClient) => Promise<T>): Promise<T | undefined> {
    if (!this.available()) return undefined;
    try {
      return await command(this.client);
    } catch (error) {
      this.failed(op, error);
      return undefined;
    }
  }

  /** Whether a command may go out now: the connection is ready and nothing failed since (or the probe found Redis back). */
  available(): boolean {
    return !this.closed && this.up;
  }

  /** Counts a failed command and starts an outage (logged once). */
  failed(op: RedisOp, error: unknown): void {
    this.options.onError?.(op);
    this.down(op, error);
  }

  /** Publishes on a channel of this gateway's space; false when it could not. */
  async publish(channel: string, message: string): Promise<boolean> {
    return (await this.run('publish', (c) => c.publish(this.key(channel), message))) !== undefined;
  }

  /**
   * Listens to a channel (on a second connection, as Redis requires); resolves false when Redis is
   * down (then nothing arrives). Channels are re-subscribed after a reconnect.
   */
  async subscribe(channel: string, onMessage: (message: string) => void): Promise<boolean> {
    const name = this.key(channel);
    let handlers = this.handlers.get(name);
    if (!handlers) this.handlers.set(name, (handlers = new Set()));
    handlers.add(onMessage);
    const subscriber = this.subscriberConnection();
    if (subscriber.status !== 'ready') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.commandTimeoutMs * 2);
        timer.unref();
        subscriber.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    if (!this.available()) return false;
    try {
      await subscriber.subscribe(name);
      return true;
    } catch (error) {
      this.failed('subscribe', error);
      return false;
    }
  }

  /** Stops passing the channel's messages to `onMessage`; the channel is left when no one listens. */
  async unsubscribe(channel: string, onMessage: (message: string) => void): Promise<void> {
    const name = this.key(channel);
    const handlers = this.handlers.get(name);
    handlers?.delete(onMessage);
    if (handlers && handlers.size > 0) return;
    this.handlers.delete(name);
    if (this.subscriber?.status === 'ready') await this.subscriber.unsubscribe(name).catch(() => undefined);
  }

  private subscriberConnection(): RedisClient {
    if (!this.subscriber) {
      // A cluster client subscribes on a connection of its own already (to one node, moved to another
      // with its channels when that node goes); a server's needs a second client.
      const subscriber = isCluster(this.client) ? this.client : this.client.duplicate({ enableOfflineQueue: false, maxRetriesPerRequest: 0, autoResubscribe: true });
      if (subscriber !== this.client) subscriber.on('error', () => undefined);
      subscriber.on('message', (channel: string, message: string) => {
        for (const handler of this.handlers.get(channel) ?? []) handler(message);
      });
      this.subscriber = subscriber;
    }
    return this.subscriber;
  }

  /** Closes both connections (at shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.probe);
    const quit = async (c: RedisClient | undefined) => {
      if (!c) return;
      if (c.status === 'ready') await c.quit().catch(() => c.disconnect());
      else c.disconnect();
    };
    await Promise.all([quit(this.client), this.subscriber === this.client ? undefined : quit(this.subscriber)]);
  }

  /** While Redis is down: asks once a second, in the background, whether it answers as a whole again. */
  private probeLater(): void {
    if (this.probe || this.closed) return;
    this.probe = setTimeout(() => {
      everyMasterAnswers(this.client).then(
        () => {
          this.probe = undefined;
          if (!this.closed) this.recovered();
        },
        () => {
          this.probe = undefined;
          if (!this.healthy) this.probeLater();
        },
      );
    }, PROBE_AFTER_MS);
    this.probe.unref();
  }

  private recovered(): void {
    clearTimeout(this.probe);
    this.probe = undefined;
    this.healthy = true;
    if (this.outage) {
      this.outage = false;
      this.options.logger?.info('redis is reachable again: shared caches, limits and pollers resume');
    }
  }

  private down(op: RedisOp | 'connection', error: unknown): void {
    this.healthy = false;
    this.probeLater();
    if (this.outage || this.closed) return;
    this.outage = true;
    // The error's code only: an ioredis message may name the host, never log the URL (it may hold a password).
    const code = (error as { code?: string } | undefined)?.code ?? (error as Error | undefined)?.name ?? 'connection closed';
    this.options.logger?.warn(`redis unavailable (${op}: ${code}): going on without it (in-process cache and limits) until it is back`);
  }
}
