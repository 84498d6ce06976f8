/**
 * The Data API key: which headers carry it (both names by default, only DATA_API_KEY_HEADER when
 * set), that only the Data API ever sees it, and what a client sees when the service refuses the key
 * (401) or limits it (429), against the sandbox's opt-in key and rate simulation.
 */
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxConfigError as ConfigError, dataApiAccessFromEnv, type SandboxService } from '@avalanche-graph/sandbox';
import { startSocketHarness, type SocketHarness } from '../support/harness.js';

/** One operation that needs all three services: the chain list (Data API), the node and the metrics service. */
const ALL_SERVICES = `{ chain(id: "43114") { chainName latestBlockNumber avgTps(first: 1) { nodes { value } } } }`;
const CHAINS = `{ chains(network: FUJI) { chainId } }`;

const KEY_NAMES = ['x-glacier-api-key', 'x-data-api-key'];

/** The headers of every request the service received since the last reset. */
const received = (service: SandboxService): Array<IncomingMessage['headers']> => service.recent.map((r) => r.headers);

/** Fails when any header (name or value) of any request the service received mentions a key. */
function expectNoKey(service: SandboxService, keys: string[]): void {
  expect(service.recent.length).toBeGreaterThan(0);
  for (const headers of received(service)) {
    expect(Object.keys(headers).filter((name) => /api-key/i.test(name))).toEqual([]);
    const text = JSON.stringify(headers);
    for (const key of keys) expect(text).not.toContain(key);
  }
}

describe('the key header, by default', () => {
  let h: SocketHarness;
  beforeAll(async () => {
    h = await startSocketHarness({ DATA_API_KEY: 'server-key-0123456789' });
  });
  afterAll(() => h.close());

  it('sends the server key under both names to the Data API, and no key to the node or the metrics service', async () => {
    h.sandbox.reset();
    const { errors } = await h.query(ALL_SERVICES);
    expect(errors).toBeUndefined();
    const { dataApi, nodeMainnet, metrics } = h.sandbox.services;
    expect(received(dataApi).length).toBeGreaterThan(0);
    for (const headers of received(dataApi)) {
      expect(headers['x-glacier-api-key']).toBe('server-key-0123456789');
      expect(headers['x-data-api-key']).toBe('server-key-0123456789');
    }
    expectNoKey(nodeMainnet, ['server-key-0123456789']);
    expectNoKey(metrics, ['server-key-0123456789']);
  });

  it.each(KEY_NAMES)('forwards a caller\'s key sent as %s under both names, and only to the Data API', async (name) => {
    h.sandbox.reset();
    const key = `caller-key-via-${name}`;
    const { errors } = await h.query(ALL_SERVICES, {}, { [name]: key });
    expect(errors).toBeUndefined();
    const { dataApi, nodeMainnet, metrics } = h.sandbox.services;
    for (const headers of received(dataApi)) {
      expect(headers['x-glacier-api-key']).toBe(key);
      expect(headers['x-data-api-key']).toBe(key);
    }
    expectNoKey(nodeMainnet, [key, 'server-key-0123456789']);
    expectNoKey(metrics, [key, 'server-key-0123456789']);
  });
});

describe('the key header, with DATA_API_KEY_HEADER', () => {
  it('sends the key under that header only', async () => {
    const h = await startSocketHarness({ DATA_API_KEY: 'server-key-0123456789', DATA_API_KEY_HEADER: 'X-Custom-Key' });
    try {
      await h.query(ALL_SERVICES);
      await h.query(CHAINS, {}, { 'x-data-api-key': 'caller-key-0123456789' });
      const { dataApi, nodeMainnet, metrics } = h.sandbox.services;
      expect(received(dataApi).map((headers) => headers['x-custom-key'])).toEqual(['server-key-0123456789', 'caller-key-0123456789']);
      for (const headers of received(dataApi)) for (const name of KEY_NAMES) expect(headers[name]).toBeUndefined();
      for (const service of [nodeMainnet, metrics]) {
        for (const headers of received(service)) expect(headers['x-custom-key']).toBeUndefined();
        expectNoKey(service, ['server-key-0123456789', 'caller-key-0123456789']);
      }
    } finally {
      await h.close();
    }
  });
});

describe('a key the Data API refuses (401)', () => {
  let h: SocketHarness;
  beforeAll(async () => {
    h = await startSocketHarness({ SANDBOX_API_KEYS: 'good-key-0123456789, other-good-key' });
  });
  afterAll(() => h.close());

  it.each(KEY_NAMES)('the simulated service answers 401 with its JSON error body to an unknown key under %s', async (name) => {
    const response = await fetch(`${h.sandbox.urls.dataApi}/v1/chains`, { headers: { [name]: 'unknown-key-0123456789' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Invalid API key', statusCode: 401, error: 'Unauthorized' });
    const good = await fetch(`${h.sandbox.urls.dataApi}/v1/chains`, { headers: { [name]: 'other-good-key' } });
    expect(good.status).toBe(200);
  });

  it('is a typed error naming the service and status, with no key in it; good and keyless callers go on', async () => {
    const key = 'unknown-key-0123456789';
    const { data, errors } = await h.query(CHAINS, {}, { 'x-glacier-api-key': key });
    expect(data).toEqual({ chains: null });
    expect(errors).toHaveLength(1);
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api', status: 401, reason: 'http' });
    expect(errors![0]!.message).toContain('answered 401');
    expect(JSON.stringify(errors)).not.toContain(key);

    expect((await h.query(CHAINS, {}, { 'x-data-api-key': 'good-key-0123456789' })).errors).toBeUndefined();
    expect((await h.query(`{ chains(network: MAINNET) { chainId } }`)).errors).toBeUndefined();
  });
});

describe('rate limits (429)', () => {
  let h: SocketHarness;
  beforeAll(async () => {
    h = await startSocketHarness({ SANDBOX_RATE_LIMIT_KEYED: '5', SANDBOX_RATE_LIMIT_KEYLESS: '2' });
  });
  afterAll(() => h.close());

  const hit = (headers: Record<string, string> = {}) => fetch(`${h.sandbox.urls.dataApi}/v1/chains`, { headers });

  it('the simulated service gives keyless callers a lower limit per minute, then 429 with Retry-After and ratelimit-*', async () => {
    const keyless = [await hit(), await hit(), await hit()];
    expect(keyless.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(keyless[0]!.headers.get('ratelimit-limit')).toBe('2');
    expect(keyless[0]!.headers.get('ratelimit-remaining')).toBe('1');
    const refused = keyless[2]!;
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));
    expect(await refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });

    const keyed: number[] = [];
    for (let i = 0; i < 6; i++) keyed.push((await hit({ 'x-glacier-api-key': 'direct-key' })).status);
    expect(keyed).toEqual([200, 200, 200, 200, 200, 429]);
    // The limit is per key, whichever header name carries it.
    expect((await hit({ 'x-data-api-key': 'direct-key' })).status).toBe(429);
    expect((await hit({ 'x-data-api-key': 'another-direct-key' })).status).toBe(200);
  });

  it('is RATE_LIMITED for the GraphQL client, with retryAfter from Retry-After; other keys go on', async () => {
    // This test's own key: the gateway then keeps the Retry-After window for this key alone.
    const key = 'gateway-limited-key';
    for (let i = 0; i < 5; i++) expect((await hit({ 'x-data-api-key': key })).status).toBe(200);
    const { data, errors } = await h.query(CHAINS, {}, { 'x-data-api-key': key });
    expect(data).toEqual({ chains: null });
    const extensions = errors![0]!.extensions!;
    expect(extensions).toMatchObject({ code: 'RATE_LIMITED', service: 'data-api', status: 429, rateLimit: { 'ratelimit-limit': '5', 'ratelimit-remaining': '0' } });
    expect(extensions.retryAfter).toBe(Number(extensions.rateLimit['ratelimit-reset']));
    expect(extensions.retryAfter).toBeGreaterThan(0);
    expect(extensions.retryAfter).toBeLessThanOrEqual(60);
    expect(JSON.stringify(errors)).not.toContain(key);
    expect((await h.query(CHAINS, {}, { 'x-data-api-key': 'gateway-fresh-key' })).errors).toBeUndefined();
  });
});

describe('the sandbox\'s key and rate variables', () => {
  it('are off unless set', () => {
    expect(dataApiAccessFromEnv({})).toBeUndefined();
    expect(dataApiAccessFromEnv({ SANDBOX_API_KEYS: ' , ' })).toBeUndefined();
    expect(dataApiAccessFromEnv({ SANDBOX_API_KEYS: 'a, b', SANDBOX_RATE_LIMIT_KEYED: '100' })).toEqual({ apiKeys: ['a', 'b'], rateLimitKeyed: 100, rateLimitKeyless: undefined });
  });

  it.each([
    ['SANDBOX_RATE_LIMIT_KEYED', { SANDBOX_RATE_LIMIT_KEYED: 'many' }],
    ['SANDBOX_RATE_LIMIT_KEYLESS', { SANDBOX_RATE_LIMIT_KEYLESS: '0' }],
    ['SANDBOX_RATE_LIMIT_KEYLESS', { SANDBOX_RATE_LIMIT_KEYED: '10', SANDBOX_RATE_LIMIT_KEYLESS: '20' }],
  ])('stop on a bad %s', (name, env) => {
    expect(() => dataApiAccessFromEnv(env)).toThrow(ConfigError);
    expect(() => dataApiAccessFromEnv(env)).toThrow(name);
  });
});
