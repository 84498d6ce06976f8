/**
 * Benchmark: the gateway against a hand-written REST client doing the same task straight on the
 * simulated Data API, as ratios (absolute figures vary with the machine and whatever else runs).
 *
 * For each task (Q1 latest blocks, Q2 those blocks with their transactions, Q3 the latest block's
 * transactions with each sender's native balance), at each upstream latency (the sandbox's added
 * delay on every answer), a closed loop of N connections runs for a fixed time against:
 *   - REST: the calls a hand-written client would make for the task, straight to the sandbox;
 *   - gateway cold: a gateway whose caches share nothing (CACHE_MAX_ENTRIES=1,
 *     RESPONSE_CACHE_MAX_ENTRIES=0, and a fresh Data API key on every request, so neither the
 *     shared cache nor the in-flight dedupe joins two requests);
 *   - gateway warm: a gateway with its default caches, primed by the warm-up;
 *   - bff: a hand-written backend-for-frontend in its own process (bench/bff.ts) making the REST
 *     client's calls: what one extra process hop costs on this machine, the floor of any gateway.
 * Printed: req/s, p50/p95 latency, upstream HTTP calls per request, the gateway's CPU ms per request,
 * and the ratios gateway ÷ REST of throughput and of p50; then the gateway processes' RSS idle and peak.
 *
 * The sandbox and the load generator run in this process; each gateway runs in its own process
 * (`node dist/main.js` when dist/ is built, else `node --import tsx src/main.ts`), so its RSS and CPU
 * are its own.
 *
 *   npm run bench                                   # 5 s per measurement, 10 connections, 0 and 20 ms
 *   npm run bench:quick                             # 1 s per measurement (--quick; same as BENCH_SECONDS=1)
 *   BENCH_CONNECTIONS=32 BENCH_LATENCIES=0,50 npm run bench
 *   BENCH_BASELINE_DIR=../old-checkout npm run bench   # adds that checkout's gateway, cold (mode "before")
 *   npm run bench -- --peer                         # the peer benchmark of ../shared/peer-bench instead (bench/peer.ts)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { startSandbox, type Sandbox } from '@avalanche-graph/sandbox';
import { mib, upstreamRequests, freePort, gatewayEnv, rssOf, startFlags, waitReady } from './support.js';
import { TASKS, type GetJson } from './tasks.js';

// `--peer`: the peer benchmark of ../shared/peer-bench with this checkout's gateway beside it (bench/peer.ts).
if (process.argv.includes('--peer')) {
  await import('./peer.js');
  process.exit(0);
}

const QUICK = process.argv.includes('--quick');
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 1 : 5));
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? Math.min(1, SECONDS / 5));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LATENCIES = (process.env.BENCH_LATENCIES ?? '0,20').split(',').map(Number);
const BASELINE_DIR = process.env.BENCH_BASELINE_DIR;
/** BENCH_MODES=cold,before: only these rows (default: every mode), for quicker comparisons. */
const MODES = process.env.BENCH_MODES?.split(',');
/** BENCH_REPEAT=n: measure every row n times, interleaved, and print the medians (default 1). */
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 1));

const root = fileURLToPath(new URL('..', import.meta.url));
const agent = new Agent({ keepAliveTimeout: 30_000, connections: null });

const getJson: GetJson = async <T>(url: string) => {
  const { statusCode, body } = await request(url, { dispatcher: agent });
  const json = (await body.json()) as T;
  if (statusCode !== 200) throw new Error(`${url}: ${statusCode}`);
  return json;
};

// ---------------------------------------------------------------------------------------------
// Gateway processes.

interface GatewayProcess {
  name: string;
  /** The process's base URL (http://127.0.0.1:port). */
  base: string;
  /** Its GraphQL endpoint (gateways). */
  url: string;
  child: ChildProcess;
  rssIdle: number;
  rssPeak: number;
  close(): Promise<void>;
}

const command = existsSync(`${root}dist/main.js`)
  ? { args: ['dist/main.js'], label: 'node dist/main.js (compiled build)' }
  : { args: ['--import', 'tsx', 'src/main.ts'], label: 'node --import tsx src/main.ts (dist/ not built)' };


/** CPU time (user + system) of a process in ms (Linux /proc), or undefined where unavailable. */
function cpuMsOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat; after "pid (comm) " the list starts at field 3. Ticks are 1/100 s on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function startGateway(name: string, sandbox: Sandbox, env: Record<string, string>, args: readonly string[] = command.args, cwd = root): Promise<GatewayProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...gatewayEnv(sandbox, port),
      // One load generator sends everything: its per-client upstream rate is lifted for the measurement.
      CLIENT_UPSTREAM_CALLS_PER_SECOND: '1000000',
      // As `npm start` runs it (NODE_ENV and its Node flags); BENCH_GATEWAY_NODE_OPTIONS tries other
      // Node flags on the gateway alone.
      NODE_ENV: 'production',
      NODE_OPTIONS: process.env.BENCH_GATEWAY_NODE_OPTIONS ?? startFlags(root).join(' '),
      ...env,
    },
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, agent, name, () => exited);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const idle = rssOf(child.pid!) ?? NaN;
  const gateway: GatewayProcess = {
    name,
    base: url,
    url: `${url}/graphql`,
    child,
    rssIdle: idle,
    rssPeak: idle,
    close: async () => {
      clearInterval(sampler);
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await done;
    },
  };
  const sampler = setInterval(() => {
    const rss = rssOf(child.pid!);
    if (rss !== undefined && !(rss <= gateway.rssPeak)) gateway.rssPeak = rss;
  }, 50);
  return gateway;
}

// ---------------------------------------------------------------------------------------------
// The closed loop.

interface Measurement {
  rps: number;
  p50: number;
  p95: number;
  upstreamPerRequest: number;
  cpuMsPerRequest: number | undefined;
  errors: number;
}

/** Runs `once` from CONNECTIONS loops for `seconds`; returns the latencies (ms) and errors. */
async function loop(seconds: number, once: () => Promise<void>): Promise<{ latencies: number[]; errors: number; elapsed: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        await once();
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return { latencies, errors, elapsed: (performance.now() - started) / 1000 };
}

/** The p-th percentile of sorted values (NaN when empty). */
const at = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);

async function measure(sandbox: Sandbox, once: () => Promise<void>, pid?: number): Promise<Measurement> {
  if (WARMUP_SECONDS > 0) await loop(WARMUP_SECONDS, once);
  sandbox.reset();
  const cpu0 = pid === undefined ? undefined : cpuMsOf(pid);
  const { latencies, errors, elapsed } = await loop(SECONDS, once);
  const cpu1 = pid === undefined ? undefined : cpuMsOf(pid);
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: at(latencies, 50),
    p95: at(latencies, 95),
    upstreamPerRequest: upstreamRequests(sandbox) / latencies.length,
    cpuMsPerRequest: cpu0 === undefined || cpu1 === undefined ? undefined : (cpu1 - cpu0) / latencies.length,
    errors,
  };
}

/** Each figure's median over repeated measurements of one row (errors: their sum). */
function medianOf(runs: Measurement[]): Measurement {
  const mid = <T>(values: T[], key: (v: T) => number) => {
    const sorted = values.map(key).sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)]!;
  };
  const cpu = runs.every((r) => r.cpuMsPerRequest !== undefined) ? mid(runs, (r) => r.cpuMsPerRequest!) : undefined;
  return {
    rps: mid(runs, (r) => r.rps),
    p50: mid(runs, (r) => r.p50),
    p95: mid(runs, (r) => r.p95),
    upstreamPerRequest: mid(runs, (r) => r.upstreamPerRequest),
    cpuMsPerRequest: cpu,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

let coldKey = 0;
function graphql(gateway: GatewayProcess, query: string, cold: boolean): () => Promise<void> {
  const payload = JSON.stringify({ query });
  return async () => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (cold) headers['x-data-api-key'] = `bench-cold-${++coldKey}`;
    const { statusCode, body } = await request(gateway.url, { method: 'POST', headers, body: payload, dispatcher: agent });
    const json = (await body.json()) as { errors?: unknown[] };
    if (statusCode !== 200 || json.errors) throw new Error(`gateway: ${statusCode} ${JSON.stringify(json.errors)}`);
  };
}

// ---------------------------------------------------------------------------------------------

const f = (n: number, digits = 0) => n.toFixed(digits);
const row = (cells: Array<string | number>, widths: number[]) => cells.map((c, i) => String(c)[i < 2 ? 'padEnd' : 'padStart'](widths[i]!)).join(' ');

async function main(): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  const warm = await startGateway('warm', sandbox, {});
  const cold = await startGateway('cold', sandbox, { CACHE_MAX_ENTRIES: '1', RESPONSE_CACHE_MAX_ENTRIES: '0' });
  const bff = await startGateway('bff', sandbox, {}, ['--import', 'tsx', 'bench/bff.ts']);
  // BENCH_BASELINE_DIR: another checkout (with node_modules) run cold, for a before/after in one run:
  // from its dist/ when it has one (as this one runs), else through tsx as its own `npm start` ran it.
  const baselineBuilt = BASELINE_DIR !== undefined && existsSync(`${BASELINE_DIR}/dist/main.js`);
  const before = BASELINE_DIR
    ? baselineBuilt
      ? await startGateway('before', sandbox, { CACHE_MAX_ENTRIES: '1', RESPONSE_CACHE_MAX_ENTRIES: '0' }, ['dist/main.js'], BASELINE_DIR)
      : await startGateway('before', sandbox, { CACHE_MAX_ENTRIES: '1', RESPONSE_CACHE_MAX_ENTRIES: '0', NODE_ENV: '', NODE_OPTIONS: '' }, ['--import', 'tsx', 'src/main.ts'], BASELINE_DIR)
    : undefined;
  const out = (s: string) => process.stdout.write(s);
  out(`gateway: ${command.label}, one process per mode; sandbox and load generator in the bench process\n`);
  out(`closed loop, ${CONNECTIONS} connections, ${SECONDS} s per measurement after ${WARMUP_SECONDS} s warm-up${REPEAT > 1 ? `, medians of ${REPEAT} interleaved rounds` : ''}\n`);
  out('ratios: gateway ÷ REST (req/s > 1: the gateway serves more; p50 < 1: the gateway answers sooner)\n');
  if (BASELINE_DIR) out(`mode before: the checkout at ${BASELINE_DIR}, cold, ${baselineBuilt ? 'from its dist/ (node dist/main.js)' : 'run as its npm start ran it (tsx)'}\n`);
  out('mode bff: a hand-written BFF in its own process (bench/bff.ts: node:http + undici, no GraphQL) making the REST calls: the floor of any separate gateway\n');
  const widths = [4, 5, 7, 7, 7, 6, 6, 7, 7, 7, 6, 7, 7, 4];
  const header = ['task', 'mode', 'gw r/s', 'gw p50', 'gw p95', 'gw up', 'gw cpu', 'RESTr/s', 'RESTp50', 'RESTp95', 'RESTup', 'r/s ×', 'p50 ×', 'err'];
  try {
    for (const latency of LATENCIES) {
      sandbox.setLatency(latency);
      out(`\nupstream latency ${latency} ms (up: upstream calls per request; cpu: gateway CPU ms per request; p50/p95 in ms)\n`);
      out(`${row(header, widths)}\n`);
      for (const task of TASKS) {
        const modes = (
          [
            ['cold', cold],
            ['warm', warm],
            ['bff', bff],
            ...(before ? ([['before', before]] as const) : []),
          ] as const
        ).filter(([mode]) => !MODES || MODES.includes(mode));
        // BENCH_REPEAT rounds, each measuring REST and every mode in turn, so that drift over the run
        // reaches every row alike; a row shows each figure's median over the rounds.
        const rests: Measurement[] = [];
        const runs = new Map<string, Measurement[]>(modes.map(([mode]) => [mode, []]));
        for (let round = 0; round < REPEAT; round++) {
          rests.push(await measure(sandbox, async () => void (await task.rest(sandbox.urls.dataApi, getJson))));
          for (const [mode, gateway] of modes) {
            const once = mode === 'bff' ? () => getJson(`${bff.base}/${task.name}`).then(() => undefined) : graphql(gateway, task.query, mode !== 'warm');
            runs.get(mode)!.push(await measure(sandbox, once, gateway.child.pid));
          }
        }
        const rest = medianOf(rests);
        for (const [mode] of modes) {
          const gw = medianOf(runs.get(mode)!);
          out(
            `${row(
              [
                task.name,
                mode,
                f(gw.rps),
                f(gw.p50, 1),
                f(gw.p95, 1),
                f(gw.upstreamPerRequest, 2),
                gw.cpuMsPerRequest === undefined ? '-' : f(gw.cpuMsPerRequest, 2),
                f(rest.rps),
                f(rest.p50, 1),
                f(rest.p95, 1),
                f(rest.upstreamPerRequest, 1),
                f(gw.rps / rest.rps, 2),
                f(gw.p50 / rest.p50, 2),
                gw.errors + rest.errors,
              ],
              widths,
            )}\n`,
          );
        }
      }
    }
    out('\ngateway process RSS (MiB): idle after start, peak while measured\n');
    for (const g of [cold, warm, bff, ...(before ? [before] : [])]) out(`  ${g.name.padEnd(5)} idle ${mib(g.rssIdle).padStart(6)}  peak ${mib(g.rssPeak).padStart(6)}\n`);
  } finally {
    await Promise.all([warm.close(), cold.close(), bff.close(), before?.close()]);
    await sandbox.close();
    await agent.close();
  }
}

await main();
