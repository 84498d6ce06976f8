/**
 * What a connection may hold, whatever its client says or how slowly it reads:
 *
 * - **How many.** At most MAX_CONNECTIONS in all (Node's `server.maxConnections`: one more is closed
 *   as soon as it is accepted) and MAX_CONNECTIONS_PER_ADDRESS from one address (an IPv6 /64 counts as
 *   one): one more is held REFUSED_HOLD_MS unread, then answered a constant 503 `OVERLOADED` with
 *   `Retry-After` and closed, so that a client reconnecting at once upon a close or a refusal (a
 *   flood, a retry storm) holds a socket rather than spinning the process through connections
 *   refused by the thousand; an
 *   address holds at most a quarter of MAX_CONNECTIONS refused sockets, past which they close at
 *   once. While the event loop is busy, an address refused for its bound is refused any new
 *   connection until PAST_BOUND_MS have passed since its last refusal, even once it is back under
 *   the bound: one that reconnects as fast as it is refused would otherwise take each place its own
 *   connections free, at once, for a new batch of requests. The sockets of trusted proxies
 *   (TRUST_PROXY) are not counted per address: their clients are many.
 * - **Answers nobody takes.** Once a second every connection holding answer bytes its client has not
 *   taken (the socket's own buffer: the kernel's is full) is looked at: one that has taken nothing for
 *   WRITE_TIMEOUT_MS is closed; and while the bytes so held pass MAX_UNSENT_BYTES, the connections
 *   that have taken nothing for longest are closed until the rest fit. HTTP answers, event streams and
 *   WebSockets alike: the socket is what is watched.
 * - **Addresses that leave answers unread.** An address with MAX_UNREAD_CONNECTIONS_PER_ADDRESS
 *   connections that have taken nothing for a whole look is asking for work it will not take: for
 *   UNREAD_REFUSAL_MS after the last look that saw it so, its new connections are answered a constant
 *   429 at once and held REFUSED_HOLD_MS, unread. Its open connections go on (a neighbour behind the
 *   same NAT that reads its answers keeps its keep-alive connection); the stalled ones meet their
 *   write deadline.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { addressGroup } from '../lib/client-ip.js';

export interface ConnectionLimits {
  /** MAX_CONNECTIONS */
  maxConnections: number;
  /** MAX_CONNECTIONS_PER_ADDRESS */
  maxConnectionsPerAddress: number;
  /** WRITE_TIMEOUT_MS */
  writeTimeoutMs: number;
  /** MAX_UNSENT_BYTES */
  maxUnsentBytes: number;
  /** MAX_UNREAD_CONNECTIONS_PER_ADDRESS */
  maxUnreadConnectionsPerAddress: number;
}

/**
 * Why the gateway refused or closed a connection for what its client did (a fixed set: a metrics
 * label): past the bounds of connections, from an address that leaves its answers unread, too slow to send its request (408: its head or the whole
 * request, Node's deadlines; a gap in its body), or to take its answers.
 */
export const CONNECTION_CLOSES = ['address', 'total', 'unread', 'request-timeout', 'body-timeout', 'write-timeout', 'unsent-bytes'] as const;
export type ConnectionClose = (typeof CONNECTION_CLOSES)[number];

/** What a watched socket had taken at the last look, and since when it has taken nothing. */
interface Watch {
  /** The group its address counts in, or undefined when not counted (a trusted proxy's). */
  group: string | undefined;
  /** Bytes the kernel has accepted (written minus still buffered) at the last look. */
  sent: number;
  /** When it last took a byte while holding some (undefined: it held none at the last look). */
  stalledSince: number | undefined;
}

/** How often sockets are looked at: the deadlines are kept to within this. */
export const SWEEP_MS = 1_000;

/** The sockets refused for their address's bound: whatever request they send is not served. */
const refusedSockets = new WeakSet<Socket>();

/** Whether a socket was refused (answered 503, held until it closes): its requests are dropped. */
export function isRefused(socket: Socket | Duplex): boolean {
  return refusedSockets.has(socket as Socket);
}

/** How long a refused connection is held: one past its address's bound, before its answer; one from an address leaving answers unread, after it. */
export const REFUSED_HOLD_MS = 10_000;

/**
 * How long after its last refusal for its bound of connections an address, while the event loop is
 * busy, has its new connections refused even below the bound (each refusal starts it again).
 */
export const PAST_BOUND_MS = 10_000;

/** How long a connection answered at the end of its hold is kept for its client to read the answer. */
const REFUSED_LINGER_MS = 1_000;

/** How long an address seen leaving answers unread has its new connections refused, after the last look that saw it so. */
export const UNREAD_REFUSAL_MS = 60_000;

/** A whole answer, written as is: `status` with its reason phrase, the error's body, `Retry-After`, and a close. */
function constantAnswer(status: string, error: { message: string; code: string; reason: string }, retryAfter: number): Buffer {
  const body = JSON.stringify({ errors: [{ message: error.message, extensions: { code: error.code, reason: error.reason, retryAfter } }] });
  return Buffer.from(
    `HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nretry-after: ${retryAfter}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** The 503 a connection past its address's bound gets (or, while busy, one from an address refused for it lately). */
function addressRefusal(limit: number): Buffer {
  const message = `This address holds its maximum of ${limit} open connections (MAX_CONNECTIONS_PER_ADDRESS), or, while the gateway is busy, was refused for it less than ${PAST_BOUND_MS / 1000} s ago. Reuse a connection, or retry after the time in Retry-After.`;
  return constantAnswer('503 Service Unavailable', { message, code: 'OVERLOADED', reason: 'connections' }, 5);
}

/** The 429 a new connection from an address that leaves its answers unread gets. */
function unreadRefusal(limit: number): Buffer {
  const message = `This address has left the answers of ${limit} or more connections unread (MAX_UNREAD_CONNECTIONS_PER_ADDRESS): its new connections are refused for ${UNREAD_REFUSAL_MS / 1000} s after the last time this was seen. Read your answers, and retry after the time in Retry-After.`;
  return constantAnswer('429 Too Many Requests', { message, code: 'RATE_LIMITED', reason: 'unread' }, UNREAD_REFUSAL_MS / 1000);
}

export class Connections {
  private readonly watched = new Map<Socket, Watch>();
  private readonly perAddress = new Map<string, number>();
  /** Refused sockets still held, by address. */
  private readonly held = new Map<string, number>();
  /** Addresses seen leaving answers unread, and until when their new connections are refused. */
  private readonly unread = new Map<string, number>();
  /** Addresses refused for their bound, and until when (while busy) their new connections are refused below it too. */
  private readonly pastBound = new Map<string, number>();
  private readonly refusals: Record<'address' | 'unread', Buffer>;
  /** Refused sockets one address may have held at once: a quarter of MAX_CONNECTIONS (and at least its bound). */
  private readonly maxHeldPerAddress: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    server: Server,
    private readonly limits: ConnectionLimits,
    /** Whether a socket's address is a trusted proxy's (not counted per address). */
    private readonly isProxy: (address: string) => boolean,
    /** Told of each connection refused or closed here. */
    private readonly onRefused: (reason: ConnectionClose) => void = () => undefined,
    /** Whether the event loop is busy: an address refused for its bound lately is then refused below it too. */
    private readonly busy: () => boolean = () => false,
  ) {
    this.refusals = { address: addressRefusal(limits.maxConnectionsPerAddress), unread: unreadRefusal(limits.maxUnreadConnectionsPerAddress) };
    this.maxHeldPerAddress = Math.max(limits.maxConnectionsPerAddress, Math.floor(limits.maxConnections / 4));
    server.maxConnections = limits.maxConnections;
    server.on('drop', () => onRefused('total'));
    server.on('connection', (socket: Socket) => this.accept(socket));
    this.timer = setInterval(() => this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private accept(socket: Socket): void {
    const address = socket.remoteAddress;
    if (address === undefined) return void socket.destroy();
    const group = this.isProxy(address) ? undefined : addressGroup(address);
    if (group !== undefined) {
      const unreadUntil = this.unread.get(group);
      if (unreadUntil !== undefined) {
        if (unreadUntil > Date.now()) return this.refuse(socket, group, 'unread');
        this.unread.delete(group);
      }
      const open = this.perAddress.get(group) ?? 0;
      if (open >= this.limits.maxConnectionsPerAddress || this.refusedLately(group)) {
        this.pastBound.set(group, Date.now() + PAST_BOUND_MS);
        return this.refuse(socket, group, 'address');
      }
      this.perAddress.set(group, open + 1);
    }
    this.watched.set(socket, { group, sent: 0, stalledSince: undefined });
    socket.once('close', () => this.forget(socket));
  }

  /** Whether `group` was refused for its bound less than PAST_BOUND_MS ago and the event loop is busy. */
  private refusedLately(group: string): boolean {
    // Marks whose time has passed are forgotten by the sweep.
    const until = this.pastBound.get(group);
    return until !== undefined && until > Date.now() && this.busy();
  }

  /**
   * Holds a connection past its address's bound, reading nothing from it (what it sends waits in the
   * kernel, parsed by no one), and answers it as its hold ends (a client reads that as the answer to
   * what it sent). One from an address leaving answers unread is answered at once, then held.
   */
  private refuse(socket: Socket, group: string, why: 'address' | 'unread'): void {
    this.onRefused(why);
    refusedSockets.add(socket);
    const held = this.held.get(group) ?? 0;
    socket.on('error', () => undefined);
    if (held >= this.maxHeldPerAddress) {
      socket.end(this.refusals[why]);
      socket.destroy();
      return;
    }
    this.held.set(group, held + 1);
    socket.pause();
    let timer: NodeJS.Timeout;
    if (why === 'address') {
      // Answered at the end of the hold, not at once: a client that reconnects the moment it reads a
      // refusal (an HTTP client told `connection: close` does) then makes one refusal per hold, not
      // one per round trip. Closed a moment after the answer, so that it reaches a client that reads
      // it before the kernel drops the request it sent, unread.
      timer = setTimeout(() => {
        socket.end(this.refusals.address);
        timer = setTimeout(() => socket.destroy(), REFUSED_LINGER_MS);
        timer.unref();
      }, REFUSED_HOLD_MS);
    } else {
      socket.write(this.refusals[why]);
      timer = setTimeout(() => socket.destroy(), REFUSED_HOLD_MS);
    }
    timer.unref();
    socket.once('close', () => {
      clearTimeout(timer);
      const left = (this.held.get(group) ?? 1) - 1;
      if (left > 0) this.held.set(group, left);
      else this.held.delete(group);
    });
  }

  private forget(socket: Socket): void {
    const watch = this.watched.get(socket);
    if (!watch) return;
    this.watched.delete(socket);
    if (watch.group === undefined) return;
    const left = (this.perAddress.get(watch.group) ?? 1) - 1;
    if (left > 0) this.perAddress.set(watch.group, left);
    else this.perAddress.delete(watch.group);
  }

  /**
   * Closes the sockets past their write deadline, then the longest-stalled while the bytes held pass
   * their bound; marks the addresses with MAX_UNREAD_CONNECTIONS_PER_ADDRESS connections that took
   * nothing since the last look; forgets the marks and refusals whose time has passed.
   */
  private sweep(): void {
    const now = Date.now();
    let unsent = 0;
    const stalled: Array<[Socket, Watch, number]> = [];
    const unreadBy = new Map<string, number>();
    for (const [group, until] of this.unread) if (until <= now) this.unread.delete(group);
    for (const [group, until] of this.pastBound) if (until <= now) this.pastBound.delete(group);
    for (const [socket, watch] of this.watched) {
      const pending = socket.writableLength;
      if (pending === 0 || socket.destroyed) {
        watch.stalledSince = undefined;
        continue;
      }
      const sent = socket.bytesWritten - pending;
      if (watch.stalledSince === undefined || sent !== watch.sent) {
        watch.sent = sent;
        watch.stalledSince = now;
      } else {
        if (watch.group !== undefined) this.countUnread(unreadBy, watch.group, now);
        if (now - watch.stalledSince >= this.limits.writeTimeoutMs) {
          this.close(socket, 'write-timeout');
          continue;
        }
      }
      unsent += pending;
      stalled.push([socket, watch, pending]);
    }
    if (unsent > this.limits.maxUnsentBytes) {
      stalled.sort((a, b) => a[1].stalledSince! - b[1].stalledSince!);
      for (const [socket, , pending] of stalled) {
        if (unsent <= this.limits.maxUnsentBytes) break;
        this.close(socket, 'unsent-bytes');
        unsent -= pending;
      }
    }
  }

  /** Counts one more connection of `group` that took nothing since the last look; at the bound, refuses the address's new connections. */
  private countUnread(unreadBy: Map<string, number>, group: string, now: number): void {
    const count = (unreadBy.get(group) ?? 0) + 1;
    unreadBy.set(group, count);
    if (count >= this.limits.maxUnreadConnectionsPerAddress) this.unread.set(group, now + UNREAD_REFUSAL_MS);
  }

  private close(socket: Socket, reason: ConnectionClose): void {
    this.onRefused(reason);
    socket.destroy();
  }
}
