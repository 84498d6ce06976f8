/**
 * The hub of live subscriptions: one poller per subject (e.g. the blocks of one chain, read with one
 * API key), however many subscribers it has. A poller starts with its first subscriber and stops
 * (its timer cleared, nothing more sent) when the last one leaves; each subscriber is an async
 * iterator that a closed connection ends through `return()`. Each client may hold at most
 * `maxPerClient` subscriptions. Nothing here knows GraphQL or HTTP.
 *
 * With a coordinator (Redis, see coordinator.ts), the hubs of several replicas elect one poller per
 * subject between them: the replica holding the subject's lease polls and publishes what it finds;
 * the others (followers) poll nothing and pass the published events to their subscribers. A follower
 * tries to take the lease over every `leaseMs / 2` (at once when the leader lets it go), so a
 * replica that dies or loses its last subscriber is replaced; the new leader's feed resumes after
 * the last event it passed on. When the coordinator cannot be asked (Redis down), every replica
 * polls for itself, as without one.
 */

/** What one poll found: new events, in order, and whether the subject is finished (no more events). */
export interface FeedStep<T> {
  events: T[];
  done?: boolean;
}

/** A subject's upstream reader, stateful across polls (it remembers what it has already seen). */
export interface Feed<T> {
  poll(): Promise<FeedStep<T>>;
  /** A subscriber that joins an existing poller first gets the latest event (a status, not a log). */
  replayLatest?: boolean;
  /** A fresh feed taking over from another replica's: what it must count as seen (the last event passed on). */
  resume?(latest: T): void;
}

/** What a subject's leader tells the other replicas. */
export type LinkMessage = { events: unknown[] } | { done: true } | { fatal: true } | { released: true };

/** One subject's connection to the other replicas. */
export interface SubjectLink {
  /** Takes or keeps the subject's lease: `leader` polls; `follower` listens. Resolves `leader` when the coordinator cannot be asked. */
  claim(): Promise<'leader' | 'follower'>;
  /** Tells the followers (fire and forget). */
  publish(message: LinkMessage): void;
  /** Gives the lease up (if held) and stops listening. */
  release(leader: boolean): void;
}

/** Elects one poller per subject across replicas. */
export interface PollerCoordinator {
  /** How long a lease lasts unless renewed; the leader renews it every third of it. */
  leaseMs: number;
  /** Listens to the subject's messages (before `claim` resolves, nothing published after it is missed). */
  link(subject: string, onMessage: (message: LinkMessage) => void): SubjectLink;
}

/**
 * An item of a subscriber's stream: an event, or the error that ends the stream (then nothing more).
 * `arrivedAt` is when the event reached this process (`performance.now()`: polled here, or from the
 * leader through Redis), for the delivery lag; a replay of the latest event to a new subscriber has none.
 */
export type LiveItem<T> = { value: T; arrivedAt?: number } | { error: Error };

/** A subscriber past its client's limit. */
export class SubscriptionLimitError extends Error {
  constructor(
    readonly limit: number,
    /** Whose limit: the client's (MAX_SUBSCRIPTIONS_PER_CLIENT) or the process's (MAX_SUBSCRIPTIONS). */
    readonly scope: 'client' | 'process' = 'client',
  ) {
    super(
      scope === 'client'
        ? `this client already holds ${limit} live subscriptions (MAX_SUBSCRIPTIONS_PER_CLIENT): close one before opening another`
        : `the gateway holds its maximum of ${limit} live subscriptions (MAX_SUBSCRIPTIONS): retry later`,
    );
    this.name = 'SubscriptionLimitError';
  }
}

/** Most events waiting for a subscriber that does not read, unless HubOptions say otherwise. */
export const MAX_QUEUE = 1000;

export interface HubOptions {
  /** Time between the end of one poll and the start of the next. */
  pollMs: number;
  /** Most open subscriptions per client. */
  maxPerClient: number;
  /** A client's own limit in place of `maxPerClient`, where it has one. */
  limitOf?: (client: string) => number | undefined;
  /** Most open subscriptions over all clients (unbounded when absent). */
  maxTotal?: number;
  /** Most events waiting for a subscriber that does not read; past it, it is ended with an error. */
  maxQueue?: number;
  /** Told of each subscriber so ended (for metrics). */
  onOverflow?(): void;
  /** Longest wait after repeated failures. */
  maxBackoffMs?: number;
  /** How a poll failure is handled: end every subscriber (fatal), or retry after a wait (ms; undefined = backoff). */
  classify(error: unknown): { fatal: true } | { fatal: false; retryAfterMs?: number };
  /** Told of each failed poll (for logs). */
  onPollError?(subject: string, error: unknown): void;
  /** Elects one poller per subject across replicas (Redis); without it every hub polls for itself. */
  coordinator?: PollerCoordinator;
}

export interface PollerStats {
  subject: string;
  subscribers: number;
  /** Polls started since the poller started. */
  polls: number;
  /** `local` without a coordinator; else whether this replica polls (`leader`) or listens (`follower`, `joining`). */
  role: 'local' | 'joining' | 'leader' | 'follower';
}

export class LiveHub {
  private readonly pollers = new Map<string, Poller<unknown>>();
  private readonly perClient = new Map<string, number>();
  /** Open subscriptions over all clients (the sum of `perClient`). */
  private open = 0;
  private closed = false;
  /** Polls started by every poller since the hub started. */
  private polls = 0;

  constructor(readonly options: HubOptions) {}

  /**
   * A stream of the subject's events for one client, starting the subject's poller unless it runs.
   * Throws SubscriptionLimitError past the client's limit (nothing is started then). With `null` for
   * the client, a stream that a transport serves to an audience whose subscribers each hold a slot.
   */
  subscribe<T>(client: string | null, subject: string, feed: () => Feed<T>): AsyncIterableIterator<LiveItem<T>> {
    // An audience's stream (client null) holds no slot: its subscribers hold theirs (`reserve`).
    if (this.closed) throw new Error('the gateway is shutting down');
    const release = client === null ? () => {} : this.reserve(client);
    let poller = this.pollers.get(subject) as Poller<T> | undefined;
    // A stopped poller stays listed until its last poll has settled; a new subscriber starts afresh.
    if (!poller || poller.stopped) {
      const started: Poller<T> = new Poller<T>(subject, feed, this.options, {
        onPoll: () => this.polls++,
        onStop: () => {
          if (this.pollers.get(subject) === started) this.pollers.delete(subject);
        },
      });
      this.pollers.set(subject, started as Poller<unknown>);
      poller = started;
    }
    const owner = poller;
    const stream = new Stream<T>(this.options.maxQueue ?? MAX_QUEUE, () => this.options.onOverflow?.(), () => {
      release();
      owner.leave(stream);
    });
    poller.join(stream);
    return stream;
  }

  /**
   * Takes one of the client's subscription slots without a stream of its own: for a subscriber that
   * a transport serves from another subscriber's stream (a shared graphql-ws operation). Throws
   * SubscriptionLimitError past a limit; the function returned gives the slot back (once).
   */
  reserve(client: string): () => void {
    if (this.closed) throw new Error('the gateway is shutting down');
    const held = this.perClient.get(client) ?? 0;
    const limit = this.options.limitOf?.(client) ?? this.options.maxPerClient;
    if (held >= limit) throw new SubscriptionLimitError(limit);
    if (this.open >= (this.options.maxTotal ?? Infinity)) throw new SubscriptionLimitError(this.options.maxTotal!, 'process');
    this.perClient.set(client, held + 1);
    this.open++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open--;
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left > 0) this.perClient.set(client, left);
      else this.perClient.delete(client);
    };
  }

  /** The subscriptions open over all clients. */
  openSubscriptions(): number {
    return this.open;
  }

  /** The pollers, running or with a poll still out (a poller is listed until its last call has settled). */
  stats(): { pollers: PollerStats[]; subscriptions: number; polls: number } {
    return { pollers: [...this.pollers.values()].map((p) => p.stats()), subscriptions: this.open, polls: this.polls };
  }

  /** Ends every subscription (their streams complete) and stops every poller; refuses new ones. */
  close(): void {
    this.closed = true;
    for (const poller of [...this.pollers.values()]) poller.endAll();
  }
}

class Poller<T> {
  private readonly subscribers = new Set<Stream<T>>();
  private timer: NodeJS.Timeout | undefined;
  stopped = false;
  private polling = false;
  private polls = 0;
  private failures = 0;
  private latest: { value: T } | undefined;
  private feed: Feed<T>;
  /** The current feed has been polled (a new leader term needs a fresh one). */
  private feedUsed = false;
  private role: PollerStats['role'];
  private readonly link: SubjectLink | undefined;
  /** The leader's lease renewal, or the follower's next claim. */
  private leaseTimer: NodeJS.Timeout | undefined;
  private claiming = false;

  constructor(
    private readonly subject: string,
    private readonly makeFeed: () => Feed<T>,
    private readonly options: HubOptions,
    private readonly events: { onPoll(): void; onStop(): void },
  ) {
    this.feed = makeFeed();
    const coordinator = options.coordinator;
    if (!coordinator) {
      this.role = 'local';
      this.schedule(0);
      return;
    }
    this.role = 'joining';
    this.link = coordinator.link(subject, (message) => this.onMessage(message));
    void this.claim();
  }

  join(stream: Stream<T>): void {
    this.subscribers.add(stream);
    if (this.feed.replayLatest && this.latest) stream.push({ value: this.latest.value });
  }

  leave(stream: Stream<T>): void {
    this.subscribers.delete(stream);
    if (this.subscribers.size === 0) this.stop();
  }

  stats(): PollerStats {
    return { subject: this.subject, subscribers: this.subscribers.size, polls: this.polls, role: this.role };
  }

  endAll(error?: Error): void {
    this.stop();
    for (const stream of [...this.subscribers]) stream.finish(error);
  }

  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    clearTimeout(this.leaseTimer);
    this.leaseTimer = undefined;
    this.link?.release(this.role === 'leader');
    // A poll still out ends the poller when it settles (see tick).
    if (!this.polling) this.events.onStop();
  }

  /** Takes (or keeps) the lease and acts on the answer; then checks again after a while. */
  private async claim(): Promise<void> {
    if (this.stopped || !this.link || this.claiming) return;
    this.claiming = true;
    let role: 'leader' | 'follower';
    try {
      role = await this.link.claim();
    } finally {
      this.claiming = false;
    }
    if (this.stopped) return;
    if (role === 'leader' && this.role !== 'leader') this.lead();
    else if (role === 'follower' && this.role !== 'follower') this.follow();
    const coordinator = this.options.coordinator!;
    clearTimeout(this.leaseTimer);
    this.leaseTimer = setTimeout(() => void this.claim(), role === 'leader' ? coordinator.leaseMs / 3 : coordinator.leaseMs / 2);
  }

  /** Starts polling: with a fresh feed that resumes after the last event passed on, unless this one is unused. */
  private lead(): void {
    this.role = 'leader';
    if (this.feedUsed) {
      this.feed = this.makeFeed();
      this.feedUsed = false;
    }
    if (this.latest) this.feed.resume?.(this.latest.value);
    this.failures = 0;
    if (!this.polling) this.schedule(0);
  }

  /** Stops polling (another replica's poller leads); its events arrive as messages. */
  private follow(): void {
    this.role = 'follower';
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private onMessage(message: LinkMessage): void {
    if (this.stopped) return;
    if ('released' in message) {
      if (this.role === 'follower') void this.claim();
      return;
    }
    if (this.role !== 'follower') return;
    if ('events' in message) {
      const arrivedAt = performance.now();
      for (const value of message.events as T[]) {
        this.latest = { value };
        for (const stream of this.subscribers) stream.push({ value, arrivedAt });
      }
    } else if ('done' in message) {
      this.endAll();
    } else {
      // The leader's feed failed for good: poll here once, so subscribers get the real error.
      clearTimeout(this.leaseTimer);
      this.leaseTimer = undefined;
      this.lead();
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), ms);
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    if (this.stopped || this.role === 'follower' || this.role === 'joining') return;
    this.polls++;
    this.events.onPoll();
    this.polling = true;
    try {
      await this.poll();
    } finally {
      this.polling = false;
      if (this.stopped) this.events.onStop();
    }
  }

  private async poll(): Promise<void> {
    let wait = this.options.pollMs;
    this.feedUsed = true;
    try {
      const step = await this.feed.poll();
      // The last subscriber may have left while the poll was out: its answer goes nowhere.
      if (this.stopped) return;
      this.failures = 0;
      const arrivedAt = performance.now();
      for (const value of step.events) {
        this.latest = { value };
        for (const stream of this.subscribers) stream.push({ value, arrivedAt });
      }
      if (step.events.length > 0 && this.role === 'leader') this.link?.publish({ events: step.events });
      if (step.done) {
        if (this.role === 'leader') this.link?.publish({ done: true });
        return this.endAll();
      }
    } catch (error) {
      if (this.stopped) return;
      this.options.onPollError?.(this.subject, error);
      const verdict = this.options.classify(error);
      if (verdict.fatal) {
        if (this.role === 'leader') this.link?.publish({ fatal: true });
        return this.endAll(error instanceof Error ? error : new Error(String(error)));
      }
      this.failures++;
      const backoff = Math.min(this.options.pollMs * 2 ** this.failures, this.options.maxBackoffMs ?? 30_000);
      wait = Math.max(verdict.retryAfterMs ?? backoff, this.options.pollMs);
    }
    // Lost the lease while polling: the other leader's events arrive as messages now.
    if (this.role === 'follower') return;
    this.schedule(wait);
  }
}

/**
 * One subscriber's stream. `finish` (by the poller) lets it drain what is queued, then ends it, with
 * the error as a last item when there is one; `return` (by the consumer, e.g. a closed connection)
 * ends it at once. Either way `release` runs exactly once.
 */
class Stream<T> implements AsyncIterableIterator<LiveItem<T>> {
  private readonly queue: LiveItem<T>[] = [];
  private waiting: ((result: IteratorResult<LiveItem<T>>) => void) | undefined;
  private finished = false;
  private released = false;

  constructor(
    private readonly maxQueue: number,
    private readonly onOverflow: () => void,
    private readonly release: () => void,
  ) {}

  push(item: LiveItem<T>): void {
    if (this.finished) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value: item, done: false });
      return;
    }
    this.queue.push(item);
    if (this.queue.length > this.maxQueue) {
      this.queue.length = 0;
      this.onOverflow();
      this.finish(new Error(`the subscriber did not read its last ${this.maxQueue} events in time`));
    }
  }

  /** No more events: what is queued is still read, then the error (if any), then the end. */
  finish(error?: Error): void {
    if (this.finished) return;
    if (error) this.queue.push({ error });
    this.finished = true;
    this.free();
    if (this.waiting && this.queue.length === 0) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value: undefined, done: true });
    } else if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value: this.queue.shift()!, done: false });
    }
  }

  next(): Promise<IteratorResult<LiveItem<T>>> {
    const item = this.queue.shift();
    if (item) return Promise.resolve({ value: item, done: false });
    if (this.finished) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  return(): Promise<IteratorResult<LiveItem<T>>> {
    this.queue.length = 0;
    this.finish();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<LiveItem<T>> {
    return this;
  }

  private free(): void {
    if (this.released) return;
    this.released = true;
    this.release();
  }
}
