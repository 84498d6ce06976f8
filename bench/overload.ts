/**
 * `npm run bench:overload`: the gateway as `npm start` runs it (the build, the production command
 * line's Node flags from `dist/node-flags.js`, default configuration) under a crowd: closed loops of
 * heavy operations (the C-Chain's latest 40 blocks with 50 transactions each, a 30-50 KB answer, a new
 * API key each time, as many distinct users) at 50, 300 and 1,000 connections, then a burst of 10x on
 * top of a steady 50. A user told to wait (503/429 with Retry-After) waits that long (half to all of
 * it, at most 2 s), as a well-behaved client does; the load generator runs in this process. Prints,
 * per phase: goodput (answers with data and no error, per second), partial answers (data with
 * errors), refusals, requests without an answer, p50/p99 of the answers with data, and the gateway's
 * RSS (from /proc) and heap in use (from its /metrics) over time.
 * Figures, not assertions: run it on a quiet machine.
 *
 * Each virtual user connects from a loopback address of its own (127.0.0.10 on: `loopbackAddresses`
 * in test/support/crowd.ts), since the gateway counts a client without an API key by its address:
 * from one address the crowd would look like a single client and meet the per-client limits.
 *
 * The upstreams: the sandbox in a process of its own (`sandbox:upstreams`, the world frozen). With
 * OVERLOAD_PEER=1, instead, the fixture Data API of `../shared/peer-bench` (PEER_BENCH_DIR), and the
 * peer (Hive Gateway over the Mesh compose with its hand-written links, the only form of it that can
 * ask for blocks with their transactions in one operation) is crowded the same way beside ours. Its
 * `mesh/` must be installed (`npm ci` there, as its run.sh does); a read-only folder is copied first.
 *
 *   npm run bench:overload
 *   OVERLOAD_PHASE_S=10 npm run bench:overload
 *   OVERLOAD_NODE_FLAGS='--max-old-space-size=192' npm run bench:overload   # other Node flags
 *   MEMORY_LIMIT_MB=1024 npm run bench:overload                             # flags and bounds for another limit
 *   OVERLOAD_CHECKOUT=../before npm run bench:overload                       # another checkout's gateway (before/after)
 *   OVERLOAD_PEER=1 PEER_BENCH_DIR=/tmp/peer-bench npm run bench:overload
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { goodput, HEAVY_QUERY, loopbackAddresses, percentileMs, runCrowd, type CrowdResult } from '../test/support/crowd.js';
import { freePort, mib, rssOf, spawnChild, startFlags, startGatewayProcess, startSandboxProcess, stopChildren, waitFor } from './support.js';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The checkout whose built gateway is measured (this one by default; it is built first). */
const checkout = resolve(process.env.OVERLOAD_CHECKOUT ?? root);
const PHASE_MS = Number(process.env.OVERLOAD_PHASE_S ?? 20) * 1000;
const SAMPLE_MS = 1000;
const withPeer = process.env.OVERLOAD_PEER === '1';

/** A server this run started, and how its memory is read. */
interface System {
  name: string;
  url: string;
  /** The process that listens (Hive Gateway's is a fork of the one started). */
  pid(): number | undefined;
  /** Its heap in use, where it reports one. */
  heap(): Promise<number>;
  exited(): string | undefined;
  stop(): void;
}

/** Heap in use from a gateway's Prometheus endpoint (prom-client's default metric). */
async function heapFromMetrics(base: string): Promise<number> {
  try {
    const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(900) })).text();
    return Number(text.match(/^nodejs_heap_size_used_bytes (\S+)$/m)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/** Our gateway, the production way, over the given upstreams. */
async function startOurs(upstreamEnv: Record<string, string>): Promise<System> {
  const flags = process.env.OVERLOAD_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? startFlags(checkout);
  const { base, url, child } = await startGatewayProcess(checkout, upstreamEnv, flags);
  process.stdout.write(`ours: ${checkout}: node ${[...flags, 'dist/main.js'].join(' ')}, default configuration\n`);
  return { name: 'ours', url, pid: () => child.pid, heap: () => heapFromMetrics(base), exited: () => child.exitedWith, stop: () => child.kill('SIGTERM') };
}

/** The peer benchmark's folder, writable (copied when it is not), with its mesh/ installed. */
function peerDir(): string {
  let dir = resolve(process.env.PEER_BENCH_DIR ?? join(root, '..', 'shared', 'peer-bench'));
  if (!existsSync(join(dir, 'mesh', 'package.json'))) throw new Error(`no peer benchmark at ${dir} (PEER_BENCH_DIR)`);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    const copy = mkdtempSync(join(tmpdir(), 'peer-bench-'));
    cpSync(dir, copy, { recursive: true });
    dir = copy;
  }
  if (!existsSync(join(dir, 'mesh', 'node_modules', '@graphql-hive'))) {
    process.stdout.write(`installing the peer (npm ci in ${dir}/mesh)...\n`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: join(dir, 'mesh'), stdio: 'ignore' });
  }
  return dir;
}

/** The fixture Data API and the peer over it (linked compose), and our gateway over the same fixture. */
async function startPeerWorld(): Promise<{ systems: System[]; queries: Record<string, { query: string; variables?: Record<string, unknown> }> }> {
  const dir = peerDir();
  const fixturePort = await freePort();
  const fixture = spawnChild(process.execPath, ['upstream/fixture-server.mjs'], dir, { LATENCY_MS: '0', PORT: String(fixturePort) });
  const fixtureUrl = `http://127.0.0.1:${fixturePort}`;
  await waitFor(`${fixtureUrl}/__stats`, {}, () => fixture.exitedWith, 'the fixture');
  // The official description the peer's schema is generated from, read in place (PEER_SPEC, as run.sh sets it for a copy).
  const spec = process.env.PEER_SPEC ?? resolve(root, '..', 'shared', 'reference', 'data-api.openapi.json');
  execFileSync(process.execPath, ['node_modules/@graphql-mesh/compose-cli/esm/bin.js', '-c', 'mesh.linked.config.ts'], { cwd: join(dir, 'mesh'), env: { ...process.env, DATA_API_URL: fixtureUrl, PEER_SPEC: spec }, stdio: ['ignore', 'ignore', 'inherit'] });
  const peerPort = await freePort();
  const peer = spawnChild(process.execPath, ['node_modules/@graphql-hive/gateway/dist/bin.js', 'supergraph', 'supergraph.linked.graphql', '--host', '127.0.0.1', '--port', String(peerPort), '--fork', '1'], join(dir, 'mesh'), { NODE_ENV: 'production' });
  const peerUrl = `http://127.0.0.1:${peerPort}/graphql`;
  await waitFor(peerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' }, () => peer.exitedWith, 'the peer');
  // Hive Gateway's --fork runs the server in a child: the process that listens is the one to measure.
  const listening = () => Number(execFileSync('ss', ['-ltnpH', `sport = :${peerPort}`], { encoding: 'utf8' }).match(/pid=(\d+)/)?.[1] ?? peer.pid);
  const peerPid = listening();
  process.stdout.write(`peer: Hive Gateway (${dir}/mesh, supergraph.linked.graphql, --fork 1, NODE_ENV=production), default configuration\n`);
  const ours = await startOurs({ DATA_API_URL: fixtureUrl });
  return {
    systems: [
      ours,
      { name: 'peer', url: peerUrl, pid: () => peerPid, heap: async () => NaN, exited: () => peer.exitedWith, stop: () => peer.kill('SIGTERM') },
    ],
    queries: {
      ours: { query: HEAVY_QUERY.replace(' to { address }', '').replace(' gasUsed', '') },
      // The peer's linked form of the same read: 40 blocks with their transactions, one operation.
      peer: {
        query: 'query Crowd($chainId: String!) { getLatestBlocks(chainId: $chainId, pageSize: 40) { blocks { blockNumber blockHash blockTimestamp transactions(chainId: $chainId) { txHash from { address } value } } } }',
        variables: { chainId: '43114' },
      },
    },
  };
}

interface Sample {
  t: number;
  rss: number;
  heap: number;
  data: number;
  shed: number;
  none: number;
}

async function phase(system: System, name: string, rows: string[], run: (count: (outcome: string) => void) => Promise<CrowdResult[]>): Promise<void> {
  const samples: Sample[] = [];
  let current = { data: 0, shed: 0, none: 0 };
  const count = (outcome: string) => {
    if (outcome === 'data') current.data++;
    else if (outcome === 'shed') current.shed++;
    else current.none++;
  };
  const started = performance.now();
  const timer = setInterval(() => {
    const pid = system.pid();
    const rss = system.exited() || pid === undefined ? 0 : (rssOf(pid) ?? 0);
    const done = current;
    current = { data: 0, shed: 0, none: 0 };
    const t = (performance.now() - started) / 1000;
    void system.heap().then((heap) => samples.push({ t, rss, heap, ...done }));
  }, SAMPLE_MS);
  const all = merge(await run(count));
  clearInterval(timer);
  samples.sort((a, b) => a.t - b.t);
  const peakRss = Math.max(0, ...samples.map((s) => s.rss));
  const heaps = samples.map((s) => s.heap).filter((h) => !Number.isNaN(h));
  const died = system.exited();
  rows.push(
    `| ${system.name} | ${name} | ${goodput(all).toFixed(1)} | ${(all.partial / all.seconds).toFixed(1)} | ${all.shed} | ${all.noAnswer + all.otherAnswers} | ${percentileMs(all.latencies, 50).toFixed(0)} | ${percentileMs(all.latencies, 99).toFixed(0)} | ${mib(peakRss)} | ${heaps.length ? mib(Math.max(...heaps)) : '-'} | ${died ? `**died** (${died})` : 'alive'} |`,
  );
  process.stdout.write(`${system.name}, ${name}: per second, answers with data / refused / no answer, RSS MiB, heap MiB\n`);
  for (const s of samples) process.stdout.write(`  ${s.t.toFixed(0).padStart(4)} s  ${String(s.data).padStart(5)} ${String(s.shed).padStart(6)} ${String(s.none).padStart(6)}  ${mib(s.rss).padStart(7)} ${Number.isNaN(s.heap) ? '      -' : mib(s.heap).padStart(7)}\n`);
  const codes = Object.entries(all.codes).map(([code, n]) => `${code} ${n}`).join(', ');
  process.stdout.write(`  codes: ${codes || 'none'}; statuses: ${Object.entries(all.statuses).map(([s, n]) => `${s} ${n}`).join(', ')}${all.failures.length ? `; failures: ${all.failures.join(' | ')}` : ''}\n\n`);
}

async function main(): Promise<void> {
  process.stdout.write('building (npm run build)...\n');
  if (spawnSync('npm', ['run', 'build'], { cwd: checkout, stdio: 'ignore' }).status !== 0) throw new Error('npm run build failed');
  const world = withPeer ? await startPeerWorld() : { systems: [await startOurs((await startSandboxProcess(root)).urls)], queries: { ours: { query: HEAVY_QUERY } } };
  const rows: string[] = [];
  try {
    for (const system of world.systems) {
      const { query, variables } = world.queries[system.name as keyof typeof world.queries]!;
      await new Promise((done) => setTimeout(done, 2000));
      process.stdout.write(`${system.name}: idle RSS ${mib(rssOf(system.pid()!) ?? 0)} MiB; each phase ${PHASE_MS / 1000} s; a new API key per operation\n\n`);
      for (const connections of [50, 300, 1000]) {
        if (system.exited()) break;
        await phase(system, `${connections} connections`, rows, (count) =>
          Promise.all([runCrowd({ url: system.url, query, variables, connections, durationMs: PHASE_MS, onOutcome: count, localAddresses: loopbackAddresses(connections) })]),
        );
      }
      if (!system.exited()) {
        // A steady 50 for the whole phase, and 500 more (10x) for its middle third, each user on an address of its own.
        const addresses = loopbackAddresses(550);
        await phase(system, '50 steady + a burst of 500', rows, (count) =>
          Promise.all([
            runCrowd({ url: system.url, query, variables, connections: 50, durationMs: PHASE_MS, onOutcome: count, localAddresses: addresses.slice(0, 50) }),
            new Promise<CrowdResult>((done) =>
              setTimeout(() => void runCrowd({ url: system.url, query, variables, connections: 500, durationMs: PHASE_MS / 3, onOutcome: count, localAddresses: addresses.slice(50) }).then(done), PHASE_MS / 3),
            ),
          ]),
        );
      }
      system.stop();
    }
    process.stdout.write('| system | load | goodput /s | partial /s | refused (503/429) | no answer | p50 ms | p99 ms | peak RSS MiB | peak heap MiB | process |\n|---|---|---|---|---|---|---|---|---|---|---|\n');
    process.stdout.write(`${rows.join('\n')}\n`);
  } finally {
    stopChildren();
  }
}

function merge(results: CrowdResult[]): CrowdResult {
  const all: CrowdResult = { connections: 0, seconds: 0, answered: 0, partial: 0, shed: 0, otherAnswers: 0, noAnswer: 0, codes: {}, statuses: {}, latencies: [], failures: [] };
  for (const r of results) {
    all.connections += r.connections;
    all.seconds = Math.max(all.seconds, r.seconds);
    all.answered += r.answered;
    all.partial += r.partial;
    all.shed += r.shed;
    all.otherAnswers += r.otherAnswers;
    all.noAnswer += r.noAnswer;
    for (const [k, v] of Object.entries(r.codes)) all.codes[k] = (all.codes[k] ?? 0) + v;
    for (const [k, v] of Object.entries(r.statuses)) all.statuses[k] = (all.statuses[k] ?? 0) + v;
    all.latencies.push(...r.latencies);
    all.failures.push(...r.failures.slice(0, 5 - all.failures.length));
  }
  all.latencies.sort((a, b) => a - b);
  return all;
}

await main();
