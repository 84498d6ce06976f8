/**
 * The Redis that replicas share (REDIS_URL), as an optional helper: every use of it may fail, and a
 * failure means "go on without it", never a failed query. Commands are not queued while the
 * connection is down (they fail at once), each has a short deadline (REDIS_COMMAND_TIMEOUT_MS), and
 * after a failure further commands are skipped, unsent, until the connection is ready again or a
 * probe (one command a second) succeeds: a dead or hanging Redis costs a query at most one deadline.
 *
 * An outage is logged once when it starts and once when it ends (never the URL: it may hold a
 * password), and shows in `redis_up` and `redis_errors_total{op}` (see metrics.ts).
 *
 * Keys are `<prefix><area>:...` (prefix `avalanche-graph:` by default); no key, value or channel holds
 * an API key: partitions are key fingerprints (see `keyFingerprint`).
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

/** What a Redis command was for (a bounded label of `redis_errors_total`). */
export type RedisOp =
  | 'cache-get'
  | 'cache-set'
  | 'rate-limit'
  | 'window-get'
  | 'window-set'
  | 'response-cache-get'
  | 'response-cache-set'
  | 'response-cache-invalidate'
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
  'response-cache-invalidate',
  'publish',
  'subscribe',
  'lease',
];

export interface RedisStoreOptions {
  url: string;
  prefix: string;
  commandTimeoutMs: number;
  logger?: Logger;
  /** Told of every failed command (for `redis_errors_total`). */
  onError?: (op: RedisOp) => void;
}

/** After a failed command, how long further commands are skipped before one probes again. */
const PROBE_AFTER_MS = 1000;

export class RedisStore {
  readonly client: Redis;
  readonly prefix: string;
  private subscriber: Redis | undefined;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  /** False from a failure until the connection is ready again or a command succeeds. */
  private healthy = false;
  /** True while an outage has been logged and has not ended. */
  private outage = false;
  private nextProbe = 0;
  private closed = false;

  /** Loads the client library only when Redis is configured (it weighs ~20 MiB of a replica's memory). */
  static async connect(options: RedisStoreOptions): Promise<RedisStore> {
    const { Redis } = await import('ioredis');
    return new RedisStore(options, Redis);
  }

  private constructor(
    private readonly options: RedisStoreOptions,
    RedisClient: typeof Redis,
  ) {
    this.prefix = options.prefix;
    this.client = new RedisClient(options.url, {
      // Fail, not queue, while disconnected; one attempt per command, bounded by its deadline.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs,
      connectTimeout: Math.max(1000, options.commandTimeoutMs * 5),
      // Reconnect forever, backing off to 2 s.
      retryStrategy: (times) => Math.min(100 * times, 2000),
      lazyConnect: false,
    });
    this.client.on('ready', () => this.recovered());
    this.client.on('error', (error: unknown) => this.down('connection', error));
    this.client.on('close', () => this.down('connection', undefined));
  }

  /** The connection is up and the last command (if any failed since) succeeded. */
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
  async run<T>(op: RedisOp, command: (client: Redis) => Promise<T>): Promise<T | undefined> {
    if (!this.take()) return undefined;
    try {
      const result = await command(this.client);
      if (!this.healthy) this.recovered();
      return result;
    } catch (error) {
      this.failed(op, error);
      return undefined;
    }
  }

  /** Whether a command may go out now: the connection is ready and no failure is fresh (else one probe a second). */
  available(): boolean {
    if (this.closed || this.client.status !== 'ready') return false;
    return this.healthy || Date.now() >= this.nextProbe;
  }

  /** `available`, and when that is as the second's probe, takes the probe (call it once per command sent). */
  take(): boolean {
    if (!this.available()) return false;
    if (!this.healthy) this.nextProbe = Date.now() + PROBE_AFTER_MS;
    return true;
  }

  /** Counts a failed command and starts an outage (logged once). */
  failed(op: RedisOp, error: unknown): void {
    this.options.onError?.(op);
    this.nextProbe = Date.now() + PROBE_AFTER_MS;
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
    if (!this.take()) return false;
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

  private subscriberConnection(): Redis {
    if (!this.subscriber) {
      const subscriber = this.client.duplicate({ enableOfflineQueue: false, maxRetriesPerRequest: 0, autoResubscribe: true });
      subscriber.on('error', () => undefined);
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
    const quit = async (c: Redis | undefined) => {
      if (!c) return;
      if (c.status === 'ready') await c.quit().catch(() => c.disconnect());
      else c.disconnect();
    };
    await Promise.all([quit(this.client), quit(this.subscriber)]);
  }

  private recovered(): void {
    this.healthy = true;
    if (this.outage) {
      this.outage = false;
      this.options.logger?.info('redis is reachable again: shared caches, limits and pollers resume');
    }
  }

  private down(op: RedisOp | 'connection', error: unknown): void {
    this.healthy = false;
    if (this.outage || this.closed) return;
    this.outage = true;
    // The error's code only: an ioredis message may name the host, never log the URL (it may hold a password).
    const code = (error as { code?: string } | undefined)?.code ?? (error as Error | undefined)?.name ?? 'connection closed';
    this.options.logger?.warn(`redis unavailable (${op}: ${code}): going on without it (in-process cache and limits) until it is back`);
  }
}
