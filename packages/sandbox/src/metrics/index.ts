/**
 * The simulated metrics service: `GET /v1/avg_tps/{chainId}`, a daily average-TPS series per EVM
 * chain of the world, newest first, paged with expiring `pageToken`s; and the v2 routes (./v2). Errors use the service's body,
 * whose `message` is an array of strings.
 */
import { SandboxHttpError, SandboxService, statusText } from '../http.js';
import { durationFromEnv } from '../lib/env.js';
import type { World } from '../world/index.js';
import { metricsHealthRoutes } from './health.js';
import { buildTpsSeries, type TpsSeries } from './series.js';
import { PageTokens } from './token.js';
import { registerMetricsV2 } from './v2/index.js';

export function metricsErrorBody(status: number, message: string | string[]): unknown {
  return { message: Array.isArray(message) ? message : [message], error: statusText(status), statusCode: status };
}

export interface MetricsOptions {
  /** Seconds a page token stays valid. Default: `SANDBOX_METRICS_TOKEN_TTL_S`, else 300. */
  tokenTtlSeconds?: number;
  /** Wall clock in ms for token issue and expiry (tests move it). Default: `Date.now`. */
  now?: () => number;
  /** Points per page. Default 50. */
  pageSize?: number;
}

const DEFAULT_TOKEN_TTL_S = 300;
const DEFAULT_PAGE_SIZE = 50;

/** `SANDBOX_METRICS_TOKEN_TTL_S`: whole seconds, 0 to 86400 (unset: 300); throws SandboxConfigError naming a bad value. */
function ttlFromEnv(): number {
  return durationFromEnv(process.env, 'SANDBOX_METRICS_TOKEN_TTL_S', { fallback: DEFAULT_TOKEN_TTL_S, min: 0, max: 86_400, unit: 'seconds' });
}

export function createMetrics(world: World, options: MetricsOptions = {}): SandboxService {
  const service = new SandboxService({ name: 'metrics', errorBody: metricsErrorBody });
  const tokens = new PageTokens(world.seed, options.tokenTtlSeconds ?? ttlFromEnv(), options.now ?? Date.now);
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  // Series are pure functions of the world: build each once, on first request.
  const series = new Map<number, TpsSeries>();

  service.route('GET', '/v1/avg_tps/{chainId}', ({ params, query }) => {
    const raw = params.chainId!;
    const chain = /^\d+$/.test(raw) ? world.chains.find((c) => c.evmChainId === Number(raw)) : undefined;
    if (!chain) throw new SandboxHttpError(404, [`chainId ${raw} is not supported`]);
    let tps = series.get(chain.evmChainId);
    if (!tps) {
      tps = buildTpsSeries(world, chain);
      series.set(chain.evmChainId, tps);
    }

    let offset = 0;
    const pageToken = query.get('pageToken');
    if (pageToken !== null && pageToken !== '') {
      const checked = tokens.check(pageToken, chain.evmChainId);
      if (!checked.ok) {
        throw new SandboxHttpError(400, [checked.reason === 'expired' ? 'pageToken has expired' : 'pageToken is invalid']);
      }
      if (checked.offset >= tps.points.length) throw new SandboxHttpError(400, ['pageToken is invalid']);
      offset = checked.offset;
    }

    const results = tps.points.slice(offset, offset + pageSize);
    const next = offset + results.length;
    return {
      results,
      status: 200,
      lastRun: tps.lastRun,
      ...(next < tps.points.length ? { nextPageToken: tokens.issue(chain.evmChainId, next) } : {}),
    };
  });
  registerMetricsV2(service, world, tokens);
  metricsHealthRoutes(service);
  return service;
}
