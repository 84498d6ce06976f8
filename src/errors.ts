/**
 * The errors a caller sees. Resolvers throw GraphQLErrors with `extensions.code` for bad input;
 * upstream failures (UpstreamError) are turned into typed GraphQL errors by `maskError`; anything
 * else is masked as an internal error with no stack or message.
 */
import { GraphQLError } from 'graphql';
import { UpstreamError } from './upstream/errors.js';

export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'UPSTREAM_ERROR'
  | 'UPSTREAM_TIMEOUT'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'UPSTREAM_BUDGET_EXCEEDED'
  | 'UPSTREAM_UNAVAILABLE'
  | 'FORBIDDEN'
  | 'PAYLOAD_TOO_LARGE'
  | 'BAD_REQUEST'
  | 'TOO_MANY_SUBSCRIPTIONS'
  | 'INTERNAL_SERVER_ERROR';

/** The code of a request refused at the HTTP level (a plugin set the status), by that status. */
function httpRefusalCode(status: number): ErrorCode {
  if (status === 403) return 'FORBIDDEN';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  return 'BAD_REQUEST';
}

/** A `BAD_USER_INPUT` error naming the argument at fault. */
export function badInput(argument: string, message: string): GraphQLError {
  return new GraphQLError(`Argument "${argument}": ${message}`, { extensions: { code: 'BAD_USER_INPUT' satisfies ErrorCode, argument } });
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
        return new GraphQLError(wrapper.message, { ...location, extensions: { ...original.extensions, code: original.extensions?.code ?? 'BAD_USER_INPUT' } });
      }
      return new GraphQLError(original.message, { ...location, extensions: original.extensions });
    }
    if (!original) {
      if (wrapper.extensions?.code) return wrapper;
      const http = wrapper.extensions?.http as { status?: number } | undefined;
      // Refused before parsing (CSRF prevention): keep its HTTP status, name it with a code.
      if (http?.status) return new GraphQLError(wrapper.message, { ...location, extensions: { ...wrapper.extensions, code: httpRefusalCode(http.status) } });
      // A rule that threw instead of reporting (graphql-armor's limits): a rejected operation.
      return new GraphQLError(wrapper.message, { ...location, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } });
    }
  }
  return new GraphQLError(message, { ...location, extensions: { code: 'INTERNAL_SERVER_ERROR' satisfies ErrorCode } });
}
