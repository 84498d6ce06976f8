/**
 * The errors a caller sees. Resolvers throw GraphQLErrors with `extensions.code` for bad input;
 * upstream failures (UpstreamError) are turned into typed GraphQL errors by `maskError`; anything
 * else is masked as an internal error with no stack or message.
 */
import { GraphQLError, type ASTNode, type ExecutionResult } from 'graphql';
import { UpstreamError } from './upstream/transport/errors.js';
import type { SubscriptionLimitError } from './live/hub.js';

/**
 * Every `extensions.code` the gateway emits, with when. The one catalogue: emitting code names its
 * value `satisfies ErrorCode`, and test/errors.test.ts fails on a code in `src/` that is not here.
 */
export const ERROR_CODES = {
  BAD_USER_INPUT: 'An argument is malformed or out of range, a list is too long, or a global id is not one of this graph (`argument` names it); refused before any upstream call.',
  NOT_FOUND: 'The upstream has no such resource, or a chain has no node endpoint.',
  RATE_LIMITED: 'An upstream answered 429, its Retry-After window for the key is still open, or the client passed its upstream calls per second (`retryAfter`); or HTTP 429 with `Retry-After`: the client already runs and waits for its share of operations (MAX_OPERATIONS_PER_CLIENT).',
  OVERLOADED: 'HTTP 503 with `Retry-After` (`retryAfter`, `reason`): the gateway is at its bound of operations in flight and its queue is full or the wait passed ADMISSION_QUEUE_MS, or it is under memory or event-loop pressure; refused before anything was parsed or sent upstream. Over WebSocket: an `error` message; a WebSocket upgrade past MAX_WEBSOCKETS, or a subscription past MAX_SUBSCRIPTIONS, likewise.',
  UPSTREAM_ERROR: 'An upstream failed (`reason`, `service`, `route`, `status`, `rpcCode`).',
  UPSTREAM_TIMEOUT: 'An upstream missed its call deadline, or the operation reached its time limit.',
  UPSTREAM_UNAVAILABLE: "The upstream's circuit breaker is open; nothing was sent (`retryAfter`). Or HTTP 503: the key set of caller authentication (AUTH_JWKS_URL) cannot be read.",
  UPSTREAM_BUDGET_EXCEEDED: "The operation's estimated or actual upstream calls are over the limit, or the upstream answers it read are over MAX_OPERATION_BYTES (the message names the limit it passed).",
  GRAPHQL_PARSE_FAILED: 'The document does not parse, or is over a limit checked while parsing (tokens, value depth); HTTP 400.',
  GRAPHQL_VALIDATION_FAILED: 'The operation is invalid or over a limit (depth, aliases, cost); HTTP 400.',
  TOO_MANY_SUBSCRIPTIONS: 'The client already holds its maximum of live subscriptions (`limit`).',
  UNAUTHENTICATED: 'HTTP 401 with `WWW-Authenticate: Bearer`: caller authentication is on (AUTH_JWKS_URL, AUTH_CONSUMERS) and the request carries no token or consumer key, a key that is no consumer\'s, or a token that is expired, not yet valid, for another issuer or audience, signed by no key of the key set or with an algorithm not allowed, unsigned, or altered (`reason` says which); refused before admission, parsing or any upstream call. Over WebSocket the socket is closed with 4401.',
  FORBIDDEN: 'HTTP 403: a request a browser sends without a CORS preflight, a WebSocket upgrade from an origin not in CORS_ORIGINS, or federation fields without the router\'s secret (FEDERATION_SECRET); or a caller without the key an account field needs (`reason`).',
  BAD_REQUEST: 'HTTP 400: a request the server cannot read (no query, document id or hash; an unreadable body); HTTP 413: a batch over MAX_BATCH_OPERATIONS (400 when batching is off); HTTP 404: a WebSocket upgrade to another path than /graphql.',
  REQUEST_TIMEOUT: 'HTTP 408: the client took too long to send its request (HEADERS_TIMEOUT_MS, BODY_TIMEOUT_MS, REQUEST_TIMEOUT_MS); the connection is closed.',
  PAYLOAD_TOO_LARGE: 'HTTP 413: the request body is over its limit.',
  URI_TOO_LONG: 'HTTP 414: the URL is over its limit.',
  HEADERS_TOO_LARGE: 'HTTP 431: the request headers are over their limit.',
  PERSISTED_QUERY_NOT_FOUND: 'Automatic persisted queries: the hash is not known yet; send the document with it once.',
  PERSISTED_QUERY_HASH_MISMATCH: 'Automatic persisted queries: the hash sent is not the sha256 of the document sent; HTTP 400.',
  PERSISTED_QUERY_NOT_IN_LIST: 'Trusted documents: the document id is not in the manifest.',
  PERSISTED_QUERY_ONLY: 'Trusted documents: a query was sent instead of a document id; HTTP 400.',
  INTERNAL_SERVER_ERROR: 'Anything else; the message is masked (the cause is logged with its stack).',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The code of a request refused at the HTTP level (a plugin set the status), by that status. */
function httpRefusalCode(status: number): ErrorCode {
  if (status === 403) return 'FORBIDDEN';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  return 'BAD_REQUEST';
}

/**
 * A `BAD_USER_INPUT` error naming the argument at fault (`null` for input no argument names: a
 * scalar's literal, a field's parent), with more extensions and the AST node where there are.
 */
export function badInput(
  argument: string | null,
  message: string,
  options: { nodes?: ASTNode | readonly ASTNode[]; extensions?: Record<string, unknown> } = {},
): GraphQLError {
  return new GraphQLError(argument === null ? message : `Argument "${argument}": ${message}`, {
    nodes: options.nodes,
    extensions: { code: 'BAD_USER_INPUT' satisfies ErrorCode, ...(argument === null ? {} : { argument }), ...options.extensions },
  });
}

/** A subscription past a limit: its client's (`TOO_MANY_SUBSCRIPTIONS`) or the process's (`OVERLOADED`, retry in 5 s). */
export function subscriptionLimitError(error: SubscriptionLimitError): GraphQLError {
  if (error.scope === 'process') return new GraphQLError(error.message, { extensions: { code: 'OVERLOADED' satisfies ErrorCode, limit: error.limit, retryAfter: 5 } });
  return new GraphQLError(error.message, { extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' satisfies ErrorCode, limit: error.limit } });
}

export function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'NOT_FOUND' satisfies ErrorCode } });
}

/** The extensions of the GraphQL error an upstream failure becomes. */
export function upstreamExtensions(error: UpstreamError): { code: ErrorCode } & Record<string, unknown> {
  const base = { service: error.service, route: error.route };
  if (error.kind === 'timeout') return { code: 'UPSTREAM_TIMEOUT', ...base };
  if (error.kind === 'budget') return { code: 'UPSTREAM_BUDGET_EXCEEDED', ...base };
  if (error.kind === 'rate-limited') return { code: 'RATE_LIMITED', ...base, retryAfter: error.retryAfter ?? null };
  if (error.kind === 'unavailable') return { code: 'UPSTREAM_UNAVAILABLE', ...base, retryAfter: error.retryAfter ?? null };
  if (error.isRateLimited) {
    return { code: 'RATE_LIMITED', ...base, status: 429, retryAfter: error.retryAfter ?? null, rateLimit: error.rateLimit ?? {} };
  }
  if (error.kind === 'no-endpoint') return { code: 'NOT_FOUND', ...base };
  if (error.isNotFound) return { code: 'NOT_FOUND', ...base, ...(error.status !== undefined ? { status: error.status } : {}) };
  return {
    code: 'UPSTREAM_ERROR',
    ...base,
    reason: error.kind,
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(error.rpcCode !== undefined ? { rpcCode: error.rpcCode } : {}),
  };
}

function findUpstreamError(error: unknown): UpstreamError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof UpstreamError) return current;
    current = (current as { originalError?: unknown }).originalError;
  }
  return undefined;
}

/**
 * GraphQL errors may come from another copy of graphql-js (a CommonJS plugin such as graphql-armor
 * loads the CJS build), so `instanceof` is not enough.
 */
function isGraphQLErrorLike(error: unknown): error is GraphQLError {
  return error instanceof GraphQLError || (error instanceof Error && error.name === 'GraphQLError' && 'extensions' in error);
}

/** The error each masked one (INTERNAL_SERVER_ERROR) stands for: for the log, never for the answer. */
const maskedCauses = new WeakMap<object, unknown>();

/** What a masked error stands for (src/observability/request-log.ts logs it with its request), else undefined. */
export function maskedCause(error: object): unknown {
  return maskedCauses.get(error);
}

/**
 * Yoga's `maskError`. Upstream failures become typed errors (code, service, status, route);
 * GraphQL errors raised on purpose pass with their code (limits rejected by graphql-armor get
 * `GRAPHQL_VALIDATION_FAILED` and HTTP 400); everything else becomes an opaque internal error. No
 * secrets reach here: UpstreamError messages carry route templates, never URLs or headers.
 */
export function maskError(error: unknown, message: string): Error {
  const upstream = findUpstreamError(error);
  const wrapper = isGraphQLErrorLike(error) ? error : undefined;
  const location = { nodes: wrapper?.nodes, path: wrapper?.path };
  if (upstream) return new GraphQLError(upstream.message, { ...location, extensions: upstreamExtensions(upstream) });
  if (wrapper) {
    const original = wrapper.originalError;
    if (original && isGraphQLErrorLike(original)) {
      if (!wrapper.path) {
        // A variable that failed coercion (`Variable "$x" got invalid value ...`): keep the message
        // that names the variable; graphql-js's own errors (e.g. an unknown enum value) carry no code.
        return new GraphQLError(wrapper.message, { ...location, extensions: { ...original.extensions, code: original.extensions?.code ?? ('BAD_USER_INPUT' satisfies ErrorCode) } });
      }
      return new GraphQLError(original.message, { ...location, extensions: original.extensions });
    }
    if (!original) {
      if (wrapper.extensions?.code) return wrapper;
      const http = wrapper.extensions?.http as { status?: number } | undefined;
      // Refused before parsing (CSRF prevention): keep its HTTP status, name it with a code.
      if (http?.status) return new GraphQLError(wrapper.message, { ...location, extensions: { ...wrapper.extensions, code: httpRefusalCode(http.status) } });
      // A rule that threw instead of reporting (graphql-armor's limits): a rejected operation.
      return new GraphQLError(wrapper.message, { ...location, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' satisfies ErrorCode, http: { status: 400 } } });
    }
  }
  // No `originalError` here: a masked error that carried a non-GraphQL cause would turn an answer with
  // no data from HTTP 200 into 500. The cause is kept aside, and logged with its stack and its request
  // when the masked error is sent (src/observability/request-log.ts).
  const masked = new GraphQLError(message, { ...location, extensions: { code: 'INTERNAL_SERVER_ERROR' satisfies ErrorCode } });
  maskedCauses.set(masked, error);
  return masked;
}

/** An answer, or one payload of a streamed one: its own errors, and those of its `incremental` parts. */
export type AnswerPayload = ExecutionResult & { incremental?: ReadonlyArray<{ errors?: readonly GraphQLError[] }> };

/** Most distinct codes kept: as many as the catalogue holds, so the gateway's own are never cut (a bound, not a limit). */
const MAX_ERROR_CODES = Object.keys(ERROR_CODES).length;

/**
 * The distinct codes of an operation's errors as the caller sees them (masked as `maskError` masks,
 * whether or not they were already), for its access line and its span, which report the same list.
 */
export class ErrorCodes {
  private readonly codes = new Set<string>();

  add(errors: readonly unknown[] | undefined): this {
    for (const error of errors ?? []) {
      if (this.codes.size >= MAX_ERROR_CODES) break;
      const code = (maskError(error, 'Unexpected error.') as GraphQLError).extensions?.code;
      this.codes.add(typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR');
    }
    return this;
  }

  addPayload(payload: AnswerPayload): this {
    this.add(payload.errors);
    for (const part of payload.incremental ?? []) this.add(part.errors);
    return this;
  }

  list(): string[] {
    return [...this.codes];
  }
}
