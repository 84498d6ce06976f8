/**
 * `npm run bench:fleet`: three gateways as `npm start` runs them (the build, the production Node
 * flags, MEMORY_LIMIT_MB=512, TRUST_PROXY=loopback) behind Debian's haproxy running the shipped
 * deploy/haproxy.cfg, over one set of simulated upstreams (a process of their own, world frozen),
 * under a crowd of heavy clients (test/support/crowd.ts: closed loops of HEAVY_QUERY, a new key each
 * time, each user from a loopback address of its own, honouring Retry-After up to 2 s). Figures, not
 * assertions: run it on a quiet machine.
 *
 * Phases, FLEET_PHASE_S each (20):
 *   one replica alone   the crowd straight at one gateway, no balancer: the reference;
 *   fleet               the crowd through the balancer;
 *   burst               a tenth of the crowd through the balancer, then all of it for the phase's second half;
 *   replica killed      the crowd through the balancer, one replica SIGKILLed halfway (and not restarted).
 * FLEET_CLIENTS: the crowd's size (3000). Between phases every replica is given time to be quiet.
 *
 * Per phase it prints the crowd's goodput (answers with data and no error, per second), partial
 * answers, refusals (503/429 with Retry-After), other answers, requests with no HTTP answer (resets,
 * cut connections, client timeouts), statuses, and who sent the 5xx: the balancer (HAProxy's frontend
 * count less what the replicas sent it, from its stats) or the replicas; each replica's transitions
 * between UP and DOWN as HAProxy saw them (its stats each second) and its RSS max.
 *
 *   npm run bench:fleet
 *   FLEET_CLIENTS=300 FLEET_PHASE_S=10 npm run bench:fleet      # a quick look
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HAPROXY, haproxyRows } from '../test/support/haproxy.js';
import { goodput, HEAVY_QUERY, loopbackAddresses, percentileMs, runCrowd, type CrowdResult } from '../test/support/crowd.js';
import { freePort, mib, rssOf, spawnChild, startGatewayProcess, startSandboxProcess, stopChildren, type Child, type GatewayProcess } from './support.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const PHASE_MS = Number(process.env.FLEET_PHASE_S ?? 20) * 1000;
const CLIENTS = Number(process.env.FLEET_CLIENTS ?? 3000);
const REPLICAS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Fleet {
  replicas: GatewayProcess[];
  haproxy: Child;
  bind: number;
  stats: number;
}

async function startFleet(upstreams: Record<string, string>): Promise<Fleet> {
  const env = { ...upstreams, MEMORY_LIMIT_MB: '512', TRUST_PROXY: 'loopback' };
  // Each replica's METRICS_PORT, where HAProxy's checks go (deploy/haproxy.cfg's GATEWAY_n_CHECK_PORT).
  const checks = await Promise.all(Array.from({ length: REPLICAS }, () => freePort()));
  const replicas = await Promise.all(checks.map((check) => startGatewayProcess(root, { ...env, METRICS_PORT: String(check) })));
  const [bind, stats] = [await freePort(), await freePort()];
  const haproxy = spawnChild(HAPROXY, ['-db', '-f', 'deploy/haproxy.cfg'], root, {
    PATH: process.env.PATH,
    HAPROXY_BIND: `127.0.0.1:${bind}`,
    HAPROXY_STATS_BIND: `127.0.0.1:${stats}`,
    ...Object.fromEntries(replicas.map((r, i) => [`GATEWAY_${i + 1}`, `127.0.0.1:${r.port}`])),
    ...Object.fromEntries(checks.map((port, i) => [`GATEWAY_${i + 1}_CHECK_PORT`, String(port)])),
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await haproxyRows(stats).then((s) => replicas.every((_, i) => s[`gateways/gateway-${i + 1}`]?.status === 'UP'), () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error('HAProxy did not see the three replicas UP within 30 s');
    await sleep(200);
  }
  return { replicas, haproxy, bind, stats };
}

interface PhaseFigures {
  name: string;
  crowd: CrowdResult;
  /** 5xx the balancer sent of itself, and those it passed on from the replicas. */
  balancer5xx: number;
  replica5xx: number;
  /** Each replica's UP/DOWN transitions seen, with the second of the phase. */
  transitions: string[];
  rssMax: number[];
}

/** Runs `crowd` (its own timeline) while sampling HAProxy's view of the replicas and their RSS each second. */
async function phase(name: string, fleet: Fleet, crowd: () => Promise<CrowdResult>, during?: (atMs: number) => void): Promise<PhaseFigures> {
  const before = await haproxyRows(fleet.stats).catch(() => ({}) as Record<string, Record<string, string>>);
  const states = fleet.replicas.map((_, i) => before[`gateways/gateway-${i + 1}`]?.status ?? '?');
  const transitions: string[] = [];
  const rssMax = fleet.replicas.map(() => 0);
  const started = Date.now();
  const sampler = setInterval(() => {
    fleet.replicas.forEach((r, i) => (rssMax[i] = Math.max(rssMax[i]!, rssOf(r.child.pid!) ?? 0)));
    during?.(Date.now() - started);
    void haproxyRows(fleet.stats).then((s) => {
      fleet.replicas.forEach((_, i) => {
        const status = s[`gateways/gateway-${i + 1}`]?.status ?? '?';
        if (status !== states[i]) transitions.push(`gateway-${i + 1} ${states[i]} -> ${status} at ${((Date.now() - started) / 1000).toFixed(0)} s`);
        states[i] = status;
      });
    }, () => undefined);
  }, 1000);
  const result = await crowd();
  clearInterval(sampler);
  const after = await haproxyRows(fleet.stats).catch(() => ({}) as Record<string, Record<string, string>>);
  const delta = (key: string) => Number(after[key]?.hrsp_5xx ?? 0) - Number(before[key]?.hrsp_5xx ?? 0);
  const sent = delta('graphql/FRONTEND');
  const fromReplicas = delta('gateways/BACKEND');
  const figures = { name, crowd: result, balancer5xx: Math.max(0, sent - fromReplicas), replica5xx: fromReplicas, transitions, rssMax };
  report(figures);
  await sleep(5000);
  return figures;
}

const listCounts = (record: Record<string, number>) =>
  Object.entries(record)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ') || 'none';

function report(p: PhaseFigures): void {
  const c = p.crowd;
  process.stdout.write(
    [
      `${p.name} (${c.connections} clients, ${c.seconds.toFixed(1)} s)`,
      `  goodput ${goodput(c).toFixed(1)}/s; partial ${c.partial}; refused with Retry-After ${c.shed}; other answers ${c.otherAnswers}; no HTTP answer ${c.noAnswer}`,
      `  statuses ${listCounts(c.statuses)}; codes ${listCounts(c.codes)}; p50/p99 of answers with data ${percentileMs(c.latencies, 50).toFixed(0)} / ${percentileMs(c.latencies, 99).toFixed(0)} ms`,
      `  5xx sent by the balancer itself ${p.balancer5xx}, passed on from the replicas ${p.replica5xx}`,
      `  replicas UP/DOWN as HAProxy saw them: ${p.transitions.length ? p.transitions.join('; ') : 'no change'}`,
      `  replicas' RSS max ${p.rssMax.map((b) => `${mib(b)} MiB`).join(', ')}`,
      c.failures.length ? `  first failures without an answer: ${c.failures.slice(0, 3).join(' | ')}` : '',
    ]
      .filter(Boolean)
      .join('\n') + '\n\n',
  );
}

async function main(): Promise<void> {
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }).status !== 0) throw new Error('npm run build failed');
  const upstreams = await startSandboxProcess(root);
  const fleet = await startFleet(upstreams.urls);
  const addresses = loopbackAddresses(CLIENTS);
  const crowdAt = (url: string, connections: number, durationMs = PHASE_MS) => () => runCrowd({ url, connections, durationMs, query: HEAVY_QUERY, localAddresses: addresses });
  process.stdout.write(`${REPLICAS} replicas (MEMORY_LIMIT_MB=512) behind deploy/haproxy.cfg; ${CLIENTS} heavy clients; phases of ${PHASE_MS / 1000} s\n\n`);

  await phase('one replica alone, no balancer', fleet, crowdAt(fleet.replicas[0]!.url, CLIENTS));
  const through = `http://127.0.0.1:${fleet.bind}/graphql`;
  await phase('fleet', fleet, crowdAt(through, CLIENTS));
  await phase('burst: a tenth, then all of it', fleet, async () => {
    const steady = runCrowd({ url: through, connections: Math.ceil(CLIENTS / 10), durationMs: PHASE_MS, query: HEAVY_QUERY, localAddresses: addresses });
    await sleep(PHASE_MS / 2);
    const burst = await runCrowd({ url: through, connections: CLIENTS - Math.ceil(CLIENTS / 10), durationMs: PHASE_MS / 2, query: HEAVY_QUERY, localAddresses: addresses.slice(Math.ceil(CLIENTS / 10)) });
    const base = await steady;
    // One result for the phase: the sums, over the phase's length.
    const merged: CrowdResult = { ...base, connections: CLIENTS, answered: base.answered + burst.answered, partial: base.partial + burst.partial, shed: base.shed + burst.shed, otherAnswers: base.otherAnswers + burst.otherAnswers, noAnswer: base.noAnswer + burst.noAnswer, latencies: [...base.latencies, ...burst.latencies].sort((a, b) => a - b), failures: [...base.failures, ...burst.failures] };
    for (const key of ['codes', 'statuses'] as const) {
      merged[key] = { ...base[key] };
      for (const [k, n] of Object.entries(burst[key])) merged[key][k] = (merged[key][k] ?? 0) + n;
    }
    return merged;
  });
  let killed = false;
  await phase('one replica killed halfway', fleet, crowdAt(through, CLIENTS), (atMs) => {
    if (killed || atMs < PHASE_MS / 2) return;
    killed = true;
    process.kill(fleet.replicas[REPLICAS - 1]!.child.pid!, 'SIGKILL');
  });
}

try {
  await main();
} finally {
  stopChildren();
}
