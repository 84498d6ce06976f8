/**
 * bench:hostile's last step, `refusal-cost` (see bench/hostile.ts's header): the gateway's CPU per
 * refusal, measured on a second gateway with one slot and no queue.
 */
import { cpuSecondsOf, startGatewayProcess, startSandboxProcess } from '../support.js';
import { HEAVY_QUERY } from '../../test/support/crowd.js';
import { ATTACKER_ADDRESS, BUSY_ADDRESS, HAMMER_CONNECTIONS, HAMMER_PIPELINING, LIGHT_QUERY, type LoopResult, REFUSAL_UPSTREAM_LATENCY_MS, SATURATED_CORES, closedLoop, fmt, listCounts, now, sleep } from './common.js';

export interface RefusalFigures {
  refusals: number;
  refusalsPerSecond: number;
  /** (gateway CPU with the hammer − gateway CPU of the busy client alone) / refusals. */
  microsPerRefusal: number;
  /** The same with the busy client's share scaled by the answers it got with the hammer beside it. */
  microsPerRefusalScaled: number;
  /** The hammer's process (this one), in cores. */
  benchCores: number;
}

/**
 * A second gateway with one slot and no queue, over simulated upstreams of their own that answer
 * after REFUSAL_UPSTREAM_LATENCY_MS: an operation then holds the slot for a second or more at little
 * CPU, so nearly every hammer request arrives while it is taken, and the gateway's CPU beyond the busy
 * client's is the refusals'. (Over instant upstreams the slot is free between two of the busy client's
 * operations often enough for thousands of the hammer's light operations to run, and their cost
 * would swamp the refusals'.) `onGateway` is told that gateway's pid as it starts (HOSTILE_PIN moves it).
 */
export async function refusalCost(root: string, checkout: string, PHASE_MS: number, onGateway: (pid: number) => void = () => {}): Promise<RefusalFigures> {
  const upstreams = await startSandboxProcess(root, { SANDBOX_LATENCY_MS: String(REFUSAL_UPSTREAM_LATENCY_MS) });
  // REFUSAL_DELAY_MS=0: the refusals answered at once, so that their own CPU is what is measured (by
  // default each waits 250-500 ms on a timer, which caps how many a client can make a second).
  const gateway = await startGatewayProcess(checkout, { ...upstreams.urls, MAX_OPERATIONS_IN_FLIGHT: '1', MAX_QUEUED_OPERATIONS: '0', REFUSAL_DELAY_MS: '0' });
  onGateway(gateway.child.pid!);
  const pid = gateway.child.pid!;
  try {
    await sleep(2000);
    const measure = async <T>(run: () => Promise<T>): Promise<{ result: T; cpu: number; bench: number; seconds: number }> => {
      const cpu0 = cpuSecondsOf(pid)!;
      const bench0 = process.cpuUsage();
      const started = now();
      const result = await run();
      const seconds = (now() - started) / 1000;
      const bench = process.cpuUsage(bench0);
      return { result, cpu: cpuSecondsOf(pid)! - cpu0, bench: (bench.user + bench.system) / 1e6 / seconds, seconds };
    };
    let serial = 0;
    // The busy client: HEAVY_QUERY in a closed loop on one connection from its own address (refused, it waits as told).
    const busy = () => closedLoop({ url: gateway.url, localAddress: BUSY_ADDRESS, connections: 1, durationMs: PHASE_MS, query: HEAVY_QUERY, key: () => `busy-${serial++}` });
    const alone = await measure(busy);
    await sleep(1000);
    const hammered = await measure(() =>
      Promise.all([
        busy(),
        // The hammer: keep-alive connections with requests pipelined, resending at once; a new key each
        // time, so that one it gets admitted waits for the slow upstreams too (no cached answer).
        closedLoop({ url: gateway.url, localAddress: ATTACKER_ADDRESS, connections: HAMMER_CONNECTIONS, pipelining: HAMMER_PIPELINING, durationMs: PHASE_MS, query: LIGHT_QUERY, key: () => `hammer-${serial++}`, honourRetryAfter: false }),
      ]),
    );
    const [busyWith, hammer] = hammered.result;
    const refusedIn = (r: LoopResult) => (r.statuses['503'] ?? 0) + (r.statuses['429'] ?? 0);
    // Every refusal the gateway sent, the busy client's too (it is refused while a hammer request holds the slot).
    const refusals = refusedIn(hammer) + refusedIn(busyWith);
    const micros = ((hammered.cpu - alone.cpu) / refusals) * 1e6;
    const busyShare = alone.cpu * (busyWith.answered / Math.max(1, alone.result.answered));
    const scaled = ((hammered.cpu - busyShare) / refusals) * 1e6;
    process.stdout.write(
      [
        `refusal cost (a second gateway: MAX_OPERATIONS_IN_FLIGHT=1 MAX_QUEUED_OPERATIONS=0, over upstreams answering after ${REFUSAL_UPSTREAM_LATENCY_MS} ms; ${PHASE_MS / 1000} s each step)`,
        `  busy client alone (HEAVY_QUERY, 1 connection from ${BUSY_ADDRESS}): ${alone.result.answered} answers, ${listCounts(alone.result.failures)} else; gateway CPU ${fmt(alone.cpu, 3)} s`,
        `  busy + hammer (${HAMMER_CONNECTIONS} connections × ${HAMMER_PIPELINING} pipelined from ${ATTACKER_ADDRESS}): busy ${busyWith.answered} answers, ${listCounts(busyWith.failures)} else; hammer ${listCounts(hammer.statuses)}${Object.keys(hammer.failures).some((f) => !f.startsWith('HTTP')) ? `, errors ${listCounts(Object.fromEntries(Object.entries(hammer.failures).filter(([f]) => !f.startsWith('HTTP'))))}` : ''}`,
        `  gateway CPU ${fmt(hammered.cpu, 3)} s (${fmt(hammered.cpu / hammered.seconds, 2)} cores); this process ${fmt(hammered.bench, 2)} cores${hammered.bench > SATURATED_CORES ? ' (saturated: the hammer, not the gateway, set the rate; the cost per refusal holds)' : ''}`,
        `  ${refusals} refusals (${fmt(refusals / hammered.seconds, 0)}/s): ${fmt(micros, 1)} µs of gateway CPU per refusal (CPU with the hammer − CPU of the busy client alone); ${fmt(scaled, 1)} µs with the busy client's share scaled to its answers (${busyWith.answered} of ${alone.result.answered}); the hammer's ${hammer.answered} admitted operations are not subtracted`,
      ].join('\n') + '\n\n',
    );
    return { refusals, refusalsPerSecond: refusals / hammered.seconds, microsPerRefusal: micros, microsPerRefusalScaled: scaled, benchCores: hammered.bench };
  } finally {
    gateway.child.kill('SIGTERM');
    upstreams.child.kill('SIGTERM');
  }
}
