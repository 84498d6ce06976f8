/**
 * `npm run bench:features`: what each feature of the gateway costs per operation and per upstream
 * call. A gateway process (`dist/main.js`, `npm start`'s Node flags, default configuration) runs
 * under V8's CPU profiler (`--cpu-prof`) while a closed loop of 10 connections sends one task cold
 * (a new API key on every operation, so every cache misses and stores) against the simulated
 * upstreams at 0 ms latency (CPU-bound: the most samples per second). Each profile sample goes to
 * the innermost frame that says whose work it is:
 *
 * - a feature, by its file in src/ (or dist/) or its package (FEATURES below): the time its own
 *   code takes, with the helpers it calls (graphql's `visit`, lru-cache, crypto, JSON …);
 * - else the core: graphql-js execution, parse and validation, yoga's pipeline, undici, and our
 *   resolvers and upstream clients, garbage collection and V8's own work.
 *
 * A bucket's cost is its share of the samples times the process's CPU time (from /proc: samples alone
 * would count the time the process waited for a core), per operation; per-call features are also
 * divided by the upstream calls made. Only samples taken while the load
 * ran count (the profile's clock is the monotonic clock `process.hrtime` reads). FEATURES_BASE=<a
 * checkout with node_modules> profiles that checkout's build too, in turn with this one
 * (FEATURES_ROUNDS rounds, default 1), for a before/after in one run. FEATURES_TASKS (Q1,Q2),
 * FEATURES_SECONDS (6), FEATURES_WARMUP (2), FEATURES_LATENCY_MS (0) and FEATURES_LOG_LEVEL (the default, info) change the run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { startSandbox } from '@avalanche-graph/sandbox';
import { freePort, gatewayEnv, startFlags, upstreamRequests, waitReady } from './support.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const TASKS: Record<string, string> = {
  Q1: '{ chain(id: "43114") { blocks(first: 10) { nodes { number hash timestamp } } } }',
  Q2: '{ chain(id: "43114") { blocks(first: 10) { nodes { number transactions(first: 10) { nodes { hash from { address } value } } } } } }',
  Q3: '{ chain(id: "43114") { blocks(first: 1) { nodes { transactions(first: 25) { nodes { hash from { address nativeBalance { balance } } } } } } } }',
};
const tasks = (process.env.FEATURES_TASKS ?? 'Q1,Q2').split(',').map((t) => t.trim());
const seconds = Number(process.env.FEATURES_SECONDS ?? 6);
const warmup = Number(process.env.FEATURES_WARMUP ?? 2);
const rounds = Math.max(1, Number(process.env.FEATURES_ROUNDS ?? 1));
/**
 * What is measured: this checkout, after FEATURES_BASE's when set; or, with FEATURES_FLAGS
 * ("name=--flag --flag;name=--flag"), this checkout under each set of Node flags instead of npm start's.
 */
const checkouts: Array<{ name: string; dir: string; flags?: string[] }> = process.env.FEATURES_FLAGS
  ? process.env.FEATURES_FLAGS.split(';').map((variant) => {
      const at = variant.indexOf('=');
      return { name: variant.slice(0, at).trim(), dir: root, flags: variant.slice(at + 1).trim().split(/\s+/).filter(Boolean) };
    })
  : [...(process.env.FEATURES_BASE ? [{ name: 'before', dir: resolve(process.env.FEATURES_BASE) }] : []), { name: process.env.FEATURES_BASE ? 'after' : 'this', dir: root }];

/**
 * Features: the files (under src/ or dist/, without extension) and packages whose frames are theirs;
 * a file that moved is listed under both paths, so that FEATURES_BASE may name a checkout from before.
 */
const FEATURES: Array<{ name: string; perCall: boolean; files?: string[]; packages?: string[] }> = [
  { name: 'circuit breaker + Retry-After windows', perCall: true, files: ['upstream/resilience'] },
  { name: 'budget, deadline, client rate limit', perCall: true, files: ['upstream/request'], packages: ['rate-limiter-flexible'] },
  { name: 'upstream cache (keys, lookups, stores, dedupe)', perCall: true, files: ['upstream/cache', 'upstream/ttl', 'memory'] },
  { name: 'upstream health tracking', perCall: true, files: ['upstream/health'] },
  { name: 'metrics', perCall: false, files: ['observability/metrics', 'metrics'], packages: ['prom-client', '@graphql-yoga/plugin-prometheus', '@envelop/prometheus', 'tdigest', 'bintrees'] },
  { name: 'operation guard + armor', perCall: false, files: ['plugins/operation-guard', 'operation-guard', 'schema/common/guards', 'schema/guards'], packages: ['@escape.tech/graphql-armor-max-aliases', '@escape.tech/graphql-armor-max-depth', '@escape.tech/graphql-armor-max-tokens', '@escape.tech/graphql-armor-cost-limit', '@escape.tech/graphql-armor-max-directives'] },
  { name: 'response cache', perCall: false, files: ['plugins/response-cache', 'response-cache'], packages: ['@envelop/response-cache', '@graphql-yoga/plugin-response-cache', 'fast-json-stable-stringify'] },
  { name: 'HTTP limits + CSRF', perCall: false, files: ['http/http-limits', 'http-limits'], packages: ['@graphql-yoga/plugin-csrf-prevention'] },
  { name: 'persisted documents + document cache', perCall: false, files: ['plugins/persisted-documents', 'plugins/document-cache', 'persisted-documents', 'document-cache'], packages: ['@graphql-yoga/plugin-persisted-operations'] },
  { name: 'notices', perCall: false, files: ['schema/common/notices', 'schema/notices'] },
  { name: 'context building (per-request upstreams, loaders)', perCall: false, files: ['context', 'upstream/index'] },
  { name: 'federation secret', perCall: false, files: ['plugins/federation-secret', 'federation-secret'] },
  { name: '@defer/@stream support', perCall: false, files: ['plugins/incremental-delivery', 'incremental-delivery'], packages: ['@graphql-yoga/plugin-defer-stream'] },
  { name: 'error masking + logging', perCall: false, files: ['errors', 'observability/logger', 'logger', 'upstream/errors'], packages: ['pino', '@pinojs/redact', 'sonic-boom'] },
  { name: 'admission (slots, queue, bytes held, pressure)', perCall: false, files: ['admission/admission', 'admission/http', 'admission/pressure'] },
  { name: 'request id + access line, client address', perCall: false, files: ['observability/request-log', 'http/client-address', 'request-log', 'client-address'], packages: ['proxy-addr', 'forwarded-parse'] },
];
const byFile = new Map<string, string>();
const byPackage = new Map<string, string>();
for (const feature of FEATURES) {
  for (const file of feature.files ?? []) byFile.set(file, feature.name);
  for (const pkg of feature.packages ?? []) byPackage.set(pkg, feature.name);
}
/** graphql-js files whose frames are a core phase; its other files (visit, printer, values …) are helpers of whoever called them. */
const GRAPHQL_PHASES: Array<[RegExp, string]> = [
  [/graphql\/execution\/(execute|IncrementalPublisher|incremental)/, 'core: graphql-js execution'],
  [/graphql\/validation\//, 'core: parse + validation'],
  [/graphql\/language\/(parser|lexer)/, 'core: parse + validation'],
];
const PIPELINE = ['graphql-yoga', '@whatwg-node', '@envelop/core', '@envelop/instrumentation', '@graphql-tools/utils', '@pothos'];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

function packageOf(url: string): string | undefined {
  const at = url.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const parts = url.slice(at + 13).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Our source file of a frame (`upstream/cache`), from src/*.ts or dist/*.js, else undefined. */
function ourFile(url: string, dir: string): string | undefined {
  if (url.includes('node_modules/')) return undefined;
  const path = url.replace(/^file:\/\//, '');
  for (const top of ['/src/', '/dist/']) {
    const prefix = join(dir, top);
    if (path.startsWith(prefix)) return path.slice(prefix.length).replace(/\.(ts|js)$/, '');
  }
  return undefined;
}

/** The bucket of one frame, or undefined when the frame is a helper of its caller. */
function bucketOf(node: ProfileNode, dir: string): string | undefined {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'core: garbage collection';
    if (functionName === '(program)') return 'core: V8 and native (program)';
    if (functionName === '(idle)' || functionName === '(root)') return '(idle)';
    return undefined;
  }
  const file = ourFile(url, dir);
  if (file !== undefined) return byFile.get(file) ?? 'core: our resolvers, loaders and upstream clients';
  const pkg = packageOf(url);
  if (pkg === undefined) return url.startsWith('node:') ? undefined : undefined;
  const feature = byPackage.get(pkg);
  if (feature) return feature;
  if (pkg === 'graphql') return GRAPHQL_PHASES.find(([pattern]) => pattern.test(url))?.[1];
  if (pkg === 'undici') return 'core: undici (upstream HTTP)';
  if (pkg === '@graphql-tools/executor') return 'core: execution (@graphql-tools/executor, yoga\'s)';
  if (PIPELINE.some((name) => pkg === name || pkg.startsWith(`${name}/`))) return 'core: yoga pipeline';
  return undefined;
}

/** Microseconds per bucket within [fromUs, toUs] of the profile's clock. */
function attribute(profile: Profile, dir: string, fromUs: number, toUs: number): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const cache = new Map<number, string>();
  const bucketOfStack = (id: number): string => {
    const known = cache.get(id);
    if (known) return known;
    let bucket: string | undefined;
    for (let at: number | undefined = id; at !== undefined && !bucket; at = parent.get(at)) bucket = bucketOf(byId.get(at)!, dir);
    const result = bucket ?? 'core: node internals';
    cache.set(id, result);
    return result;
  };
  const totals = new Map<string, number>();
  const detail = new Map<string, number>();
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]!;
    const duration = profile.timeDeltas[i + 1] ?? 0;
    if (time < fromUs || time > toUs) continue;
    const bucket = bucketOfStack(profile.samples[i]!);
    totals.set(bucket, (totals.get(bucket) ?? 0) + duration);
    if (DETAIL && bucket.startsWith(DETAIL)) {
      const path: string[] = [];
      for (let at: number | undefined = profile.samples[i]; at !== undefined && path.length < DETAIL_DEPTH; at = parent.get(at)) {
        const { functionName, url } = byId.get(at)!.callFrame;
        path.push(`${functionName || '(anonymous)'}@${url.split('/').slice(-2).join('/')}`);
      }
      const key = path.join(' < ');
      detail.set(key, (detail.get(key) ?? 0) + duration);
    }
  }
  if (DETAIL) {
    console.log(`\n${DETAIL}: top call paths (innermost first)`);
    for (const [key, v] of [...detail].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.FEATURES_DETAIL_TOP ?? 15))) console.log(String(Math.round(v / 1000)).padStart(6), 'ms', key);
  }
  return totals;
}

/** FEATURES_DETAIL=<bucket name prefix>: that bucket's heaviest call paths, FEATURES_DETAIL_DEPTH frames deep (4). */
const DETAIL = process.env.FEATURES_DETAIL;
const DETAIL_DEPTH = Number(process.env.FEATURES_DETAIL_DEPTH ?? 4);

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

interface Measured {
  checkout: string;
  task: string;
  operations: number;
  calls: number;
  /** The process's CPU time over the measurement (user + system, all threads), µs. */
  cpu: number;
  buckets: Map<string, number>;
}

/** A process's CPU time (user + system) so far, µs, from /proc (clock ticks of 10 ms). */
function cpuTimeUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function measure(checkout: { name: string; dir: string; flags?: string[] }, task: string, sandbox: Awaited<ReturnType<typeof startSandbox>>): Promise<Measured> {
  const port = await freePort();
  const profileDir = mkdtempSync(join(tmpdir(), 'features-'));
  const flags = checkout.flags ?? startFlags(checkout.dir);
  const log = openSync(join(profileDir, 'gateway.log'), 'w');
  const child = spawn(process.execPath, [...flags, '--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=250', 'dist/main.js'], {
    cwd: checkout.dir,
    // The default LOG_LEVEL (info: an access line per operation), its lines to a file as a container's would go.
    env: { ...process.env, ...gatewayEnv(sandbox, port), NODE_ENV: 'production', LOG_LEVEL: process.env.FEATURES_LOG_LEVEL ?? 'info' },
    stdio: ['ignore', 'ignore', log],
  });
  let exited = false;
  const gone = new Promise<void>((done) => child.once('exit', () => ((exited = true), done())));
  const agent = new Agent({ connections: null, keepAliveTimeout: 30_000 });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(base, agent, checkout.name, () => exited);
  const body = JSON.stringify({ query: TASKS[task] });
  let n = 0;
  const loop = async (untilMs: number) => {
    let done = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (Date.now() < untilMs) {
          const response = await request(`${base}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-data-api-key': `features-${n++}` },
            body,
            dispatcher: agent,
          });
          const text = await response.body.text();
          if (response.statusCode !== 200 || text.includes('"errors"')) throw new Error(`${task} failed on ${checkout.name}: ${response.statusCode} ${text.slice(0, 300)}`);
          done++;
        }
      }),
    );
    return done;
  };
  await loop(Date.now() + warmup * 1000);
  sandbox.reset();
  const from = nowUs();
  const cpuFrom = cpuTimeUs(child.pid!);
  const operations = await loop(Date.now() + seconds * 1000);
  const cpu = cpuTimeUs(child.pid!) - cpuFrom;
  const to = nowUs();
  const calls = upstreamRequests(sandbox);
  await agent.close();
  child.kill('SIGTERM');
  await gone;
  closeSync(log);
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`${checkout.name} wrote no CPU profile`);
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as Profile;
  rmSync(profileDir, { recursive: true, force: true });
  return { checkout: checkout.name, task, operations, calls, cpu, buckets: attribute(profile, checkout.dir, from, to) };
}

for (const checkout of checkouts.filter((c, i) => checkouts.findIndex((d) => d.dir === c.dir) === i)) {
  const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: checkout.dir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`npm run build failed in ${checkout.dir}`);
}
/** FEATURES_LATENCY_MS: the simulated upstreams' added latency (0: CPU-bound, the most samples per second). */
const latencyMs = Number(process.env.FEATURES_LATENCY_MS ?? 0);
const sandbox = await startSandbox({ port: 0, latencyMs });
const results: Measured[] = [];
for (let round = 0; round < rounds; round++) {
  for (const task of tasks) for (const checkout of checkouts) results.push(await measure(checkout, task, sandbox));
}
await sandbox.close();

const us = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
};
console.log(`\nCPU per operation by feature, µs (gateway process from dist/, cold: a new API key per operation; 10 connections, ${seconds} s per measurement after ${warmup} s warm-up, ${latencyMs} ms upstream latency${rounds > 1 ? `, medians of ${rounds} rounds` : ''})`);
const buckets = [...FEATURES.map((f) => f.name), ...new Set(results.flatMap((r) => [...r.buckets.keys()]).filter((b) => b.startsWith('core:')).sort())];
const perCall = new Set(FEATURES.filter((f) => f.perCall).map((f) => f.name));
const columns = tasks.flatMap((task) => checkouts.map((c) => ({ task, checkout: c.name })));
const cell = (task: string, checkout: string, f: (r: Measured) => number) => median(results.filter((r) => r.task === task && r.checkout === checkout).map(f));
const header = ['feature'.padEnd(52), ...columns.map((c) => `${c.task} ${c.checkout}`.padStart(12)), ...(tasks.includes('Q2') ? checkouts.map((c) => `/call ${c.name}`.padStart(13)) : [])];
console.log(header.join(' '));
const busy = (r: Measured) => [...r.buckets].filter(([b]) => b !== '(idle)').reduce((sum, [, v]) => sum + v, 0);
/** A bucket's CPU time: its share of the busy samples times the process's CPU time (samples alone count time the process waited for a core). */
const cpuOf = (r: Measured, bucket: string) => ((r.buckets.get(bucket) ?? 0) / busy(r)) * r.cpu;
for (const bucket of buckets) {
  const row = [bucket.padEnd(52), ...columns.map((c) => us(cell(c.task, c.checkout, (r) => cpuOf(r, bucket) / r.operations)).padStart(12))];
  if (tasks.includes('Q2')) row.push(...checkouts.map((c) => (perCall.has(bucket) ? us(cell('Q2', c.name, (r) => cpuOf(r, bucket) / r.calls)) : '').padStart(13)));
  console.log(row.join(' '));
}
console.log(['CPU per operation (process CPU time)'.padEnd(52), ...columns.map((c) => us(cell(c.task, c.checkout, (r) => r.cpu / r.operations)).padStart(12))].join(' '));
console.log(['operations per second'.padEnd(52), ...columns.map((c) => us(cell(c.task, c.checkout, (r) => r.operations / seconds)).padStart(12))].join(' '));
console.log(['upstream calls per operation'.padEnd(52), ...columns.map((c) => cell(c.task, c.checkout, (r) => r.calls / r.operations).toFixed(2).padStart(12))].join(' '));
