/**
 * `npm run bench:hostile`: the gateway as `npm start` runs it (the build, the production command line's
 * Node flags from `dist/node-flags.js`, NODE_ENV=production, default configuration, LOG_LEVEL=warn, on
 * 127.0.0.1 at a free port), over the simulated upstreams in a process of their own with the world
 * frozen, under hostile clients, while an honest one goes on asking. Figures, not assertions: run it
 * on a quiet machine.
 *
 * The honest client: 24 users, each a keep-alive connection from an address of its own (127.1.0.1 on:
 * a client is an address, and one address asking as fast as the machine answers would pass its own
 * share), each a closed loop of a light cold query (`{ chain(id: "43114") { chainId chainName } }`
 * under a new `x-data-api-key` each time). Told to wait
 * (503/429 with Retry-After) it waits that long, at most 2 s, as a well-behaved client does. It is
 * measured alone first, then beside each attack: answers with data per second (and as % of alone),
 * p50/p99 of those answers, 5xx answers, other failures (other statuses, errors in the answer,
 * resets, its own 30 s timeouts) and requests left waiting over 1 s when the phase ends.
 *
 * The attackers connect from 127.0.0.2 (the gateway counts a client by its address, whatever keys it
 * sends, so the honest client and the attackers must not share one), at each of HOSTILE_SIZES
 * connections for HOSTILE_PHASE_S seconds each (after up to 3 s for their connections to open):
 *
 *   slow-headers    `POST /graphql HTTP/1.1` and a Host line, then one more header line every 2 s, never done;
 *   slow-body-keys  complete headers (JSON, content-length 100000, an API key of its own), then a byte of body every 2 s;
 *   slow-body       the same without a key (so all of them are one client: 127.0.0.2);
 *   slow-readers    3 pipelined keep-alive POSTs of the heavy crowd query (test/support/crowd.ts's HEAVY_QUERY,
 *                   each under an API key of its own), then never reads: the socket is paused before it connects,
 *                   so nothing is read from the kernel. Its receive buffer cannot be made small from Node (no
 *                   SO_RCVBUF for TCP), so the kernel's default buffers (tcp_rmem) take the answers' first part;
 *   retry-storm     the crowd (runCrowd) of HEAVY_QUERY, a new key each request, resending at once on 503/429
 *                   (Retry-After ignored), each user on a loopback address of its own (127.0.0.10 on); also
 *                   alone at 50 connections without the honest client, for the ratio of goodputs;
 *   retry-storm-one the same storm from the attacker's one address (127.0.0.2): one client storming, which the
 *                   share of the work holds to its share, where the crowd above is a thousand clients;
 *   flood           connections opened as fast as possible and held idle, up to the size;
 *   refusal-cost    (last, once) a second gateway with MAX_OPERATIONS_IN_FLIGHT=1 MAX_QUEUED_OPERATIONS=0
 *                   REFUSAL_DELAY_MS=0 (refusals answered at once, so that their CPU is measured), over
 *                   simulated upstreams of its own answering after 1 s (so an operation holds the slot long at
 *                   little CPU), its one slot kept busy by a client from 127.0.0.3 (HEAVY_QUERY in a closed loop
 *                   on one connection), hammered from 127.0.0.2 (50 keep-alive connections, 10 requests
 *                   pipelined on each, the light query under a new key each, resent at once); prints the
 *                   gateway's CPU per refusal: its CPU with the hammer less the busy client's alone (measured
 *                   first, as long), over the refusals sent.
 *
 * The order: a warm-up (unmeasured: the heavy query for 5 s, then the honest client until its rate
 * is steady, within 10% over two 5 s windows, 90 s at most: from a fresh start it climbs for 20-30 s,
 * then 10 s of the first raw attack at the largest size beside it: the first attack phase of a run was
 * the lowest of every multi-round run, by 5-20 points, also with the attacks aimed at a decoy),
 * the honest client alone, each kind at each size (the storm's 50-connection reference first), the
 * honest client alone again (how far the gateway or the machine drifted: read the % beside it), then
 * the refusal cost. After each phase the attack stops and the next waits until the gateway is quiet
 * again (CPU under 0.1 cores, no client connection left, `/ready` 200; at most 60 s): how long
 * that took is printed (operations an attack got admitted go on after its sockets close).
 *
 * A raw-socket attacker (all but the storm) whose socket the server closes connects again at once, as
 * a real attacker would; closes are counted. Per phase it prints the honest client's figures; the
 * attackers' sockets open, sampled every second (min/median/max and the series); how many the server
 * closed, and for those the time from the attacker's last byte sent (for flood: its connect) to the
 * close, and from its connect to the close (the targets: closed within the deadline + 1 s, the
 * deadlines 10 s for the headers and for a gap in the body, 30 s for a whole request); the answers the
 * attackers read, by status; the gateway's own count of connections it refused or closed and of
 * requests it shed, by reason (its /metrics); the gateway's RSS (VmRSS, max over the phase), its sockets (open file
 * descriptors, max) and CPU (utime+stime from /proc, as cores), the whole machine's busy cores (/proc/stat:
 * when all are busy, the load generator competes with the gateway), and the simulated upstreams' CPU (when
 * they are the bottleneck, the gateway's figures say little). A slow reader's close is seen in the
 * kernel's socket table (`ss`, every 250 ms: the gateway's side of the connection, once seen
 * established, no longer is), since a paused socket reads no FIN; its times are to within that.
 *
 * The attackers run in a child process of their own (bench/hostile/attacker.ts), so that
 * thousands of sockets or a storm do not delay the honest client's event loop (its latencies would be
 * the load generator's); each phase prints both processes' CPU and event-loop delay, to show whether
 * the load generator was saturated. At the end: a markdown table for docs/benchmarks.md.
 *
 *   npm run bench:hostile
 *   HOSTILE_PHASE_S=5 HOSTILE_SIZES=200 npm run bench:hostile                  # a quick look
 *   HOSTILE_KINDS=slow-body-keys,slow-body npm run bench:hostile               # some kinds only
 *   HOSTILE_CHECKOUT=../before npm run bench:hostile                            # another checkout's gateway (before/after)
 *
 * HOSTILE_PHASE_S: seconds per phase (20); HOSTILE_SIZES: attacking connections (200,1000,5000);
 * HOSTILE_KINDS: the kinds to run, comma-separated (all); HOSTILE_ROUNDS: how many times each kind and size
 * is run, each with an alone phase before it (1; with more, the median of the rounds' % is printed, since
 * the honest client's rate alone moves by up to a quarter within a run); HOSTILE_ATTACK_ALONE=1: after each
 * attack phase (but the storm's), the same attack without the honest client, for the gateway's CPU and
 * event loop spent on the attack alone; HOSTILE_CPU_PROF=dir: the gateway writes a CPU profile (--cpu-prof)
 * there, and each phase prints when it ran in seconds since the gateway's start, to cut it by phase;
 * HOSTILE_DECOY=1: the attacks aim at a second gateway (the same build, over the same upstreams) instead
 * of the measured one, so what the honest client still loses is the machine's (the load generator's
 * and the kernel's work), not the measured gateway's; HOSTILE_PIN=1: the measured gateway on core 0 and
 * everything else (this process, the upstreams, the attacker, a decoy) on the others (taskset), so that
 * the load generator does not take the gateway's core; HOSTILE_CHECKOUT: the built checkout whose
 * gateway is measured (this one), as OVERLOAD_CHECKOUT for bench:overload. The default run takes
 * about 20 minutes. Linux only (/proc, `ss`, binding to 127.0.0.x); 5,000 attackers need `ulimit -n`
 * above 5,000 or so in the attacker process and in the gateway (one descriptor per connection).
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { goodput, HEAVY_QUERY, loopbackAddresses, percentileMs, runCrowd } from '../test/support/crowd.js';
import { cpuSecondsOf, machineCpuSeconds, mib, rssOf, startFlags, startGatewayProcess, startSandboxProcess, stopChildren, type Child, type GatewayProcess } from './support.js';
import { ALL_KINDS, ATTACKER_ADDRESS, HAMMER_CONNECTIONS, HAMMER_PIPELINING, HONEST_USERS, honestAddress, isStorm, type Kind, type LoopResult, RAMP_MAX_MS, SAMPLE_MS, SATURATED_CORES, SATURATED_DELAY_MS, SETTLE_MAX_MS, STORM_REFERENCE, STUCK_MS, WARMUP_ATTACK_MS, WARMUP_MAX_MS, WARMUP_STABLE, WARMUP_WINDOW_MS, fmt, listCounts, loopDelay, median, now, runHonest, sleep } from './hostile/common.js';
import { type AttackFigures, AttackerProcess, TABLE_MS } from './hostile/attacker.js';
import { countsBetween, fdCount, gatewayCounters, settle } from './hostile/gateway.js';
import { refusalCost } from './hostile/refusal-cost.js';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The checkout whose built gateway is measured (this one by default; it is built first). */
const checkout = resolve(process.env.HOSTILE_CHECKOUT ?? root);
const PHASE_MS = Number(process.env.HOSTILE_PHASE_S ?? 20) * 1000;
const SIZES = (process.env.HOSTILE_SIZES ?? '200,1000,5000').split(',').map(Number).filter((n) => n > 0);
const ROUNDS = Math.max(1, Number(process.env.HOSTILE_ROUNDS ?? 1));
const ATTACK_ALONE = process.env.HOSTILE_ATTACK_ALONE === '1';
const DECOY = process.env.HOSTILE_DECOY === '1';
const PIN = process.env.HOSTILE_PIN === '1';
if (PIN && availableParallelism() < 2) throw new Error('HOSTILE_PIN needs 2 cores at least');
const KINDS = (process.env.HOSTILE_KINDS?.split(',').map((k) => k.trim()).filter(Boolean) ?? [...ALL_KINDS]) as Kind[];
for (const kind of KINDS) if (!ALL_KINDS.includes(kind)) throw new Error(`HOSTILE_KINDS: unknown kind ${kind} (known: ${ALL_KINDS.join(', ')})`);

// ---------------------------------------------------------------------------------------------------
// Phases.

interface PhaseFigures {
  name: string;
  /** Seconds from the gateway's start to the phase's measured start. */
  startedAt: number;
  kind: Kind | 'none';
  size: number;
  seconds: number;
  honest?: LoopResult;
  attack?: AttackFigures;
  openSamples: number[];
  rssMax: number;
  fdsMax: number;
  gatewayCores: number;
  /** The simulated upstreams' process: when it is the bottleneck, the gateway's figures say little. */
  sandboxCores: number;
  /** The load generator: the attacker process, and this one (the honest client). */
  attackerCores: number;
  attackerLoopDelayP99Ms: number;
  attackerLoopDelayMaxMs: number;
  benchCores: number;
  /** The whole machine's busy cores (every process and the kernel), and how many it has. */
  machineCores: number;
  machineCount: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Seconds from the attack's end until the gateway was quiet again (see settle); NaN: not within SETTLE_MAX_MS. */
  recoverySeconds: number;
  /** The gateway's own count, over the phase, of connections it refused or closed and of requests it shed, by reason. */
  gatewayCounts: Record<string, number>;
  /** The gateway's event-loop utilization (its /metrics, each second), the mean over the phase. */
  utilization: number;
}



/**
 * One phase: starts the attack in the attacker process (raw attackers get up to RAMP_MAX_MS to open
 * their connections), then measures for PHASE_MS: the honest client (unless `honest` is false), the
 * attackers' open sockets and the gateway's RSS and descriptors each second, the CPU of the gateway,
 * the simulated upstreams, the attacker process and this one; then stops the attack and waits for
 * the gateway to be quiet again.
 */
async function runPhase(world: World, name: string, kind: Kind | 'none', size: number, honest = true, durationMs = PHASE_MS): Promise<PhaseFigures> {
  const { gateway, sandbox, attacker, decoy } = world;
  const pid = gateway.child.pid!;
  const attacking = kind !== 'none' && kind !== 'refusal-cost';
  if (attacking) {
    await attacker.call({ method: 'start', kind, size, port: decoy?.port ?? gateway.port, url: decoy?.url ?? gateway.url, durationMs });
    if (!isStorm(kind)) {
      const rampEnd = now() + RAMP_MAX_MS;
      while ((await attacker.call({ method: 'sample', tick: false })) < size && now() < rampEnd) await sleep(50);
    }
  }
  const counters0 = await gatewayCounters(gateway);
  const openSamples: number[] = [];
  let rssMax = rssOf(pid) ?? 0;
  let fdsMax = fdCount(pid);
  const cpu = () => ({ gateway: cpuSecondsOf(pid) ?? NaN, sandbox: cpuSecondsOf(sandbox.pid!) ?? NaN, attacker: cpuSecondsOf(attacker.child.pid!) ?? NaN });
  const cpu0 = cpu();
  const machine0 = machineCpuSeconds();
  const bench0 = process.cpuUsage();
  loopDelay.reset();
  const started = now();
  let sampling = false;
  const utilizations: number[] = [];
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, rssOf(pid) ?? 0);
    fdsMax = Math.max(fdsMax, fdCount(pid));
    void fetch(`${gateway.base}/metrics`, { signal: AbortSignal.timeout(1000) })
      .then((r) => r.text())
      .then((text) => {
        const match = /^avalanche_graph_event_loop_utilization (\S+)$/m.exec(text);
        if (match) utilizations.push(Number(match[1]));
      }, () => undefined);
    if (!attacking || sampling) return;
    sampling = true;
    void attacker
      .call({ method: 'sample', tick: true })
      .then((open) => openSamples.push(open), () => undefined)
      .finally(() => (sampling = false));
  }, SAMPLE_MS);
  const honestResult = honest ? await runHonest(gateway.url, durationMs) : undefined;
  if (!honest) await sleep(durationMs);
  const seconds = (now() - started) / 1000;
  clearInterval(sampler);
  const cpu1 = cpu();
  const machine1 = machineCpuSeconds();
  const bench = process.cpuUsage(bench0);
  const loopDelayP99Ms = loopDelay.percentile(99) / 1e6;
  const loopDelayMaxMs = loopDelay.max / 1e6;
  const end = attacking ? await attacker.call({ method: 'stop' }) : undefined;
  const figures: PhaseFigures = {
    name,
    startedAt: (started - gatewayStartedAt) / 1000,
    kind,
    size,
    seconds,
    honest: honestResult,
    attack: end?.figures,
    openSamples,
    rssMax,
    fdsMax,
    gatewayCores: (cpu1.gateway - cpu0.gateway) / seconds,
    sandboxCores: (cpu1.sandbox - cpu0.sandbox) / seconds,
    attackerCores: (cpu1.attacker - cpu0.attacker) / seconds,
    attackerLoopDelayP99Ms: end?.loopDelayP99Ms ?? NaN,
    attackerLoopDelayMaxMs: end?.loopDelayMaxMs ?? NaN,
    benchCores: (bench.user + bench.system) / 1e6 / seconds,
    machineCores: (machine1.busy - machine0.busy) / seconds,
    machineCount: Math.round((machine1.total - machine0.total) / seconds),
    loopDelayP99Ms,
    loopDelayMaxMs,
    recoverySeconds: await settle(gateway),
    gatewayCounts: {},
    utilization: utilizations.length ? utilizations.reduce((sum, u) => sum + u, 0) / utilizations.length : NaN,
  };
  figures.gatewayCounts = countsBetween(counters0, await gatewayCounters(gateway));
  report(figures);
  await sleep(1000);
  return figures;
}

/** The gateway the attack phases run against and the simulated upstreams behind it. */
interface World {
  gateway: GatewayProcess;
  sandbox: Child;
  attacker: AttackerProcess;
  /** HOSTILE_DECOY's second gateway, which the attacks then aim at. */
  decoy?: GatewayProcess;
}

/** When the measured gateway was started (bench clock): phases are reported in seconds since. */
let gatewayStartedAt = 0;

/** The honest client's rate in the last phase it ran alone: the live report's reference. */
let aloneRate = NaN;


function report(p: PhaseFigures): void {
  const out: string[] = [`${p.name} (${fmt(p.seconds)} s, from ${fmt(p.startedAt)} s to ${fmt(p.startedAt + p.seconds)} s after the gateway's start)`];
  if (p.honest) {
    const h = p.honest;
    const rate = h.answered / h.seconds;
    const fiveXX = Object.entries(h.statuses).filter(([s]) => s.startsWith('5')).reduce((sum, [, n]) => sum + n, 0);
    out.push(
      `  honest: ${fmt(rate)} answers/s${Number.isFinite(aloneRate) ? ` (${fmt((100 * rate) / aloneRate, 0)}% of the last alone)` : ''}, p50 ${fmt(percentileMs(h.latencies, 50), 0)} ms, p99 ${fmt(percentileMs(h.latencies, 99), 0)} ms; 5xx ${fiveXX}; not an answer with data: ${listCounts(h.failures)}; unanswered after ${STUCK_MS / 1000} s at the end ${h.stuck}`,
    );
  }
  if (p.attack) {
    const a = p.attack;
    const sorted = [...p.openSamples].sort((x, y) => x - y);
    out.push(`  attackers: open min ${sorted[0] ?? '-'} / median ${fmt(median(sorted), 0)} / max ${sorted.at(-1) ?? '-'}; each second: ${p.openSamples.join(' ')}`);
    if (a.crowd) {
      const c = a.crowd;
      out.push(
        `  storm: goodput ${fmt(goodput(c))}/s (answers with data and no error), partial ${c.partial}, refused ${c.shed}, other answers ${c.otherAnswers}, no answer ${c.noAnswer}; statuses ${listCounts(c.statuses)}; error codes ${listCounts(c.codes)}`,
      );
    } else {
      const lastByte = [...a.sinceLastByte].sort((x, y) => x - y);
      const connect = [...a.sinceConnect].sort((x, y) => x - y);
      out.push(`  connections made ${a.connections} (failed ${a.connectFailures}); closed by the server ${a.serverClosed}; answers read: ${listCounts(a.answers)}`);
      if (a.serverClosed > 0) {
        out.push(
          `  closes: since the last byte sent max ${fmt(percentileMs(lastByte, 100) / 1000)} s, p99 ${fmt(percentileMs(lastByte, 99) / 1000)} s, p50 ${fmt(percentileMs(lastByte, 50) / 1000)} s; since connect max ${fmt(percentileMs(connect, 100) / 1000)} s, p99 ${fmt(percentileMs(connect, 99) / 1000)} s${p.kind === 'slow-readers' ? ` (seen in ss every ${TABLE_MS} ms)` : ''}`,
        );
      }
    }
  }
  out.push(`  the gateway's own count: ${listCounts(p.gatewayCounts)}; its event loop busy ${fmt(100 * p.utilization, 0)}% of the time`);
  out.push(
    `  gateway: quiet again ${Number.isNaN(p.recoverySeconds) ? `not within ${SETTLE_MAX_MS / 1000} s` : `${fmt(p.recoverySeconds)} s`} after the phase; RSS max ${mib(p.rssMax)} MiB, descriptors max ${p.fdsMax}, CPU ${fmt(p.gatewayCores, 2)} cores; simulated upstreams: CPU ${fmt(p.sandboxCores, 2)} cores`,
    `  load generator: attacker process CPU ${fmt(p.attackerCores, 2)} cores, event-loop delay p99 ${fmt(p.attackerLoopDelayP99Ms, 0)} ms, max ${fmt(p.attackerLoopDelayMaxMs, 0)} ms; this process (the honest client) CPU ${fmt(p.benchCores, 2)} cores, event-loop delay p99 ${fmt(p.loopDelayP99Ms, 0)} ms, max ${fmt(p.loopDelayMaxMs, 0)} ms; the machine ${fmt(p.machineCores, 2)} of ${p.machineCount} cores busy (every process and the kernel)`,
  );
  process.stdout.write(`${out.join('\n')}\n\n`);
}

// ---------------------------------------------------------------------------------------------------

/** The attack phases (all kinds but refusal-cost) against the gateway with its default configuration. */
async function attackPhases(kinds: Exclude<Kind, 'refusal-cost'>[]): Promise<{ phases: PhaseFigures[]; stormReference: number }> {
  const upstreams = await startSandboxProcess(root);
  // HOSTILE_CPU_PROF: the gateway writes a CPU profile there when it exits; each phase prints its start
  // and end in seconds since the gateway started, to cut the profile by phase.
  const profile = process.env.HOSTILE_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.HOSTILE_CPU_PROF)}`] : [];
  gatewayStartedAt = now();
  const gateway = await startGatewayProcess(checkout, upstreams.urls, [...startFlags(checkout), ...profile]);
  if (PIN) pin(gateway.child.pid!, '0');
  // HOSTILE_DECOY: a second gateway, the same, that the attacks aim at instead.
  const decoy = DECOY ? await startGatewayProcess(checkout, upstreams.urls, startFlags(checkout)) : undefined;
  const world: World = { gateway, sandbox: upstreams.child, attacker: AttackerProcess.start(), decoy };
  const pid = gateway.child.pid!;
  process.stdout.write(`gateway: ${checkout}: node ${[...gateway.flags, 'dist/main.js'].join(' ')}, NODE_ENV=production, default configuration, pid ${pid}\n`);

  // The honest query must answer with data, or every figure below is about errors; then the warm-up:
  // the heavy query's path too at first (the storm and the slow readers send it), then the honest
  // client alone until its rate is steady.
  const [probe] = await Promise.all([
    runHonest(gateway.url, WARMUP_WINDOW_MS),
    runCrowd({ url: gateway.url, connections: 4, durationMs: WARMUP_WINDOW_MS, query: HEAVY_QUERY, localAddresses: loopbackAddresses(4) }),
  ]);
  if (probe.answered === 0) throw new Error(`the honest query gets no data: ${listCounts(probe.failures)}`);
  const rates: number[] = [];
  const warmUpEnd = now() + WARMUP_MAX_MS;
  while (now() < warmUpEnd) {
    const window = await runHonest(gateway.url, WARMUP_WINDOW_MS);
    rates.push(window.answered / window.seconds);
    const [before, last] = rates.slice(-2);
    if (before !== undefined && Math.abs(last! - before) <= WARMUP_STABLE * before) break;
  }
  process.stdout.write(`warm-up: the honest client's answers/s by ${WARMUP_WINDOW_MS / 1000} s window: ${rates.map((r) => fmt(r, 0)).join(' ')}\n`);
  // One unmeasured phase of the first attack: the first attack phase of a run was the lowest of its
  // run in every multi-round run, also with the attack aimed at a second gateway (HOSTILE_DECOY=1),
  // so that dip is the machine's first contact with the attack (the kernel's socket structures, the
  // attacker process's first compile), not the measured gateway's doing.
  const firstAttack = kinds.find((k) => !isStorm(k));
  if (firstAttack && SIZES.length) {
    await runPhase(world, 'warm-up attack', firstAttack, SIZES.at(-1)!, true, WARMUP_ATTACK_MS);
    process.stdout.write(`warm-up attack: ${firstAttack} × ${SIZES.at(-1)} for ${WARMUP_ATTACK_MS / 1000} s, unmeasured\n`);
  }
  await sleep(2000);
  const idleFds = fdCount(pid);
  process.stdout.write(
    `idle: RSS ${mib(rssOf(pid) ?? 0)} MiB, ${idleFds} descriptors; phases of ${PHASE_MS / 1000} s; sizes ${SIZES.join(', ')}; honest client ${HONEST_USERS} users, one connection each from ${honestAddress(0)} on, attackers from ${ATTACKER_ADDRESS}\n\n`,
  );

  const phases: PhaseFigures[] = [];
  // The honest client alone before every attack phase and after the last: each attack is read against
  // the alone phases on either side of it, so that the gateway's (or the machine's) drift over the run
  // is not read as the attack's doing.
  const alone = async () => {
    const phase = await runPhase(world, 'honest client alone', 'none', 0);
    aloneRate = phase.honest!.answered / phase.honest!.seconds;
    phases.push(phase);
  };
  let stormReference = NaN;
  for (let round = 1; round <= ROUNDS; round++) {
    for (const kind of kinds) {
      if (kind === 'retry-storm' && round === 1) {
        // The storm's reference: its goodput at 50 connections, alone.
        const reference = await runPhase(world, `retry-storm × ${STORM_REFERENCE}, without the honest client`, kind, STORM_REFERENCE, false);
        stormReference = goodput(reference.attack!.crowd!);
        phases.push(reference);
      }
      for (const size of SIZES) {
        await alone();
        phases.push(await runPhase(world, `${kind} × ${size}${ROUNDS > 1 ? `, round ${round}` : ''}`, kind, size));
        // What the attack alone costs the gateway (its CPU and event loop with no honest client beside).
        if (ATTACK_ALONE && !isStorm(kind)) phases.push(await runPhase(world, `${kind} × ${size}, without the honest client`, kind, size, false));
      }
    }
  }
  await alone();
  world.attacker.stop();
  gateway.child.kill('SIGTERM');
  decoy?.child.kill('SIGTERM');
  upstreams.child.kill('SIGTERM');
  return { phases, stormReference };
}

/** Moves every thread of process `pid` to `cores` (a taskset list). */
function pin(pid: number, cores: string): void {
  if (spawnSync('taskset', ['-apc', cores, String(pid)], { stdio: 'ignore' }).status !== 0) throw new Error(`HOSTILE_PIN: taskset -apc ${cores} ${pid} failed`);
}

async function main(): Promise<void> {
  process.stdout.write(`building (npm run build in ${checkout})...\n`);
  if (spawnSync('npm', ['run', 'build'], { cwd: checkout, stdio: 'ignore' }).status !== 0) throw new Error('npm run build failed');
  process.stdout.write(`kinds: ${KINDS.join(', ')}\n`);
  // HOSTILE_PIN: this process first, so that everything it starts (the upstreams, the attacker) is on
  // the other cores; the measured gateway is moved to core 0 as it starts.
  if (PIN) pin(process.pid, `1-${availableParallelism() - 1}`);
  const attackKinds = KINDS.filter((k): k is Exclude<Kind, 'refusal-cost'> => k !== 'refusal-cost');
  const { phases, stormReference } = attackKinds.length ? await attackPhases(attackKinds) : { phases: [], stormReference: NaN };
  const refusal = KINDS.includes('refusal-cost') ? await refusalCost(root, checkout, PHASE_MS, (pid) => PIN && pin(pid, '0')) : undefined;

  // The table for docs/benchmarks.md. An attack phase's honest rate is read against the mean of the
  // honest client's alone phases just before and just after it.
  const rateOf = (p: PhaseFigures | undefined) => (p?.honest ? p.honest.answered / p.honest.seconds : NaN);
  const reference = (i: number): number => {
    const before = phases.slice(0, i).findLast((q) => q.kind === 'none');
    const after = phases.slice(i + 1).find((q) => q.kind === 'none');
    const around = [before, after].map(rateOf).filter(Number.isFinite);
    return around.reduce((sum, r) => sum + r, 0) / around.length;
  };
  const rows = phases.map((p, i) => {
    const h = p.honest;
    const rate = rateOf(p);
    const fiveXX = h ? Object.entries(h.statuses).filter(([s]) => s.startsWith('5')).reduce((sum, [, n]) => sum + n, 0) : NaN;
    const other = h ? Object.values(h.failures).reduce((sum, n) => sum + n, 0) - fiveXX + h.stuck : NaN;
    const sorted = [...p.openSamples].sort((x, y) => x - y);
    const a = p.attack;
    const lastByte = [...(a?.sinceLastByte ?? [])].sort((x, y) => x - y);
    const attackingRow = p.attack !== undefined;
    const notes: string[] = [];
    if (a?.crowd) {
      const g = goodput(a.crowd);
      notes.push(`storm goodput ${fmt(g)}/s${p.honest && p.kind === 'retry-storm' ? `, ${fmt(g / stormReference, 2)}× its goodput at ${STORM_REFERENCE} alone` : ''}`);
    }
    // The load generator's own limit: past it, the attack (or the honest client) was slower than asked.
    if (attackingRow && (p.attackerCores > SATURATED_CORES || p.attackerLoopDelayP99Ms > SATURATED_DELAY_MS)) notes.push('attacker process saturated');
    if (p.benchCores > SATURATED_CORES || p.loopDelayP99Ms > SATURATED_DELAY_MS) notes.push('honest client\'s process saturated');
    // The aftermath: the gateway still busy (or holding sockets) after the attack ended.
    if (!(p.recoverySeconds < 2)) notes.push(`quiet again ${Number.isNaN(p.recoverySeconds) ? `not within ${SETTLE_MAX_MS / 1000} s` : `after ${fmt(p.recoverySeconds)} s`}`);
    if (Object.keys(p.gatewayCounts).length) notes.push(`gateway counted ${listCounts(p.gatewayCounts)}`);
    const note = notes.join('; ');
    return [
      p.kind === 'none' ? `none (${p.name})` : p.kind,
      p.size || '-',
      h ? (p.kind === 'none' ? fmt(rate) : `${fmt(rate)} (${fmt((100 * rate) / reference(i), 0)}%)`) : '-',
      h ? `${fmt(percentileMs(h.latencies, 50), 0)} / ${fmt(percentileMs(h.latencies, 99), 0)}` : '-',
      h ? `${fiveXX} / ${other}` : '-',
      a ? `${sorted[0] ?? '-'} / ${fmt(median(sorted), 0)} / ${sorted.at(-1) ?? '-'}` : '-',
      a && !a.crowd ? a.serverClosed : '-',
      lastByte.length ? `${fmt(percentileMs(lastByte, 100) / 1000)} / ${fmt(percentileMs(lastByte, 99) / 1000)}` : '-',
      mib(p.rssMax),
      `${fmt(p.gatewayCores, 2)} (${fmt(100 * p.utilization, 0)}%)`,
      fmt(p.sandboxCores, 2),
      attackingRow ? `${fmt(p.attackerCores, 2)} (${fmt(p.attackerLoopDelayP99Ms, 0)})` : '-',
      note,
    ];
  });
  if (refusal) {
    rows.push([
      'refusal cost',
      `${HAMMER_CONNECTIONS} × ${HAMMER_PIPELINING} pipelined`,
      ...Array<string>(10).fill('-'),
      `${fmt(refusal.microsPerRefusal, 1)} µs of gateway CPU per refusal (${fmt(refusal.microsPerRefusalScaled, 1)} with the busy client's share scaled), ${fmt(refusal.refusalsPerSecond, 0)} refusals/s${refusal.benchCores > SATURATED_CORES ? ' (the hammer\'s process saturated: it set the rate)' : ''}`,
    ]);
  }
  // With HOSTILE_ROUNDS, each kind and size has several phases: their honest rates as % of the alone
  // phases around each, and the median (one phase's figure moves by up to a quarter with the machine).
  if (ROUNDS > 1) {
    const byAttack = new Map<string, number[]>();
    phases.forEach((p, i) => {
      if (p.kind === 'none' || !p.honest || p.name.includes('without the honest client')) return;
      const key = `${p.kind} × ${p.size}`;
      byAttack.set(key, [...(byAttack.get(key) ?? []), (100 * rateOf(p)) / reference(i)]);
    });
    for (const [key, ratios] of byAttack) {
      process.stdout.write(`${key}: honest answers/s as % of the alone phases around each round: ${ratios.map((r) => fmt(r, 0)).join(', ')}; median ${fmt(median([...ratios].sort((x, y) => x - y)), 0)}%\n`);
    }
    process.stdout.write('\n');
  }
  process.stdout.write(
    '| attack | attacking connections | honest answers/s (% of the alone phases around it) | honest p50 / p99 ms | honest 5xx / other failures | attackers open min / median / max | closed by the server | close after last byte max / p99 s | gateway RSS max MiB | gateway CPU cores (event loop busy) | simulated upstreams CPU cores | attacker process CPU cores (loop delay p99 ms) | notes |\n',
  );
  process.stdout.write(`|${' --- |'.repeat(13)}\n`);
  for (const row of rows) process.stdout.write(`| ${row.join(' | ')} |\n`);
}

try {
  await main();
} finally {
  stopChildren();
}
