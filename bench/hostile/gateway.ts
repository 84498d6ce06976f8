/**
 * What bench:hostile reads of the gateway from outside: its own counters (/metrics), its open
 * descriptors and established connections, and when it is quiet again after a phase.
 */
import { readdirSync } from 'node:fs';
import { cpuSecondsOf, type GatewayProcess } from '../support.js';
import { execFileAsync, now, QUIET_CORES, SETTLE_MAX_MS, sleep } from './common.js';

/** The gateway's counters of refused or closed connections and shed requests (`closed:<reason>`, `shed:<reason>`), of executions and of upstream requests. */
export async function gatewayCounters(gateway: GatewayProcess): Promise<Record<string, number>> {
  const text = await fetch(`${gateway.base}/metrics`, { signal: AbortSignal.timeout(5000) }).then((r) => r.text(), () => '');
  const counts: Record<string, number> = {};
  for (const [, name, reason, value] of text.matchAll(/^avalanche_graph_(connections_closed|shed)_total\{reason="([^"]+)"\} (\d+)$/gm)) {
    counts[`${name === 'shed' ? 'shed' : 'closed'}:${reason}`] = Number(value);
  }
  for (const [, value] of text.matchAll(/^avalanche_graph_executions_total(?:\{[^}]*\})? (\d+)$/gm)) counts.executions = (counts.executions ?? 0) + Number(value);
  for (const [, value] of text.matchAll(/^avalanche_graph_upstream_requests_total\{[^}]*\} (\d+)$/gm)) counts['upstream requests'] = (counts['upstream requests'] ?? 0) + Number(value);
  return counts;
}

/** What the counters grew by between two readings (only those that did). */
export function countsBetween(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(after).map(([key, n]) => [key, n - (before[key] ?? 0)]).filter(([, n]) => (n as number) > 0));
}

/** Open file descriptors of a process (its sockets, mostly). */
export function fdCount(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return NaN;
  }
}

/** Connections to the gateway's port its side still holds established (the kernel's count, `ss`). */
async function inboundConnections(port: number): Promise<number> {
  try {
    const { stdout } = await execFileAsync('ss', ['-tnH', 'state', 'established', `( sport = :${port} )`], { maxBuffer: 256 * 2 ** 20 });
    return stdout.split('\n').filter((line) => line.trim()).length;
  } catch {
    return NaN;
  }
}

/**
 * Between phases: waits until the gateway is quiet again (its CPU under QUIET_CORES over half a
 * second, no client connection left established, `/ready` answering 200), so that a phase does not
 * measure the last one's aftermath (operations an attack got admitted go on running after its sockets
 * close, and a busy gateway is slow to see them closed). Returns how long that took, in seconds (NaN
 * past SETTLE_MAX_MS: the next phase starts anyway).
 */
export async function settle(gateway: GatewayProcess): Promise<number> {
  const pid = gateway.child.pid!;
  const started = now();
  while (now() - started < SETTLE_MAX_MS) {
    if (gateway.child.exitedWith) throw new Error(`the gateway exited: ${gateway.child.exitedWith}`);
    const cpu0 = cpuSecondsOf(pid) ?? NaN;
    await sleep(500);
    const busy = ((cpuSecondsOf(pid) ?? NaN) - cpu0) / 0.5 >= QUIET_CORES;
    if (busy || (await inboundConnections(gateway.port)) > 0) continue;
    if (await fetch(`${gateway.base}/ready`, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false)) return (now() - started) / 1000;
  }
  return NaN;
}
