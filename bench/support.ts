/**
 * What the benchmark scripts share: a gateway and its simulated upstreams started in this process,
 * or each in a process of its own (children killed when the benchmark ends, fails or is interrupted),
 * the upstream HTTP requests the simulation received, percentiles, and a process's RSS and CPU time.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request, type Dispatcher } from 'undici';
import { loadConfig } from '../src/config/index.js';
import { createLogger } from '../src/observability/logger.js';
import { NETWORK_KEYS } from '@avalanche-graph/identity';
import { startSandbox, upstreamVariables, type Sandbox } from '@avalanche-graph/sandbox';
import { startServer, type RunningServer } from '../src/http/server.js';

import { freePort } from '../test/support/ports.js';

/** The tests' free-port helper, for the processes the benchmarks start. */
export { freePort };

export interface BenchGateway {
  sandbox: Sandbox;
  server: RunningServer;
  close(): Promise<void>;
}

/** Starts the simulated upstreams (or reuses `sandbox`) and a gateway in front of them, `env` over the defaults. */
export async function startBenchGateway(env: Record<string, string> = {}, sandbox?: Sandbox): Promise<BenchGateway> {
  const upstreams = sandbox ?? (await startSandbox({ port: 0 }));
  const config = loadConfig({
    ...upstreamVariables(upstreams.urls),
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
    ...upstreamVariables(sandbox.urls),
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

/** A child process a benchmark started; `exitedWith` is set once it has exited. */
export type Child = ChildProcess & { exitedWith?: string };

const children: Child[] = [];

/** Kills (SIGTERM) every child still running that `spawnChild` started. */
export function stopChildren(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}

let exitHooked = false;
/** Kill the children however this process ends: normally, on an uncaught error, or at Ctrl-C / SIGTERM. */
function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.once('exit', stopChildren);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      stopChildren();
      process.exit(128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const)[signal]);
    });
  }
}

/** Starts a process (its stderr shown, stdout ignored or piped; `ipc`: with a message channel), to be killed when this one ends. */
export function spawnChild(command: string, args: string[], cwd: string, env: Record<string, string | undefined>, stdout: 'ignore' | 'pipe' = 'ignore', ipc = false): Child {
  hookExit();
  const child: Child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'inherit', ...(ipc ? (['ipc'] as const) : [])] });
  child.once('exit', (code, signal) => (child.exitedWith = `code ${code}, signal ${signal}`));
  children.push(child);
  return child;
}

/** Polls `url` until it answers 2xx (90 s at most), failing early if the process behind it exited. */
export async function waitFor(url: string, init: RequestInit, exited: () => string | undefined, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!(await fetch(url, init).then((r) => r.ok, () => false))) {
    if (exited()) throw new Error(`${what} exited: ${exited()}`);
    if (Date.now() > deadline) throw new Error(`${what} not ready after 90 s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * The simulated upstreams (`sandbox:upstreams`, from the checkout at `root`) in a process of their
 * own, the world frozen (no new blocks, messages or validator changes: every run reads the same
 * data), `env` over that (e.g. SANDBOX_LATENCY_MS); resolves with their URLs as the gateway's variables,
 * and the process.
 */
export async function startSandboxProcess(root: string, env: Record<string, string> = {}): Promise<{ urls: Record<string, string>; child: Child }> {
  const child = spawnChild(process.execPath, ['--conditions=avalanche-graph-source', '--import', 'tsx', 'packages/sandbox/src/cli.ts'], root, {
    SANDBOX_PORT: '0',
    SANDBOX_BLOCK_INTERVAL_MS: '0',
    SANDBOX_ICM_INTERVAL_MS: '0',
    SANDBOX_VALIDATOR_SET_INTERVAL_MS: '0',
    ...env,
  }, 'pipe');
  return new Promise((done, fail) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = Object.fromEntries([...text.matchAll(/^\s*(DATA_API_URL|NODE_RPC_URL_[A-Z0-9_]+|METRICS_URL)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
      // DATA_API_URL, a NODE_RPC_URL_<KEY> per network, METRICS_URL.
      if (Object.keys(found).length === 2 + NETWORK_KEYS.length) done({ urls: found, child });
    });
    child.once('exit', (code) => fail(new Error(`the simulated upstreams exited (${code})`)));
  });
}

/** A gateway process `startGatewayProcess` started. */
export interface GatewayProcess {
  /** `http://127.0.0.1:<port>` */
  base: string;
  port: number;
  /** The GraphQL endpoint. */
  url: string;
  child: Child;
  /** Its Node flags, as `npm start` passes them (or as given). */
  flags: string[];
}

/**
 * The built gateway of `checkout` the production way (`NODE_ENV=production node <npm start's flags>
 * dist/main.js`, default configuration, warnings only in its log, on loopback at a free port), `env`
 * over that (the upstreams' URLs, other limits); resolves once `/ready` answers.
 */
export async function startGatewayProcess(checkout: string, env: Record<string, string>, flags: string[] = startFlags(checkout)): Promise<GatewayProcess> {
  const port = await freePort();
  const child = spawnChild(process.execPath, [...flags, 'dist/main.js'], checkout, {
    NODE_ENV: 'production',
    NODE_OPTIONS: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_MS: '0',
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/ready`, {}, () => child.exitedWith, 'the gateway');
  return { base, port, url: `${base}/graphql`, child, flags };
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux nearly always). */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The whole machine's CPU seconds, busy and in all, from /proc/stat (every process and the kernel's own work). */
export function machineCpuSeconds(): { busy: number; total: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy: busy / CLOCK_TICKS, total: (busy + idle! + iowait!) / CLOCK_TICKS };
}

/** CPU seconds a process has used (user + system, from /proc/<pid>/stat), or undefined once it is gone. */
export function cpuSecondsOf(pid: number): number | undefined {
  const split = cpuSplitOf(pid);
  return split && split.user + split.system;
}

/** The CPU seconds a process has used so far in its own code (user) and in the kernel on its behalf (system: syscalls, the loopback's TCP). */
export function cpuSplitOf(pid: number): { user: number; system: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command (which may hold spaces), from the third: utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) / CLOCK_TICKS, system: Number(fields[12]) / CLOCK_TICKS };
  } catch {
    return undefined;
  }
}
