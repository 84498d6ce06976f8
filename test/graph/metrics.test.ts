/**
 * Chain.avgTps over the metrics service: the whole daily series walks without gaps or repeats
 * through cursors that resume mid-page, and a cursor whose upstream page token has expired is a
 * BAD_USER_INPUT error on `after` (or `before`) that says to start again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics, buildTpsSeries, createWorld, type SandboxService } from '@avalanche-graph/sandbox';
import { ChainAvgTpsDocument } from '../gql/graphql.js';
import { startHarness, useHarness, type Harness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const ROUTE = 'GET /v1/avg_tps/{chainId}';

const { h } = useHarness();

/** Walks the series with `first`: each page's `nodes` are its edges' nodes, and every page before the last is full. */
const walk = (harness: Harness, id: string, first: number) =>
  walkConnection((after) => harness.query(ChainAvgTpsDocument, { id, first, after }), (d) => d.chain!.avgTps, {
    maxPages: 50,
    check: (page) => {
      expect(page.nodes).toEqual(page.edges!.map((e) => e.node));
      if (page.pageInfo.hasNextPage) expect(page.nodes).toHaveLength(first);
    },
  });

describe('Chain.avgTps', () => {
  it('walks the whole series of each chain, newest first, exactly as the service holds it', async () => {
    for (const chain of h.sandbox.world.chains.filter((c) => c.evmChainId === 43114 || c.evmChainId === 779672)) {
      const expected = buildTpsSeries(h.sandbox.world, chain).points;
      // 37 does not divide the service's 50-point pages: cursors resume in the middle of a page.
      const points = await walk(h, String(chain.evmChainId), 37);
      expect(points).toEqual(expected);
      for (let i = 1; i < points.length; i++) expect(points[i - 1]!.timestamp - points[i]!.timestamp).toBe(86_400);
    }
  });

  it('fills a page larger than one upstream page from the following pages', async () => {
    const chain = h.sandbox.world.chains.find((c) => c.evmChainId === 432204)!;
    const expected = buildTpsSeries(h.sandbox.world, chain).points;
    const { data, errors } = await h.query(ChainAvgTpsDocument, { id: '432204', first: 120 });
    expect(errors).toBeUndefined();
    expect(data!.chain!.avgTps!.nodes).toEqual(expected.slice(0, 120));
    expect(h.sandbox.services.metrics.counts()[ROUTE]).toBe(Math.ceil(120 / 50));
    const defaults = await h.query(ChainAvgTpsDocument, { id: '432204' });
    expect(defaults.data!.chain!.avgTps!.nodes).toEqual(expected.slice(0, 50));
    expect(defaults.data!.chain!.avgTps!.pageInfo.hasNextPage).toBe(true);
  });

  it('refuses an out-of-range first or a foreign cursor before calling the service', async () => {
    const tooMany = await h.query(ChainAvgTpsDocument, { id: '43114', first: 201 });
    expect(tooMany.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'first' });
    const page = await h.query(ChainAvgTpsDocument, { id: '43114', first: 1 });
    h.sandbox.reset();
    const foreign = await h.query(ChainAvgTpsDocument, { id: '779672', after: page.data!.chain!.avgTps!.pageInfo.endCursor! });
    expect(foreign.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'after' });
    expect(h.sandbox.services.metrics.total(ROUTE)).toBe(0);
  });
});

describe('Chain.avgTps with expiring page tokens', () => {
  let clock = Date.UTC(2025, 5, 1);
  let metrics: SandboxService;
  let hx: Harness;

  beforeAll(async () => {
    // A metrics service on a clock the test moves (the same world: the seed is the default one).
    metrics = createMetrics(createWorld(), { tokenTtlSeconds: 300, now: () => clock });
    const url = metrics.serveAt('http://metrics-clock.sandbox.invalid');
    hx = await startHarness({ METRICS_URL: url }, { services: [metrics] });
  });
  afterAll(async () => {
    await hx?.close();
    await metrics?.close();
  });

  it('resumes a fresh cursor inside the second upstream page both ways, and reports an expired one on `after` or `before`', async () => {
    const chain = hx.sandbox.world.chains.find((c) => c.evmChainId === 779672)!;
    const expected = buildTpsSeries(hx.sandbox.world, chain).points;
    const first = await hx.query(ChainAvgTpsDocument, { id: '779672', first: 60 });
    expect(first.errors).toBeUndefined();
    const cursor = first.data!.chain!.avgTps!.pageInfo.endCursor!;

    const fresh = await hx.query(ChainAvgTpsDocument, { id: '779672', first: 10, after: cursor });
    expect(fresh.errors).toBeUndefined();
    expect(fresh.data!.chain!.avgTps!.nodes).toEqual(expected.slice(60, 70));
    // Back from it, through its upstream page (10 points before it there) and the first one.
    const back = await hx.query(ChainAvgTpsDocument, { id: '779672', last: 15, before: fresh.data!.chain!.avgTps!.pageInfo.startCursor! });
    expect(back.errors).toBeUndefined();
    expect(back.data!.chain!.avgTps!.nodes).toEqual(expected.slice(45, 60));
    expect(back.data!.chain!.avgTps!.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });

    clock += 10 * 60_000;
    const calls = metrics.counts()[ROUTE] ?? 0;
    const expired = await hx.query(ChainAvgTpsDocument, { id: '779672', first: 10, after: cursor });
    expect(metrics.counts()[ROUTE]).toBe(calls + 1);
    expect(expired.data!.chain!.avgTps).toBeNull();
    expect(expired.errors).toHaveLength(1);
    expect(expired.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'after' });
    expect(expired.errors![0]!.message).toMatch(/start again/i);
    expect(expired.errors![0]!.message).toMatch(/without "after"/);
    // The tokens a cursor carries to go back expire too, and are reported on `before`.
    const expiredBack = await hx.query(ChainAvgTpsDocument, { id: '779672', last: 15, before: fresh.data!.chain!.avgTps!.pageInfo.startCursor! });
    expect(expiredBack.data!.chain!.avgTps).toBeNull();
    expect(expiredBack.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'before', restart: true });
    expect(expiredBack.errors![0]!.message).toMatch(/without "before"/);

    // Starting again works, and hands out cursors that work.
    const restart = await hx.query(ChainAvgTpsDocument, { id: '779672', first: 60 });
    const next = await hx.query(ChainAvgTpsDocument, { id: '779672', first: 10, after: restart.data!.chain!.avgTps!.pageInfo.endCursor! });
    expect(next.errors).toBeUndefined();
    expect(next.data!.chain!.avgTps!.nodes).toEqual(expected.slice(60, 70));
  });
});
