/**
 * The response cache: a repeated read costs no upstream call, per API key; GET answers carry ETag
 * and cache-control; answers with moving data live seconds, answers of immutable data longer.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { print } from 'graphql';
import { BlockExplorerDocument } from '../gql/graphql.js';
import { startSocketHarness, type SocketHarness } from '../support/harness.js';
import { hashSHA256 } from '@graphql-yoga/plugin-response-cache';
import { responseCacheKey, responseCacheTtls } from '../../src/plugins/response-cache.js';
import { TTL } from '../../src/upstream/transport/ttl.js';

let h: SocketHarness;
beforeAll(async () => {
  h = await startSocketHarness({ RESPONSE_CACHE_MAX_ENTRIES: '100', RESPONSE_CACHE_KNOWN_KEYS: '0' });
});
afterAll(() => h?.close());

const upstreamCalls = () => h.sandbox.services.dataApi.total() + h.sandbox.services.nodeMainnet.total() + h.sandbox.services.l1Nodes.total() + h.sandbox.services.metrics.total();

describe('response cache', () => {
  it('serves the explorer page again with 0 upstream calls, and never across API keys', async () => {
    h.sandbox.reset();
    const first = await h.query(BlockExplorerDocument, { chainId: '43114' }, { 'x-data-api-key': 'key-one' });
    expect(first.errors).toBeUndefined();
    expect(upstreamCalls()).toBeGreaterThan(0);

    h.sandbox.reset();
    const again = await h.query(BlockExplorerDocument, { chainId: '43114' }, { 'x-data-api-key': 'key-one' });
    expect(again.data).toEqual(first.data);
    expect(again.extensions?.responseCache).toEqual({ hit: true });
    expect(upstreamCalls()).toBe(0);

    // Another key is another partition: executed again, with its key.
    const other = await h.query(BlockExplorerDocument, { chainId: '43114' }, { 'x-data-api-key': 'key-two' });
    expect(other.extensions?.responseCache).toMatchObject({ hit: false, didCache: true });
    expect(upstreamCalls()).toBeGreaterThan(0);
  });

  it("keys entries as the plugin's own default would (entries a replica wrote to Redis stay hits), whatever the variables' order", async () => {
    const params = { documentString: '{ chains { chainId } }', operationName: 'Chains', variableValues: { b: 2, a: [1] }, sessionId: 'anon', context: {}, request: new Request('http://gateway/graphql') };
    expect(responseCacheKey(params)).toBe(await hashSHA256('{ chains { chainId } }|Chains|{"a":[1],"b":2}|anon'));

    h.sandbox.reset();
    const query = 'query Pair($chainId: String!, $first: Int) { chain(id: $chainId) { blocks(first: $first) { nodes { number } } } }';
    const first = await h.query<any, Record<string, unknown>>(query, { chainId: '43114', first: 2 }, { 'x-data-api-key': 'key-order' });
    expect(first.errors).toBeUndefined();
    expect(first.extensions?.responseCache).toMatchObject({ hit: false, didCache: true });
    const reordered = await h.query<any, Record<string, unknown>>(query, { first: 2, chainId: '43114' }, { 'x-data-api-key': 'key-order' });
    expect(reordered.extensions?.responseCache).toEqual({ hit: true });
    expect(reordered.data).toEqual(first.data);
    expect(h.sandbox.services.dataApi.total()).toBe(1);
  });

  it('gives a GET answer ETag and cache-control, and a 304 for If-None-Match', async () => {
    const url = `${h.url}?query=${encodeURIComponent(print(BlockExplorerDocument))}&variables=${encodeURIComponent(JSON.stringify({ chainId: '43113' }))}`;
    const headers = { 'x-graphql-yoga-csrf': '1', accept: 'application/json' };
    const first = await fetch(url, { headers });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // The explorer page lists the latest blocks: it moves, so it is kept for seconds, publicly (no key).
    expect(first.headers.get('cache-control')).toBe(`public, max-age=${TTL.moving / 1000}`);
    const revalidated = await fetch(url, { headers: { ...headers, 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);
  });

  it('keeps answers made only of immutable data longer than moving ones', async () => {
    const ttls = responseCacheTtls();
    expect(ttls.Block).toBe(TTL.immutable);
    expect(ttls['Chain.blocks']).toBe(TTL.moving);
    const block = h.sandbox.world.evm.chain(43114)!.blockByNumber(5)!;
    const { data } = await h.query<any>(`{ chain(id: "43114") { block(hash: "${block.hash}") { id } } }`);
    const id = data.chain.block.id;
    const first = await h.query<any>(`{ node(id: "${id}") { ... on Block { number hash } } }`);
    expect(first.data.node).toEqual({ number: '5', hash: block.hash });
    expect(first.extensions?.responseCache).toEqual({ hit: false, didCache: true, ttl: TTL.immutable });
  });

  it('keeps the notices of a cached answer (a field left null on purpose says why on every hit)', async () => {
    const query = '{ chain(id: "43114") { chainId feeConfig { targetGas } } }';
    const headers = { 'x-data-api-key': 'notices-key' };
    const first = await h.query<any, Record<string, unknown>>(query, {}, headers);
    expect(first.extensions?.responseCache).toMatchObject({ hit: false, didCache: true });
    expect(first.extensions?.notices).toEqual([expect.objectContaining({ code: 'METHOD_NOT_SERVED', path: ['chain', 'feeConfig'] })]);
    h.sandbox.reset();
    const again = await h.query<any, Record<string, unknown>>(query, {}, headers);
    expect(again.extensions?.responseCache).toEqual({ hit: true });
    expect(again.data).toEqual(first.data);
    expect(again.extensions?.notices).toEqual(first.extensions?.notices);
    expect(upstreamCalls()).toBe(0);
  });

  it('does not cache an answer with errors', async () => {
    h.sandbox.services.dataApi.setFault('GET /v1/chains', { status: 503, times: 1 });
    const query = '{ chains(network: FUJI) { chainId } }';
    const failed = await h.query(query);
    expect(failed.errors).toBeDefined();
    const next = await h.query<any>(query);
    expect(next.errors).toBeUndefined();
    expect(next.data.chains.length).toBeGreaterThan(0);
  });

  it('refuses bad input before the cache: the same error each time, nothing stored, and no warning on the console', async () => {
    const warn = vi.spyOn(console, 'warn');
    try {
      h.sandbox.reset();
      const query = 'query Bad($address: String!) { chain(id: "43114") { address(address: $address) { address } } }';
      for (let i = 0; i < 3; i++) {
        const refused = await h.query<any, Record<string, unknown>>(query, { address: '0x123' }, { 'x-data-api-key': 'key-bad' });
        expect(refused.data).toBeUndefined();
        expect(refused.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'address' });
        expect(refused.extensions?.responseCache).toBeUndefined();
      }
      expect(warn).not.toHaveBeenCalled();
      expect(upstreamCalls()).toBe(0);
      // The same document with a good address passes, is stored, and is served again.
      const wallet = '0x' + 'ab'.repeat(20);
      const good = await h.query<any, Record<string, unknown>>(query, { address: wallet }, { 'x-data-api-key': 'key-bad' });
      expect(good.errors).toBeUndefined();
      expect(good.extensions?.responseCache).toMatchObject({ didCache: true });
      const again = await h.query<any, Record<string, unknown>>(query, { address: wallet }, { 'x-data-api-key': 'key-bad' });
      expect(again.extensions?.responseCache).toEqual({ hit: true });
      expect(again.data).toEqual(good.data);
      // And the bad one is still refused after the good one's verdict was kept.
      const stillRefused = await h.query<any, Record<string, unknown>>(query, { address: '0x123' }, { 'x-data-api-key': 'key-bad' });
      expect(stillRefused.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'address' });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('response cache, with the keys it serves remembered (RESPONSE_CACHE_KNOWN_KEYS, default 10,000)', () => {
  let known: SocketHarness;
  beforeAll(async () => {
    known = await startSocketHarness({ RESPONSE_CACHE_MAX_ENTRIES: '100' });
  });
  afterAll(() => known?.close());
  const calls = () => known.sandbox.services.dataApi.total();
  const query = '{ chain(id: "43114") { blocks(first: 2) { nodes { number } } } }';

  it("runs a new key's first operation without the cache, then serves and stores its answers", async () => {
    const headers = { 'x-data-api-key': 'known-one' };
    known.sandbox.reset();
    const first = await known.query<any, Record<string, unknown>>(query, {}, headers);
    expect(first.errors).toBeUndefined();
    // Neither looked up nor stored: a key's answer can only be served back to it.
    expect(first.extensions?.responseCache).toBeUndefined();
    const second = await known.query<any, Record<string, unknown>>(query, {}, headers);
    expect(second.extensions?.responseCache).toMatchObject({ hit: false, didCache: true });
    expect(calls()).toBeGreaterThan(0);
    known.sandbox.reset();
    const third = await known.query<any, Record<string, unknown>>(query, {}, headers);
    expect(third.extensions?.responseCache).toEqual({ hit: true });
    expect(third.data).toEqual(first.data);
    expect(calls()).toBe(0);
  });

  it('remembers a key per partition: another key starts again, and the keyless callers are one partition', async () => {
    const other = await known.query<any, Record<string, unknown>>(query, {}, { 'x-data-api-key': 'known-two' });
    expect(other.extensions?.responseCache).toBeUndefined();
    const anonymous = await known.query<any, Record<string, unknown>>(query);
    expect(anonymous.extensions?.responseCache).toBeUndefined();
    const anonymousAgain = await known.query<any, Record<string, unknown>>(query);
    expect(anonymousAgain.extensions?.responseCache).toMatchObject({ hit: false, didCache: true });
    const anonymousHit = await known.query<any, Record<string, unknown>>(query);
    expect(anonymousHit.extensions?.responseCache).toEqual({ hit: true });
  });
});
