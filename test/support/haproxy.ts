/**
 * Debian's haproxy running deploy/haproxy.cfg on loopback ports, for the tests of the balancer in
 * front of the gateway's replicas (test/http/haproxy*.test.ts): its environment (the file's variables),
 * free ports for three replicas and their checks, a child process whose output is kept for a failure's
 * message, and the stats page read by column name.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './ports.js';

export const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
export const CONFIG = 'deploy/haproxy.cfg';
export const NAMES = ['gateway-1', 'gateway-2', 'gateway-3'] as const;
export type Name = (typeof NAMES)[number];

/** HAProxy's environment: where it listens and where the replicas are (deploy/haproxy.cfg's variables). */
export interface Addresses {
  bind: number;
  stats: number;
  gateways: Record<Name, number>;
  /** Each replica's METRICS_PORT, where HAProxy's checks go. */
  checks: Record<Name, number>;
}
export const haproxyEnv = (a: Addresses) => ({
  PATH: process.env.PATH ?? '',
  HAPROXY_BIND: `127.0.0.1:${a.bind}`,
  HAPROXY_STATS_BIND: `127.0.0.1:${a.stats}`,
  ...Object.fromEntries(NAMES.map((name, i) => [`GATEWAY_${i + 1}`, `127.0.0.1:${a.gateways[name]}`])),
  ...Object.fromEntries(NAMES.map((name, i) => [`GATEWAY_${i + 1}_CHECK_PORT`, String(a.checks[name])])),
});
/** Free ports for the balancer, the replicas and their checks. */
export async function freeAddresses(): Promise<Addresses> {
  const [bind, stats, ...ports] = await Promise.all([freePort(), freePort(), ...NAMES.flatMap(() => [freePort(), freePort()])]);
  return {
    bind: bind!,
    stats: stats!,
    gateways: Object.fromEntries(NAMES.map((name, i) => [name, ports[2 * i]!])) as Record<Name, number>,
    checks: Object.fromEntries(NAMES.map((name, i) => [name, ports[2 * i + 1]!])) as Record<Name, number>,
  };
}

/** A child process with its output kept for the failure message. */
export interface Running {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}
export function launch(command: string, args: string[], env: Record<string, string>): Running {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (chunk: Buffer) => (out = (out + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}
export const signal = (running: Running, name: NodeJS.Signals) => {
  if (running.child.exitCode === null && running.child.signalCode === null) process.kill(running.child.pid!, name);
};
/** Kills it and waits for its exit. */
export async function stop(running: Running | undefined): Promise<void> {
  if (!running) return;
  signal(running, 'SIGKILL');
  await running.exited;
}

export async function until(condition: () => Promise<boolean>, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** HAProxy's stats page (`/stats;csv`): every row by column name, keyed `proxy/server` (`FRONTEND` and `BACKEND` for the proxies themselves). */
export async function haproxyRows(port: number): Promise<Record<string, Record<string, string>>> {
  const csv = await (await fetch(`http://127.0.0.1:${port}/stats;csv`, { signal: AbortSignal.timeout(2000) })).text();
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header!.replace(/^# /, '').split(',');
  const records = rows.map((row) => Object.fromEntries(row.split(',').map((cell, i) => [columns[i], cell])));
  return Object.fromEntries(records.map((r) => [`${r.pxname}/${r.svname}`, r]));
}

/** HAProxy's stats page: a row per server of `proxy`, and `BACKEND` for the proxy itself, by column name. */
export async function haproxyStats(port: number, proxy = 'gateways'): Promise<Record<string, Record<string, string>>> {
  const rows = Object.entries(await haproxyRows(port)).filter(([key]) => key.startsWith(`${proxy}/`));
  return Object.fromEntries(rows.map(([key, row]) => [key.slice(proxy.length + 1), row]));
}
