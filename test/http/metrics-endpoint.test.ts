import { describe, expect, it } from 'vitest';
import { OPERATION_NAME_LABELS } from '../../src/observability/metrics.js';
import { startSocketHarness, useSocketHarness } from '../support/harness.js';

const { h } = useSocketHarness();

describe('/metrics', () => {
  it('reports upstream calls by service, route template and status, and GraphQL requests', async () => {
    // Two chain-list calls: the filtered list, then the full list `chain(id:)` looks ids up in.
    await h.query(`{ chains(network: FUJI) { chainId } }`, {}, { 'x-data-api-key': 'metrics-secret-key' });
    h.sandbox.services.dataApi.setFault('GET /v1/chains/{chainId}/blocks', { status: 503, times: 1 });
    await h.query(`{ chain(id: "43113") { chainName blocks(first: 1) { nodes { number } } } }`);
    const response = await fetch(h.url.replace(/\/graphql$/, '/metrics'));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/avalanche_graph_upstream_requests_total\{service="data-api",route="GET \/v1\/chains",status="200"\} 2/);
    expect(text).toMatch(/avalanche_graph_upstream_requests_total\{service="data-api",route="GET \/v1\/chains\/\{chainId\}\/blocks",status="503"\} 1/);
    expect(text).toMatch(/avalanche_graph_upstream_request_duration_seconds_count\{service="data-api",route="GET \/v1\/chains"\} 2/);
    expect(text).toMatch(/avalanche_graph_cache_entries{cache="upstream"} \d+/);
    expect(text).toMatch(/avalanche_graph_cache_bytes{cache="documents"} \d+/);
    expect(text).toContain('avalanche_graph_http_request_duration_seconds_count{');
    // The request, execution and error series operators alert on (the repeats of these are off).
    for (const series of ['avalanche_graph_requests_total{', 'avalanche_graph_execute_duration_seconds_count', 'avalanche_graph_errors_total{', 'avalanche_graph_operation_duration_seconds_count']) {
      expect(text).toContain(series);
    }
    // Route templates only: no key, no address, no query string.
    expect(text).not.toContain('metrics-secret-key');
    expect(text).not.toContain('network=fuji');
  });
});

describe('/metrics under hostile traffic', () => {
  const scrape = async () => (await fetch(h.server.metricsUrl)).text();
  // The series requests can add. prom-client's process metrics (`nodejs_*`, `process_*`) are left
  // out: they are labelled by the kinds of handles and resources the process holds at the moment,
  // which come and go with whatever else ran in the process (tests share one), not with requests.
  const series = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#') && !/^(nodejs|process)_/.test(line)).length;
  const distinctGet = (i: number) =>
    fetch(`${h.url}?query=${encodeURIComponent(`query Op${i}_${'z'.repeat(i % 7)} { chain(id: "43114") { address(address: "0x${i.toString(16).padStart(40, '0')}") { address } } }`)}&n=${i}`, {
      headers: { 'x-graphql-yoga-csrf': '1', 'x-data-api-key': `metrics-key-${i}` },
    });

  it('keeps every label bounded: no URL, no query string, operation names capped, series flat', async () => {
    for (let i = 0; i < 60; i++) expect((await distinctGet(i)).status).toBe(200);
    const after60 = await scrape();
    for (let i = 60; i < 200; i++) await distinctGet(i);
    const after200 = await scrape();
    for (const text of [after60, after200]) {
      expect(text).not.toMatch(/url="/);
      expect(text).not.toContain('query=');
      expect(text).not.toContain('0x00000000000000000000000000000000000000');
      expect(text).not.toContain('metrics-key-');
      expect(text).not.toMatch(/path="/);
    }
    const names = new Set([...after200.matchAll(/operation_name="([^"]*)"/g)].map((m) => m[1]));
    expect(names.size).toBeLessThanOrEqual(OPERATION_NAME_LABELS + 2);
    expect(names.has('other')).toBe(true);
    // 140 more distinct requests add no series.
    expect(series(after200)).toBe(series(after60));
  });

  it('counts refusals by a fixed set of reasons', async () => {
    await h.query(`{ chain(id: "43114") { block(number: "-1") { hash } } }`);
    const text = await scrape();
    expect(text).toMatch(/avalanche_graph_rejections_total\{reason="bad-input"\} [1-9]/);
    expect(text).toMatch(/avalanche_graph_rejections_total\{reason="circuit-open"\} \d/);
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics only on its own port', async () => {
    const separate = await startSocketHarness({ METRICS_PORT: '0' });
    try {
      expect(separate.server.metricsUrl).not.toBe(separate.url.replace(/\/graphql$/, '/metrics'));
      const own = await fetch(separate.server.metricsUrl);
      expect(own.status).toBe(200);
      expect(await own.text()).toContain('avalanche_graph_upstream_requests_total');
      expect((await fetch(separate.url.replace(/\/graphql$/, '/metrics'))).status).toBe(404);
      expect((await fetch(separate.server.metricsUrl.replace(/\/metrics$/, '/graphql'))).status).toBe(404);
    } finally {
      await separate.close();
    }
  });

  it('answers the probes /health and /ready there too, as the GraphQL port does, for checks that a crowd on that port does not hold up', async () => {
    const separate = await startSocketHarness({ METRICS_PORT: '0' });
    try {
      const at = (path: string) => separate.server.metricsUrl.replace(/\/metrics$/, path);
      expect((await fetch(at('/health'))).status).toBe(200);
      const ready = await fetch(at('/ready'), { method: 'HEAD' });
      expect(ready.status).toBe(200);
      const main = await fetch(separate.url.replace(/\/graphql$/, '/ready'), { method: 'HEAD' });
      expect(main.status).toBe(ready.status);
      // Shutting down, it turns 503 on both ports at once (the drain's first step).
      const closing = separate.close();
      await expect.poll(async () => (await fetch(at('/ready'), { method: 'HEAD' }).catch(() => undefined))?.status ?? 'closed').not.toBe(200);
      await closing;
    } catch (error) {
      await separate.close().catch(() => undefined);
      throw error;
    }
  });
});
