/**
 * Sick and limiting upstreams: error bodies never reach a client raw, keys never reach a log or an
 * error, a 429's Retry-After is honoured per key without calling again, and a failing origin's
 * circuit breaker fails fast, then probes.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/observability/logger.js';
import { startSocketHarness } from '../support/harness.js';

const CHAINS = `{ chains(network: FUJI) { chainId } }`;

describe('upstream error bodies', () => {
  it('answers a 5xx in the gateway\'s own words, whatever its body says', async () => {
    const h = await startSocketHarness();
    try {
      h.sandbox.services.dataApi.setFault('GET /v1/chains', { status: 500, body: { message: 'boom at http://10.1.2.3:9650/internal SECRET-1234567890' } });
      const { errors } = await h.query(CHAINS);
      expect(errors![0]!.message).toBe('Data API (GET /v1/chains) answered 500');
      expect(JSON.stringify(errors)).not.toMatch(/10\.1\.2\.3|SECRET|http:\/\/|boom/);
      expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api', status: 500 });
    } finally {
      await h.close();
    }
  });

  it('passes on a 4xx message only cleaned: no URL or host, no control characters, capped', async () => {
    const h = await startSocketHarness();
    try {
      const message = `pageSize is invalid, see https://internal.example:8443/docs?x=1 or 10.0.0.7:9650\u0007\u202e\n${'z'.repeat(500)}`;
      h.sandbox.services.dataApi.setFault('GET /v1/chains', { status: 400, body: { message } });
      const { errors } = await h.query(CHAINS);
      const text = errors![0]!.message;
      expect(text).toContain('pageSize is invalid');
      expect(text).not.toMatch(/https?:|internal\.example|10\.0\.0\.7|\u0007|\u202e|\n/);
      expect(text.length).toBeLessThan(300);
    } finally {
      await h.close();
    }
  });
});

describe('keys', () => {
  it('never writes a key into a log line, an error or /metrics, under a custom key header', async () => {
    const lines: string[] = [];
    const serverKey = 'server-secret-key-0123456789';
    const callerKey = 'caller-secret-key-9876543210';
    const h = await startSocketHarness(
      { DATA_API_KEY: serverKey, DATA_API_KEY_HEADER: 'x-custom-api-key', LOG_LEVEL: 'debug' },
      createLogger('debug', (line) => lines.push(line)),
    );
    try {
      const answers: unknown[] = [];
      for (const [status, headers] of [
        [401, { 'x-data-api-key': callerKey }],
        [400, { 'x-data-api-key': callerKey }],
        [500, {}],
        [401, {}],
      ] as Array<[number, Record<string, string>]>) {
        // The upstream echoes the key it was sent, as a real service's 401 may.
        const sent = headers['x-data-api-key'] ?? serverKey;
        h.sandbox.services.dataApi.setFault('GET /v1/chains', { status, body: { message: `invalid key ${sent}`, error: sent }, times: 1 });
        answers.push(await h.query(CHAINS, {}, headers));
      }
      // The keys did reach the Data API, under the custom header.
      expect(h.sandbox.services.dataApi.recent.map((r) => r.headers['x-custom-api-key'])).toEqual([callerKey, callerKey, serverKey, serverKey]);
      const metrics = await (await fetch(h.server.metricsUrl)).text();
      const everything = [JSON.stringify(answers), lines.join('\n'), metrics].join('\n');
      expect(lines.some((line) => line.includes('answered 401'))).toBe(true);
      expect(everything).not.toContain(callerKey);
      expect(everything).not.toContain(serverKey);
      expect(JSON.stringify(answers)).toContain('[redacted]');
    } finally {
      await h.close();
    }
  });
});

describe('Retry-After', () => {
  it('answers RATE_LIMITED at once, unsent, until the window passes; other keys go on', async () => {
    const h = await startSocketHarness();
    try {
      const api = h.sandbox.services.dataApi;
      api.setFault('GET /v1/chains', { status: 429, retryAfter: 30, times: 1 });
      const first = await h.query(CHAINS, {}, { 'x-data-api-key': 'limited-key' });
      expect(first.errors![0]!.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 30 });
      for (let i = 0; i < 20; i++) {
        const { errors } = await h.query(`{ chains(network: MAINNET) { chainId } }`, {}, { 'x-data-api-key': 'limited-key' });
        expect(errors![0]!.extensions!.code).toBe('RATE_LIMITED');
        expect(errors![0]!.extensions!.retryAfter).toBeGreaterThan(0);
        expect(errors![0]!.extensions!.retryAfter).toBeLessThanOrEqual(30);
      }
      expect(api.total()).toBe(1);
      const other = await h.query(CHAINS, {}, { 'x-data-api-key': 'another-key' });
      expect(other.errors).toBeUndefined();
      expect(api.total()).toBe(2);
      expect(await (await fetch(h.server.metricsUrl)).text()).toMatch(/avalanche_graph_rejections_total\{reason="retry-after"\} 20/);
    } finally {
      await h.close();
    }
  });
});

describe('circuit breaker', () => {
  it('fails fast after consecutive failures, reports it, then probes and closes', async () => {
    const h = await startSocketHarness({ BREAKER_THRESHOLD: '3', BREAKER_COOLDOWN_MS: '300' });
    try {
      const api = h.sandbox.services.dataApi;
      const base = h.url.replace(/\/graphql$/, '');
      api.setFault('GET /v1/chains', { status: 503 });
      for (let i = 0; i < 3; i++) expect((await h.query(CHAINS)).errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', status: 503 });
      expect(api.total()).toBe(3);
      for (let i = 0; i < 10; i++) {
        const { errors } = await h.query(CHAINS);
        expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', service: 'data-api' });
        expect(errors![0]!.extensions!.retryAfter).toBeGreaterThan(0);
      }
      expect(api.total()).toBe(3);
      expect(await (await fetch(`${base}/ready`)).json()).toMatchObject({ status: 'ready', upstreams: { 'data-api': 'open' } });
      expect(await (await fetch(h.server.metricsUrl)).text()).toMatch(/avalanche_graph_upstream_circuit_state\{service="data-api",target="data-api"\} 2/);
      // The node RPC has a breaker of its own and is not affected.
      expect((await h.query(`{ network { pChain { height } } }`)).errors).toBeUndefined();

      api.clearFaults();
      await new Promise((resolve) => setTimeout(resolve, 350));
      const probe = await h.query(CHAINS);
      expect(probe.errors).toBeUndefined();
      // /ready above also probed the Data API's health routes, on a transport of their own: count the data route only.
      expect(api.counts()['GET /v1/chains']).toBe(4);
      expect(await (await fetch(`${base}/ready`)).json()).toMatchObject({ upstreams: { 'data-api': 'closed' } });
    } finally {
      await h.close();
    }
  });

  it('counts timeouts of a hanging upstream as failures', async () => {
    const h = await startSocketHarness({ BREAKER_THRESHOLD: '2', UPSTREAM_TIMEOUT_MS: '150', UPSTREAM_RETRIES: '0' });
    try {
      h.sandbox.services.dataApi.setFault('GET /v1/chains', { hang: true });
      for (let i = 0; i < 2; i++) expect((await h.query(CHAINS)).errors![0]!.extensions!.code).toBe('UPSTREAM_TIMEOUT');
      const fast = await h.query(CHAINS);
      expect(fast.errors![0]!.extensions!.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(h.sandbox.services.dataApi.total()).toBe(2);
    } finally {
      await h.close();
    }
  });
});
