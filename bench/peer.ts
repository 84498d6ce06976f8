/**
 * `npm run bench -- --peer` (or `npm run bench:peer`): the peer benchmark of `../shared/peer-bench`
 * (GraphQL Mesh compose + Hive Gateway over the official Data API description, and the REST floor,
 * against its fixture Data API) with this checkout's gateway measured beside them, after
 * `npm run build`. The whole run is repeated PEER_ROUNDS times (default 3), so the systems
 * alternate round after round, and the ratios are the medians over the rounds of each round's ratio:
 *   - ours ÷ floor: our cold p50 over the REST floor's p50 (1.00 = no cost over calling REST);
 *   - peer ÷ floor: the peer's p50 (its best form: generated schema or hand-written links) over the floor's;
 *   - ours ÷ peer: our cold tasks/s over the peer's (> 1: we serve more).
 * "Cold" is a new API key on every task, so no shared cache helps.
 *
 * Env: PEER_BENCH_DIR (default ../shared/peer-bench from the checkout), PEER_ROUNDS (3), and what
 * run.sh reads, passed through: LATENCIES ("0 20"), DURATION, WARMUP, REPEATS (1 here), CONNS,
 * PEER (0: our gateway and the floor only). Each round's results stay in PEER_BENCH_OUT (default a
 * new folder under the system's temp dir): `round-N.jsonl` and run.sh's `round-N.md`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const peerDir = resolve(process.env.PEER_BENCH_DIR ?? join(root, '..', 'shared', 'peer-bench'));
const rounds = Math.max(1, Number(process.env.PEER_ROUNDS ?? 3));

if (!existsSync(join(peerDir, 'run.sh'))) {
  console.error(
    `peer benchmark not found: ${peerDir} has no run.sh. It lives beside the checkout in ../shared/peer-bench; set PEER_BENCH_DIR to where it is.`,
  );
  process.exit(1);
}

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
  const result = spawnSync(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
};

run('npm', ['run', '--silent', 'build']);
const out = process.env.PEER_BENCH_OUT ?? mkdtempSync(join(tmpdir(), 'peer-bench-'));
mkdirSync(out, { recursive: true });

interface TaskRow {
  kind: string;
  task: string;
  mode: string;
  latencyMs: number;
  tasksPerSec: number;
  p50ms: number;
  errors: number;
}

const results: TaskRow[][] = [];
for (let round = 1; round <= rounds; round++) {
  console.error(`\n== round ${round} of ${rounds}`);
  const file = join(out, `round-${round}.jsonl`);
  run('bash', [join(peerDir, 'run.sh')], {
    ...process.env,
    PRODUCT_DIR: root,
    REPEATS: process.env.REPEATS ?? '1',
    OUT: file,
    REPORT: join(out, `round-${round}.md`),
  });
  results.push(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as TaskRow)
      .filter((row) => row.kind === 'task'),
  );
}

/** The row of one round (the median of its repeats by tasks/s, as run.sh's report takes it). */
function pick(rows: TaskRow[], latency: number, task: string, modes: string[]): TaskRow | undefined {
  const found = rows.filter((r) => r.latencyMs === latency && r.task === task && modes.includes(r.mode));
  if (!found.length) return undefined;
  // The peer's best form: the generated schema or the hand-written links, whichever serves more.
  const best = new Map<string, TaskRow[]>();
  for (const r of found) best.set(r.mode, [...(best.get(r.mode) ?? []), r]);
  const medians = [...best.values()].map((g) => g.sort((a, b) => a.tasksPerSec - b.tasksPerSec)[Math.floor((g.length - 1) / 2)]!);
  return medians.sort((a, b) => b.tasksPerSec - a.tasksPerSec)[0];
}

const median = (values: number[]) => {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const fmt = (value: number | undefined, digits = 2) => (value === undefined ? '-' : value.toFixed(digits));
const cell = (text: string, width: number) => text.padStart(width);

const latencies = [...new Set(results.flat().map((r) => r.latencyMs))].sort((a, b) => a - b);
console.log(`\nour gateway (cold) beside the peer and the REST floor: medians over ${rounds} round(s) of run.sh (${peerDir})`);
console.log('p50 ratios < 1.05 meet the target; ours ÷ peer is cold tasks/s over the peer best form\'s tasks/s');
console.log(['lat', 'task', 'ours/s', 'ours p50', 'peer/s', 'peer p50', 'floor p50', 'ours÷floor', 'peer÷floor', 'ours÷peer', 'errors'].map((h, i) => cell(h, i < 2 ? 4 : 10)).join(' '));
for (const latency of latencies) {
  for (const task of ['q1', 'q2', 'q3']) {
    const per = results.map((rows) => ({
      ours: pick(rows, latency, task, ['productCold']),
      peer: pick(rows, latency, task, ['peer', 'peerLinked']),
      floor: pick(rows, latency, task, ['rest']),
    }));
    const m = (f: (r: (typeof per)[number]) => number | undefined) => median(per.map(f).filter((v): v is number => v !== undefined));
    const errors = results.flat().filter((r) => r.latencyMs === latency && r.task === task).reduce((sum, r) => sum + r.errors, 0);
    console.log(
      [
        cell(`${latency}ms`, 4),
        cell(task.toUpperCase(), 4),
        cell(fmt(m((r) => r.ours?.tasksPerSec), 0), 10),
        cell(fmt(m((r) => r.ours?.p50ms), 1), 10),
        cell(fmt(m((r) => r.peer?.tasksPerSec), 0), 10),
        cell(fmt(m((r) => r.peer?.p50ms), 1), 10),
        cell(fmt(m((r) => r.floor?.p50ms), 1), 10),
        cell(fmt(m((r) => (r.ours && r.floor ? r.ours.p50ms / r.floor.p50ms : undefined))), 10),
        cell(fmt(m((r) => (r.peer && r.floor ? r.peer.p50ms / r.floor.p50ms : undefined))), 10),
        cell(fmt(m((r) => (r.ours && r.peer ? r.ours.tasksPerSec / r.peer.tasksPerSec : undefined))), 10),
        cell(String(errors), 10),
      ].join(' '),
    );
  }
}
console.log(`\neach round's results and run.sh's report: ${out}`);
