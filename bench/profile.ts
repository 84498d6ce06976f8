/**
 * `npm run bench:profile`: where the gateway's CPU time goes on the hot path. Runs one task (Q2 by
 * default: the 10 latest blocks with their transactions) in a closed loop with 10 connections for
 * PROFILE_SECONDS against the simulated upstreams (no shared cache, no response cache: every
 * operation does its full work), under the V8 CPU profiler, and prints the functions with the most
 * self time, grouped by package.
 */
import { Session } from 'node:inspector/promises';
import { Agent, request } from 'undici';
import { startBenchGateway } from './support.js';

const TASKS: Record<string, string> = {
  Q1: '{ chain(id: "43114") { blocks(first: 10) { nodes { number hash timestamp } } } }',
  Q2: '{ chain(id: "43114") { blocks(first: 10) { nodes { number transactions(first: 10) { nodes { hash from { address } value } } } } } }',
  Q3: '{ chain(id: "43114") { blocks(first: 1) { nodes { transactions(first: 10) { nodes { hash from { address nativeBalance { balance } } } } } } } }',
};
const task = process.env.PROFILE_TASK ?? 'Q2';
const seconds = Number(process.env.PROFILE_SECONDS ?? 8);
const TOP = Number(process.env.PROFILE_TOP ?? 20);
/** PROFILE=0: the same loop without the profiler, for the throughput alone. */
const profiling = process.env.PROFILE !== '0';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

const gateway = await startBenchGateway({ CACHE_MAX_ENTRIES: '1', RESPONSE_CACHE_MAX_ENTRIES: '0', CLIENT_UPSTREAM_CALLS_PER_SECOND: '1000000' });
const body = JSON.stringify({ query: TASKS[task] });
const agent = new Agent({ connections: null, keepAliveTimeout: 30_000 });
const session = new Session();
session.connect();
if (profiling) {
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}
const end = Date.now() + seconds * 1000;
let done = 0;
await Promise.all(
  Array.from({ length: 10 }, async () => {
    while (Date.now() < end) {
      // PROFILE_COLD=1: a fresh API key per operation, so nothing is shared between operations.
      const key: Record<string, string> = process.env.PROFILE_COLD === '1' ? { 'x-data-api-key': `cold-${done}-${Math.random()}` } : {};
      // undici's request rather than the global fetch, whose Request, AbortSignal and web streams
      // would show in the profile as if they were the gateway's.
      const response = await request(gateway.server.url, { method: 'POST', headers: { 'content-type': 'application/json', ...key }, body, dispatcher: agent });
      await response.body.text();
      done++;
    }
  }),
);
await gateway.close();
if (!profiling) {
  console.log(`${task}: ${done} operations in ${seconds} s (${(done / seconds).toFixed(0)}/s), no profiler`);
  process.exit(0);
}
const { profile } = (await session.post('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[] } };

const hits = new Map<number, number>();
for (const sample of profile.samples) hits.set(sample, (hits.get(sample) ?? 0) + 1);
const total = profile.samples.length;
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const node of profile.nodes) {
  const n = hits.get(node.id) ?? 0;
  if (!n) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.includes('node_modules/')
    ? url.slice(url.lastIndexOf('node_modules/') + 13).split('/').slice(0, url.includes('node_modules/@') ? 2 : 1).join('/')
    : url.includes('/src/')
      ? `src/${url.split('/src/')[1]}`
      : url.startsWith('node:')
        ? url
        : url || '(native)';
  const key = `${functionName || '(anonymous)'} ${where}${url.includes('/src/') ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + n);
  const pkg = where.startsWith('src/') ? 'gateway (src/)' : where;
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + n);
}
const pct = (n: number) => `${((100 * n) / total).toFixed(1)}%`.padStart(6);
console.log(`${task}: ${done} operations in ${seconds} s (${(done / seconds).toFixed(0)}/s) under the profiler; ${total} samples`);
console.log(`\ntop ${TOP} functions by self time`);
for (const [key, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(pct(n), key);
console.log('\nby package');
for (const [key, n] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(pct(n), key);

// PROFILE_INCLUSIVE=N: the N functions with the most total time (self plus callees; a recursive function counts once per sample).
const inclusiveTop = Number(process.env.PROFILE_INCLUSIVE ?? 0);
if (inclusiveTop > 0) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const label = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    return `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
  };
  const inclusive = new Map<string, number>();
  const onPath = new Map<string, number>();
  // Depth-first from the root, with the labels on the current path counted so recursion counts once.
  const visit = (node: ProfileNode): number => {
    const key = label(node);
    onPath.set(key, (onPath.get(key) ?? 0) + 1);
    let total = hits.get(node.id) ?? 0;
    for (const child of node.children ?? []) total += visit(byId.get(child)!);
    onPath.set(key, onPath.get(key)! - 1);
    if (onPath.get(key) === 0) inclusive.set(key, (inclusive.get(key) ?? 0) + total);
    return total;
  };
  visit(profile.nodes[0]!);
  console.log(`\ntop ${inclusiveTop} functions by total time`);
  for (const [key, n] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, inclusiveTop)) console.log(pct(n), key);
}

// PROFILE_CALLERS=<function name>: who calls it, as call paths (innermost first) weighted by its self time.
const callee = process.env.PROFILE_CALLERS;
if (callee) {
  const parent = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const paths = new Map<string, number>();
  for (const node of profile.nodes) {
    const n = hits.get(node.id) ?? 0;
    if (!n || node.callFrame.functionName !== callee) continue;
    const chain: string[] = [];
    for (let p = parent.get(node.id); p && chain.length < 8; p = parent.get(p.id)) {
      const { functionName, url, lineNumber } = p.callFrame;
      chain.push(`${functionName || '(anonymous)'}@${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`);
    }
    const key = chain.join(' < ');
    paths.set(key, (paths.get(key) ?? 0) + n);
  }
  console.log(`\ncallers of ${callee}`);
  for (const [key, n] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(pct(n), key);
}
