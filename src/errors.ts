/**
 * The errors a caller sees. Resolvers throw GraphQLErrors with `extensions.code` for bad input;
 * upstream failures (UpstreamError) are turned into typed GraphQL errors by `maskError`; anything
 * else is masked as an internal error with no stack or message.
 */
import { GraphQLError } from 'graphql';
import { UpstreamError } from './upstream/errors.js';

export type ErrorCode = 'BAD_USER_INPUT' | 'NOT_FOUND' | 'RATE_LIMITED' | 'UPSTREAM_ERROR' | 'UPSTREAM_TIMEOUT' | 'INTERNAL_SERVER_ERROR';

/** A `BAD_USER_INPUT` error naming the argument at fault. */
export function badInput(argument: string, message: string): GraphQLError {
  return new GraphQLError(`Argument "${argument}": ${message}`, { extensions: { code: 'BAD_USER_INPUT', argument } });
}

export function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'NOT_FOUND' } });
}

/** The extensions of the GraphQL error an upstream failure becomes. */
export function upstreamExtensions(error: UpstreamError): Record<string, unknown> {
  const base = { service: error.service, route: error.route };
  if (error.kind === 'timeout') return { code: 'UPSTREAM_TIMEOUT', ...base };
  if (error.isRateLimited) {
    return { code: 'RATE_LIMITED', ...base, status: 429, retryAfter: error.retryAfter ?? null, rateLimit: error.rateLimit ?? {} };
  }
  if (error.isNotFound) return { code: 'NOT_FOUND', ...base, status: 404 };
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
 * Yoga's `maskError`: GraphQLErrors we threw on purpose pass; upstream failures become typed errors;
 * everything else becomes an opaque internal error. Secrets never reach here: UpstreamError messages
 * carry route templates, never URLs or headers.
 */
export function maskError(error: unknown, message: string): Error {
  const upstream = findUpstreamError(error);
  const graphQLError = error instanceof GraphQLError ? error : undefined;
  if (upstream) {
    return new GraphQLError(upstream.message, {
      nodes: graphQLError?.nodes,
      path: graphQLError?.path,
      extensions: upstreamExtensions(upstream),
    });
  }
  if (graphQLError) {
    const original = graphQLError.originalError;
    // An error raised on purpose (a GraphQLError thrown by a resolver) or a validation/parse error.
    if (!original || original instanceof GraphQLError) {
      const code = (original instanceof GraphQLError ? original.extensions : graphQLError.extensions)?.code;
      if (original instanceof GraphQLError) {
        return new GraphQLError(original.message, { nodes: graphQLError.nodes, path: graphQLError.path, extensions: original.extensions });
      }
      if (code) return graphQLError;
      return graphQLError;
    }
    return new GraphQLError(message, { nodes: graphQLError.nodes, path: graphQLError.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  }
  return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}
