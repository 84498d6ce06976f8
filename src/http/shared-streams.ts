/**
 * One stream of answers for the whole audience of a graphql-ws subscription. Subscribers whose
 * operation may be shared across clients (src/plugins/event-contexts.ts decides: same document,
 * operation name, variables and key partition, and nothing in it reads an upstream) are served from
 * the first one's stream: it is executed once per event, each answer is serialised once, and the
 * fan-out is only the sends. Each subscriber still runs every check before it joins (its own
 * operation, admission, access line and subscription slot), is counted per event in the metrics,
 * and leaves on its own; the stream ends when the last one leaves (or when its subject ends, ending
 * every subscriber's as graphql-ws would). A subscriber whose socket falls more than
 * SHARED_MAX_UNSENT_BYTES behind is closed with 1013 (try again later: graphql-ws clients reconnect)
 * and counted as an overflow, so one slow reader never holds the others or unbounded memory.
 */
import type { ExecutionResult } from 'graphql';
import { isAsyncIterable } from 'graphql-yoga';
import type { WebSocket } from 'ws';
import type { StreamSharing } from '../plugins/event-contexts.js';
import { streamedResult, type RequestLog } from '../observability/request-log.js';

/** Bytes a subscriber's socket may hold unsent before it counts as not reading (about a thousand small events). */
export const SHARED_MAX_UNSENT_BYTES = 1024 * 1024;

/** The close code of a subscriber that fell behind: RFC 6455's "try again later", which graphql-ws clients retry. */
const FELL_BEHIND = 1013;

/** One subscriber of a shared stream: its operation's id on its socket. */
export interface StreamMember {
  id: string;
  socket: WebSocket;
  log: RequestLog;
}

export interface SharedStreamsOptions {
  /** Told of each event sent to a subscriber: whether it was executed for it, and its lag since the event reached the process. */
  onEvent?(executed: boolean, lagSeconds?: number): void;
  /** Told of each subscriber closed for falling behind. */
  onOverflow?(): void;
}

type Result = ExecutionResult | AsyncIterable<ExecutionResult>;

export class SharedStreams {
  private readonly streams = new Map<string, SharedStream>();
  /** The stream each operation's plugin pinned, until the transport settles it. */
  private readonly pinned = new WeakMap<StreamSharing, SharedStream>();

  constructor(private readonly options: SharedStreamsOptions = {}) {}

  /** What an operation's server context carries, for the plugin to fill in. */
  sharing(): StreamSharing {
    const sharing: StreamSharing = {
      pin: (key) => {
        const stream = this.streams.get(key);
        if (!stream) return false;
        stream.pins++;
        this.pinned.set(sharing, stream);
        return true;
      },
    };
    return sharing;
  }

  /**
   * After the operation ran: the stream graphql-ws should iterate for this subscriber when it is
   * served from a shared stream (it yields nothing: the shared stream sends its answers), else
   * undefined (graphql-ws serves `result` itself). Settles the pin the plugin may have taken.
   */
  attach(sharing: StreamSharing, result: Result | undefined, member: StreamMember): AsyncIterableIterator<ExecutionResult> | undefined {
    const pinned = this.unpin(sharing);
    const { key, slot } = sharing;
    if (key === undefined || !slot) {
      pinned?.endIfIdle();
      return undefined;
    }
    const own = result && isAsyncIterable(result) ? result : undefined;
    // The running stream of its key: the one pinned for it, or one that started while this one opened
    // its own (two first subscribers at once). Its own stream, if any, is closed.
    const running = pinned && !pinned.ended ? pinned : sharing.joined ? undefined : this.streams.get(key);
    if (running) {
      if (own) void own[Symbol.asyncIterator]().return?.();
      return running.join(member, slot);
    }
    pinned?.endIfIdle();
    // Refused before its stream opened (graphql-ws sends the errors), or the stream it was to join
    // ended meanwhile (its subject did: the empty stream it got ends at once).
    if (!own || sharing.joined) {
      slot();
      return undefined;
    }
    const stream = new SharedStream(own, this.options, () => {
      if (this.streams.get(key) === stream) this.streams.delete(key);
    });
    this.streams.set(key, stream);
    sharing.delivered = (executed, arrivedAt) => stream.noted.push({ executed, arrivedAt });
    const served = stream.join(member, slot);
    void stream.pump();
    return served;
  }

  /** When the operation failed before `attach`: lets go of its pin and of its slot. */
  abandon(sharing: StreamSharing): void {
    const pinned = this.unpin(sharing);
    sharing.slot?.();
    pinned?.endIfIdle();
  }

  /** The stream pinned for this operation, if any, its pin given back. */
  private unpin(sharing: StreamSharing): SharedStream | undefined {
    const pinned = this.pinned.get(sharing);
    if (!pinned) return undefined;
    this.pinned.delete(sharing);
    pinned.pins--;
    return pinned;
  }

  /** The shared streams running and their subscribers (for tests and metrics). */
  stats(): { streams: number; subscribers: number } {
    let subscribers = 0;
    for (const stream of this.streams.values()) subscribers += stream.size;
    return { streams: this.streams.size, subscribers };
  }
}

/** A subscriber's place in a shared stream: the frame prefix of its answers, and how its graphql-ws stream ends. */
interface Seat {
  member: StreamMember;
  /** `{"id":…,"type":"next","payload":`: the subscriber's part of each message. */
  prefix: string;
  release: () => void;
  end(error?: Error): void;
}

class SharedStream {
  private readonly seats = new Set<Seat>();
  /** Subscribers that have been promised a seat and not taken it yet (StreamSharing.pin). */
  pins = 0;
  /** Each event's note from the first subscriber's pipeline, in order (StreamSharing.delivered). */
  readonly noted: { executed: boolean; arrivedAt: number | undefined }[] = [];
  /** Its source has ended or been stopped: no one joins it any more. */
  ended = false;
  private readonly source: AsyncIterator<ExecutionResult>;

  constructor(
    result: AsyncIterable<ExecutionResult>,
    private readonly options: SharedStreamsOptions,
    private readonly onEnd: () => void,
  ) {
    this.source = result[Symbol.asyncIterator]();
  }

  get size(): number {
    return this.seats.size;
  }

  /** A subscriber's graphql-ws stream: it yields nothing, and ends when the shared stream does (or throws its error). */
  join(member: StreamMember, release: () => void): AsyncIterableIterator<ExecutionResult> {
    let finish: ((result: IteratorResult<ExecutionResult>) => void) | undefined;
    let fail: ((error: Error) => void) | undefined;
    const settled = new Promise<IteratorResult<ExecutionResult>>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
    // graphql-ws may not read it (an operation completed while it ran): an end nobody awaits is not an unhandled rejection.
    settled.catch(() => {});
    const seat: Seat = {
      member,
      prefix: `{"id":${JSON.stringify(member.id)},"type":"next","payload":`,
      release,
      end: (error) => (error ? fail!(error) : finish!({ value: undefined, done: true })),
    };
    this.seats.add(seat);
    const leave = () => {
      if (!this.seats.delete(seat)) return;
      seat.release();
      seat.end();
      this.endIfIdle();
    };
    return {
      next: () => settled,
      return: () => {
        leave();
        return Promise.resolve({ value: undefined, done: true });
      },
      throw: (error: unknown) => {
        leave();
        return Promise.reject(error);
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }

  /** Stops the source once no subscriber is left or promised. */
  endIfIdle(): void {
    if (this.ended || this.seats.size > 0 || this.pins > 0) return;
    this.ended = true;
    this.onEnd();
    void this.source.return?.();
  }

  /** Reads the source and sends each answer to every subscriber; ends them all with it. */
  async pump(): Promise<void> {
    let failure: Error | undefined;
    try {
      for (;;) {
        const step = await this.source.next();
        if (step.done || this.ended) break;
        this.fanOut(step.value);
      }
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    }
    if (!this.ended) {
      this.ended = true;
      this.onEnd();
    }
    for (const seat of [...this.seats]) {
      this.seats.delete(seat);
      seat.release();
      seat.end(failure);
    }
  }

  private fanOut(result: ExecutionResult): void {
    const noted = this.noted.shift();
    const arrivedAt = noted?.arrivedAt;
    // An answer without errors is the same text for everyone; errors carry each subscriber's request id.
    const personal = Boolean(result.errors?.length);
    let shared: string | undefined;
    let first = true;
    for (const seat of [...this.seats]) {
      const { socket, log } = seat.member;
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > SHARED_MAX_UNSENT_BYTES) {
        this.options.onOverflow?.();
        socket.close(FELL_BEHIND, `fell behind: over ${SHARED_MAX_UNSENT_BYTES} bytes of answers unsent`);
        continue;
      }
      const payload = personal ? JSON.stringify(streamedResult(result, log)) : (shared ??= JSON.stringify(streamedResult(result, log)));
      socket.send(`${seat.prefix}${payload}}`);
      this.options.onEvent?.(first ? (noted?.executed ?? true) : false, arrivedAt === undefined ? undefined : (performance.now() - arrivedAt) / 1000);
      first = false;
    }
  }
}
