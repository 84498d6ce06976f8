/**
 * The services' health and live checks in the graph (`Query.upstreamStatus`) and in `/ready`'s
 * detail: one probe per service and check per UPSTREAM_HEALTH_TTL_MS however many callers, a sick
 * or unreachable service reported (never an error, never an unready gateway), and probes that do
 * not move the gateway's own circuit breakers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxHealth } from '@avalanche-graph/sandbox';
import { UpstreamBreakersDocument, UpstreamStatusDocument } from '../gql/graphql.js';
import { startHarness, useHarness, type Harness } from '../support/harness.js';

// Every probe goes out here (no reuse), so each test counts its own calls.
const shared = useHarness({ env: { UPSTREAM_HEALTH_TTL_MS: '0' } });
const { h } = shared;

const DATA_HEALTH = 'GET /v1/health-check';
const DATA_LIVE = 'GET /v1/live-check';
const METRICS_HEALTH = 'GET /v2/health-check';
const METRICS_LIVE = 'GET /v2/live-check';

const ok = (names: string[]) => ({
  status: 'OK',
  checkedAt: expect.any(Number),
  httpStatus: 200,
  reason: null,
  components: names.map((name) => ({ name, status: 'UP' })),
});

const readyOf = async (harness: Harness) => {
  const response = await harness.fetch('/ready');
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

afterEach(() => {
  sandboxHealth(h.sandbox.services.dataApi).reset();
  sandboxHealth(h.sandbox.services.metrics).reset();
});

describe('upstreamStatus', () => {
  it('reports each service\'s breaker and the Data API\'s and metrics service\'s checks, one call per check', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { data, errors } = await h.query(UpstreamStatusDocument);
    expect(errors).toBeUndefined();
    expect(data!.upstreamStatus).toEqual([
      { service: 'data-api', breaker: 'CLOSED', health: ok(['database', 'cache']), live: ok(['database']) },
      { service: 'node-rpc-mainnet', breaker: 'CLOSED', health: null, live: null },
      { service: 'node-rpc-fuji', breaker: 'CLOSED', health: null, live: null },
      { service: 'metrics', breaker: 'CLOSED', health: ok(['database', 'cache']), live: ok(['database']) },
    ]);
    expect(data!.upstreamStatus[0]!.health!.checkedAt).toBeGreaterThanOrEqual(before);
    expect(shared.dataApi.counts()).toEqual({ [DATA_HEALTH]: 1, [DATA_LIVE]: 1 });
    expect(shared.metrics.counts()).toEqual({ [METRICS_HEALTH]: 1, [METRICS_LIVE]: 1 });
  });

  it('probes nothing when only the breakers are asked for', async () => {
    const { data, errors } = await h.query(UpstreamBreakersDocument);
    expect(errors).toBeUndefined();
    expect(data!.upstreamStatus.map((s) => s.service)).toEqual(['data-api', 'node-rpc-mainnet', 'node-rpc-fuji', 'metrics']);
    expect(shared.dataApi.total() + shared.metrics.total()).toBe(0);
  });

  it('reports a component down: ERROR for the check that looks at it, OK for the others', async () => {
    sandboxHealth(h.sandbox.services.dataApi).setDown('cache');
    sandboxHealth(h.sandbox.services.metrics).setShuttingDown(true);
    const { data, errors } = await h.query(UpstreamStatusDocument);
    expect(errors).toBeUndefined();
    const [dataApi, , , metrics] = data!.upstreamStatus;
    expect(dataApi!.health).toEqual({ ...ok([]), status: 'ERROR', components: [{ name: 'database', status: 'UP' }, { name: 'cache', status: 'DOWN' }] });
    expect(dataApi!.live).toEqual(ok(['database']));
    expect(metrics!.live!.status).toBe('SHUTTING_DOWN');
  });

  it('reports a server error and an unreachable service without failing the field', async () => {
    shared.dataApi.setFault(DATA_HEALTH, { status: 503 });
    shared.metrics.setFault(METRICS_LIVE, { reset: true });
    const { data, errors } = await h.query(UpstreamStatusDocument);
    expect(errors).toBeUndefined();
    const [dataApi, , , metrics] = data!.upstreamStatus;
    expect(dataApi!.health).toEqual({ status: 'ERROR', checkedAt: expect.any(Number), httpStatus: 503, reason: 'HTTP 503', components: [] });
    expect(dataApi!.live!.status).toBe('OK');
    expect(metrics!.live).toEqual({ status: 'UNREACHABLE', checkedAt: expect.any(Number), httpStatus: null, reason: 'connection', components: [] });
    expect(metrics!.health!.status).toBe('OK');
    // One attempt per probe: a probe is not retried.
    expect(shared.metrics.counts()[METRICS_LIVE]).toBe(1);
  });
});

describe('/ready', () => {
  it('adds each service\'s last checks to its detail', async () => {
    sandboxHealth(h.sandbox.services.metrics).setDown('database');
    const before = Date.now();
    const { status, body } = await readyOf(h);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'ready',
      upstreams: { 'data-api': 'closed', metrics: 'closed' },
      checks: {
        'data-api': { health: { status: 'ok' }, live: { status: 'ok' } },
        metrics: { health: { status: 'error' }, live: { status: 'error' } },
      },
    });
    expect(Date.parse(body.checks['data-api'].health.checkedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(shared.dataApi.counts()).toEqual({ [DATA_HEALTH]: 1, [DATA_LIVE]: 1 });
  });

  it('stays 200 with every service unreachable, and says so', async () => {
    for (const route of [DATA_HEALTH, DATA_LIVE]) shared.dataApi.setFault(route, { reset: true });
    for (const route of [METRICS_HEALTH, METRICS_LIVE]) shared.metrics.setFault(route, { reset: true });
    const { status, body } = await readyOf(h);
    expect(status).toBe(200);
    for (const service of ['data-api', 'metrics']) {
      for (const check of ['health', 'live']) expect(body.checks[service][check]).toEqual({ status: 'unreachable', checkedAt: expect.any(String), reason: 'connection' });
    }
  });
});

describe('HEAD /ready', () => {
  it("answers /ready's status alone, with no probe: what a balancer's check needs", async () => {
    sandboxHealth(h.sandbox.services.metrics).setDown('database');
    const head = await h.fetch('/ready', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(shared.dataApi.total() + shared.metrics.total()).toBe(0);
    // GET still probes (no reuse here) and gives the detail.
    expect((await readyOf(h)).status).toBe(200);
    expect(shared.dataApi.counts()).toEqual({ [DATA_HEALTH]: 1, [DATA_LIVE]: 1 });
  });
});

describe('probe reuse and isolation', () => {
  it('makes one probe per service and check per period, however many callers', async () => {
    const reused = await startHarness({ UPSTREAM_HEALTH_TTL_MS: '60000' });
    try {
      const answers = await Promise.all([...Array.from({ length: 5 }, () => reused.query(UpstreamStatusDocument)), readyOf(reused)]);
      expect(answers.every((a) => !('errors' in a) || a.errors === undefined)).toBe(true);
      await reused.query(UpstreamStatusDocument);
      await readyOf(reused);
      expect(reused.sandbox.services.dataApi.counts()).toEqual({ [DATA_HEALTH]: 1, [DATA_LIVE]: 1 });
      expect(reused.sandbox.services.metrics.counts()).toEqual({ [METRICS_HEALTH]: 1, [METRICS_LIVE]: 1 });
      // Within the period, a change is not seen yet: the kept answer is served.
      sandboxHealth(reused.sandbox.services.dataApi).setDown('database');
      const { data } = await reused.query(UpstreamStatusDocument);
      expect(data!.upstreamStatus[0]!.health!.status).toBe('OK');
    } finally {
      await reused.close();
    }
  });

  it('probes again once the period is over', async () => {
    const short = await startHarness({ UPSTREAM_HEALTH_TTL_MS: '200' });
    try {
      await short.query(UpstreamStatusDocument);
      sandboxHealth(short.sandbox.services.dataApi).setDown('database');
      await new Promise((resolve) => setTimeout(resolve, 250));
      const { data } = await short.query(UpstreamStatusDocument);
      expect(data!.upstreamStatus[0]!.health!.status).toBe('ERROR');
      expect(short.sandbox.services.dataApi.counts()[DATA_HEALTH]).toBe(2);
    } finally {
      await short.close();
    }
  });

  it('never opens the gateway\'s breaker for a failing health route', async () => {
    const guarded = await startHarness({ UPSTREAM_HEALTH_TTL_MS: '0', BREAKER_THRESHOLD: '2' });
    try {
      guarded.sandbox.services.dataApi.setFault(DATA_HEALTH, { status: 503 });
      for (let i = 0; i < 4; i++) {
        const { data } = await guarded.query(UpstreamStatusDocument);
        expect(data!.upstreamStatus[0]).toMatchObject({ breaker: 'CLOSED', health: { status: 'ERROR', httpStatus: 503 } });
      }
      expect(guarded.sandbox.services.dataApi.counts()[DATA_HEALTH]).toBe(4);
      const chains = await guarded.query('{ chains { chainId } }');
      expect(chains.errors).toBeUndefined();
    } finally {
      await guarded.close();
    }
  });
});
