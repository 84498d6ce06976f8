/**
 * The second guard, in the manner of `@fastify/under-pressure`: the process's own readings, sampled
 * a few times a second, stop admission while the heap is nearly full, the resident memory nears
 * MEMORY_LIMIT_MB, or the event loop was held past MAX_EVENT_LOOP_DELAY_MS. The byte budget of admission
 * (admission.ts) should keep these from ever firing; they catch what it does not count.
 *
 * Without flapping: pressure starts at the first reading over a high-water mark and ends only once
 * every reading has stayed under the lower mark for CALM_MS, so `/ready` (which reports it) and
 * admission change state at most once per CALM_MS while the load hovers around a threshold.
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

/** How often the readings are taken. */
export const SAMPLE_MS = 250;
/** How long every reading must stay under its low-water mark before pressure ends. */
export const CALM_MS = 5_000;
/** The heap in use, as a share of V8's heap limit, that starts pressure, and the share that may end it. */
export const HEAP_HIGH = 0.85;
export const HEAP_LOW = 0.7;
/** Resident memory, as a share of MEMORY_LIMIT_MB, that starts pressure, and the share that may end it. */
export const RSS_HIGH = 0.9;
export const RSS_LOW = 0.8;

export type PressureKind = 'memory' | 'event-loop';

export interface PressureOptions {
  /** MEMORY_LIMIT_MB, in bytes. */
  memoryLimitBytes: number;
  /** MAX_EVENT_LOOP_DELAY_MS: the sampling timer's lateness that starts pressure; 0: not watched. */
  maxEventLoopDelayMs: number;
  /** Told when pressure starts or ends (admission wakes its queue; the log says so). */
  onChange?(state: PressureKind | undefined, reading: PressureReading): void;
  /** The readings (tests give their own). */
  read?: () => PressureReading;
}

export interface PressureReading {
  heapUsed: number;
  heapLimit: number;
  rss: number;
  /** How late the sampling timer ran this period: the event loop's delay, ms. */
  eventLoopDelayMs: number;
}

export class Pressure {
  /** The pressure now: undefined when there is none. */
  state: PressureKind | undefined;
  /** When the pressure now held started (performance.now()), through any change of its kind. */
  private heldSince: number | undefined;
  /** The last reading. */
  reading: PressureReading = { heapUsed: 0, heapLimit: 0, rss: 0, eventLoopDelayMs: 0 };
  private calmSince: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** When the sampling timer last ran: how late it runs next is the event loop's delay. */
  private lastTick = 0;
  /** The event loop's busy share over the last second (0 to 1), from Node's own count. */
  utilization = 0;
  /** The loop's counts at the last samples, the oldest a second ago. */
  private readonly utilizations: EventLoopUtilization[] = [];

  constructor(private readonly options: PressureOptions) {}

  start(): this {
    if (this.timer) return this;
    this.lastTick = performance.now();
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Takes one reading and updates the state (the timer calls it; tests may too). */
  sample(now = performance.now()): void {
    this.sampleUtilization();
    const reading = this.options.read?.() ?? this.readProcess();
    this.reading = reading;
    const { memoryLimitBytes, maxEventLoopDelayMs } = this.options;
    const heapShare = reading.heapLimit > 0 ? reading.heapUsed / reading.heapLimit : 0;
    const rssShare = reading.rss / memoryLimitBytes;
    const lagging = maxEventLoopDelayMs > 0 && reading.eventLoopDelayMs > maxEventLoopDelayMs;
    const high: PressureKind | undefined = heapShare >= HEAP_HIGH || rssShare >= RSS_HIGH ? 'memory' : lagging ? 'event-loop' : undefined;
    if (high) {
      this.calmSince = undefined;
      if (this.state !== high && !(this.state === 'memory' && high === 'event-loop')) this.change(high, reading, now);
      return;
    }
    if (!this.state) return;
    const calm = heapShare < HEAP_LOW && rssShare < RSS_LOW && (maxEventLoopDelayMs === 0 || reading.eventLoopDelayMs < maxEventLoopDelayMs / 2);
    if (!calm) {
      this.calmSince = undefined;
      return;
    }
    this.calmSince ??= now;
    if (now - this.calmSince >= CALM_MS) {
      this.calmSince = undefined;
      this.change(undefined, reading, now);
    }
  }

  private sampleUtilization(): void {
    const current = performance.eventLoopUtilization();
    const oldest = this.utilizations[0];
    if (oldest) this.utilization = performance.eventLoopUtilization(current, oldest).utilization;
    this.utilizations.push(current);
    if (this.utilizations.length > 1_000 / SAMPLE_MS) this.utilizations.shift();
  }

  /** How long the pressure now held has lasted, ms (0 without pressure): what readiness waits on. */
  heldMs(now = performance.now()): number {
    return this.heldSince === undefined ? 0 : now - this.heldSince;
  }

  private change(state: PressureKind | undefined, reading: PressureReading, now: number): void {
    if (!state) this.heldSince = undefined;
    else this.heldSince ??= now;
    this.state = state;
    this.options.onChange?.(state, reading);
  }

  private readProcess(): PressureReading {
    const heap = getHeapStatistics();
    // The sampling timer's own lateness: a loop turn held for a second delays it by about that much.
    // (perf_hooks' monitorEventLoopDelay was tried: its reset between periods can drop the one long
    // delay that matters, when it lands just after the reading.)
    const now = performance.now();
    const eventLoopDelayMs = Math.max(0, now - this.lastTick - SAMPLE_MS);
    this.lastTick = now;
    return { heapUsed: heap.used_heap_size, heapLimit: heap.heap_size_limit, rss: process.memoryUsage.rss(), eventLoopDelayMs };
  }
}
