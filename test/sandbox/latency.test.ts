/**
 * The sandbox's added latency (for benchmarks): every answer of every simulated service waits the
 * configured delay, it can be changed at runtime, 0 delays nothing, and `SANDBOX_LATENCY_MS` sets it.
 * Bounds are lower bounds only (a delay is at least applied), never a speed assertion.
 */
import { describe, expect, it } from 'vitest';
import { SandboxConfigError as ConfigError, latencyFromEnv, type Sandbox } from '@avalanche-graph/sandbox';
import { useSandbox } from '../support/sandbox.js';

const DELAY = 150;

/** Time (ms) one request to `url` takes, and its status. */
async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { ms: performance.now() - t0, status: response.status };
}

describe('sandbox latency knob', () => {
  const sandbox = useSandbox({ latencyMs: DELAY });

  const requests = (s: Sandbox): Record<string, [string, RequestInit?]> => ({
    dataApi: [`${s.urls.dataApi}/v1/chains/43114/blocks?pageSize=1`],
    nodeMainnet: [
      `${s.urls.nodeRpcMainnet}/ext/bc/C/rpc`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }) },
    ],
    nodeFuji: [`${s.urls.nodeRpcFuji}/no-such-route`],
    metrics: [`${s.urls.metrics}/v1/avg_tps/43114`],
    l1Nodes: [`${s.urls.l1Nodes}/no-such-route`],
  });

  it('delays every answer of every service by at least the configured latency', async () => {
    const before = sandbox.latency().delayedAnswers;
    for (const [service, [url, init]] of Object.entries(requests(sandbox))) {
      const { ms } = await timed(url, init);
      expect(ms, service).toBeGreaterThanOrEqual(DELAY - 5);
    }
    const after = sandbox.latency();
    expect(after.latencyMs).toBe(DELAY);
    for (const service of Object.keys(requests(sandbox))) expect(after.delayedAnswers[service], service).toBe(before[service]! + 1);
  });

  it('delays each of several concurrent requests', async () => {
    // Lower bounds only: each of 4 parallel requests takes at least the delay, and each was counted as delayed once.
    const before = sandbox.latency().delayedAnswers.dataApi!;
    const results = await Promise.all(Array.from({ length: 4 }, () => timed(`${sandbox.urls.dataApi}/v1/chains`)));
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.ms).toBeGreaterThanOrEqual(DELAY - 5);
    }
    expect(sandbox.latency().delayedAnswers.dataApi).toBe(before + 4);
  });

  it('changes at runtime; 0 adds no delay and reset() keeps the latency', async () => {
    sandbox.setLatency(0);
    sandbox.reset();
    const before = sandbox.latency().delayedAnswers;
    for (const [url, init] of Object.values(requests(sandbox))) await timed(url, init);
    expect(sandbox.latency()).toEqual({ latencyMs: 0, delayedAnswers: before });

    sandbox.setLatency(DELAY);
    sandbox.reset();
    expect(sandbox.latency().latencyMs).toBe(DELAY);
    const { ms } = await timed(`${sandbox.urls.dataApi}/v1/chains`);
    expect(ms).toBeGreaterThanOrEqual(DELAY - 5);
    expect(sandbox.latency().delayedAnswers.dataApi).toBe(before.dataApi! + 1);
  });

  it('refuses a negative latency', () => {
    expect(() => sandbox.setLatency(-1)).toThrow(RangeError);
  });
});

describe('SANDBOX_LATENCY_MS', () => {
  it('reads whole milliseconds; unset or empty is 0', () => {
    expect(latencyFromEnv({})).toBe(0);
    expect(latencyFromEnv({ SANDBOX_LATENCY_MS: '' })).toBe(0);
    expect(latencyFromEnv({ SANDBOX_LATENCY_MS: '20' })).toBe(20);
  });

  it('refuses anything else', () => {
    for (const value of ['-1', '1.5', 'abc', '60001']) expect(() => latencyFromEnv({ SANDBOX_LATENCY_MS: value }), value).toThrow(ConfigError);
  });
});
