/**
 * Reads sent as POST because their input does not fit a URL (`RestClient.postRead`), and the URL
 * budget that decides it (`fitsGet`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxService } from '@avalanche-graph/sandbox';
import { UpstreamCache } from '../../src/upstream/transport/cache.js';
import { HttpTransport } from '../../src/upstream/transport/http.js';
import { buildPath, buildQuery, fitsGet, MAX_GET_PATH_AND_QUERY, RestClient } from '../../src/upstream/transport/rest.js';

const service = new SandboxService({ name: 'test', errorBody: (status, message) => ({ message, statusCode: status, error: 'x' }) });
service.route('POST', '/v1/lists/{id}', ({ params, query, body, headers }) => ({ id: params.id, q: Object.fromEntries(query), body, type: headers['content-type'] }));

let baseUrl: string;
const transport = new HttpTransport({ timeoutMs: 1_000, connections: 4, retries: 1, breaker: { threshold: 1000, cooldownMs: 1000, targets: new Map() } });
const client = (cache = new UpstreamCache({ maxEntries: 100, maxBytes: 1_000_000 })) => new RestClient({ service: 'data-api', baseUrl, transport, cache, cachePartition: 'anon' });

beforeAll(async () => {
  baseUrl = await service.listen(0);
});
afterAll(async () => {
  await transport.close();
  await service.close();
});

describe('fitsGet', () => {
  it('takes a path and query up to MAX_GET_PATH_AND_QUERY characters, encoded, and no more', () => {
    const template = '/v1/lists/{id}';
    const fixed = buildPath(template, { id: 'x' }).length + buildQuery({ a: '' }).length;
    const fill = (n: number) => ({ a: 'b'.repeat(n) });
    expect(fitsGet(template, { id: 'x' }, fill(MAX_GET_PATH_AND_QUERY - fixed))).toBe(true);
    expect(fitsGet(template, { id: 'x' }, fill(MAX_GET_PATH_AND_QUERY - fixed + 1))).toBe(false);
    // Commas of a list are sent encoded (%2C): three characters each.
    const items = Array.from({ length: 10 }, () => 'c'.repeat(10));
    expect(buildQuery({ a: items }).length).toBe('?a='.length + 100 + 9 * 3);
  });
});

describe('postRead', () => {
  it('sends the body as JSON with the query, once for concurrent identical reads, apart for another body', async () => {
    service.resetCounters();
    const c = client();
    const [one, two, other] = await Promise.all([
      c.postRead('/v1/lists/{id}', { id: 'a' }, { addresses: 'x,y' }, { pageSize: 5 }, { ttlMs: 60_000 }),
      c.postRead('/v1/lists/{id}', { id: 'a' }, { addresses: 'x,y' }, { pageSize: 5 }, { ttlMs: 60_000 }),
      c.postRead('/v1/lists/{id}', { id: 'a' }, { addresses: 'x,z' }, { pageSize: 5 }, { ttlMs: 60_000 }),
    ]);
    expect(one).toEqual({ id: 'a', q: { pageSize: '5' }, body: { addresses: 'x,y' }, type: 'application/json' });
    expect(two).toEqual(one);
    expect(other).toMatchObject({ body: { addresses: 'x,z' } });
    expect(service.counts()['POST /v1/lists/{id}']).toBe(2);
  });

  it('answers a repeated read from the shared cache within its TTL', async () => {
    service.resetCounters();
    const cache = new UpstreamCache({ maxEntries: 100, maxBytes: 1_000_000 });
    await client(cache).postRead('/v1/lists/{id}', { id: 'b' }, { addresses: 'x' }, undefined, { ttlMs: 60_000 });
    await client(cache).postRead('/v1/lists/{id}', { id: 'b' }, { addresses: 'x' }, undefined, { ttlMs: 60_000 });
    expect(service.counts()['POST /v1/lists/{id}']).toBe(1);
  });

  it('is retried like a GET after a connection reset (a read is safe to send again)', async () => {
    service.resetCounters();
    service.setFault('POST /v1/lists/{id}', { reset: true, times: 1 });
    await expect(client().postRead('/v1/lists/{id}', { id: 'c' }, { addresses: 'x' })).resolves.toMatchObject({ id: 'c' });
    expect(service.counts()['POST /v1/lists/{id}']).toBe(2);
  });
});
