import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/harness.js';

const { h } = useHarness();

describe('/metrics', () => {
  it('reports upstream calls by service, route template and status, and GraphQL requests', async () => {
    // Two chain-list calls: the filtered list, then the full list `chain(id:)` looks ids up in.
    await h.query(`{ chains(network: FUJI) { chainId } }`, {}, { 'x-data-api-key': 'metrics-secret-key' });
    h.sandbox.services.dataApi.setFault('GET /v1/chains/{chainId}/blocks', { status: 503, times: 1 });
    await h.query(`{ chain(id: "43113") { blocks(first: 1) { nodes { number } } } }`);
    const response = await fetch(h.url.replace(/\/graphql$/, '/metrics'));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/upstream_requests_total\{service="data-api",route="GET \/v1\/chains",status="200"\} 2/);
    expect(text).toMatch(/upstream_requests_total\{service="data-api",route="GET \/v1\/chains\/\{chainId\}\/blocks",status="503"\} 1/);
    expect(text).toMatch(/upstream_request_duration_seconds_count\{service="data-api",route="GET \/v1\/chains"\} 2/);
    expect(text).toMatch(/upstream_cache_entries \d+/);
    expect(text).toContain('graphql_yoga_http_duration');
    // Route templates only: no key, no address, no query string.
    expect(text).not.toContain('metrics-secret-key');
    expect(text).not.toContain('network=fuji');
  });
});
