/**
 * Shutdown with a hanging upstream: at SHUTDOWN_TIMEOUT_MS the clients still waiting are cut and the
 * upstream calls they wait on are aborted, so the process does not wait for the upstream's own
 * (here one-minute) deadline.
 */
import { describe, expect, it } from 'vitest';
import { startSocketHarness } from '../support/harness.js';

describe('shutdown', () => {
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
