import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxService, SandboxResponse } from '@avalanche-graph/sandbox';
import { UpstreamCache } from '../../src/upstream/transport/cache.js';
import { UpstreamError } from '../../src/upstream/transport/errors.js';
import { HttpTransport } from '../../src/upstream/transport/http.js';
import { buildPath, buildQuery, RestClient } from '../../src/upstream/transport/rest.js';

const service = new SandboxService({ name: 'test', errorBody: (status, message) => ({ message, statusCode: status, error: 'x' }) });
service.route('GET', '/v1/items/{id}', ({ params, query }) => ({ id: params.id, q: Object.fromEntries(query) }));
service.route('GET', '/v1/items/{id}/children', ({ params }) => ({ parent: params.id }));
service.route('GET', '/v1/slow', () => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), 2_000)));
service.route('GET', '/v1/fail', () => new SandboxResponse(503, { message: 'maintenance window', statusCode: 503, error: 'Service Unavailable' }));
service.route('GET', '/v1/ok', () => ({ ok: true }));

let baseUrl: string;
// Breakers are tested in test/http/upstream-faults.test.ts and test/graph/upstream-status.test.ts: here one never opens.
const transport = new HttpTransport({ timeoutMs: 300, connections: 4, retries: 1, breaker: { threshold: 1000, cooldownMs: 1000, targets: new Map() } });
const client = (cachePartition = 'anon') =>
  new RestClient({ service: 'data-api', baseUrl, transport, cache: new UpstreamCache({ maxEntries: 100, maxBytes: 1_000_000 }), cachePartition });

beforeAll(async () => {
  baseUrl = await service.listen(0);
});
afterAll(async () => {
  await transport.close();
  await service.close();
});

describe('URL building', () => {
  it('encodes every path segment so ids cannot change the path or query', () => {
    expect(buildPath('/v1/items/{id}', { id: '../admin' })).toBe('/v1/items/..%2Fadmin');
    expect(buildPath('/v1/items/{id}', { id: 'a?b=1#frag' })).toBe('/v1/items/a%3Fb%3D1%23frag');
    expect(buildPath('/v1/items/{id}', { id: 'x%2Fy' })).toBe('/v1/items/x%252Fy');
  });

  it('refuses dot segments and empty segments', () => {
    expect(() => buildPath('/v1/items/{id}', { id: '..' })).toThrow(/not allowed/);
    expect(() => buildPath('/v1/items/{id}', { id: '.' })).toThrow(/not allowed/);
    expect(() => buildPath('/v1/items/{id}', { id: '' })).toThrow(/not allowed/);
  });

  it('serializes typed query values and drops absent ones', () => {
    expect(buildQuery({ pageSize: 10, includeSpent: false, addresses: ['a', 'b'], pageToken: undefined, x: null })).toBe(
      '?pageSize=10&includeSpent=false&addresses=a%2Cb',
    );
    expect(buildQuery({ q: 'a&b=c' })).toBe('?q=a%26b%3Dc');
  });

  it('sends hostile ids as one opaque segment to the service', async () => {
    service.resetCounters();
    const answer = await client().get<{ id: string; q: Record<string, string> }>('/v1/items/{id}', { id: '../../v1/ok?x=1#y' }, { pageSize: 5 });
    expect(answer).toEqual({ id: '../../v1/ok?x=1#y', q: { pageSize: '5' } });
    expect(service.counts()).toEqual({ 'GET /v1/items/{id}': 1 });
    expect(service.recent[0]!.url).toBe('/v1/items/..%2F..%2Fv1%2Fok%3Fx%3D1%23y?pageSize=5');
  });

  it('refuses a dot segment with a typed error before sending', async () => {
    service.resetCounters();
    const error = await client().get('/v1/items/{id}/children', { id: '..' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).kind).toBe('invalid-request');
    expect(service.total()).toBe(0);
  });
});

describe('failure mapping', () => {
  it('maps a 5xx to an http error with status and route template, dropping what its body says', async () => {
    const error = (await client().get('/v1/fail').catch((e: unknown) => e)) as UpstreamError;
    expect(error).toMatchObject({ kind: 'http', status: 503, route: 'GET /v1/fail', service: 'data-api' });
    expect(error.upstreamMessage).toBeUndefined();
    expect(error.message).toBe('Data API (GET /v1/fail) answered 503');
  });

  it('maps a 404 to an http error that knows it is a not-found', async () => {
    const error = (await client().get('/v1/items/{id}/children/{c}', { id: 'a', c: 'b' }).catch((e: unknown) => e)) as UpstreamError;
    expect(error.kind).toBe('http');
    expect(error.isNotFound).toBe(true);
  });

  it('maps a missed deadline to a timeout', async () => {
    const error = (await client().get('/v1/slow').catch((e: unknown) => e)) as UpstreamError;
    expect(error.kind).toBe('timeout');
  });

  it('maps a hanging upstream to a timeout, never an unbounded wait', async () => {
    service.setFault('GET /v1/ok', { hang: true, times: 1 });
    const error = (await client().get('/v1/ok').catch((e: unknown) => e)) as UpstreamError;
    expect(error.kind).toBe('timeout');
  });

  it('maps a malformed body to invalid-json', async () => {
    service.setFault('GET /v1/ok', { malformed: true, times: 1 });
    const error = (await client().get('/v1/ok').catch((e: unknown) => e)) as UpstreamError;
    expect(error.kind).toBe('invalid-json');
  });

  it('retries an idempotent call once after a connection reset', async () => {
    service.resetCounters();
    service.setFault('GET /v1/ok', { reset: true, times: 1 });
    await expect(client().get('/v1/ok')).resolves.toEqual({ ok: true });
    expect(service.counts()['GET /v1/ok']).toBe(2);
  });

  it('maps repeated resets to a connection error', async () => {
    service.setFault('GET /v1/ok', { reset: true, times: 5 });
    const error = (await client().get('/v1/ok').catch((e: unknown) => e)) as UpstreamError;
    expect(error.kind).toBe('connection');
    service.clearFaults();
  });

  it('maps a refused connection to a connection error', async () => {
    const dead = new RestClient({
      service: 'metrics',
      baseUrl: 'http://127.0.0.1:1',
      transport,
      cache: new UpstreamCache({ maxEntries: 10, maxBytes: 10_000 }),
      cachePartition: 'x',
    });
    const error = (await dead.get('/v1/ok').catch((e: unknown) => e)) as UpstreamError;
    expect(error).toMatchObject({ kind: 'connection', service: 'metrics' });
  });

  it('keeps retry-after and rate-limit headers of a 429', async () => {
    service.setFault('GET /v1/ok', {
      status: 429,
      retryAfter: 17,
      headers: { 'ratelimit-limit': '100', 'ratelimit-remaining': '0', 'ratelimit-reset': '17' },
      times: 1,
    });
    // A partition of its own: the 429 closes the upstream to this partition for 17 s.
    const error = (await client('limited').get('/v1/ok').catch((e: unknown) => e)) as UpstreamError;
    expect(error.isRateLimited).toBe(true);
    expect(error.retryAfter).toBe(17);
    expect(error.rateLimit).toEqual({ 'ratelimit-limit': '100', 'ratelimit-remaining': '0', 'ratelimit-reset': '17' });
  });
});

describe('sharing', () => {
  it('sends concurrent identical calls once', async () => {
    service.resetCounters();
    const c = client();
    await Promise.all([c.get('/v1/ok'), c.get('/v1/ok'), c.get('/v1/ok')]);
    expect(service.counts()['GET /v1/ok']).toBe(1);
  });

  it('keeps answers for their TTL in the shared cache', async () => {
    service.resetCounters();
    const c = client();
    await c.get('/v1/items/{id}', { id: 'cached' }, undefined, { ttlMs: 60_000 });
    await c.get('/v1/items/{id}', { id: 'cached' }, undefined, { ttlMs: 60_000 });
    expect(service.counts()['GET /v1/items/{id}']).toBe(1);
  });
});
