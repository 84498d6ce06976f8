/**
 * Request size limits at the HTTP level, answered with a status rather than a reset connection:
 * 413 for a body past MAX_BODY_BYTES (refused on its Content-Length, or stopped while reading a
 * chunked body: never more than the limit is buffered), 414 for a URL past MAX_URL_BYTES, 431 for a
 * header section past MAX_HEADER_BYTES. WebSocket upgrades (websocket.ts) pass the same URL and
 * header checks and are refused the same way, on the raw socket.
 */
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import getRawBody from 'raw-body';
import type { Config } from '../config/index.js';
import type { ErrorCode } from '../errors.js';

type Limits = Pick<Config, 'maxBodyBytes' | 'maxUrlBytes' | 'maxHeaderBytes'>;

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
 * has sent all (its FIN) or LINGER_MS or LINGER_BYTES pass.
 */
function refuse(res: ServerResponse, req: IncomingMessage, status: number, code: ErrorCode, message: string): void {
  const body = errorBody(status, code, message);
  const socket = req.socket as Socket & { destroySoon?: () => void };
  // Half-close only (the server's sockets allow it): `linger` closes the socket at the end.
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
  };
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
  res.end(body);
  req.resume();
  linger(socket);
}

/** Reads and drops what the client still sends, then closes: at its FIN, or past LINGER_MS or LINGER_BYTES. */
function linger(socket: Duplex): void {
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
  const timer = setTimeout(close, LINGER_MS);
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
export function refuseOnSocket(socket: Duplex, { status, code, message, retryAfter }: Refusal): void {
  const body = errorBody(status, code, message);
  const wait = retryAfter === undefined ? '' : `retry-after: ${retryAfter}\r\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${wait}connection: close\r\n\r\n${body}`,
  );
  linger(socket);
}

const hasBody = (req: IncomingMessage) => req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS';

/** A node request handler that passes what it is given beside the request on (an admission ticket). */
type Handler<Extra extends unknown[]> = (req: IncomingMessage, res: ServerResponse, ...extra: Extra) => void;

/** Refuses a request line or header section over its limit (414, 431), before anything else looks at it. */
export function withHeadLimits<Extra extends unknown[]>(handler: Handler<Extra>, limits: Limits): Handler<Extra> {
  return (req, res, ...extra) => {
    const refusal = headRefusal(req, limits);
    if (refusal) return refuse(res, req, refusal.status, refusal.code, refusal.message);
    handler(req, res, ...extra);
  };
}

/** Reads the body (bounded: 413 past MAX_BODY_BYTES) and hands the request on with it read. */
export function withBodyLimit<Extra extends unknown[]>(handler: Handler<Extra>, limits: Limits): Handler<Extra> {
  return (req, res, ...extra) => {
    if (!hasBody(req)) return handler(req, res, ...extra);
    const tooLarge = () =>
      refuse(res, req, 413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limits.maxBodyBytes} bytes (MAX_BODY_BYTES).`);
    const announced = req.headers['content-length'];
    if (announced !== undefined && Number(announced) > limits.maxBodyBytes) return tooLarge();
    getRawBody(req, { limit: limits.maxBodyBytes, length: announced }).then(
      (body) => {
        // Yoga's node adapter reads a body already read from `req.body`.
        (req as IncomingMessage & { body?: Buffer }).body = body;
        handler(req, res, ...extra);
      },
      (error: { type?: string; status?: number }) => {
        if (error.type === 'entity.too.large') return tooLarge();
        if (!res.headersSent) refuse(res, req, error.status && error.status < 500 ? error.status : 400, 'BAD_REQUEST', 'The request body could not be read.');
      },
    );
  };
}

/**
 * Answers requests Node's parser refuses: a request line or header section past Node's limit gets
 * 414 or 431 (which one depends on whether the request line alone is too long), anything else 400.
 */
export function answerClientErrors(server: Server, limits: Limits): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
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
