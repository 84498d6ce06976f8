/**
 * Who may call (AUTH_JWKS_URL, AUTH_CONSUMERS): the callers' authenticator, the HTTP door's gate, and
 * who a request's client is once it passed: its verified identity (a token's subject, a consumer),
 * else its address.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config/index.js';
import { clientAddress } from '../http/client-address.js';
import { LRUCache } from 'lru-cache';
import { readConsumers, readPlans, type Consumer, type ConsumerLimits, type Consumers, type Plans } from '../lib/consumers.js';
import type { Logger } from '../observability/logger.js';
import { watchFiles } from '../lib/watched-files.js';
import { Upstreams } from '../upstream/index.js';
import { identityOf, type Credentials } from './http.js';
import { JwtAuthenticator, type Verdict } from './jwt.js';

export { authenticationGate, challenge, identityOf, setIdentity, type Credentials } from './http.js';
export type { Refusal, Verdict } from './jwt.js';
export { JwtAuthenticator };

/** Authenticated callers whose plan is remembered (a caller forgotten gets its plan back with its next token). */
const PLANNED_CALLERS = 100_000;

/** The most characters of a consumer key read. */
const MAX_KEY_CHARS = 512;

/** The consumers by their key's hash and by their client, and the internal ones: swapped whole on a reload. */
interface ConsumerIndex {
  byHash: ReadonlyMap<string, Consumer>;
  byClient: ReadonlyMap<string, ConsumerLimits>;
  internal: ReadonlySet<string>;
}

function indexConsumers(consumers: readonly Consumer[]): ConsumerIndex {
  const byHash = new Map<string, Consumer>();
  const byClient = new Map<string, ConsumerLimits>();
  const internal = new Set<string>();
  for (const consumer of consumers) {
    byHash.set(consumer.keySha256, consumer);
    byClient.set(`consumer:${consumer.name}`, consumer.limits);
    if (consumer.internal) internal.add(`consumer:${consumer.name}`);
  }
  return { byHash, byClient, internal };
}

export interface CallersOptions {
  /** AUTH_CONSUMER_HEADER, lower-cased. */
  consumerHeader: string;
  /** AUTH_CONSUMERS, as read (its path, to read it again). */
  consumers?: Consumers;
  /** AUTH_ALLOW_CALLER_KEYS: a caller without a token or consumer key is served when it brings its own Data API key. */
  allowOwnKeys?: boolean;
  /** AUTH_PLANS: the limits of callers whose token names a plan. */
  plans?: Plans;
  /** Where a reload says what it did. */
  logger?: Logger;
  /** Told each reload's outcome (a metric). */
  onReload?: (outcome: 'loaded' | 'kept') => void;
}

/**
 * The callers the operator knows: JWTs of its identity provider (AUTH_JWKS_URL), with their plan's
 * limits (AUTH_PLANS), and consumers by a static key (AUTH_CONSUMERS), each `consumer:<name>` with
 * its own limits where given. The consumers and plans files are read again without a restart
 * (`reload`: on SIGHUP, and when either file changes): both are swapped at once only when both read;
 * otherwise the ones before stay and the reason is logged.
 */
export class Callers {
  private consumers: ConsumerIndex;
  private plans: Plans | undefined;
  /** The limits of each authenticated caller's plan (AUTH_PLANS), as its last token said, for the most recent callers. */
  private readonly planned = new LRUCache<string, ConsumerLimits>({ max: PLANNED_CALLERS });
  readonly consumerHeader: string;
  private readonly allowOwnKeys: boolean;
  private unwatch: (() => void) | undefined;

  constructor(
    private readonly jwt: JwtAuthenticator | undefined,
    private readonly options: CallersOptions,
  ) {
    this.consumers = indexConsumers(options.consumers?.list ?? []);
    this.plans = options.plans;
    this.consumerHeader = options.consumerHeader;
    this.allowOwnKeys = options.allowOwnKeys ?? false;
  }

  /** Reads the consumers and plans files again; both replace the ones before only if both read (and the plans' claim is the same). Returns whether they did. */
  reload(why: string): boolean {
    const { consumers, plans, logger, onReload } = this.options;
    if (!consumers && !plans) return false;
    try {
      const list = consumers ? readConsumers(consumers.path).list : [];
      const read = plans ? readPlans(plans.path) : undefined;
      if (read && read.claim !== plans!.claim) throw new Error(`${plans!.path}: \`claim\` changed from ${plans!.claim} to ${read.claim.slice(0, 100)}: restart the gateway to read another claim`);
      this.consumers = indexConsumers(list);
      this.plans = read;
      // Each caller's plan is taken again from its next token.
      this.planned.clear();
      logger?.info(`consumers and plans reloaded (${why}): ${list.length} consumers, ${read?.limits.size ?? 0} plans`);
      onReload?.('loaded');
      return true;
    } catch (error) {
      logger?.warn({ problem: (error as Error).message }, `consumers and plans not reloaded (${why}): the ones before stay`);
      onReload?.('kept');
      return false;
    }
  }

  /** Reloads when the consumers or plans file changes (src/lib/watched-files.ts). */
  watch(): void {
    const paths = [this.options.consumers?.path, this.options.plans?.path].filter((path): path is string => path !== undefined);
    this.unwatch ??= watchFiles(paths, (path) => this.reload(`${path} changed`));
  }

  close(): void {
    this.unwatch?.();
    this.unwatch = undefined;
  }

  async authenticate(credentials: Credentials): Promise<Verdict> {
    const key = credentials.consumerKey?.trim();
    if (key) return this.consumer(key);
    // Its own Data API key spends no one else's: served as its address, where the operator allows it.
    if (this.allowOwnKeys && credentials.ownDataApiKey && !credentials.authorization?.trim()) return { ownKey: true };
    if (this.jwt) {
      const verdict = await this.jwt.authenticate(credentials.authorization);
      if ('identity' in verdict) {
        const limits = verdict.plan === undefined ? undefined : this.plans?.limits.get(verdict.plan);
        if (limits) this.planned.set(verdict.identity, limits);
        else this.planned.delete(verdict.identity);
      }
      return verdict;
    }
    return { refused: { reason: 'missing', description: `this gateway serves known consumers only: send your key in \`${this.consumerHeader}\`` } };
  }

  /** Whether a client is an internal consumer: it may run documents outside the trusted documents. */
  isInternal(client: string | undefined): boolean {
    return client !== undefined && this.consumers.internal.has(client);
  }

  /** A client's own limits, where it has them: a consumer's (`consumer:<name>`), or a token's plan (`jwt:<fingerprint>`). */
  limitsOf(client: string): ConsumerLimits | undefined {
    return this.consumers.byClient.get(client) ?? this.planned.get(client);
  }

  private consumer(key: string): Verdict {
    if (key.length > MAX_KEY_CHARS) return { refused: { error: 'invalid_request', reason: 'malformed', description: 'the consumer key is too long' } };
    const digest = createHash('sha256').update(key).digest();
    const found = this.consumers.byHash.get(digest.toString('hex'));
    // The map finds it by its hash (which says nothing of other keys); the compare is of equal lengths, in constant time.
    if (!found || !timingSafeEqual(digest, Buffer.from(found.keySha256, 'hex'))) {
      return { refused: { error: 'invalid_token', reason: 'unknown-consumer', description: `the key in \`${this.consumerHeader}\` is not one of this gateway's consumers` } };
    }
    return { identity: `consumer:${found.name}` };
  }
}

/** The callers the configuration names, or undefined when callers are not authenticated. */
export function callersFor(config: Config, options: Pick<CallersOptions, 'logger' | 'onReload'> = {}): Callers | undefined {
  if (!config.authJwksUrl && !config.authConsumers) return undefined;
  const jwt = config.authJwksUrl
    ? new JwtAuthenticator({
        jwksUrl: config.authJwksUrl,
        issuer: config.authIssuer,
        audience: config.authAudience,
        algorithms: config.authAlgorithms,
        clockSkewS: config.authClockSkewS,
        claim: config.authIdentityClaim,
        planClaim: config.authPlans?.claim,
      })
    : undefined;
  return new Callers(jwt, {
    consumerHeader: config.authConsumerHeader,
    consumers: config.authConsumers,
    allowOwnKeys: config.authAllowCallerKeys,
    plans: config.authPlans,
    ...options,
  });
}

/**
 * The client every per-client bound counts a request (or WebSocket upgrade) as: its verified caller
 * (`jwt:<fingerprint>`, `consumer:<name>`) when it has one, else its address (`ip:<address or /64>`,
 * TRUST_PROXY). Asked several times a request (admission, the body's budget, the context, the access
 * line, the answer's headers): the address is found once per request.
 */
export function callerClient(config: Config): (req: IncomingMessage | undefined) => string {
  const addressOf = clientAddress(config);
  const addresses = new WeakMap<IncomingMessage, string>();
  return (req) => {
    const identity = identityOf(req);
    if (identity !== undefined) return identity;
    if (!req) return Upstreams.clientOf(addressOf(req));
    let client = addresses.get(req);
    if (client === undefined) addresses.set(req, (client = Upstreams.clientOf(addressOf(req))));
    return client;
  };
}
