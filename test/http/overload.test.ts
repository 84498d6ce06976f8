/**
 * A crowd never takes the gateway down. The compiled gateway, started by the production command line
 * (`npm start`'s: `node $(node node-flags.js) main.js`) inside a 512 MiB memory cgroup with no
 * MEMORY_LIMIT_MB (so it reads the container's limit itself), is sent closed loops of heavy operations
 * (the C-Chain's latest 40 blocks with 50 transactions each, a new API key every time) at 50, 300 and
 * 1,000 connections. It must survive, give every request an HTTP answer (data, or 503/429 with
 * Retry-After), stay under the cgroup's limit without the kernel killing anything, and keep at 1,000
 * connections at least half the goodput it had at 50. One hot client must not starve a quiet one.
 * Figures over longer runs: `npm run bench:overload` (docs/benchmarks.md#overload).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@avalanche-graph/sandbox';
import { goodput, runCrowd, type CrowdResult } from '../support/crowd.js';
import { freePort } from '../support/ports.js';

const OUT = '.overload-build';
const LIMIT_MIB = 512;
const PHASE_MS = 5_000;

/** A memory cgroup of LIMIT_MIB for the gateway (v2 when mounted so, else v1's memory controller). */
function makeCgroup(): { dir: string; oomKills(): number; remove(): void } {
  const name = `avalanche-graph-overload-${process.pid}`;
  const v2 = existsSync('/sys/fs/cgroup/cgroup.controllers');
  const dir = v2 ? `/sys/fs/cgroup/${name}` : `/sys/fs/cgroup/memory/${name}`;
  try {
    mkdirSync(dir);
    writeFileSync(`${dir}/${v2 ? 'memory.max' : 'memory.limit_in_bytes'}`, String(LIMIT_MIB * 2 ** 20));
  } catch (error) {
    throw new Error(`this test runs the gateway in a memory cgroup and needs root with a writable cgroup file system (${(error as Error).message})`);
  }
  return {
    dir,
    oomKills: () => {
      const text = readFileSync(`${dir}/${v2 ? 'memory.events' : 'memory.oom_control'}`, 'utf8');
      return Number(text.match(/^oom_kill (\d+)/m)?.[1] ?? 0);
    },
    remove: () => rmdirSync(dir),
  };
}

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : 0;
}

let sandbox: Sandbox;
let gateway: ChildProcess;
let cgroup: ReturnType<typeof makeCgroup>;
let url: string;
let peakRss = 0;
let sampler: NodeJS.Timeout;
let exited: string | undefined;

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--outDir', OUT], { encoding: 'utf8' });
  expect(build.stdout + build.stderr).toBe('');
  cgroup = makeCgroup();
  sandbox = await startSandbox({ port: 0 });
  const port = await freePort();
  // The production command line (npm start's, on the Node running the suite), entered into the
  // cgroup first: the flags are read inside it.
  const node = JSON.stringify(process.execPath);
  gateway = spawn('sh', ['-c', `echo $$ > ${cgroup.dir}/cgroup.procs && flags=$(${node} ${OUT}/node-flags.js) && exec ${node} $flags ${OUT}/main.js`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SHUTDOWN_DRAIN_MS: '0',
      DATA_API_URL: sandbox.urls.dataApi,
      NODE_RPC_URL_MAINNET: sandbox.urls.nodeRpcMainnet,
      NODE_RPC_URL_FUJI: sandbox.urls.nodeRpcFuji,
      METRICS_URL: sandbox.urls.metrics,
    },
  });
  gateway.once('exit', (code, signal) => (exited = `code ${code}, signal ${signal}`));
  url = `http://127.0.0.1:${port}/graphql`;
  const deadline = Date.now() + 30_000;
  while (!(await fetch(`http://127.0.0.1:${port}/ready`).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline || exited) throw new Error(`the gateway did not get ready (${exited ?? 'timeout'})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  sampler = setInterval(() => {
    if (!exited) peakRss = Math.max(peakRss, rssOf(gateway.pid!));
  }, 100);
}, 120_000);

afterAll(async () => {
  clearInterval(sampler);
  if (gateway && !exited) {
    const gone = new Promise((resolve) => gateway.once('exit', resolve));
    gateway.kill('SIGTERM');
    await gone;
  }
  await sandbox?.close();
  cgroup?.remove();
  rmSync(OUT, { recursive: true, force: true });
});

/** What a phase must show: the process alive, and every request answered with data or a refusal to retry. */
function expectEveryRequestAnswered(result: CrowdResult): void {
  expect(exited).toBeUndefined();
  expect({ noAnswer: result.noAnswer, otherAnswers: result.otherAnswers, failures: result.failures }).toEqual({ noAnswer: 0, otherAnswers: 0, failures: [] });
  expect(result.answered).toBeGreaterThan(0);
  // Refusals are OVERLOADED (503) or the client's own share (429), never an error of the work admitted.
  expect(Object.keys(result.codes).filter((code) => code !== 'OVERLOADED' && code !== 'RATE_LIMITED')).toEqual([]);
}

describe('a crowd', () => {
  it('runs under the production command line with its heap limit read from the container (cgroup), not from MEMORY_LIMIT_MB', () => {
    const commandLine = readFileSync(`/proc/${gateway.pid}/cmdline`, 'utf8').split('\0');
    expect(commandLine).toContain(`--max-old-space-size=${Math.floor(LIMIT_MIB * 0.6)}`);
    expect(commandLine).toContain('--max-semi-space-size=16');
  });

  it('at 50, 300 and 1,000 connections: the process survives, every request is answered, memory stays under the limit, goodput holds', async () => {
    const results: CrowdResult[] = [];
    for (const connections of [50, 300, 1000]) {
      const result = await runCrowd({ url, connections, durationMs: PHASE_MS });
      expectEveryRequestAnswered(result);
      results.push(result);
    }
    const [at50, , at1000] = results as [CrowdResult, CrowdResult, CrowdResult];
    // 1,000 users are more than it runs at once: the rest are told to come back.
    expect(at1000.shed).toBeGreaterThan(0);
    expect(goodput(at1000)).toBeGreaterThanOrEqual(goodput(at50) / 2);
    expect(peakRss).toBeGreaterThan(0);
    expect(peakRss).toBeLessThan(LIMIT_MIB * 2 ** 20);
    expect(cgroup.oomKills()).toBe(0);
  }, 60_000);

  it('one hot client (one key on 200 connections) gets 429 for its excess, while a quiet client beside it is served every time', async () => {
    const [hot, quiet] = await Promise.all([
      runCrowd({ url, connections: 200, durationMs: PHASE_MS, key: () => 'hot-client' }),
      runCrowd({ url, connections: 4, durationMs: PHASE_MS, key: () => 'quiet-client' }),
    ]);
    expectEveryRequestAnswered(hot);
    expectEveryRequestAnswered(quiet);
    expect(hot.codes.RATE_LIMITED).toBeGreaterThan(0);
    // Never refused, and each of its users served (how often depends on the machine's other work).
    expect(quiet.shed).toBe(0);
    expect(quiet.answered).toBeGreaterThanOrEqual(4);
    expect(cgroup.oomKills()).toBe(0);
  }, 30_000);
});
