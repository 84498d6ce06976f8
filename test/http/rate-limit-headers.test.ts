/**
 * `RateLimit-*` answer headers (src/plugins/rate-limit-headers.ts): every answer of the GraphQL
 * endpoint tells its client's upstream calls per second, what is left of them and when they are whole
 * again; a consumer's own rate is its own; a browser page may read them (CORS); Apollo Client's link
 * sees them; other paths, and answers a CDN may keep for everyone, carry none.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { map } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { possibleTypes, typePolicies } from '../../clients/apollo.js';
import { FOUR_CALL_WALLET, upstreamRequests } from '../support/counts.js';
import { startGateway, type SocketHarness } from '../support/harness.js';
import { useSandbox } from '../support/sandbox.js';

const METERED_KEY = 'metered-key-5555555555';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
// Four Data API calls in one operation: more than the consumer's 3 a second.
const WALLET = FOUR_CALL_WALLET;

const sandbox = useSandbox();
let h: SocketHarness;
const dir = mkdtempSync(join(tmpdir(), 'rate-headers-'));
beforeAll(async () => {
  const file = join(dir, 'consumers.json');
  writeFileSync(file, JSON.stringify({ consumers: [{ name: 'metered', keySha256: sha256(METERED_KEY), limits: { upstreamCallsPerSecond: 3 } }] }));
  // Without caller authentication a request with no consumer key is its address; with AUTH_CONSUMERS it
  // is refused, so the address's rate is read from a second gateway below.
  h = await startGateway(sandbox, { AUTH_CONSUMERS: file, CLIENT_UPSTREAM_CALLS_PER_SECOND: '50', RESPONSE_CACHE_MAX_ENTRIES: '0' });
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

const rateHeaders = (response: Response) => ({
  limit: response.headers.get('ratelimit-limit'),
  remaining: response.headers.get('ratelimit-remaining'),
  reset: response.headers.get('ratelimit-reset'),
  policy: response.headers.get('ratelimit-policy'),
});

describe('RateLimit-* headers', () => {
  it("tell a consumer its own rate, spent to 0 when its calls were refused for it", async () => {
    const response = await h.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-consumer-key': METERED_KEY }, body: JSON.stringify({ query: WALLET }) });
    const body = (await response.json()) as { errors?: { extensions: { code: string } }[] };
    expect(body.errors?.some((e) => e.extensions.code === 'RATE_LIMITED')).toBe(true);
    expect(rateHeaders(response)).toEqual({ limit: '3', remaining: '0', reset: '1', policy: '3;w=1' });
  });

  it("tell an address the per-client rate and count down its calls; a browser page may read them, other paths carry none", async () => {
    const open = await startGateway(sandbox, { CLIENT_UPSTREAM_CALLS_PER_SECOND: '50', RESPONSE_CACHE_MAX_ENTRIES: '0' });
    try {
      const before = upstreamRequests(sandbox);
      const response = await open.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://explorer.example' },
        body: JSON.stringify({ query: WALLET }),
      });
      const body = (await response.json()) as { errors?: unknown[] };
      expect(body.errors).toBeUndefined();
      const sent = upstreamRequests(sandbox) - before;
      expect(sent).toBeGreaterThan(0);
      const headers = rateHeaders(response);
      expect(headers.limit).toBe('50');
      expect(headers.policy).toBe('50;w=1');
      // The calls of this answer are taken from this second's budget (or a later second's has begun).
      expect([String(50 - sent), '50']).toContain(headers.remaining);
      expect(Number(headers.reset)).toBeGreaterThanOrEqual(1);
      const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase();
      for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy']) expect(exposed).toContain(name);
      const health = await open.fetch('/health');
      expect(health.headers.get('ratelimit-limit')).toBeNull();
    } finally {
      await open.close();
    }
  });

  it('leave out an answer a CDN may keep for everyone (a keyless GET the response cache marks public)', async () => {
    const cached = await startGateway(sandbox, { CLIENT_UPSTREAM_CALLS_PER_SECOND: '50', RESPONSE_CACHE_MAX_ENTRIES: '100', RESPONSE_CACHE_KNOWN_KEYS: '0' });
    try {
      const query = encodeURIComponent('{ chain(id: "43114") { blocks(first: 2) { nodes { number } } } }');
      const get = (headers: Record<string, string> = {}) => cached.fetch(`/graphql?query=${query}`, { headers: { 'x-graphql-yoga-csrf': '1', accept: 'application/json', ...headers } });
      const shared = await get();
      expect(shared.headers.get('cache-control')).toMatch(/^public/);
      expect(rateHeaders(shared).limit).toBeNull();
      // The same with a key of its own: kept privately, so it tells its client's rate.
      const own = await get({ 'x-data-api-key': 'a-key-of-its-own' });
      expect(own.headers.get('cache-control')).toMatch(/^private/);
      expect(rateHeaders(own).limit).toBe('50');
    } finally {
      await cached.close();
    }
  });

  it("reach Apollo Client's links, from the response HttpLink puts in the operation's context", async () => {
    const seen: Array<string | null> = [];
    const readHeaders = new ApolloLink((operation, forward) =>
      forward(operation).pipe(
        map((result) => {
          const { response } = operation.getContext() as { response?: Response };
          seen.push(response?.headers.get('ratelimit-limit') ?? null, response?.headers.get('ratelimit-remaining') ?? null);
          return result;
        }),
      ),
    );
    const client = new ApolloClient({
      link: ApolloLink.from([readHeaders, new HttpLink({ uri: h.url, headers: { 'x-consumer-key': METERED_KEY } })]),
      cache: new InMemoryCache({ possibleTypes, typePolicies }),
    });
    // The first test may have spent this second's budget: the answer is read whole, errors and all.
    await client.query({ query: gql`query RateChains { chains(network: MAINNET) { chainId } }`, fetchPolicy: 'network-only', errorPolicy: 'all' });
    expect(seen[0]).toBe('3');
    expect(Number(seen[1])).toBeGreaterThanOrEqual(0);
    expect(Number(seen[1])).toBeLessThanOrEqual(3);
  });
});
