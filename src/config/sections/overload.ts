/** MEMORY_LIMIT_MB, what derives from it, and the bounds of admission and of the pressure guard. */
import { totalmem } from 'node:os';
import { whole } from '../parse.js';
import { Computed, derived, section, variable } from '../variable.js';

export const MIB = 1024 * 1024;

/** MEMORY_LIMIT_MB when unset: the container's (cgroup) memory limit when one is set below the machine's memory, else this. */
export const DEFAULT_MEMORY_LIMIT_MB = 512;

/** The container's memory limit in MiB (cgroup v1 or v2, as libuv reads it), or undefined when none is set. */
export function containerMemoryMb(): number | undefined {
  const limit = process.constrainedMemory?.() ?? 0;
  return limit > 0 && limit < totalmem() ? Math.floor(limit / MIB) : undefined;
}

/**
 * What derives from MEMORY_LIMIT_MB (M), as docs/operations.md#memory-and-overload explains: V8's old
 * generation (`npm start` and the image pass it as --max-old-space-size), the caches' bytes, the bytes
 * operations in flight may hold, and the admission bounds.
 */
export const MEMORY_SHARES = {
  /** The old generation: 3/5 of M (307 MiB of 512); the young one (2 × 16 MiB), code and buffers take most of the rest. */
  heap: 3 / 5,
  /** CACHE_MAX_BYTES: M/16 (32 MiB of 512). */
  upstreamCache: 1 / 16,
  /** RESPONSE_CACHE_MAX_BYTES: M/32 (16 MiB). */
  responseCache: 1 / 32,
  /** DOCUMENT_CACHE_MAX_BYTES: M/32 (16 MiB). */
  documentCache: 1 / 32,
  /** APQ_MAX_BYTES: M/64 (8 MiB). */
  apq: 1 / 64,
  /** MAX_IN_FLIGHT_BYTES: M/16 (32 MiB of upstream answers, which take several times that as objects). */
  inFlight: 1 / 16,
} as const;

/** A default of `part` of MEMORY_LIMIT_MB, in bytes. */
export const memoryShare = (part: number, shown: string) => derived('MEMORY_LIMIT_MB', (mb: number) => Math.floor(mb * MIB * part), shown);

export const overload = section('overload', {
  MEMORY_LIMIT_MB: variable(whole(128, 1_048_576), {
    primary: true,
    key: null,
    default: new Computed(`the container's memory limit (cgroup) when one is set, else \`${DEFAULT_MEMORY_LIMIT_MB}\``, () => Math.max(128, containerMemoryMb() ?? DEFAULT_MEMORY_LIMIT_MB)),
    meaning:
      'The memory the process may take, in MiB: the one memory setting. V8\'s heap limit (3/5 of it, passed by `npm start` and the image), the caches\' byte bounds, `MAX_IN_FLIGHT_BYTES` and the admission bounds derive from it.',
  }),
  MAX_OPERATIONS_IN_FLIGHT: variable(whole(1, 100_000), {
    default: derived('MEMORY_LIMIT_MB', (mb: number) => Math.max(4, Math.floor(mb / 8)), '`MEMORY_LIMIT_MB` / 8 (64 at 512)'),
    meaning:
      'The most GraphQL requests (over HTTP, and operations over WebSocket) this process runs at once; more wait in the queue, then are refused with 503 `OVERLOADED` and `Retry-After`, before any upstream call. A subscription holds a slot only until its stream starts.',
  }),
  MAX_OPERATIONS_PER_CLIENT: variable(whole(1, 100_000), {
    default: derived('MAX_OPERATIONS_IN_FLIGHT', (inFlight: number) => Math.max(1, Math.floor(inFlight / 4)), '`MAX_OPERATIONS_IN_FLIGHT` / 4 (16 at 512)'),
    meaning:
      'The most of those one client (its address, whatever API keys it sends) runs at once; as many more may wait, and past that it is refused with 429 `RATE_LIMITED` and `Retry-After`, so that one caller cannot take every slot.',
  }),
  MAX_QUEUED_OPERATIONS: variable(whole(0, 1_000_000), {
    default: derived('MAX_OPERATIONS_IN_FLIGHT', (inFlight: number) => inFlight * 4, '4 × `MAX_OPERATIONS_IN_FLIGHT` (256 at 512)'),
    meaning: 'The most requests waiting for a slot; past it a request is refused at once (503 `OVERLOADED`). `0`: no waiting.',
  }),
  ADMISSION_QUEUE_MS: variable(whole(0, 60_000), {
    default: 1_000,
    meaning: 'How long a request waits for a slot before it is refused (503 `OVERLOADED`, `Retry-After: 1`).',
  }),
  MAX_IN_FLIGHT_BYTES: variable(whole(MIB, 64 * 1024 * MIB), {
    default: memoryShare(MEMORY_SHARES.inFlight, '`MEMORY_LIMIT_MB` / 16 (32 MiB at 512)'),
    meaning:
      'The most bytes of upstream answers the operations running together hold (as their text; parsed, they take several times that); while they hold more, new requests wait or are refused. Counted as each answer is read (or taken from the cache), given back when its request ends.',
  }),
  MAX_OPERATION_BYTES: variable(whole(64 * 1024, 64 * 1024 * MIB), {
    default: derived('MAX_IN_FLIGHT_BYTES', (bytes: number) => Math.max(64 * 1024, Math.floor(bytes / 4)), '`MAX_IN_FLIGHT_BYTES` / 4 (8 MiB at 512)'),
    meaning:
      'The most bytes of upstream answers one operation may read; past it its remaining fields fail with `UPSTREAM_BUDGET_EXCEEDED` naming this variable, and the rest of the answer is kept.',
  }),
  MAX_EVENT_LOOP_DELAY_MS: variable(whole(0, 600_000), {
    default: 1_000,
    meaning:
      'The event-loop delay (how late a timer checked four times a second runs) past which nothing new is admitted until the loop is calm again for 5 s, as a heap over 85% of its limit or a resident size over 90% of `MEMORY_LIMIT_MB` does. `0`: the loop is not watched.',
  }),
  UNREADY_AFTER_PRESSURE_MS: variable(whole(0, 600_000), {
    default: 10_000,
    meaning:
      'How long memory or event-loop pressure must last before `/ready` answers 503 (it answers 200 again once the pressure has ended, after 5 s of calm): a replica that only sheds stays in its balancer\'s pool. `0`: pressure never makes the replica unready (for an orchestrator whose pool can empty, such as a Kubernetes Service).',
    see: 'operations.md#shedding-and-unready',
  }),
  MAX_WEBSOCKETS: variable(whole(1, 1_000_000), {
    key: 'maxWebSockets',
    // About 12 KiB each with one shared subscription (docs/benchmarks.md): 10,240 take ~125 MiB of 512.
    default: derived('MEMORY_LIMIT_MB', (mb: number) => 20 * mb, '20 × `MEMORY_LIMIT_MB` (10,240 at 512)'),
    meaning: 'The most WebSocket connections open at once; a further one is closed as its handshake ends with 1013 (try again later), which graphql-ws clients retry with backoff. Heap and event-loop pressure refuse new ones before it when their subscriptions cost more than a shared one.',
  }),
  SSE_MAX_STREAMS: variable(whole(1, 1_000_000), {
    default: derived('MEMORY_LIMIT_MB', (mb: number) => 2 * mb, '2 × `MEMORY_LIMIT_MB` (1024 at 512)'),
    meaning:
      'The most event streams of graphql-sse\'s single connection mode open at once in this process (each holds a connection for as long as its client keeps it); the `GET` that would open one more is refused with 503 `OVERLOADED` and `Retry-After`.',
    see: 'clients.md#over-server-sent-events',
  }),
  MAX_CONNECTIONS: variable(whole(16, 1_000_000), {
    // Room for MAX_WEBSOCKETS and as many again of requests.
    default: derived('MEMORY_LIMIT_MB', (mb: number) => 24 * mb, '24 × `MEMORY_LIMIT_MB` (12,288 at 512)'),
    meaning:
      'The most connections (HTTP and WebSocket) open at once; a further one is closed as soon as it is accepted, before anything of it is read (Node\'s `server.maxConnections`).',
    see: 'operations.md#slow-and-dishonest-clients',
  }),
  MAX_CONNECTIONS_PER_ADDRESS: variable(whole(1, 1_000_000), {
    default: derived('MEMORY_LIMIT_MB', (mb: number) => Math.max(1, Math.floor(mb / 2)), '`MEMORY_LIMIT_MB` / 2 (256 at 512)'),
    meaning:
      'The most connections open at once from one address (an IPv6 /64 counts as one address); a further one is held 10 s unread, then answered 503 `OVERLOADED` with `Retry-After` and closed; while the event loop is busy, so is every new one from that address until 10 s have passed since its last such refusal, even below the bound. Not applied to the sockets of trusted proxies (`TRUST_PROXY`): their clients are counted by the other bounds.',
    see: 'operations.md#slow-and-dishonest-clients',
  }),
  MAX_UNREAD_CONNECTIONS_PER_ADDRESS: variable(whole(1, 1_000_000), {
    default: 8,
    meaning:
      'How many connections from one address may at once hold answers their client has taken nothing of for a second or more (checked every second) before the address counts as leaving its answers unread: its new connections are then answered 429 `RATE_LIMITED` (`reason: unread`) and closed, unread, for 60 s after the last time it was seen so. Its open connections go on. Not applied to the sockets of trusted proxies (`TRUST_PROXY`).',
    see: 'operations.md#slow-and-dishonest-clients',
  }),
  MAX_BODY_BYTES_READING: variable(whole(MIB, 64 * 1024 * MIB), {
    default: memoryShare(1 / 32, '`MEMORY_LIMIT_MB` / 32 (16 MiB at 512)'),
    meaning:
      'The most bytes of request bodies held while they are still being received, over all clients (one client, its address: a quarter of it, and at least `MAX_BODY_BYTES`); the request whose next bytes would pass it is refused, 503 `OVERLOADED` (429 `RATE_LIMITED` past its client\'s quarter), and its connection closed.',
    see: 'operations.md#slow-and-dishonest-clients',
  }),
  MAX_UNSENT_BYTES: variable(whole(MIB, 64 * 1024 * MIB), {
    default: memoryShare(1 / 32, '`MEMORY_LIMIT_MB` / 32 (16 MiB at 512)'),
    meaning:
      'The most bytes of answers waiting in the process for clients that do not read them, over all connections; past it, the connections that have taken nothing for longest are closed until the rest fit. Checked every second.',
    see: 'operations.md#slow-and-dishonest-clients',
  }),
  REFUSAL_DELAY_MS: variable(whole(0, 10_000), {
    default: 500,
    meaning:
      'A refusal for overload (503 `OVERLOADED`, 429 `RATE_LIMITED`) is answered after a random wait of half to all of this, its connection idle meanwhile, so that clients resending at once (ignoring `Retry-After`) cannot keep the process busy refusing them; as much again for every 8 refusals of the same client already waiting, up to 4 s (or this, if longer). `0`: at once.',
    see: 'operations.md#slow-and-dishonest-clients',
  }),
  MAX_SUBSCRIPTIONS: variable(whole(1, 10_000_000), {
    default: derived('MEMORY_LIMIT_MB', (mb: number) => 20 * mb, '20 × `MEMORY_LIMIT_MB` (10,240 at 512)'),
    meaning: 'The most live subscriptions open at once in this process, over all clients (each client also has `MAX_SUBSCRIPTIONS_PER_CLIENT`); past it: `OVERLOADED`.',
  }),
});
