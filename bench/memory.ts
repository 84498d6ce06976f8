/**
 * Memory run: the gateway as `npm start` runs it (the build, its Node flags, default configuration)
 * over the sandbox's simulated upstreams, flooded with distinct API keys and distinct documents (a
 * new key on every operation: "cold", so no cache is ever hit and every cache fills with entries of
 * its own), sampling the gateway's RSS. Prints RSS idle, at its peak and at the end, and each cache's
 * bytes as it accounts them (`avalanche_graph_cache_bytes` of /metrics). Figures, not assertions.
 *
 *   npm run bench:memory                                   # 100,000 operations over 10 connections
 *   MEMORY_OPERATIONS=20000 npm run bench:memory
 *   MEMORY_NODE_OPTIONS='--max-semi-space-size=16 --max-old-space-size=256' npm run bench:memory
 *   MEMORY_LIMIT_MB=1024 npm run bench:memory             # npm start's flags and bounds for another limit
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { startSandbox } from '@avalanche-graph/sandbox';
import { CACHE_NAMES } from '../src/memory.js';
import { freePort, gatewayEnv, mib, rssOf, startFlags, waitReady } from './support.js';
import { TASKS } from './tasks.js';

const OPERATIONS = Number(process.env.MEMORY_OPERATIONS ?? 100_000);
const CONNECTIONS = 10;
const SAMPLE_MS = 1000;
const root = fileURLToPath(new URL('..', import.meta.url));

/** The n-th operation: a task's query under an operation name, alias and comment of its own. */
function operation(n: number): { query: string; key: string } {
  const task = TASKS[n % TASKS.length]!;
  const query = `query Memory${n} ${task.query.replace(/^\{ chain\(/, `{ c${n}: chain(`)} # ${n.toString(36)}`;
  return { query, key: `memory-key-${n}` };
}

async function main(): Promise<void> {
  process.stdout.write('building (npm run build)...\n');
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }).status !== 0) throw new Error('npm run build failed');
  const sandbox = await startSandbox({ port: 0 });
  const port = await freePort();
  const flags = process.env.MEMORY_NODE_OPTIONS?.split(/\s+/).filter(Boolean) ?? startFlags(root);
  const child = spawn(process.execPath, [...flags, 'dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NODE_OPTIONS: '',
      ...gatewayEnv(sandbox, port),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const agent = new Agent({ connections: CONNECTIONS, keepAliveTimeout: 30_000 });
  const stop = async () => {
    child.kill('SIGTERM');
    await agent.close();
    await sandbox.close();
  };
  try {
    let exited = false;
    child.once('exit', () => (exited = true));
    await waitReady(base, agent, 'memory', () => exited);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = rssOf(child.pid!)!;
    process.stdout.write(`gateway: node ${[...flags, 'dist/main.js'].join(' ')}, default configuration; ${OPERATIONS} operations, ${CONNECTIONS} connections, a new API key and a new document each\n`);
    process.stdout.write(`idle RSS ${mib(idle)} MiB\n\n     t s   done   RSS MiB\n`);

    const samples: number[] = [];
    const started = performance.now();
    let done = 0;
    let failed = 0;
    const sampler = setInterval(() => {
      const rss = rssOf(child.pid!);
      if (rss === undefined) return;
      samples.push(rss);
      if (samples.length % 10 === 0) process.stdout.write(`${((performance.now() - started) / 1000).toFixed(0).padStart(8)} ${String(done).padStart(6)} ${mib(rss).padStart(9)}\n`);
    }, SAMPLE_MS);
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < OPERATIONS) {
          const { query, key } = operation(next++);
          const { statusCode, body } = await request(`${base}/graphql`, {
            method: 'POST',
            dispatcher: agent,
            headers: { 'content-type': 'application/json', 'x-data-api-key': key },
            body: JSON.stringify({ query }),
          });
          const answer = (await body.json()) as { errors?: unknown };
          if (statusCode !== 200 || answer.errors) failed++;
          done++;
        }
      }),
    );
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    const end = rssOf(child.pid!)!;
    const metrics = await (await request(`${base}/metrics`, { dispatcher: agent })).body.text();
    const accounted = (name: string, metric: string) => Number(metrics.match(new RegExp(`^${metric}\\{cache="${name}"\\} (\\d+)`, 'm'))?.[1] ?? NaN);
    const peak = Math.max(idle, ...samples);
    process.stdout.write(`\n${done} operations in ${seconds.toFixed(0)} s (${(done / seconds).toFixed(0)}/s), ${failed} failed\n`);
    process.stdout.write(`RSS MiB: idle ${mib(idle)}, peak ${mib(peak)}, end ${mib(end)}\n`);
    process.stdout.write(`RSS MiB by tenth of the run (max of each): ${tenths(samples).map(mib).join(' ')}\n\n`);
    process.stdout.write('cache        entries   accounted MiB\n');
    let total = 0;
    for (const name of CACHE_NAMES) {
      const bytes = accounted(name, 'avalanche_graph_cache_bytes');
      total += Number.isNaN(bytes) ? 0 : bytes;
      process.stdout.write(`${name.padEnd(10)} ${String(accounted(name, 'avalanche_graph_cache_entries')).padStart(9)} ${mib(bytes).padStart(15)}\n`);
    }
    process.stdout.write(`${'total'.padEnd(10)} ${''.padStart(9)} ${mib(total).padStart(15)}\n`);
  } finally {
    await stop();
  }
}

/** The largest sample of each tenth of the run: flat when memory is bounded. */
function tenths(samples: number[]): number[] {
  const size = Math.max(1, Math.ceil(samples.length / 10));
  const out: number[] = [];
  for (let i = 0; i < samples.length; i += size) out.push(Math.max(...samples.slice(i, i + size)));
  return out;
}

await main();
