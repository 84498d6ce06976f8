/**
 * `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `RateLimit-Policy` on every answer
 * of the GraphQL endpoint over HTTP (the names of the IETF httpapi working group's RateLimit header
 * fields draft, up to its version 06, which clients and proxies read today): the quota they tell is the
 * client's upstream calls per second (CLIENT_UPSTREAM_CALLS_PER_SECOND, or its consumer's or plan's
 * `upstreamCallsPerSecond`), the one rate a client spends; the client is the one its bounds use (its
 * verified caller, else its address). `Remaining` is what this process last learnt (with Redis, the
 * count over all replicas at the client's latest call here). An answer marked `public` (a keyless GET
 * the response cache lets a CDN keep) carries none: a shared cache would hand one client's count to
 * others. Operations in flight and subscriptions are concurrencies, not rates: they are refused with
 * `Retry-After` (429) instead.
 */
import type { IncomingMessage } from 'node:http';
import type { Plugin } from 'graphql-yoga';
import type { RateLimitState } from '../upstream/transport/request.js';

/** The headers, as the CORS preflight exposes them to browser pages. */
export const RATE_LIMIT_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy'] as const;

export function useRateLimitHeaders(endpoint: string, stateOf: (req: IncomingMessage | undefined) => RateLimitState): Plugin {
  // The endpoint's requests, marked as yoga parses their URL (any other path gets no headers).
  const graphql = new WeakSet<Request>();
  return {
    onRequest({ request, url }) {
      if (url.pathname === endpoint) graphql.add(request);
    },
    onResponse({ request, response, serverContext }) {
      // An answer a CDN may keep and hand to other clients carries no client's count.
      if (!graphql.has(request) || /\bpublic\b/.test(response.headers.get('cache-control') ?? '')) return;
      const { limit, remaining, resetSeconds } = stateOf((serverContext as { req?: IncomingMessage } | undefined)?.req);
      response.headers.set('ratelimit-limit', String(limit));
      response.headers.set('ratelimit-remaining', String(remaining));
      response.headers.set('ratelimit-reset', String(resetSeconds));
      response.headers.set('ratelimit-policy', `${limit};w=1`);
    },
  };
}
