/**
 * Admission at the HTTP door: a GraphQL request (a POST to the GraphQL path, or a GET carrying an
 * operation) takes a ticket before its body is read, and gives it back when its response closes
 * (finished, or cut). A refused one is answered at once, 503 `OVERLOADED` or 429 `RATE_LIMITED` with
 * `Retry-After`, and the connection is kept: Node reads and drops the unread body after the answer.
 * Everything else (GraphiQL, `/health`, `/ready`, `/metrics`, CORS preflights) passes untouched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TOKEN_HEADER_KEY } from 'graphql-sse';
import type { ErrorCode } from '../errors.js';
import { REQUEST_ID_HEADER, requestIdFrom } from '../observability/request-log.js';
import { isShed, type Admission, type Shed, type Ticket } from './admission.js';

export interface GateOptions {
  graphqlPath: string;
  /** Who the client is: its API key's fingerprint, else its address (as the upstream limits name it). */
  clientOf(req: IncomingMessage): string;
  /** CORS_ORIGINS (undefined: any), so that a browser can read the refusal. */
  corsOrigins: readonly string[] | undefined;
}

/** The code a refusal carries: 503 is the process's overload, 429 the client's own share. */
export function shedCode(shed: Shed): ErrorCode {
  return shed.status === 503 ? 'OVERLOADED' : 'RATE_LIMITED';
}

/** The refusal as a GraphQL answer body, with the request's id as every error carries it. */
function shedBody(shed: Shed, requestId: string): string {
  return JSON.stringify({ errors: [{ message: shed.message, extensions: { code: shedCode(shed), retryAfter: shed.retryAfter, reason: shed.reason, requestId } }] });
}


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

/** Wraps `next` (the body limits, then yoga) with admission; an admitted request's ticket is `ticketOf(req)`. */
export function admissionGate(admission: Admission, options: GateOptions, next: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (!isOperation(req, options.graphqlPath)) return next(req, res);
    const admitted = admission.admit(options.clientOf(req));
    if (!(admitted instanceof Promise)) return proceed(admitted);
    admitted.then(proceed, () => undefined);

    function proceed(outcome: Ticket | Shed): void {
      if (isShed(outcome)) return refuse(req, res, outcome, options.corsOrigins);
      // The client left while it waited: nothing to answer.
      if (req.socket.destroyed) return outcome.release();
      res.once('close', () => outcome.release());
      tickets.set(req, outcome);
      next(req, res);
    }
  };
}

function refuse(req: IncomingMessage, res: ServerResponse, shed: Shed, corsOrigins: readonly string[] | undefined): void {
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
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (!corsOrigins) headers['access-control-allow-origin'] = '*';
    else if (corsOrigins.includes(origin)) {
      headers['access-control-allow-origin'] = origin;
      headers.vary = 'origin';
    }
    headers['access-control-expose-headers'] = `retry-after, ${REQUEST_ID_HEADER}`;
  }
  res.writeHead(shed.status, headers);
  res.end(body);
}
