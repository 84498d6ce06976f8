/**
 * Each client's share of the work, while the process is busy. Slots bound how many operations a
 * client runs at once, not what they cost: one client asking for a heavy answer over and over runs as
 * few operations as a light one and takes many times the CPU. So every operation is charged to its
 * client: a constant for being an operation, the upstream calls its selection may make (the guard's
 * estimate: an operation whose calls are refused, say past its client's rate, still resolves and fails
 * every field that asked), and the bytes of the upstream answers it read and of the answer it wrote
 * (the work of parsing, resolving and serialising grows with them), decaying by half every
 * COST_HALF_LIFE_MS. An operation is charged as it starts at what its client's operations have cost
 * lately, and settled when it ends: a client's cost counts what it is running too.
 *
 * While the event loop is busy (over BUSY_UTILIZATION of the last second), a client whose recent cost
 * passes FAIR_SLACK (1.5) times the mean of the clients active lately waits in admission's queue until it
 * is back within it, however many slots are free: a light client is never held behind a heavy one, a
 * heavy one gets what the light ones leave, and when the process is not busy nobody waits for this.
 *
 * The clients are the admission's (addresses); at most MAX_TRACKED costs are remembered, the least
 * recent forgotten first (lru-cache). The clients "active lately" are those charged in this
 * half-life's window or the last one: a crowd gone does not go on thinning the mean.
 */
import { LRUCache } from 'lru-cache';

/** How fast a cost is forgotten: it halves every this many ms. */
export const COST_HALF_LIFE_MS = 2_000;
/** What an operation costs for being one (in bytes of answers: about the work of a small one). */
export const OPERATION_COST = 2_048;
/** What each upstream call an operation's selection may make costs it, sent or refused (the guard's estimate). */
export const UPSTREAM_CALL_COST = 1_024;
/**
 * How many times the mean cost a client may have reached while the process is busy. Among N clients
 * alike, one heavy client then takes at most FAIR_SLACK / (N + FAIR_SLACK) of the busy process; at 2,
 * one address asking for heavy answers took a tenth of 24 light clients' answers (`bench:hostile`).
 * At 1, clients alike held one another back (a client is over the mean about half the time): the
 * loop went idle a tenth of the time under that attack and the light clients lost as much.
 */
export const FAIR_SLACK = 1.5;
/** The event loop's busy share (over the last second) past which costs are compared. */
export const BUSY_UTILIZATION = 0.8;
/** The most clients whose cost is remembered. */
const MAX_TRACKED = 10_000;

interface Cost {
  value: number;
  at: number;
  /** What one of its operations has cost lately (a moving average): charged when the next one starts. */
  perOperation: number;
}

/** The weight of the latest operation in a client's moving average of cost per operation. */
const LATEST = 0.3;

const decayed = (cost: Pick<Cost, 'value' | 'at'>, now: number) => cost.value * 2 ** (-(now - cost.at) / COST_HALF_LIFE_MS);

export class FairShare {
  /** Clients' recent costs. */
  private readonly clients = new LRUCache<string, Cost>({ max: MAX_TRACKED });
  private total = { value: 0, at: 0 };
  /** The clients charged in this window and in the last one, how many in either, and when this one began. */
  private current = new Set<string>();
  private previous = new Set<string>();
  private active = 0;
  private windowStart = 0;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /**
   * Charges an operation of `client` as it starts, at what its operations have cost lately (the
   * constant for a first one), so that a client held back is let in one operation at a time, not all
   * its waiters at once before any has ended. Returns the sum charged, for `end`.
   */
  begin(client: string): number {
    const estimate = this.clients.get(client)?.perOperation ?? OPERATION_COST;
    this.charge(client, estimate);
    return estimate;
  }

  /** Settles an operation begun at `estimate` that cost `actual`, and learns from it. */
  end(client: string, estimate: number, actual: number): void {
    this.charge(client, actual - estimate, actual);
  }

  /** Charges `cost` to `client` (a negative one settles an estimate); `operation`, when given, is what a whole operation cost. */
  charge(client: string, cost: number, operation?: number): void {
    const now = this.clock();
    this.rotate(now);
    if (!this.current.has(client) && this.current.size < MAX_TRACKED) {
      this.current.add(client);
      if (!this.previous.has(client)) this.active++;
    }
    const entry = this.clients.get(client);
    const perOperation = entry?.perOperation ?? OPERATION_COST;
    this.clients.set(client, {
      value: Math.max(0, (entry ? decayed(entry, now) : 0) + cost),
      at: now,
      // A whole operation moves the average; bytes charged later (its answer) add to the last one.
      perOperation: operation === undefined ? perOperation + LATEST * cost : (1 - LATEST) * perOperation + LATEST * operation,
    });
    this.total = { value: Math.max(0, decayed(this.total, now) + cost), at: now };
  }

  /** What `client`'s operations have cost lately (decayed to now): what /metrics cannot show per client, for tests and debugging. */
  costOf(client: string): number {
    const entry = this.clients.get(client);
    return entry ? decayed(entry, this.clock()) : 0;
  }

  /** Whether `client` has cost more than FAIR_SLACK times the mean of the clients active lately (never when it is the only one). */
  overShare(client: string): boolean {
    const entry = this.clients.get(client);
    if (!entry) return false;
    const now = this.clock();
    this.rotate(now);
    if (this.active < 2) return false;
    return decayed(entry, now) > (FAIR_SLACK * decayed(this.total, now)) / this.active;
  }

  /** Starts a new window once a half-life has passed since this one began (an empty last one after a long quiet). */
  private rotate(now: number): void {
    if (now - this.windowStart < COST_HALF_LIFE_MS) return;
    const quiet = now - this.windowStart >= 2 * COST_HALF_LIFE_MS;
    this.previous = quiet ? new Set() : this.current;
    this.current = new Set();
    this.active = this.previous.size;
    this.windowStart = now;
  }
}
