/**
 * `npm run bench:peer`: this checkout's gateway beside the peer of `../shared/peer-bench` (GraphQL Mesh
 * compose + Hive Gateway over the official Data API description, with and without its hand-written
 * links) and the REST floor, against the peer benchmark's fixture Data API, with its closed-loop
 * driver (`bench/taskbench.mjs`) and its tasks (`queries/tasks.mjs`: Q1 the 10 latest blocks, Q2 those
 * blocks with their transactions, Q3 the latest block's transactions and each sender's balance).
 *
 * It runs the sequence of the benchmark's `run.sh` (fixture per latency; our gateway as `npm start`
 * runs it after `npm run build`, with the per-client bounds out of the way, since its one address
 * stands for many users; the peer's two gateways; the floor), and adds what run.sh does not
 * measure:
 *   - each run at every connection count of CONNS (default "10 100": the crowd beside the polite 10);
 *   - p99 beside p50 (the driver's figures);
 *   - the CPU time of both gateways per task, from /proc: user + system ticks of the gateway's process
 *     tree (npm's child for ours; Hive Gateway's primary and its worker for the peer) read just before
 *     and just after each measured run, divided by the tasks it completed. A task is one operation
 *     for our gateway, 1 / 2 / 3 for the peer's generated schema (Q1 / Q2 / Q3) and 1 for its links.
 *   - RSS idle and peak (VmHWM) of both gateways, the peak read after each connection count's runs.
 * "Cold" (productCold) sends a new API key with every task, so no shared cache helps; "warm"
 * (product) repeats the task with one key. The peer's row is its best form per task (generated
 * schema or hand-written links, whichever serves more tasks/s).
 *
 * Env: PEER_BENCH_DIR (../shared/peer-bench beside the checkout; copied to $TMPDIR/peer-bench when
 * read-only, as run.sh does, and the peer installed there on first use), LATENCIES ("0 20"), CONNS
 * ("10 100"), DURATION (10 s), WARMUP (5 s), PEER (1; 0: our gateway and the floor only), ROUNDS (1:
 * the whole sequence again, for medians), PRODUCT_DIR (another checkout's gateway instead of this one's), PEER_BENCH_OUT (a new folder under the system's temp dir:
 * `results.jsonl`, every server's log).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The gateway measured: this checkout, or PRODUCT_DIR (another checkout with node_modules, for a before/after). */
const product = resolve(process.env.PRODUCT_DIR ?? root);
const shared = resolve(process.env.PEER_BENCH_DIR ?? join(root, '..', 'shared', 'peer-bench'));
const latencies = (process.env.LATENCIES ?? '0 20').split(/\s+/).filter(Boolean).map(Number);
const connections = (process.env.CONNS ?? '10 100').split(/\s+/).filter(Boolean).map(Number);
const duration = Number(process.env.DURATION ?? 10);
const warmup = Number(process.env.WARMUP ?? 5);
const withPeer = process.env.PEER !== '0';
const rounds = Math.max(1, Number(process.env.ROUNDS ?? 1));
const FX_PORT = 4010;
const GW_PORT = 4000;
const GWL_PORT = 4001;
const PR_PORT = 4020;

if (!existsSync(join(shared, 'bench', 'taskbench.mjs'))) {
  console.error(`peer benchmark not found: ${shared} has no bench/taskbench.mjs. It lives beside the checkout in ../shared/peer-bench; set PEER_BENCH_DIR to where it is.`);
  process.exit(1);
}

/** The benchmark's folder, writable: where the peer is installed and composed. */
function workDir(): string {
  try {
    accessSync(shared, constants.W_OK);
    return shared;
  } catch {
    const copy = join(process.env.TMPDIR ?? tmpdir(), 'peer-bench');
    mkdirSync(copy, { recursive: true });
    cpSync(shared, copy, { recursive: true, filter: (from) => !from.includes('node_modules') });
    return copy;
  }
}
const peerDir = workDir();
const spec = resolve(shared, '..', 'reference', 'data-api.openapi.json');
const out = process.env.PEER_BENCH_OUT ?? mkdtempSync(join(tmpdir(), 'peer-bench-'));
mkdirSync(out, { recursive: true });
const results = join(out, 'results.jsonl');
writeFileSync(results, '');

const runOrExit = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) => {
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
};

const started: ChildProcess[] = [];
function start(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, log: string): ChildProcess {
  const fd = openSync(join(out, log), 'w');
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd], detached: true });
  started.push(child);
  return child;
}
/** Stops a server we started, and every process of its group (npm's child, the peer's worker). */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((done) => child.once('exit', done));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {}
  }, 5000);
  await exited;
  clearTimeout(timer);
}
const stopAll = () => {
  for (const child of started) {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }
};
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

async function waitHttp(url: string, body?: string) {
  for (let i = 0; i < 300; i++) {
    try {
      const response = await fetch(url, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body } : {});
      if (response.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timeout waiting for ${url}`);
}
const PROBE = JSON.stringify({ query: '{ __typename }' });

/** Every process in the tree under `pid` (itself included), from /proc. */
function tree(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {}
  }
  const found = [pid];
  for (let i = 0; i < found.length; i++) for (const [child, parent] of parentOf) if (parent === found[i]) found.push(child);
  return found;
}
/** CPU time (user + system) of a process tree so far, µs (clock ticks of 10 ms). */
function cpuUs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks * 10_000;
}
/** RSS now and at its peak (VmHWM) of the tree's largest process, MiB. */
function memory(pids: number[]): { rssMiB: number; peakMiB: number } {
  let rssMiB = 0;
  let peakMiB = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
      rssMiB = Math.max(rssMiB, kib('VmRSS') / 1024);
      peakMiB = Math.max(peakMiB, kib('VmHWM') / 1024);
    } catch {}
  }
  return { rssMiB: Math.round(rssMiB), peakMiB: Math.round(peakMiB) };
}

interface Row {
  round: number;
  latencyMs: number;
  connections: number;
  system: 'ours' | 'peer' | 'floor';
  task: string;
  mode: string;
  tasksPerSec: number;
  p50ms: number;
  p99ms: number;
  errors: number;
  firstError: string | null;
  clientHttpPerTask: number;
  upstreamPerTask: number | null;
  cpuUsPerTask?: number;
}
const rows: Row[] = [];
const memoryRows: Array<{ round: number; latencyMs: number; system: string; conns: number; idleMiB: number; peakMiB: number }> = [];

/** One warm-up run (discarded) and one measured run of the driver; the CPU of `pids` around the measured one. */
function measure(round: number, latencyMs: number, system: Row['system'], task: string, mode: string, conns: number, gql: string | undefined, pids?: number[]): Row {
  const args = [join(peerDir, 'bench', 'taskbench.mjs'), '--task', task, '--mode', mode, '--rest', `http://127.0.0.1:${FX_PORT}`, '--stats', `http://127.0.0.1:${FX_PORT}`, '-c', String(conns)];
  if (gql) args.push('--gql', gql);
  spawnSync(process.execPath, [...args, '-d', String(warmup)], { cwd: peerDir, stdio: ['ignore', 'ignore', 'inherit'] });
  const before = pids ? cpuUs(pids) : 0;
  const run = spawnSync(process.execPath, [...args, '-d', String(duration)], { cwd: peerDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 });
  const after = pids ? cpuUs(pids) : 0;
  const result = JSON.parse(run.stdout) as Omit<Row, 'round' | 'latencyMs' | 'system' | 'connections'> & { tasks: number };
  const row: Row = {
    round,
    latencyMs,
    connections: conns,
    system,
    task,
    mode,
    tasksPerSec: result.tasksPerSec,
    p50ms: result.p50ms,
    p99ms: result.p99ms,
    errors: result.errors,
    firstError: result.firstError,
    clientHttpPerTask: result.clientHttpPerTask,
    upstreamPerTask: result.upstreamPerTask,
    ...(pids ? { cpuUsPerTask: Math.round((after - before) / Math.max(1, result.tasks)) } : {}),
  };
  rows.push(row);
  writeFileSync(results, `${JSON.stringify({ kind: 'task', ...row })}\n`, { flag: 'a' });
  const cpu = row.cpuUsPerTask === undefined ? '' : `, CPU ${row.cpuUsPerTask} µs/task`;
  console.error(`  L=${latencyMs}ms c=${conns} ${task}/${mode}: ${row.tasksPerSec} tasks/s p50 ${row.p50ms} p99 ${row.p99ms} ms${cpu}, upstream/task ${row.upstreamPerTask}, errors ${row.errors}${row.firstError ? ` (${row.firstError.slice(0, 120)})` : ''}`);
  return row;
}

/** The process that listens on `port` (npm start runs the gateway as its child). */
function listener(port: number): number | undefined {
  const ss = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(ss.stdout ?? '')?.[1];
  return pid ? Number(pid) : undefined;
}

runOrExit('npm', ['run', '--silent', 'build'], product);
if (withPeer) {
  const mesh = join(peerDir, 'mesh');
  if (!existsSync(join(mesh, 'node_modules', '.bin', 'mesh-compose'))) runOrExit('npm', ['ci', '--no-audit', '--no-fund'], mesh);
  const compose = join(mesh, 'node_modules', '@graphql-mesh', 'compose-cli', 'esm', 'bin.js');
  const env = { ...process.env, DATA_API_URL: `http://127.0.0.1:${FX_PORT}`, PEER_SPEC: spec };
  runOrExit(process.execPath, [compose, '-c', 'mesh.config.ts'], mesh, env);
  runOrExit(process.execPath, [compose, '-c', 'mesh.linked.config.ts'], mesh, env);
}

const TASKS = ['q1', 'q2', 'q3'];
for (let round = 1; round <= rounds; round++) {
  for (const latencyMs of latencies) {
    console.error(`\n== round ${round}, LATENCY_MS=${latencyMs}`);
    const fixture = start(process.execPath, ['upstream/fixture-server.mjs'], peerDir, { LATENCY_MS: String(latencyMs), PORT: String(FX_PORT) }, `fixture-${latencyMs}.log`);
    await waitHttp(`http://127.0.0.1:${FX_PORT}/__stats`);

    // Our gateway, as `npm start` runs it. The driver is one address standing for many users, and a
    // client is an address whatever keys it sends: the per-client bounds are lifted to the process's
    // (in flight) and out of the way (upstream calls), or they, not the gateway's speed, would be measured.
    const ours = start(
      'npm',
      ['run', '--silent', 'start'],
      product,
      { DATA_API_URL: `http://127.0.0.1:${FX_PORT}`, PORT: String(PR_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', MAX_OPERATIONS_PER_CLIENT: '64', CLIENT_UPSTREAM_CALLS_PER_SECOND: '1000000' },
      `ours-${latencyMs}.log`,
    );
    const ourGql = `http://127.0.0.1:${PR_PORT}/graphql`;
    await waitHttp(ourGql, PROBE);
    const ourPids = tree(listener(PR_PORT) ?? ours.pid!);
    await new Promise((r) => setTimeout(r, 2000));
    const ourIdle = memory(ourPids).rssMiB;
    // In the order of CONNS, so that each peak is the one up to that crowd (VmHWM only grows).
    for (const conns of connections) {
      for (const task of TASKS) measure(round, latencyMs, 'ours', task, 'productCold', conns, ourGql, ourPids);
      if (conns === connections[0]) for (const task of TASKS) measure(round, latencyMs, 'ours', task, 'product', conns, ourGql, ourPids);
      memoryRows.push({ round, latencyMs, system: 'ours', conns, idleMiB: ourIdle, peakMiB: memory(ourPids).peakMiB });
    }
    await stop(ours);

    if (withPeer) {
      for (const [supergraph, port, mode, tasks] of [
        ['supergraph.graphql', GW_PORT, 'peer', TASKS],
        ['supergraph.linked.graphql', GWL_PORT, 'peerLinked', ['q2', 'q3']],
      ] as const) {
        const gateway = start(
          process.execPath,
          ['node_modules/@graphql-hive/gateway/dist/bin.js', 'supergraph', supergraph, '--host', '127.0.0.1', '--port', String(port), '--fork', '1'],
          join(peerDir, 'mesh'),
          { NODE_ENV: 'production' },
          `${mode}-${latencyMs}.log`,
        );
        const gql = `http://127.0.0.1:${port}/graphql`;
        await waitHttp(gql, PROBE);
        await new Promise((r) => setTimeout(r, 1000));
        const pids = tree(gateway.pid!);
        const idle = memory(pids).rssMiB;
        for (const conns of connections) {
          for (const task of tasks) measure(round, latencyMs, 'peer', task, mode, conns, gql, pids);
          memoryRows.push({ round, latencyMs, system: mode, conns, idleMiB: idle, peakMiB: memory(pids).peakMiB });
        }
        await stop(gateway);
      }
    }

    for (const conns of connections) for (const task of TASKS) measure(round, latencyMs, 'floor', task, 'rest', conns, undefined);
    await stop(fixture);
  }
}

const median = (values: number[]): number | undefined => {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const fmt = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits));
/** The median over the rounds of a figure of one system's row (the peer's best form in each round). */
function figure(latencyMs: number, conns: number, task: string, system: Row['system'], mode: string | undefined, read: (row: Row) => number | undefined) {
  const perRound = [];
  for (let round = 1; round <= rounds; round++) {
    const candidates = rows.filter((r) => r.round === round && r.latencyMs === latencyMs && r.connections === conns && r.task === task && r.system === system && (!mode || r.mode === mode));
    const best = candidates.sort((a, b) => b.tasksPerSec - a.tasksPerSec)[0];
    const value = best && read(best);
    if (value !== undefined) perRound.push(value);
  }
  return median(perRound);
}
const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : a / b);

const columns = ['lat', 'conns', 'task', 'ours/s', 'p50', 'p99', 'CPU µs', 'peer/s', 'p50', 'p99', 'CPU µs', 'floor p50', 'ours÷peer /s', 'ours÷floor p50', 'peer÷floor p50', 'errors'];
const lines: string[] = [];
lines.push(`| ${columns.join(' | ')} |`, `|${columns.map(() => '---').join('|')}|`);
for (const latencyMs of latencies) {
  for (const conns of connections) {
    for (const task of TASKS) {
      const ours = (read: (r: Row) => number | undefined) => figure(latencyMs, conns, task, 'ours', 'productCold', read);
      const peer = (read: (r: Row) => number | undefined) => figure(latencyMs, conns, task, 'peer', undefined, read);
      const floor = (read: (r: Row) => number | undefined) => figure(latencyMs, conns, task, 'floor', undefined, read);
      const errors = rows.filter((r) => r.latencyMs === latencyMs && r.connections === conns && r.task === task).reduce((sum, r) => sum + r.errors, 0);
      lines.push(
        `| ${[
          `${latencyMs} ms`,
          conns,
          task.toUpperCase(),
          fmt(ours((r) => r.tasksPerSec)),
          fmt(ours((r) => r.p50ms), 1),
          fmt(ours((r) => r.p99ms), 1),
          fmt(ours((r) => r.cpuUsPerTask)),
          fmt(peer((r) => r.tasksPerSec)),
          fmt(peer((r) => r.p50ms), 1),
          fmt(peer((r) => r.p99ms), 1),
          fmt(peer((r) => r.cpuUsPerTask)),
          fmt(floor((r) => r.p50ms), 1),
          fmt(ratio(ours((r) => r.tasksPerSec), peer((r) => r.tasksPerSec)), 2),
          fmt(ratio(ours((r) => r.p50ms), floor((r) => r.p50ms)), 2),
          fmt(ratio(peer((r) => r.p50ms), floor((r) => r.p50ms)), 2),
          errors,
        ].join(' | ')} |`,
      );
    }
  }
}
const warm = connections[0]!;
lines.push('', `Warm (one key repeating the task, ${warm} connections), ours ÷ the peer's best form, tasks/s:`);
for (const latencyMs of latencies) {
  const cells = TASKS.map((task) => `${task.toUpperCase()} ${fmt(ratio(figure(latencyMs, warm, task, 'ours', 'product', (r) => r.tasksPerSec), figure(latencyMs, warm, task, 'peer', undefined, (r) => r.tasksPerSec)), 2)}`);
  lines.push(`- ${latencyMs} ms: ${cells.join(', ')}`);
}
lines.push('', 'RSS, MiB (idle 2 s after start / peak up to the runs at that many connections, the largest process of its tree):');
for (const m of memoryRows) lines.push(`- ${m.system}, ${m.latencyMs} ms, ${m.conns} connections, round ${m.round}: ${m.idleMiB} / ${m.peakMiB}`);

console.log(`\nour gateway (${product}; cold: a new API key per task) beside the peer's best form and the REST floor; Node ${process.version}; ${rounds} round(s), ${warmup} s warm-up + ${duration} s per run`);
console.log('CPU µs: user + system time of the gateway\'s process tree per task (one operation for ours; the peer\'s generated schema takes 1 / 2 / 3 operations for Q1 / Q2 / Q3)\n');
console.log(lines.join('\n'));
console.log(`\nevery run's figures and every server's log: ${out}`);
