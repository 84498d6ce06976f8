/**
 * What the processes of `npm run bench:hostile` (bench/hostile.ts) share: the kinds of attack, who
 * connects from where, the paces and bounds of a run, closed loops over undici pools (the honest
 * client, the refusal-cost phase's busy client and hammer), and the gateway's side of the sockets as
 * `ss` shows them.
 */
import { execFile } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { Pool } from 'undici';

export const ALL_KINDS = ['slow-headers', 'slow-body-keys', 'slow-body', 'slow-readers', 'retry-storm', 'retry-storm-one', 'flood', 'refusal-cost'] as const;
export type Kind = (typeof ALL_KINDS)[number];
/** The storms: a crowd of HTTP clients resending at once (undici's sockets), not raw sockets. */
export type StormKind = 'retry-storm' | 'retry-storm-one';
export const isStorm = (kind: Kind | 'none'): kind is StormKind => kind === 'retry-storm' || kind === 'retry-storm-one';
export type RawKind = Exclude<Kind, StormKind | 'refusal-cost'>;

/** Who connects from where: the gateway keys per-client limits on the address of a client without a key. */
/**
 * The honest client: HONEST_USERS users, each on one connection from an address of its own
 * (127.1.0.1 on). A client is an address, whatever keys it sends: one address asking as fast as the
 * machine answers would pass its own share (CLIENT_UPSTREAM_CALLS_PER_SECOND) and measure that.
 */
export const HONEST_USERS = 24;
export const honestAddress = (user: number) => `127.1.0.${user + 1}`;
export const isHonestAddress = (address: string) => address.startsWith('127.1.0.');
export const ATTACKER_ADDRESS = '127.0.0.2';
export const BUSY_ADDRESS = '127.0.0.3';
/** The honest client's light query: one Data API call (the chain), cold under a new key each time. */
export const LIGHT_QUERY = '{ chain(id: "43114") { chainId chainName } }';
/** A slow attacker's pace: one more header line, or one more byte of body, this often. */
export const DRIP_MS = 2000;
/** The announced body of the slow-body attackers (under MAX_BODY_BYTES, so not refused for its size). */
export const SLOW_BODY_BYTES = 100_000;
/** Storm size the storm goodputs are compared with (alone, no honest client). */
export const STORM_REFERENCE = 50;
export const SAMPLE_MS = 1000;
/** How long the raw attackers get to open their connections before the measured phase starts. */
export const RAMP_MAX_MS = 3000;
/** A request still unanswered at the end of a phase after this long counts as a failure (one in flight does not). */
export const STUCK_MS = 1000;
/**
 * Unmeasured load first, so that the first phase does not pay for the gateway's warm-up (from a fresh
 * start the honest client's rate goes on climbing for 20-30 s, 4-5x on the 2-core machine): windows of
 * the honest client until one is within WARMUP_STABLE of the one before, WARMUP_MAX_MS at most.
 */
export const WARMUP_WINDOW_MS = 5000;
export const WARMUP_STABLE = 0.1;
export const WARMUP_MAX_MS = 90_000;
/** Then one unmeasured phase of the first attack, this long (see attackPhases). */
export const WARMUP_ATTACK_MS = 10_000;
/** Between phases, the gateway is quiet again below this CPU (cores)... */
export const QUIET_CORES = 0.1;
/** ...or after this long anyway. */
export const SETTLE_MAX_MS = 60_000;
/** A load-generating process past either is saturated (it sent less than asked), and the table says so. */
export const SATURATED_CORES = 0.9;
export const SATURATED_DELAY_MS = 100;
/** The refusal-cost phase: its hammer, and its upstreams' added latency (see refusalCost). */
export const HAMMER_CONNECTIONS = 50;
export const HAMMER_PIPELINING = 10;
export const REFUSAL_UPSTREAM_LATENCY_MS = 1000;

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
export const now = () => performance.now();
export const median = (values: number[]) => (values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]! : NaN);
export const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
export const countInto = (record: Record<string, number>, name: string, n = 1) => (record[name] = (record[name] ?? 0) + n);
export const listCounts = (record: Record<string, number>) =>
  Object.entries(record)
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ×${n}`)
    .join(', ') || 'none';

export const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

// ---------------------------------------------------------------------------------------------------
// Closed loops over undici pools: the honest client, and the refusal-cost phase's busy client and hammer.

export interface LoopResult {
  seconds: number;
  /** 200 answers with data and no error, and their latencies (sorted, ms). */
  answered: number;
  latencies: number[];
  /** Answers by status. */
  statuses: Record<string, number>;
  /** Everything that was not an answer with data: `HTTP <status>`, the answers' error codes, the client's errors. */
  failures: Record<string, number>;
  /** Requests still waiting when the loop ended (aborted then) that had waited more than STUCK_MS: stuck, not just in flight. */
  stuck: number;
}

export interface LoopOptions {
  url: string;
  localAddress: string;
  connections: number;
  /** Requests in the air on each connection (HTTP pipelining). */
  pipelining?: number;
  durationMs: number;
  query: string;
  /** The API key of the n-th request (none: no key header). */
  key?: (n: number) => string;
  /** Wait as Retry-After says (at most 2 s) when refused, as a well-behaved client does (default true). */
  honourRetryAfter?: boolean;
}

/** Keeps `connections × pipelining` requests in the air for `durationMs`; counts what each got. */
export async function closedLoop(options: LoopOptions): Promise<LoopResult> {
  const url = new URL(options.url);
  const pipelining = options.pipelining ?? 1;
  // Its own timeouts: 30 s without an answer is a failure to the honest client, not a wait.
  const pool = new Pool(url.origin, { connections: options.connections, pipelining, localAddress: options.localAddress, headersTimeout: 30_000, bodyTimeout: 30_000, keepAliveTimeout: 30_000 });
  const result: LoopResult = { seconds: 0, answered: 0, latencies: [], statuses: {}, failures: {}, stuck: 0 };
  const body = JSON.stringify({ query: options.query });
  const ended = new AbortController();
  // Every request of the loop listens to it (hundreds at once for the hammer).
  setMaxListeners(0, ended.signal);
  const started = now();
  const end = started + options.durationMs;
  const timer = setTimeout(() => ended.abort(), options.durationMs);
  let serial = 0;
  const worker = async () => {
    while (now() < end) {
      const n = serial++;
      const sent = now();
      let wait = 0;
      try {
        const response = await pool.request({
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(options.key ? { 'x-data-api-key': options.key(n) } : {}) },
          body,
          signal: ended.signal,
        });
        const text = await response.body.text();
        const status = response.statusCode;
        countInto(result.statuses, String(status));
        let parsed: { data?: unknown; errors?: { extensions?: { code?: string } }[] } | undefined;
        try {
          parsed = JSON.parse(text) as typeof parsed;
        } catch {
          parsed = undefined;
        }
        if (status === 200 && parsed?.data && !parsed.errors?.length) {
          result.answered++;
          result.latencies.push(now() - sent);
        } else {
          countInto(result.failures, `HTTP ${status}${parsed?.errors?.[0]?.extensions?.code ? ` ${parsed.errors[0].extensions.code}` : ''}`);
          const retryAfter = Number(response.headers['retry-after']);
          if ((status === 503 || status === 429) && (options.honourRetryAfter ?? true)) wait = Math.min(2000, Number.isFinite(retryAfter) ? retryAfter * 1000 : 1000);
        }
      } catch (error) {
        if (ended.signal.aborted) {
          if (now() - sent > STUCK_MS) result.stuck++;
          break;
        }
        countInto(result.failures, (error as Error & { code?: string }).code ?? (error as Error).name);
        // Not at once again: a refused or cut connection fails in microseconds.
        wait = 100;
      }
      if (wait > 0) await sleep(Math.min(wait, Math.max(0, end - now())));
    }
  };
  await Promise.all(Array.from({ length: options.connections * pipelining }, worker));
  clearTimeout(timer);
  result.seconds = (now() - started) / 1000;
  result.latencies.sort((a, b) => a - b);
  await pool.destroy().catch(() => undefined);
  return result;
}

/** The honest client for one phase (or a warm-up window): its users' loops, their figures together. */
export async function runHonest(url: string, durationMs: number): Promise<LoopResult> {
  let serial = 0;
  const run = Date.now().toString(36);
  const users = await Promise.all(
    Array.from({ length: HONEST_USERS }, (_, user) => closedLoop({ url, localAddress: honestAddress(user), connections: 1, durationMs, query: LIGHT_QUERY, key: () => `honest-${run}-${serial++}` })),
  );
  const merged: LoopResult = { seconds: Math.max(...users.map((u) => u.seconds)), answered: 0, latencies: [], statuses: {}, failures: {}, stuck: 0 };
  for (const user of users) {
    merged.answered += user.answered;
    merged.latencies.push(...user.latencies);
    merged.stuck += user.stuck;
    for (const [status, n] of Object.entries(user.statuses)) countInto(merged.statuses, status, n);
    for (const [failure, n] of Object.entries(user.failures)) countInto(merged.failures, failure, n);
  }
  merged.latencies.sort((a, b) => a - b);
  return merged;
}

// ---------------------------------------------------------------------------------------------------
// The kernel's view of the gateway's connections (`ss`): for slow readers, which read no FIN, and for
// the storm's sockets, which live inside undici.

export interface SocketTable {
  /** When the table was asked for (performance.now()). */
  at: number;
  /** Local ports of 127.0.0.2's connections whose gateway side is still established. */
  attackerPortsHeld: Set<number>;
  /** Client-side connections to the gateway established from addresses other than the honest client's. */
  attackerSideEstablished: number;
}

export const execFileAsync = promisify(execFile);

export async function socketTable(port: number): Promise<SocketTable | undefined> {
  const at = now();
  try {
    const { stdout } = await execFileAsync('ss', ['-tanH', `( sport = :${port} or dport = :${port} )`], { maxBuffer: 256 * 2 ** 20 });
    const table: SocketTable = { at, attackerPortsHeld: new Set(), attackerSideEstablished: 0 };
    for (const line of stdout.split('\n')) {
      // State Recv-Q Send-Q Local:Port Peer:Port
      const [state, , , local, peer] = line.trim().split(/\s+/);
      if (!state || !local || !peer) continue;
      const [localHost, localPort] = splitAddress(local);
      const [peerHost, peerPort] = splitAddress(peer);
      if (localPort === port && localHost === '127.0.0.1') {
        // The gateway's side.
        if (peerHost === ATTACKER_ADDRESS && (state === 'ESTAB' || state === 'SYN-RECV')) table.attackerPortsHeld.add(peerPort);
      } else if (peerPort === port && state === 'ESTAB' && !isHonestAddress(localHost)) {
        table.attackerSideEstablished++;
      }
    }
    return table;
  } catch {
    return undefined;
  }
}

export function splitAddress(text: string): [string, number] {
  const colon = text.lastIndexOf(':');
  return [text.slice(0, colon).replace(/^\[|\]$/g, '').replace(/^::ffff:/, ''), Number(text.slice(colon + 1))];
}
