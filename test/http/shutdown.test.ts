/**
 * Shutdown. The drain (SIGTERM's first step): `/ready` turns 503 while the gateway still answers, each
 * answer closing its connection, so that a load balancer takes it out of rotation before its listener
 * closes. With a hanging upstream: at SHUTDOWN_TIMEOUT_MS the clients still waiting are cut and the
 * upstream calls they wait on are aborted, so the process does not wait for the upstream's own
 * (here one-minute) deadline.
 */
import { describe, expect, it } from 'vitest';
import { startSocketHarness } from '../support/harness.js';

describe('shutdown', () => {
  it('drains first: /ready answers 503 while queries are still answered, each closing its connection; close() ends the drain', async () => {
    // A drain far longer than the test: only close() can end it.
    const h = await startSocketHarness({ SHUTDOWN_DRAIN_MS: '600000' });
    try {
      expect((await h.fetch('/ready')).status).toBe(200);
      const drained = h.server.drain();
      const ready = await h.fetch('/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'not ready' });
      // The balancer's check (deploy/haproxy.cfg: HEAD) sees the same.
      expect((await h.fetch('/ready', { method: 'HEAD' })).status).toBe(503);

      const answer = await h.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ chains(network: MAINNET) { chainId } }' }),
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('connection')).toBe('close');
      const body = (await answer.json()) as { data: { chains: Array<{ chainId: string }> } };
      expect(body.data.chains.map((c) => c.chainId)).toContain('43114');
      expect((await h.fetch('/health')).status).toBe(200);

      await h.server.close();
      await drained;
      // The listener is closed: a new connection is refused.
      await expect(h.fetch('/health')).rejects.toThrow();
    } finally {
      await h.sandbox.close();
    }
  });

  it('aborts in-flight upstream calls at SHUTDOWN_TIMEOUT_MS instead of waiting for them', async () => {
    const h = await startSocketHarness({ SHUTDOWN_TIMEOUT_MS: '300', UPSTREAM_TIMEOUT_MS: '60000', OPERATION_TIMEOUT_MS: '60000' });
    try {
      h.sandbox.services.dataApi.setFault('GET /v1/chains', { hang: true });
      const inFlight = h.query(`{ chains { chainId } }`).then(
        () => 'answered',
        () => 'cut',
      );
      // Wait until the upstream holds the call.
      for (let i = 0; i < 100 && h.sandbox.services.dataApi.total('GET /v1/chains') === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(h.sandbox.services.dataApi.total('GET /v1/chains')).toBe(1);
      // Settles at the shutdown deadline: the test's own 5 s timeout would fail it if close() waited for the upstream.
      await h.server.close();
      expect(await inFlight).toBe('cut');
      // The pools are gone: a late call is refused without reaching the network.
      await expect(h.server.upstreams.transport.json({
        service: 'data-api', route: 'GET /v1/chains', baseUrl: h.sandbox.urls.dataApi, pathAndQuery: '/v1/chains', method: 'GET', idempotent: true,
      })).rejects.toMatchObject({ kind: 'connection' });
    } finally {
      await h.sandbox.close();
    }
  });
});
