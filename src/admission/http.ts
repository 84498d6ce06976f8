/**
 * Admission at the HTTP door: a GraphQL request (a POST to the GraphQL path, or a GET carrying an
 * operation) that admission would refuse at once is refused before its body is read
 * (`admissionPrecheck`), as is one sent, while the event loop is busy, on a connection before the
 * `Retry-After` of the 429 last written on it has passed (`sentTooSoon`); any other takes a ticket once its body has been read whole
 * (src/http/request-body.ts: a client still sending holds no slot), and gives it back when its answer has been written out (handed to the
 * socket: a client that does not read it holds its socket's bytes, which src/http/connections.ts
 * bounds, not a slot), or cut. The client is the request's address (an IPv6 /64), whatever API key it
 * sends: a key may be made up for every request, an address may not.
 *
 * A refused one is answered 503 `OVERLOADED` or 429 `RATE_LIMITED` with `Retry-After`, after a random
 * wait of half to all of REFUSAL_DELAY_MS with nothing running for it, longer while more of its
 * client's refusals wait (`refusalWait`): clients that resend at once (ignoring `Retry-After`) then
 * cost a timer, not a busy loop of refusals. The answer is written from
 * parts serialised once per reason. The connection is kept.
 * Everything else (GraphiQL, `/health`, `/ready`, `/metrics`, CORS preflights) passes untouched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { TOKEN_HEADER_KEY } from 'graphql-sse';
import type { ErrorCode } from '../errors.js';
import { REQUEST_ID_HEADER, requestIdFrom } from '../observability/request-log.js';
import { isShed, type Admission, type Shed, type ShedReason, type Ticket } from './admission.js';

export interface GateOptions {
  graphqlPath: string;
  /** Who the client is: its address (as the upstream limits name it). */
  clientOf(req: IncomingMessage): string;
  /** CORS_ORIGINS (undefined: any), so that a browser can read the refusal. */
  corsOrigins: readonly string[] | undefined;
  /** REFUSAL_DELAY_MS */
  refusalDelayMs: number;
}

/** The code a refusal carries: 503 is the process's overload, 429 the client's own share. */
export function shedCode(shed: Shed): ErrorCode {
  return shed.status === 503 ? 'OVERLOADED' : 'RATE_LIMITED';
}

/**
 * A refusal's body, serialised once per message (each reason has one): what varies (the
 * `Retry-After` seconds, the request's id) is put between the parts, both plain (digits; an id
 * `requestIdFrom` made safe).
 */
const bodyParts = new Map<string, [string, string, string]>();
function shedBody(shed: Shed, requestId: string): string {
  // Keyed by the message, a string made once per reason (its hash is kept with it): no key to build.
  const key = shed.message;
  let parts = bodyParts.get(key);
  if (!parts) {
    const whole = JSON.stringify({ errors: [{ message: shed.message, extensions: { code: shedCode(shed), retryAfter: 0, reason: shed.reason, requestId: '\u0000' } }] });
    const [head, rest] = whole.split('"retryAfter":0');
    const [middle, tail] = rest!.split('"\\u0000"');
    parts = [`${head}"retryAfter":`, `${middle}"`, `"${tail}`];
    // A handful of reasons, each with one message: the map stays small.
    if (bodyParts.size < 64) bodyParts.set(key, parts);
  }
  return `${parts[0]}${shed.retryAfter}${parts[1]}${JSON.stringify(requestId).slice(1, -1)}${parts[2]}`;
}

/** Refusals answered at once, whatever REFUSAL_DELAY_MS: the wait already happened in the queue. */
const UNDELAYED: ReadonlySet<ShedReason> = new Set(['queue-timeout']);

function isOperation(req: IncomingMessage, path: string): boolean {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  if ((query === -1 ? url : url.slice(0, query)) !== path) return false;
  // graphql-sse's single connection mode opens its stream with the token and no operation (a GET,
  // or a POST with `accept: text/event-stream`): a connection, as a WebSocket is, not an operation;
  // each operation comes in a POST of its own.
  if (req.method === 'POST') return !(req.headers[TOKEN_HEADER_KEY] !== undefined && req.headers.accept === 'text/event-stream');
  // A GET runs an operation only with one in its query string; without, it is GraphiQL's page.
  return req.method === 'GET' && query !== -1 && /[?&](query|extensions|documentId)=/.test(url.slice(query));
}

/**
 * The tickets of the requests admitted, for the context each builds (`ticketOf`). A WeakMap rather
 * than a third argument to yoga's handler: with one, the node adapter merges the server context
 * with `Object.defineProperties` on every request.
 */
const tickets = new WeakMap<IncomingMessage, Ticket>();

/** The ticket a request was admitted with, if it is an operation admitted at the HTTP door. */
export function ticketOf(req: IncomingMessage | undefined): Ticket | undefined {
  return req ? tickets.get(req) : undefined;
}

/**
 * Refuses, before its body is read, an operation that admission would refuse at once (the process
 * under pressure, its queue full, the client's share of it full, or, while busy, sent too soon on a
 * connection told to wait: `sentTooSoon`): the body is then dropped as it comes, unbuffered, and the
 * refusal costs no read. Anything else goes on to `next` (the body's read,
 * then `admissionGate`).
 */
export function admissionPrecheck(admission: Admission, options: GateOptions, next: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (!isOperation(req, options.graphqlPath)) return next(req, res);
    const client = options.clientOf(req);
    const refused = (sentTooSoon(req.socket, client) ? admission.tooSoonRefusal() : undefined) ?? admission.refusalNow(client);
    if (!refused) return next(req, res);
    req.resume();
    refuseLater(req, res, refused, options, client);
  };
}

/** Wraps `next` (yoga) with admission, for requests whose body is read; an admitted request's ticket is `ticketOf(req)`. */
export function admissionGate(admission: Admission, options: GateOptions, next: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (!isOperation(req, options.graphqlPath)) return next(req, res);
    const client = options.clientOf(req);
    const admitted = admission.admit(client);
    if (!(admitted instanceof Promise)) return proceed(admitted);
    admitted.then(proceed, () => undefined);

    function proceed(outcome: Ticket | Shed): void {
      if (isShed(outcome)) return refuseLater(req, res, outcome, options, client);
      // The client left while it waited: nothing to answer.
      if (req.socket.destroyed) return outcome.release();
      // Given back once the answer is all handed to the socket (`prefinish`), or the connection is
      // cut: an answer queued behind a pipelined one that never goes out hears of it only from the socket.
      const socket = req.socket;
      const held = heldOn(socket);
      const release = () => {
        held.delete(release);
        outcome.release();
      };
      // The answer's bytes are part of what the operation cost its client (see fair-share.ts): those
      // handed to the socket meanwhile (a pipelined answer queued behind another counts only the
      // bytes that went out before it).
      const written = socket.bytesWritten;
      res.once('prefinish', () => outcome.charge(Math.max(0, socket.bytesWritten - written)));
      res.once('prefinish', release);
      res.once('close', release);
      held.add(release);
      tickets.set(req, outcome);
      next(req, res);
    }
  };
}

/** The releases of the tickets of a socket's requests (pipelined: several), all called at its close by one listener. */
const socketTickets = new WeakMap<Socket, Set<() => void>>();

function heldOn(socket: Socket): Set<() => void> {
  let held = socketTickets.get(socket);
  if (!held) {
    const releases = (held = new Set());
    socketTickets.set(socket, releases);
    socket.once('close', () => {
      for (const release of releases) release();
    });
  }
  return held;
}

/**
 * Until when each connection given a 429 was told to wait (its Retry-After, from when it was
 * written), and which client was told: a trusted proxy's connection carries many clients' requests,
 * and only the one told to wait is held to it.
 */
const waitUntil = new WeakMap<Socket, { until: number; client: string }>();

/** Whether `client`'s request on `socket` comes before the Retry-After of the 429 last written to it there has passed. */
function sentTooSoon(socket: Socket, client: string): boolean {
  const told = waitUntil.get(socket);
  return told !== undefined && told.client === client && Date.now() < told.until;
}

/** Each this many refusals of one client waiting at once add REFUSAL_DELAY_MS's wait again. */
export const REFUSALS_PER_STEP = 8;
/**
 * The longest a refusal waits, however many of its client's wait with it (or REFUSAL_DELAY_MS, when
 * that is set longer): with the server's keep-alive after it (5 s, and Node's 1 s of slack), a
 * connection given nothing more to do is closed within about 10 s of its last byte, as a connection
 * held past its address's bound is.
 */
export const MAX_REFUSAL_WAIT_MS = 4_000;

/**
 * How long a refusal waits before it is written: half to all of REFUSAL_DELAY_MS (`random` in [0, 1)),
 * again as much for every REFUSALS_PER_STEP of its client's refusals already waiting, up to
 * MAX_REFUSAL_WAIT_MS. A client with a connection or two waits the base; one resending at once on
 * hundreds of connections waits seconds per refusal, and so makes tens of refusals a second, not
 * hundreds.
 */
export function refusalWait(baseMs: number, waiting: number, random: number): number {
  return Math.min(Math.max(MAX_REFUSAL_WAIT_MS, baseMs), baseMs * (0.5 + random / 2) * (1 + Math.floor(waiting / REFUSALS_PER_STEP)));
}

/** Each client's refusals now waiting, per server (its gate's options): an entry lives while one does, at most one per open request. */
const waitingRefusals = new WeakMap<GateOptions, Map<string, number>>();

/** Answers a refusal after its wait (`refusalWait`), counted among its client's refusals waiting meanwhile. */
function refuseLater(req: IncomingMessage, res: ServerResponse, shed: Shed, options: GateOptions, client: string): void {
  let waitingOf = waitingRefusals.get(options);
  if (!waitingOf) waitingRefusals.set(options, (waitingOf = new Map()));
  const waiting = waitingOf.get(client) ?? 0;
  const delay = UNDELAYED.has(shed.reason) ? 0 : refusalWait(options.refusalDelayMs, waiting, Math.random());
  if (delay < 1) return refuse(req, res, shed, options.corsOrigins, client);
  waitingOf.set(client, waiting + 1);
  setTimeout(() => {
    const left = (waitingOf.get(client) ?? 1) - 1;
    if (left > 0) waitingOf.set(client, left);
    else waitingOf.delete(client);
    refuse(req, res, shed, options.corsOrigins, client);
  }, delay);
}

function refuse(req: IncomingMessage, res: ServerResponse, shed: Shed, corsOrigins: readonly string[] | undefined, client: string): void {
  if (req.socket.destroyed) return;
  // The request's id, as yoga's answers carry it (src/observability/request-log.ts): the caller's when sane, else new.
  const header = req.headers[REQUEST_ID_HEADER];
  const requestId = requestIdFrom(typeof header === 'string' ? header : null);
  const body = shedBody(shed, requestId);
  const headers: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'retry-after': shed.retryAfter,
    'cache-control': 'no-store',
    [REQUEST_ID_HEADER]: requestId,
  };
  Object.assign(headers, corsHeaders(req, corsOrigins, `retry-after, ${REQUEST_ID_HEADER}`));
  res.writeHead(shed.status, headers);
  res.end(body);
  // The client's own share (429): a request on this connection before its Retry-After is sent too soon.
  if (shed.status === 429) waitUntil.set(req.socket, { until: Date.now() + shed.retryAfter * 1000, client });
}

/** What lets a browser page of an allowed origin (CORS_ORIGINS; any when unset) read an answer written here, and `exposed` headers of it. */
export function corsHeaders(req: IncomingMessage, corsOrigins: readonly string[] | undefined, exposed: string): Record<string, string> {
  const origin = req.headers.origin;
  if (origin === undefined) return {};
  const headers: Record<string, string> = { 'access-control-expose-headers': exposed };
  if (!corsOrigins) headers['access-control-allow-origin'] = '*';
  else if (corsOrigins.includes(origin)) {
    headers['access-control-allow-origin'] = origin;
    headers.vary = 'origin';
  }
  return headers;
}
