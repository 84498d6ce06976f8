/**
 * Caller authentication at the HTTP door (AUTH_JWKS_URL, AUTH_CONSUMERS): every request to the
 * GraphQL path (an operation over POST or GET, and graphql-sse's reservations, streams and
 * operations) must carry a token or consumer key the callers' authenticator takes, before admission, before its body is read and before anything is
 * parsed; one without is answered 401 `UNAUTHENTICATED` with RFC 6750's `WWW-Authenticate`, the
 * connection kept. GraphiQL's page (a GET with no operation), CORS preflights and the probes pass.
 * The verified caller is remembered with the request (`identityOf`): the client the per-client
 * bounds count, in place of its address.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TOKEN_HEADER_KEY } from 'graphql-sse';
import { corsHeaders } from '../admission/http.js';
import type { ErrorCode } from '../errors.js';
import { REQUEST_ID_HEADER, requestIdFrom } from '../observability/request-log.js';
import { CALLER_KEY_HEADERS } from '../upstream/index.js';
import type { Refusal, Verdict } from './jwt.js';

/** The verified caller of each request (or WebSocket upgrade) authenticated. */
const identities = new WeakMap<IncomingMessage, string>();

/** The verified caller of a request or upgrade, if caller authentication is on and it passed. */
export function identityOf(req: IncomingMessage | undefined): string | undefined {
  return req ? identities.get(req) : undefined;
}

/** Remembers the verified caller of a request or upgrade (graphql-ws authenticates at `connection_init`). */
export function setIdentity(req: IncomingMessage, identity: string): void {
  identities.set(req, identity);
}

/** The realm of the gateway's `WWW-Authenticate` challenges. */
const REALM = 'avalanche-graph';

/** RFC 6750's challenge for a refusal (no `error` when no token came). */
export function challenge(refused: Refusal): string {
  if (!refused.error) return `Bearer realm="${REALM}"`;
  return `Bearer realm="${REALM}", error="${refused.error}", error_description="${refused.description.replace(/["\\]/g, "'")}"`;
}

/** Whether a request needs a caller: anything on the GraphQL path but a preflight and GraphiQL's page. */
function needsCaller(req: IncomingMessage, path: string): boolean {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  if ((query === -1 ? url : url.slice(0, query)) !== path || req.method === 'OPTIONS') return false;
  if (req.method !== 'GET' || req.headers[TOKEN_HEADER_KEY] !== undefined) return true;
  return query !== -1 && /[?&](query|extensions|documentId)=/.test(url.slice(query));
}

export interface AuthGateOptions {
  graphqlPath: string;
  /** CORS_ORIGINS (undefined: any), so that a browser can read the refusal. */
  corsOrigins: readonly string[] | undefined;
  /** Told of each refusal (for metrics). */
  onRefused?(reason: Refusal['reason'] | 'unavailable'): void;
}

/** What a caller presents: a bearer token, a consumer key, or both (the key is asked first); and whether it brings its own Data API key. */
export interface Credentials {
  authorization?: string;
  consumerKey?: string;
  ownDataApiKey?: boolean;
}

/** What the gate asks of the callers (`Callers`, src/auth/index.ts): the header of a consumer key, and a verdict on what a request presents. */
export interface CallerAuthenticator {
  readonly consumerHeader: string;
  authenticate(credentials: Credentials): Promise<Verdict>;
}

/** A header's one value (a repeated one is no credential). */
const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** Wraps `next` with caller authentication: a request that needs a caller goes on only with a verified one. */
export function authenticationGate(callers: CallerAuthenticator, options: AuthGateOptions, next: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (!needsCaller(req, options.graphqlPath)) return next(req, res);
    const credentials = {
      authorization: single(req.headers.authorization),
      consumerKey: single(req.headers[callers.consumerHeader]),
      ownDataApiKey: CALLER_KEY_HEADERS.some((name) => single(req.headers[name])?.trim()),
    };
    void callers.authenticate(credentials).then((verdict) => {
      if ('identity' in verdict) {
        identities.set(req, verdict.identity);
        return next(req, res);
      }
      if ('ownKey' in verdict) return next(req, res);
      options.onRefused?.('refused' in verdict ? verdict.refused.reason : 'unavailable');
      // Its body is not read: dropped as it comes, so that the connection can carry the next request.
      req.resume();
      answer(req, res, verdict, options.corsOrigins);
    });
  };
}

function answer(req: IncomingMessage, res: ServerResponse, verdict: Extract<Verdict, { refused: Refusal } | { unavailable: string }>, corsOrigins: readonly string[] | undefined): void {
  if (req.socket.destroyed) return;
  const header = req.headers[REQUEST_ID_HEADER];
  const requestId = requestIdFrom(typeof header === 'string' ? header : null);
  const headers: Record<string, string | number> = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', [REQUEST_ID_HEADER]: requestId };
  let status: number;
  let body: unknown;
  if ('refused' in verdict) {
    status = 401;
    headers['www-authenticate'] = challenge(verdict.refused);
    body = { errors: [{ message: `Unauthenticated: ${verdict.refused.description}.`, extensions: { code: 'UNAUTHENTICATED' satisfies ErrorCode, reason: verdict.refused.reason, requestId } }] };
  } else {
    status = 503;
    headers['retry-after'] = 5;
    body = { errors: [{ message: `The caller cannot be verified now: ${verdict.unavailable}. Retry later.`, extensions: { code: 'UPSTREAM_UNAVAILABLE' satisfies ErrorCode, retryAfter: 5, requestId } }] };
  }
  const text = JSON.stringify(body);
  headers['content-length'] = Buffer.byteLength(text);
  Object.assign(headers, corsHeaders(req, corsOrigins, `www-authenticate, retry-after, ${REQUEST_ID_HEADER}`));
  res.writeHead(status, headers);
  res.end(text);
}
