/**
 * Live subscriptions' entry: the hub with its pollers' clients, and a session per request that
 * opens streams for its caller. What the feeds read (a chain's new blocks, an interchain message's
 * status, a subnet's validators) is public and the same whatever key reads it, so every subscriber
 * shares one poller per subject: the Data API's are read with the configured key (DATA_API_KEY, or
 * none), the one keyless callers are served with, never with a caller's own key, so nothing read
 * with one caller's key reaches another. With AUTH_ALLOW_CALLER_KEYS (callers served on their own
 * key must never spend DATA_API_KEY), a caller with its own key reads its Data API subjects with it,
 * in a partition of its own (its key's fingerprint).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { Config } from '../config/index.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import type { Logger } from '../observability/logger.js';
import { keyFingerprint } from '../upstream/transport/cache.js';
import { Upstreams, type RequestUpstreams } from '../upstream/index.js';
import type { WireIcmMessage } from '../upstream/data-api/types/icm.js';
import { blockFeed, classifyPollError, icmMessageFeed, validatorSetFeed, type ValidatorSetChange } from './feeds.js';
import { LiveHub, type LiveItem } from './hub.js';
import type { RedisStore } from '../redis/store.js';
import { redisPollerCoordinator } from '../redis/live.js';

export { SubscriptionLimitError, type LiveItem } from './hub.js';
export type { ValidatorSetChange } from './feeds.js';

/** What a request may subscribe to, as its caller (key and client). */
export interface LiveSession {
  blocks(chainId: string): AsyncIterableIterator<LiveItem<DataApiSchema<'EvmBlock'>>>;
  icmMessage(messageId: string): AsyncIterableIterator<LiveItem<WireIcmMessage>>;
  validatorSet(network: NetworkKey, subnetId: string | undefined): AsyncIterableIterator<LiveItem<ValidatorSetChange>>;
  /** The partition of the caller's Data API reads (its key's fingerprint, else the configured key's): what executions that read an upstream may be shared within. */
  partition(): string;
  /** The partition its Data API subjects are polled in (the configured key's, or with AUTH_ALLOW_CALLER_KEYS its own key's): what answers read from the event alone may be shared within. */
  feedPartition(): string;
  /** The caller's client (its address's group), whose upstream limits its own executions meet. */
  client(): string;
  /** Takes one of the client's subscription slots for a subscriber served from a shared stream (LiveHub.reserve); returns its release. */
  reserve(): () => void;
  /** The same caller's session for a stream shared by an audience: its streams hold no slot (each subscriber holds its own: `reserve`). */
  forAudience(): LiveSession;
}

export interface LiveOptions {
  logger?: Logger;
  /** With Redis, one replica polls each subject for all. */
  redis?: RedisStore;
  /** Told of each subscriber ended for not reading its events in time (metrics). */
  onOverflow?: () => void;
  /** A client's own subscription limit, in place of MAX_SUBSCRIPTIONS_PER_CLIENT (a consumer's). */
  subscriptionsOf?: (client: string) => number | undefined;
}

export class LiveSubscriptions {
  readonly hub: LiveHub;
  /** The configured key's fingerprint, computed once. */
  private readonly configuredPartition: string;

  constructor(
    private readonly config: Config,
    private readonly upstreams: Upstreams,
    options: LiveOptions = {},
  ) {
    const { logger, redis, onOverflow } = options;
    this.configuredPartition = keyFingerprint(config.dataApiKey);
    this.hub = new LiveHub({
      // With Redis, one replica polls a subject for all (a lease lives 3 polls, at least 3 s).
      coordinator: redis ? redisPollerCoordinator(redis, Math.min(60_000, Math.max(3_000, 3 * config.subscriptionPollMs))) : undefined,
      pollMs: config.subscriptionPollMs,
      maxPerClient: config.maxSubscriptionsPerClient,
      limitOf: options.subscriptionsOf,
      maxTotal: config.maxSubscriptions,
      classify: classifyPollError,
      onOverflow,
      onPollError: (subject, error) => logger?.debug({ err: error }, `live poll of ${subject.split('|')[0]} failed`),
    });
  }

  /** A session for one request of `client` (its address's, or its verified caller's): `callerKey` (else the configured key) reads the Data API. */
  session(callerKey: string | undefined, client: string): LiveSession {
    // The key the Data API subjects are polled with: the configured one (undefined here), or the caller's where it must pay for itself.
    const feedKey = this.config.authAllowCallerKeys ? callerKey : undefined;
    // Every request gets a session, few subscribe: the keys' fingerprints (hashes) are taken on first use.
    let ids: { client: string; partition: string; feedPartition: string } | undefined;
    const id = () =>
      (ids ??= {
        client,
        partition: callerKey ? keyFingerprint(callerKey) : this.configuredPartition,
        feedPartition: feedKey ? keyFingerprint(feedKey) : this.configuredPartition,
      });
    // Each poller gets its own clients when it starts (no budget, no deadline, no cache).
    const upstreams = (): RequestUpstreams => this.upstreams.forPoller(feedKey);
    const session = (holder: () => string | null): LiveSession => ({
      blocks: (chainId) => this.hub.subscribe(holder(), `blocks:${chainId}|${id().feedPartition}`, () => blockFeed(upstreams(), chainId)),
      icmMessage: (messageId) => this.hub.subscribe(holder(), `icm:${messageId}|${id().feedPartition}`, () => icmMessageFeed(upstreams(), messageId)),
      validatorSet: (network, subnetId) =>
        this.hub.subscribe(holder(), `validators:${network}:${subnetId ?? 'primary'}`, () => validatorSetFeed(upstreams(), network, subnetId)),
      partition: () => id().partition,
      feedPartition: () => id().feedPartition,
      client: () => id().client,
      reserve: () => this.hub.reserve(id().client),
      forAudience: () => session(() => null),
    });
    return session(() => id().client);
  }

  /** Ends every subscription and stops every poller (at shutdown). */
  close(): void {
    this.hub.close();
  }
}
