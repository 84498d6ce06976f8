/**
 * Admission control: how many operations run at once, and what the ones running may hold. An
 * operation is admitted once its body has been read whole (a client still sending holds nothing)
 * when the process has a free slot (MAX_OPERATIONS_IN_FLIGHT), its client has one
 * (MAX_OPERATIONS_PER_CLIENT: its address, whatever keys it sends) and the bytes the running
 * operations hold are under the process's budget (MAX_IN_FLIGHT_BYTES); otherwise it waits in a
 * short queue (MAX_QUEUED_OPERATIONS, at most ADMISSION_QUEUE_MS), in arrival order but skipping a
 * client already at its share; while the event loop is busy, a client whose recent operations cost
 * more than its fair share of the work waits there too (fair-share.ts). Past the queue it is shed:
 * 503 `OVERLOADED` (429 `RATE_LIMITED` when its own client fills its share of the queue, is held
 * by its share of the work, has spent its upstream calls of the second, or resends on a connection
 * before a 429's Retry-After has passed), with a `Retry-After` spread at random and growing
 * while the overload lasts, before anything of it is parsed and before any upstream call. While the
 * process is under pressure (heap or event loop, see pressure.ts) nothing new is admitted.
 *
 * Nothing here knows HTTP or GraphQL: http.ts and the WebSocket endpoint ask for tickets.
 */
import { FairShare, OPERATION_COST, UPSTREAM_CALL_COST } from './fair-share.js';

/** Why a request was refused admission (a fixed set: a metrics label). */
export type ShedReason = 'queue-full' | 'queue-timeout' | 'client' | 'memory' | 'event-loop' | 'websockets' | 'sse-reservations' | 'sse-streams' | 'bodies' | 'connections' | 'unread' | 'share' | 'rate' | 'retry-after';
export const SHED_REASONS: readonly ShedReason[] = ['queue-full', 'queue-timeout', 'client', 'memory', 'event-loop', 'websockets', 'sse-reservations', 'sse-streams', 'bodies', 'connections', 'unread', 'share', 'rate', 'retry-after'];

/**
 * A `Retry-After` of `base` to twice `base` seconds, drawn at random: clients refused in the same
 * second come back spread over the next ones, not all at once.
 */
export function spreadRetryAfter(base: number): number {
  return base + Math.floor(Math.random() * (base + 1));
}

/** How soon the queue is looked at again while a waiter is held only by its share of the work. */
const REWAKE_MS = 50;

/** The longest `Retry-After` given while the queue stays full (it grows by a second every QUEUE_FULL_STEP_MS). */
export const MAX_RETRY_AFTER_S = 30;
const QUEUE_FULL_STEP_MS = 5_000;

/** The refusal of a consumer at its own bound (one message for all consumers: its body is serialised once). */
const CONSUMER_LIMIT = 'This consumer already has its limit of operations running (`operationsInFlight` in AUTH_CONSUMERS) and as many waiting. Retry after the time in Retry-After.';

export interface AdmissionLimits {
  /** MAX_OPERATIONS_IN_FLIGHT */
  maxInFlight: number;
  /** MAX_OPERATIONS_PER_CLIENT: running; as many again may wait. */
  maxPerClient: number;
  /** A client's own bound in place of `maxPerClient`, where it has one (a consumer's). */
  limitOf?: (client: string) => number | undefined;
  /** MAX_QUEUED_OPERATIONS: 0 sheds at once when no slot is free. */
  maxQueued: number;
  /** ADMISSION_QUEUE_MS */
  queueMs: number;
  /** MAX_IN_FLIGHT_BYTES: the upstream answer bytes running operations may hold together. */
  maxInFlightBytes: number;
  /**
   * Whether a client has spent its upstream calls of this second (CLIENT_UPSTREAM_CALLS_PER_SECOND, or
   * its consumer's own): while the event loop is busy, its operations are then refused here rather
   * than run to fail every field that calls upstream.
   */
  callsSpent?: (client: string) => boolean;
}

/** A refusal: the HTTP status, the `Retry-After` seconds, and why. */
export interface Shed {
  status: 503 | 429;
  retryAfter: number;
  reason: ShedReason;
  message: string;
}

/** What the running operation holds: its slot, and the bytes of upstream answers it has read. */
export class Ticket {
  /** Upstream answer bytes the operations of this request have read so far. */
  bytes = 0;
  private released = false;

  constructor(
    private readonly admission: Admission,
    readonly client: string,
    /** What its client was charged for it as it started (fair-share.ts). */
    private readonly estimate: number,
  ) {}

  /** Counts bytes the operation now holds (an upstream answer read). */
  hold(bytes: number): void {
    if (this.released) return;
    this.bytes += bytes;
    this.admission.held += bytes;
  }

  /** Charges the bytes of the answer written to the client's share of the work (also after the release). */
  charge(answerBytes: number): void {
    this.admission.fairShare.charge(this.client, answerBytes);
  }

  /** Charges the upstream calls the operation's selection may make (the guard's estimate), sent or not. */
  chargeCalls(calls: number): void {
    this.admission.fairShare.charge(this.client, calls * UPSTREAM_CALL_COST);
  }

  /** Gives the slot and the bytes back (once; later calls do nothing), settling the operation's cost with its client. */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.admission.fairShare.end(this.client, this.estimate, OPERATION_COST + this.bytes);
    this.admission.leave(this);
  }
}

interface Waiter {
  client: string;
  resolve(ticket: Ticket | Shed): void;
  timer: NodeJS.Timeout;
}

/** What `/ready` and `/metrics` report of admission. */
export interface AdmissionStats {
  inFlight: number;
  queued: number;
  inFlightBytes: number;
  /** Requests shed since start, by reason. */
  shed: Record<ShedReason, number>;
}

export class Admission {
  /** Bytes the running operations hold (their tickets' sum). */
  held = 0;
  /** What each client's recent operations cost, compared while the event loop is busy. */
  readonly fairShare: FairShare;
  /** A wake planned for the waiters held only by their share of the work (theirs decays with time, not with releases). */
  private rewake: NodeJS.Timeout | undefined;
  private running = 0;
  private readonly perClient = new Map<string, { running: number; waiting: number }>();
  private readonly queue: Waiter[] = [];
  private readonly shedCounts = Object.fromEntries(SHED_REASONS.map((reason) => [reason, 0])) as Record<ShedReason, number>;
  /** Since when requests have been refused for want of a slot, without a calm spell (undefined once the queue has emptied). */
  private fullSince: number | undefined;
  private lastRefusalAt = 0;
  /** The refusals' messages, written once. */
  private readonly messages: Record<'memory' | 'event-loop' | 'client' | 'share' | 'rate' | 'retry-after' | 'queue-full' | 'queue-timeout', string>;

  constructor(
    readonly limits: AdmissionLimits,
    /** What stops all admission while it holds (heap or event-loop pressure), with its reason. */
    private readonly pressure: () => 'memory' | 'event-loop' | undefined = () => undefined,
    /** Told of each refusal (metrics). */
    private readonly onShed: (reason: ShedReason) => void = () => undefined,
    /** Whether the event loop is busy: clients past their share of the work then wait (fair-share.ts). */
    private readonly busy: () => boolean = () => false,
    fairShare = new FairShare(),
  ) {
    this.fairShare = fairShare;
    const full = 'The gateway is overloaded: every slot is taken (MAX_OPERATIONS_IN_FLIGHT, MAX_IN_FLIGHT_BYTES) and';
    this.messages = {
      memory: 'The gateway is overloaded: its memory is nearly full (MEMORY_LIMIT_MB). Retry after the time in Retry-After.',
      'event-loop': 'The gateway is overloaded: its event loop is lagging. Retry after the time in Retry-After.',
      share: `While the gateway is busy, this client's recent operations have cost more than its share of the work (their answers are many or large), and it did not come back within it in ${limits.queueMs} ms (ADMISSION_QUEUE_MS). Retry after the time in Retry-After.`,
      rate: 'While the gateway is busy, this client has spent its upstream calls of this second (CLIENT_UPSTREAM_CALLS_PER_SECOND, or its consumer\'s own): its operation would fail every field that calls upstream. Retry after the time in Retry-After.',
      'retry-after': 'While the gateway is busy, a request sent on a connection before the Retry-After of the 429 it was last given has passed is refused unread. Wait the time in Retry-After before sending again on this connection.',
      client: `This client already has ${limits.maxPerClient} operations running and as many waiting (MAX_OPERATIONS_PER_CLIENT). Retry after the time in Retry-After.`,
      'queue-full': `${full} the queue is full (MAX_QUEUED_OPERATIONS). Retry after the time in Retry-After.`,
      'queue-timeout': `${full} none came free within ${limits.queueMs} ms (ADMISSION_QUEUE_MS). Retry after the time in Retry-After.`,
    };
  }

  /**
   * A ticket at once when the client may run now; else a wait in the queue (a promise of a ticket or,
   * past ADMISSION_QUEUE_MS, a refusal); else a refusal at once.
   */
  admit(client: string): Ticket | Shed | Promise<Ticket | Shed> {
    const refused = this.refusalNow(client);
    if (refused) return refused;
    // First come, first served without a scan here: every change that can let a waiter run (a
    // ticket's release, the end of pressure) wakes the queue at once, so while there is room the
    // queue holds only clients at their share, whom a newcomer of another client may pass.
    if (this.hasRoom() && this.clientMayRun(client)) return this.start(client);
    return new Promise<Ticket | Shed>((resolve) => {
      const waiter: Waiter = {
        client,
        resolve,
        timer: setTimeout(() => {
          const at = this.queue.indexOf(waiter);
          if (at === -1) return;
          this.queue.splice(at, 1);
          this.unwait(client);
          // Held only by its share of the work: its own doing, not the gateway's want of slots.
          if (this.hasRoom() && this.overShare(client)) {
            resolve(this.shed(this.ownRefusal('share')));
          } else resolve(this.shed(this.overloaded('queue-timeout')));
        }, this.limits.queueMs),
      };
      this.queue.push(waiter);
      const entry = this.perClient.get(client) ?? { running: 0, waiting: 0 };
      entry.waiting++;
      this.perClient.set(client, entry);
      // Queued with room to spare: held by its share of the work, which decays with time.
      if (this.hasRoom()) this.planRewake();
    });
  }

  /**
   * The refusal `admit` would give at once (counted as one), or undefined when the client may run or
   * wait: asked before a request's body is read too, so that a request refused then costs no read
   * (one let through may still be refused when it asks for its ticket).
   */
  refusalNow(client: string): Shed | undefined {
    const pressure = this.pressure();
    if (pressure) return this.shed({ status: 503, retryAfter: spreadRetryAfter(5), reason: pressure, message: this.messages[pressure] });
    // Its calls are spent: run now, it would only fail them, at the cost of running it (a client
    // resending at once past its rate is otherwise a stream of cheap-to-charge, costly-to-run operations).
    if (this.busy() && this.limits.callsSpent?.(client)) return this.shed(this.ownRefusal('rate'));
    if (this.hasRoom() && this.clientMayRun(client)) return undefined;
    const own = this.limits.limitOf?.(client);
    if ((this.perClient.get(client)?.waiting ?? 0) >= (own ?? this.limits.maxPerClient)) {
      return this.shed(this.ownRefusal('client', own === undefined ? this.messages.client : CONSUMER_LIMIT));
    }
    if (this.queue.length >= this.limits.maxQueued) return this.shed(this.overloaded('queue-full'));
    return undefined;
  }

  /**
   * The refusal (counted) of a request sent too soon, on a connection told to wait by a 429 whose
   * Retry-After has not passed, while the event loop is busy; else undefined. Such a client resends
   * the moment it is refused: run within its share, its operations are what the honest ones lose.
   */
  tooSoonRefusal(): Shed | undefined {
    return this.busy() ? this.shed(this.ownRefusal('retry-after')) : undefined;
  }

  /**
   * The refusal (counted) while heap or event-loop pressure holds, else undefined: for what takes no
   * slot but must not start now (a WebSocket upgrade), whatever its client's own bounds say.
   */
  pressureRefusal(): Shed | undefined {
    const pressure = this.pressure();
    return pressure ? this.shed({ status: 503, retryAfter: spreadRetryAfter(5), reason: pressure, message: this.messages[pressure] }) : undefined;
  }

  stats(): AdmissionStats {
    return { inFlight: this.running, queued: this.queue.length, inFlightBytes: this.held, shed: { ...this.shedCounts } };
  }

  /** Counts a refusal made elsewhere for the same reasons (a WebSocket past MAX_WEBSOCKETS, a graphql-sse reservation or stream past its bound). */
  count(reason: ShedReason): void {
    this.shedCounts[reason]++;
    this.onShed(reason);
  }

  /** Called by a ticket's release. */
  leave(ticket: Ticket): void {
    this.running--;
    this.held -= ticket.bytes;
    const entry = this.perClient.get(ticket.client);
    if (entry) {
      entry.running--;
      if (entry.running <= 0 && entry.waiting <= 0) this.perClient.delete(ticket.client);
    }
    this.wake();
  }

  /**
   * Admits waiters in order, skipping clients at their share, while there is room (also when pressure
   * ends). While the loop is busy, a waiter whose client's upstream calls of this second have been
   * spent since it queued (by its own operations that ran meanwhile) is refused as `refusalNow` would.
   */
  wake(): void {
    if (this.queue.length === 0) this.fullSince = undefined;
    if (this.queue.length === 0 || this.pressure()) return;
    const busy = this.busy();
    // Clients found unable to run in this pass are skipped unasked for the rest of it: one client's
    // many waiters cost one look per release, not one each.
    const held = new Set<string>();
    let heldForShare = false;
    for (let i = 0; i < this.queue.length && this.hasRoom(); ) {
      const waiter = this.queue[i]!;
      if (held.has(waiter.client)) {
        i++;
        continue;
      }
      const spent = busy && this.limits.callsSpent?.(waiter.client) === true;
      if (!spent && !this.clientMayRun(waiter.client)) {
        held.add(waiter.client);
        heldForShare ||= this.overShare(waiter.client);
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      clearTimeout(waiter.timer);
      this.unwait(waiter.client);
      waiter.resolve(spent ? this.shed(this.ownRefusal('rate')) : this.start(waiter.client));
    }
    // A waiter held only for its share of the work may run once its cost has decayed or the loop is
    // no longer busy, with no release to say so: look again shortly.
    if (heldForShare && this.hasRoom()) this.planRewake();
  }

  private planRewake(): void {
    if (this.rewake) return;
    this.rewake = setTimeout(() => {
      this.rewake = undefined;
      this.wake();
    }, REWAKE_MS);
    this.rewake.unref();
  }

  private hasRoom(): boolean {
    return this.running < this.limits.maxInFlight && this.held < this.limits.maxInFlightBytes;
  }

  private clientMayRun(client: string): boolean {
    return (this.perClient.get(client)?.running ?? 0) < (this.limits.limitOf?.(client) ?? this.limits.maxPerClient) && !this.overShare(client);
  }

  /** Whether the event loop is busy and `client` has cost more than its share of the work lately. */
  private overShare(client: string): boolean {
    return this.busy() && this.fairShare.overShare(client);
  }

  private start(client: string): Ticket {
    this.running++;
    const entry = this.perClient.get(client) ?? { running: 0, waiting: 0 };
    entry.running++;
    this.perClient.set(client, entry);
    return new Ticket(this, client, this.fairShare.begin(client));
  }

  /** A refusal for the client's own doing (429, `Retry-After` 1-2 s), not the process's want of room. */
  private ownRefusal(reason: 'client' | 'share' | 'rate' | 'retry-after', message: string = this.messages[reason]): Shed {
    return { status: 429, retryAfter: spreadRetryAfter(1), reason, message };
  }

  private unwait(client: string): void {
    const entry = this.perClient.get(client);
    if (!entry) return;
    entry.waiting--;
    if (entry.running <= 0 && entry.waiting <= 0) this.perClient.delete(client);
  }

  /**
   * A refusal for want of a slot. Its `Retry-After` grows the longer the queue has stayed full (a
   * second more every 5 s, up to MAX_RETRY_AFTER_S), spread at random, so that a lasting overload
   * sends its crowd away for longer, and not back all at once.
   */
  private overloaded(reason: 'queue-full' | 'queue-timeout'): Shed {
    const now = Date.now();
    // A refusal after a calm spell (none for a step) starts a new overload.
    if (this.fullSince === undefined || now - this.lastRefusalAt > QUEUE_FULL_STEP_MS) this.fullSince = now;
    this.lastRefusalAt = now;
    const base = Math.min(MAX_RETRY_AFTER_S, 1 + Math.floor((now - this.fullSince) / QUEUE_FULL_STEP_MS));
    return { status: 503, retryAfter: Math.min(MAX_RETRY_AFTER_S, spreadRetryAfter(base)), reason, message: this.messages[reason] };
  }

  private shed(shed: Shed): Shed {
    this.count(shed.reason);
    return shed;
  }
}

/** Whether `admit` refused. */
export function isShed(value: Ticket | Shed): value is Shed {
  return !(value instanceof Ticket);
}
