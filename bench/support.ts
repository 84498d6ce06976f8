/**
 * What the benchmark scripts share: a gateway and its simulated upstreams started in this process,
 * the upstream HTTP requests the simulation received, and percentiles.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request, type Dispatcher } from 'undici';
import { loadConfig } from '../src/config/index.js';
import { createLogger } from '../src/observability/logger.js';
import { startSandbox, type Sandbox } from '@avalanche-graph/sandbox';
import { startServer, type RunningServer } from '../src/http/server.js';

/** The tests' free-port helper, for the processes the benchmarks start. */
export { freePort } from '../test/support/ports.js';

export interface BenchGateway {
  sandbox: Sandbox;
  server: RunningServer;
  close(): Promise<void>;
}

/** Starts the simulated upstreams (or reuses `sandbox`) and a gateway in front of them, `env` over the defaults. */
export async function startBenchGateway(env: Record<string, string> = {}, sandbox?: Sandbox): Promise<BenchGateway> {
  const upstreams = sandbox ?? (await startSandbox({ port: 0 }));
  const config = loadConfig({
    DATA_API_URL: upstreams.urls.dataApi,
    NODE_RPC_URL_MAINNET: upstreams.urls.nodeRpcMainnet,
    NODE_RPC_URL_FUJI: upstreams.urls.nodeRpcFuji,
    METRICS_URL: upstreams.urls.metrics,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const server = await startServer(config, createLogger('silent'));
  return {
    sandbox: upstreams,
    server,
    close: async () => {
      await server.close();
      if (!sandbox) await upstreams.close();
    },
  };
}

/** HTTP requests the simulated upstreams received since their last reset (a JSON-RPC batch counts once). */
export function upstreamRequests(sandbox: Sandbox): number {
  return Object.values(sandbox.counts())
    .flatMap((routes) => Object.entries(routes))
    .filter(([route]) => route.split(' ').length === 2)
    .reduce((sum, [, n]) => sum + n, 0);
}

/** The p-th percentile of sorted values, formatted. */
export function percentile(sorted: number[], p: number): string {
  if (sorted.length === 0) return '-';
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
}

export const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/** The environment of a gateway process over `sandbox`'s services, listening on loopback `port`, silent. */
export function gatewayEnv(sandbox: Sandbox, port: number): Record<string, string> {
  return {
    DATA_API_URL: sandbox.urls.dataApi,
    NODE_RPC_URL_MAINNET: sandbox.urls.nodeRpcMainnet,
    NODE_RPC_URL_FUJI: sandbox.urls.nodeRpcFuji,
    METRICS_URL: sandbox.urls.metrics,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'silent',
  };
}

/** Waits until the gateway process at `base` answers `/ready` with 200 (60 s at most). */
export async function waitReady(base: string, agent: Dispatcher, name: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited()) throw new Error(`gateway ${name} exited during startup`);
    if (Date.now() > deadline) throw new Error(`gateway ${name} not ready after 60 s`);
    try {
      const { statusCode, body } = await request(`${base}/ready`, { dispatcher: agent });
      await body.dump();
      if (statusCode === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resident set size of a process in bytes (Linux /proc), or undefined where unavailable. */
export function rssOf(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `npm start`'s Node flags for the built checkout at `dir`: what its `dist/node-flags.js` prints (from
 * MEMORY_LIMIT_MB in `env`, else the container's limit, else 512 MiB), or, in a checkout from before
 * that script, the flags its start script wrote out (`node --flag ... dist/main.js`).
 */
export function startFlags(dir: string, env: Record<string, string | undefined> = process.env): string[] {
  const script = join(dir, 'dist', 'node-flags.js');
  if (existsSync(script)) return execFileSync(process.execPath, [script], { env, encoding: 'utf8' }).trim().split(/\s+/).filter(Boolean);
  const start = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  return (start.match(/node ((?:--\S+ )*)/)?.[1] ?? '').trim().split(/\s+/).filter(Boolean);
}
