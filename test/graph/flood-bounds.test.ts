/**
 * A flood of distinct API keys and distinct documents (as a cold benchmark or an abusive client
 * sends) leaves every in-process cache within its configured bounds, and the caches keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { startHarness, type Harness } from '../support/harness.js';

const BOUND = 64 * 1024;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    RESPONSE_CACHE_MAX_ENTRIES: '1000', RESPONSE_CACHE_KNOWN_KEYS: '0',
    RESPONSE_CACHE_MAX_BYTES: String(BOUND),
    CACHE_MAX_BYTES: String(BOUND),
    DOCUMENT_CACHE_MAX_BYTES: String(BOUND),
    APQ_MAX_BYTES: String(BOUND),
    CLIENT_UPSTREAM_CALLS_PER_SECOND: '1000000',
  });
});
afterAll(() => h?.close());

const FLOOD = 300;
const document = (i: number) => `query Flood${i} { chains(network: MAINNET) { chainId chainName } } # ${'pad '.repeat(50)}`;
const persisted = (query: string) => ({ persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') } });

describe('a flood of distinct keys and documents', () => {
  it('leaves every cache within its byte bound, with entries well under their caps', async () => {
    for (let i = 0; i < FLOOD; i++) {
      const query = document(i);
      const response = await h.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-data-api-key': `flood-${i}` },
        body: JSON.stringify({ query, extensions: persisted(query) }),
      });
      const body = (await response.json()) as { data?: { chains: unknown[] }; errors?: unknown };
      expect(body.errors).toBeUndefined();
      expect(body.data!.chains.length).toBeGreaterThan(0);
    }
    const caches = h.server.caches;
    expect([...caches.keys()].sort()).toEqual(['apq', 'documents', 'response', 'upstream']);
    for (const [name, cache] of caches) {
      expect({ name, bytes: cache.calculatedSize <= BOUND }).toEqual({ name, bytes: true });
      // Each operation left an entry in each cache; the byte bound, not the entry cap, evicted them.
      expect({ name, evicted: cache.size < FLOOD / 2 }).toEqual({ name, evicted: true });
      expect({ name, kept: cache.size > 0 }).toEqual({ name, kept: true });
    }
  });

  it('still answers a repeat from the response cache, at no upstream call', async () => {
    const query = document(FLOOD - 1);
    h.sandbox.reset();
    const response = await h.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-data-api-key': `flood-${FLOOD - 1}` },
      body: JSON.stringify({ query }),
    });
    const body = (await response.json()) as { extensions?: { responseCache?: unknown } };
    expect(body.extensions?.responseCache).toEqual({ hit: true });
    expect(h.sandbox.services.dataApi.total()).toBe(0);
  });
});
