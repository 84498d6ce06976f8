/**
 * The simulated metrics service over HTTP: the average-TPS series pages without gaps or repeats,
 * page tokens expire and refuse tampering, and unknown chains answer the service's 404 body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics, SandboxConfigError, type SandboxService } from '@avalanche-graph/sandbox';
import { useSandbox } from '../support/sandbox.js';

interface Page {
  results: { timestamp: number; value: number }[];
  status: number;
  lastRun: number;
  nextPageToken?: string;
}
interface ErrorBody {
  message: string[];
  error: string;
  statusCode: number;
}

const DAY = 86_400;

async function get(base: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: await response.json() };
}

async function walk(base: string, chainId: number | string): Promise<Page[]> {
  const pages: Page[] = [];
  let token: string | undefined;
  do {
    const query = token ? `?pageToken=${encodeURIComponent(token)}` : '';
    const { status, body } = await get(base, `/v1/avg_tps/${chainId}${query}`);
    expect(status).toBe(200);
    const page = body as Page;
    pages.push(page);
    token = page.nextPageToken;
    expect(pages.length).toBeLessThan(20);
  } while (token);
  return pages;
}

describe('metrics service: avg_tps', () => {
  const sandbox = useSandbox();

  it('walks every chain of the world page by page, newest first, one point per UTC day without gaps', async () => {
    for (const chain of sandbox.world.chains) {
      const pages = await walk(sandbox.urls.metrics, chain.evmChainId);
      expect(pages.length).toBeGreaterThan(1);
      const points = pages.flatMap((p) => p.results);
      // The daily series covers months, not a handful of days.
      expect(points.length).toBeGreaterThanOrEqual(90);
      for (const page of pages) {
        expect(page.status).toBe(200);
        expect(page.results.length).toBeGreaterThan(0);
        expect(page.results.length).toBeLessThanOrEqual(50);
      }
      for (const [i, point] of points.entries()) {
        expect(point.timestamp % DAY).toBe(0);
        expect(typeof point.value).toBe('number');
        expect(point.value).toBeGreaterThanOrEqual(0);
        if (i > 0) expect(points[i - 1]!.timestamp - point.timestamp).toBe(DAY);
      }
      expect(pages.at(-1)!.nextPageToken).toBeUndefined();
      // The newest point is the day of the last aggregation run.
      expect(points[0]!.timestamp).toBe(pages[0]!.lastRun - (pages[0]!.lastRun % DAY));
    }
  });

  it('ends the series on the day of the chain\'s latest block, the clock the node and Data API share', async () => {
    const chain = sandbox.world.chains.find((c) => c.isCChain && c.network === 'mainnet')!;
    const evm = sandbox.world.evm.chain(chain.evmChainId);
    expect(evm).toBeDefined();
    const head = evm!.blockByNumber(evm!.latestBlockNumber())!;
    const { body } = await get(sandbox.urls.metrics, `/v1/avg_tps/${chain.evmChainId}`);
    const page = body as Page;
    expect(page.lastRun).toBe(head.timestamp);
    expect(page.results[0]!.timestamp).toBe(head.timestamp - (head.timestamp % DAY));
  });

  it('serves the same series on every call and differs between chains', async () => {
    const [a, b] = [sandbox.world.chains[0]!.evmChainId, sandbox.world.chains[1]!.evmChainId];
    const first = (await get(sandbox.urls.metrics, `/v1/avg_tps/${a}`)).body as Page;
    const again = (await get(sandbox.urls.metrics, `/v1/avg_tps/${a}`)).body as Page;
    const other = (await get(sandbox.urls.metrics, `/v1/avg_tps/${b}`)).body as Page;
    expect(again.results).toEqual(first.results);
    expect(other.results.map((p) => p.value)).not.toEqual(first.results.map((p) => p.value));
  });

  it('answers an unknown or malformed chain id with 404 and an array message', async () => {
    for (const id of ['99999', 'not-a-chain']) {
      const { status, body } = await get(sandbox.urls.metrics, `/v1/avg_tps/${id}`);
      expect(status).toBe(404);
      const error = body as ErrorBody;
      expect(Array.isArray(error.message)).toBe(true);
      expect(error.message.join(' ')).toContain(id);
      expect(error.statusCode).toBe(404);
      expect(error.error).toBe('Not Found');
    }
  });

  it('refuses malformed, tampered and foreign page tokens with 400', async () => {
    const [chain, other] = sandbox.world.chains;
    const first = (await get(sandbox.urls.metrics, `/v1/avg_tps/${chain!.evmChainId}`)).body as Page;
    const token = first.nextPageToken!;
    const tampered = token.slice(0, 5) + (token[5] === 'A' ? 'B' : 'A') + token.slice(6);
    const bad = ['garbage', 'a.b', tampered, `${token}x`];
    for (const t of bad) {
      const { status, body } = await get(sandbox.urls.metrics, `/v1/avg_tps/${chain!.evmChainId}?pageToken=${encodeURIComponent(t)}`);
      expect(status, t).toBe(400);
      expect((body as ErrorBody).message).toEqual([expect.stringMatching(/pageToken is invalid/)]);
    }
    // A token belongs to the series that issued it.
    const foreign = await get(sandbox.urls.metrics, `/v1/avg_tps/${other!.evmChainId}?pageToken=${encodeURIComponent(token)}`);
    expect(foreign.status).toBe(400);
  });

  it('counts requests per route template', async () => {
    sandbox.reset();
    await get(sandbox.urls.metrics, `/v1/avg_tps/${sandbox.world.chains[0]!.evmChainId}`);
    expect(sandbox.services.metrics.counts()['GET /v1/avg_tps/{chainId}']).toBe(1);
  });
});

describe('metrics service: page token expiry', () => {
  let clock = Date.UTC(2025, 0, 1);
  let service: SandboxService;
  let base: string;
  const sandbox = useSandbox();
  beforeAll(async () => {
    service = createMetrics(sandbox.world, { tokenTtlSeconds: 60, now: () => clock });
    base = await service.listen(0);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('accepts a token within its lifetime and refuses it with 400 once expired', async () => {
    const chainId = sandbox.world.chains[0]!.evmChainId;
    const first = (await get(base, `/v1/avg_tps/${chainId}`)).body as Page;
    const path = `/v1/avg_tps/${chainId}?pageToken=${encodeURIComponent(first.nextPageToken!)}`;
    clock += 59_000;
    expect((await get(base, path)).status).toBe(200);
    clock += 2_000;
    const expired = await get(base, path);
    expect(expired.status).toBe(400);
    const body = expired.body as ErrorBody;
    expect(body.message).toEqual([expect.stringMatching(/expired/)]);
    expect(body.statusCode).toBe(400);
    // A fresh walk issues fresh tokens that work again.
    const restart = (await get(base, `/v1/avg_tps/${chainId}`)).body as Page;
    expect((await get(base, `/v1/avg_tps/${chainId}?pageToken=${encodeURIComponent(restart.nextPageToken!)}`)).status).toBe(200);
  });

  it('reads the default lifetime from SANDBOX_METRICS_TOKEN_TTL_S', async () => {
    const saved = process.env.SANDBOX_METRICS_TOKEN_TTL_S;
    process.env.SANDBOX_METRICS_TOKEN_TTL_S = '5';
    let now = Date.UTC(2025, 0, 1);
    const short = createMetrics(sandbox.world, { now: () => now });
    try {
      const url = await short.listen(0);
      const chainId = sandbox.world.chains[0]!.evmChainId;
      const first = (await get(url, `/v1/avg_tps/${chainId}`)).body as Page;
      now += 6_000;
      expect((await get(url, `/v1/avg_tps/${chainId}?pageToken=${encodeURIComponent(first.nextPageToken!)}`)).status).toBe(400);
    } finally {
      if (saved === undefined) delete process.env.SANDBOX_METRICS_TOKEN_TTL_S;
      else process.env.SANDBOX_METRICS_TOKEN_TTL_S = saved;
      await short.close();
    }
  });

  it('refuses a SANDBOX_METRICS_TOKEN_TTL_S that is not whole seconds from 0 to 86400, naming it', () => {
    const saved = process.env.SANDBOX_METRICS_TOKEN_TTL_S;
    try {
      for (const bad of ['5m', '-1', '1.5', '86401']) {
        process.env.SANDBOX_METRICS_TOKEN_TTL_S = bad;
        expect(() => createMetrics(sandbox.world), bad).toThrow(SandboxConfigError);
        expect(() => createMetrics(sandbox.world), bad).toThrow(/SANDBOX_METRICS_TOKEN_TTL_S.*whole number of seconds from 0 to 86400/);
      }
    } finally {
      if (saved === undefined) delete process.env.SANDBOX_METRICS_TOKEN_TTL_S;
      else process.env.SANDBOX_METRICS_TOKEN_TTL_S = saved;
    }
  });
});
