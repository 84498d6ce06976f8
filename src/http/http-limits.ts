/**
 * Request limits at the HTTP level, answered with a status rather than a reset connection: 413 for a
 * body past MAX_BODY_BYTES (refused on its Content-Length, or stopped while reading: never more than
 * the limit is buffered), 414 for a URL past MAX_URL_BYTES, 431 for a header section past
 * MAX_HEADER_BYTES, 408 for a client too slow to send its request (HEADERS_TIMEOUT_MS,
 * BODY_TIMEOUT_MS, REQUEST_TIMEOUT_MS), 503/429 for a body that would pass the bytes of bodies being
 * read (MAX_BODY_BYTES_READING, request-body.ts). WebSocket upgrades (websocket.ts) pass the same
 * URL and header checks and are refused the same way, on the raw socket.
 */
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Config } from '../config/index.js';
import type { ErrorCode } from '../errors.js';
import { readBody, type BodyBudget } from './request-body.js';

type Limits = Pick<Config, 'maxBodyBytes' | 'maxUrlBytes' | 'maxHeaderBytes'>;

/** How long a refused slow client's socket is kept after its 408 is written: time for it to leave. */
const TIMEOUT_CLOSE_MS = 500;

/** Node's own limit on the request line and headers together: both of ours, so each gets its own status. */
export function nodeHeaderLimit(limits: Limits): number {
  return limits.maxUrlBytes + limits.maxHeaderBytes;
}

function errorBody(status: number, code: ErrorCode, message: string): string {
  return JSON.stringify({ errors: [{ message, extensions: { code, http: { status } } }] });
}

/**
 * How long, and how many bytes, a refused request's remaining body is read and dropped after the
 * answer (a lingering close, as nginx's lingering_time): enough for a client already sending a body of
 * tens of MB over a fast link to finish and read the answer, bounded so that a client that never stops
 * cannot hold the socket.
 */
export const LINGER_MS = 5_000;
export const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Answers and closes without a reset. Node ends a `connection: close` answer with `destroySoon()`:
 * the end of the write side, then the socket's close as soon as that is flushed. A socket closed with
 * unread data makes the kernel reset the connection, and a client still sending its body (a 20 MB
 * one) sees EPIPE or ECONNRESET instead of the answer. So here the close waits: the answer goes out
 * and the write side ends (FIN), and what the client goes on sending is read and dropped until it
 * has sent all (its FIN) or LINGER_MS or LINGER_BYTES pass. A client that stalled (`lingerMs` short)
 * is given less: it sends nothing anyway.
 */
function refuse(res: ServerResponse, req: IncomingMessage, refusal: Refusal, lingerMs = LINGER_MS): void {
  const { status, code, message, retryAfter } = refusal;
  const socket = req.socket as Socket & { destroySoon?: () => void };
  // Already answered or closing (a 408 of Node's request deadline went out on the socket): its own close stands.
  if (socket.destroyed || !socket.writable || res.headersSent) return;
  const body = errorBody(status, code, message);
  // Half-close only (the server's sockets allow it): `linger` closes the socket at the end.
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
  };
  const headers: Record<string, string | number> = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' };
  if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
  res.writeHead(status, headers);
  res.end(body);
  req.resume();
  linger(socket, lingerMs);
}

/** Reads and drops what the client still sends, then closes: at its FIN, or past LINGER_MS or LINGER_BYTES. */
function linger(socket: Duplex, lingerMs = LINGER_MS): void {
  let read = 0;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  socket.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER_BYTES) close();
  });
  socket.once('end', close);
  socket.once('close', () => clearTimeout(timer));
  const timer = setTimeout(close, lingerMs);
  timer.unref();
  socket.resume();
}

function headerBytes(req: IncomingMessage): number {
  let total = 0;
  for (const part of req.rawHeaders) total += Buffer.byteLength(part) + 2;
  return total;
}

/** Why a request is refused before anything reads it: its status, code and message. */
export interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
  /** Seconds for a `Retry-After` header, when the refusal passes. */
  retryAfter?: number;
}

const urlTooLong = (limits: Limits): Refusal => ({
  status: 414,
  code: 'URI_TOO_LONG',
  message: `The URL is longer than ${limits.maxUrlBytes} bytes (MAX_URL_BYTES): send the operation in a POST body.`,
});

const headersTooLarge = (limits: Limits): Refusal => ({
  status: 431,
  code: 'HEADERS_TOO_LARGE',
  message: `The request headers are larger than ${limits.maxHeaderBytes} bytes (MAX_HEADER_BYTES).`,
});

/** A request line or header section over its limit (Node's parser lets both through up to their sum). */
export function headRefusal(req: IncomingMessage, limits: Limits): Refusal | undefined {
  if (Buffer.byteLength(req.url ?? '') > limits.maxUrlBytes) return urlTooLong(limits);
  if (headerBytes(req) > limits.maxHeaderBytes) return headersTooLarge(limits);
  return undefined;
}

/** Answers on a socket that has no response object (a parse error, a refused upgrade), then closes it. */
export function refuseOnSocket(socket: Duplex, { status, code, message, retryAfter }: Refusal, lingerMs = LINGER_MS): void {
  const body = errorBody(status, code, message);
  const wait = retryAfter === undefined ? '' : `retry-after: ${retryAfter}\r\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${wait}connection: close\r\n\r\n${body}`,
  );
  linger(socket, lingerMs);
}

const hasBody = (req: IncomingMessage) => req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS';

/** A node request handler that passes what it is given beside the request on (an admission ticket). */
type Handler<Extra extends unknown[]> = (req: IncomingMessage, res: ServerResponse, ...extra: Extra) => void;

/** Refuses a request line or header section over its limit (414, 431), before anything else looks at it. */
export function withHeadLimits<Extra extends unknown[]>(handler: Handler<Extra>, limits: Limits): Handler<Extra> {
  return (req, res, ...extra) => {
    const refusal = headRefusal(req, limits);
    if (refusal) return refuse(res, req, refusal);
    handler(req, res, ...extra);
  };
}

/** What reading a body needs: its limits, the budget of bodies being read, and who the client is. */
export interface BodyReading {
  maxBodyBytes: number;
  /** BODY_TIMEOUT_MS */
  bodyTimeoutMs: number;
  budget: BodyBudget;
  /** The client a body's bytes count against (its address, as admission names it). */
  clientOf(req: IncomingMessage): string;
  /** Told of each body refused for the budget (`budget`: admission counts it as shed) or its pace (`gap`). */
  onRefused(why: 'budget' | 'gap'): void;
}

const requestTimeout = (what: string): Refusal => ({
  status: 408,
  code: 'REQUEST_TIMEOUT',
  message: `The request was not received in time (${what}).`,
});

/**
 * Reads the body whole, within its bounds (request-body.ts), and hands the request on with it read,
 * so that nothing after (admission, yoga) waits on the client: 413 past MAX_BODY_BYTES, 408 after a
 * gap of BODY_TIMEOUT_MS, 503/429 past MAX_BODY_BYTES_READING.
 */
export function withBody<Extra extends unknown[]>(handler: Handler<Extra>, reading: BodyReading): Handler<Extra> {
  const tooLarge: Refusal = { status: 413, code: 'PAYLOAD_TOO_LARGE', message: `The request body is larger than ${reading.maxBodyBytes} bytes (MAX_BODY_BYTES).` };
  return (req, res, ...extra) => {
    if (!hasBody(req)) return handler(req, res, ...extra);
    const announced = req.headers['content-length'];
    if (announced !== undefined && Number(announced) > reading.maxBodyBytes) return refuse(res, req, tooLarge);
    void readBody(req, { maxBodyBytes: reading.maxBodyBytes, gapMs: reading.bodyTimeoutMs, budget: reading.budget, client: reading.clientOf(req) }).then((outcome) => {
      if (Buffer.isBuffer(outcome)) {
        // Yoga's node adapter reads a body already read from `req.body`.
        (req as IncomingMessage & { body?: Buffer }).body = outcome;
        return handler(req, res, ...extra);
      }
      switch (outcome.kind) {
        case 'too-large':
          return refuse(res, req, tooLarge);
        case 'gap':
          reading.onRefused('gap');
          return refuse(res, req, requestTimeout(`no part of the body for ${reading.bodyTimeoutMs} ms: BODY_TIMEOUT_MS`), TIMEOUT_CLOSE_MS);
        case 'budget':
          reading.onRefused('budget');
          return refuse(res, req, bodyBudgetRefusal(outcome.scope), TIMEOUT_CLOSE_MS);
        case 'unreadable':
          return refuse(res, req, { status: 400, code: 'BAD_REQUEST', message: 'The request body could not be read.' }, TIMEOUT_CLOSE_MS);
      }
    });
  };
}

function bodyBudgetRefusal(scope: 'process' | 'client'): Refusal {
  return scope === 'process'
    ? { status: 503, code: 'OVERLOADED', retryAfter: 2, message: 'The gateway is overloaded: the request bodies it is receiving fill their bound (MAX_BODY_BYTES_READING). Retry after the time in Retry-After.' }
    : { status: 429, code: 'RATE_LIMITED', retryAfter: 2, message: 'This client is sending more request bodies at once than its share (a quarter of MAX_BODY_BYTES_READING). Retry after the time in Retry-After.' };
}

/**
 * Answers requests Node's parser refuses or times out: a request line or header section past Node's
 * limit gets 414 or 431 (which one depends on whether the request line alone is too long), a request
 * not received within HEADERS_TIMEOUT_MS or REQUEST_TIMEOUT_MS 408 (the connection then closes at
 * once), anything else 400.
 */
export function answerClientErrors(server: Server, limits: Limits & Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs'>, onTimeout: () => void = () => undefined): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      onTimeout();
      // Nothing of an answer written yet (the request is still arriving): a 408, then the close.
      const pending = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
      if (socket.writable && !pending?.headersSent) {
        const refusal = requestTimeout(`HEADERS_TIMEOUT_MS ${limits.headersTimeoutMs} ms for the head, REQUEST_TIMEOUT_MS ${limits.requestTimeoutMs} ms for all of it`);
        return refuseOnSocket(socket, refusal, TIMEOUT_CLOSE_MS);
      }
      return void socket.destroy();
    }
    // Not a parse error (e.g. a reset by the client), or nothing can be written: just close.
    if (!socket.writable || !error.code?.startsWith('HPE_')) {
      socket.destroy();
      return;
    }
    let refusal: Refusal = { status: 400, code: 'BAD_REQUEST', message: 'The request could not be parsed.' };
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      const packet = error.rawPacket?.toString('latin1') ?? '';
      const lineEnd = packet.indexOf('\r\n');
      const requestLine = lineEnd === -1 ? packet.length : lineEnd;
      refusal = requestLine > limits.maxUrlBytes ? urlTooLong(limits) : headersTooLarge(limits);
    }
    refuseOnSocket(socket, refusal);
  });
}
