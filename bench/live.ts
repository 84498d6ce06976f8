/**
 * `npm run bench:live`: live viewers. The gateway as `npm start` runs it (the build, the production
 * Node flags, default configuration) over the simulated upstreams in a process of their own, mining a
 * block a second on every EVM chain; LIVE_SUBSCRIBERS graphql-ws clients (the `graphql-ws` client on
 * `ws`, permessage-deflate off), each from a loopback address of its own (so each is a client of its
 * own), opened at LIVE_RATE a second, each subscribed to `blockAdded(chainId: "43114") { number hash }`,
 * without a key or (LIVE_KEYED=1) each with a key of its own. Figures, not assertions: run it on a
 * quiet machine.
 *
 * Prints how many were accepted (saw a block) and refused, how long opening them took; then, over
 * LIVE_WATCH_S seconds of watching: the gateway's CPU (cores, and per subscriber-event), the events
 * delivered and the executions run for them (the gateway's /metrics: how much subscribers share), its
 * delivery lag (avalanche_graph_subscription_delivery_lag_seconds: p50 and p99, to the bucket), the
 * spread of each block's arrival over the subscribers (from the first to see it to the last: p50, p99,
 * max over the blocks), the time from each block's appearance at the Data API to the last subscriber
 * to see it, and its RSS (and above its idle RSS, per subscriber). Then the reconnect storm
 * (unless LIVE_STORM=0): every client drops at once and a new one opens for each, all at once (no
 * pacing, as after a deploy), each retrying a refusal up to 5 times with graphql-ws's backoff (its
 * default); it prints how long until all were subscribed again (saw a block), and how many gave up.
 *
 *   npm run bench:live
 *   LIVE_SUBSCRIBERS=1000 LIVE_KEYED=1 npm run bench:live
 *   LIVE_CHECKOUT=../before npm run bench:live        # another built checkout's gateway
 *   LIVE_CPU_PROF=/tmp/prof npm run bench:live        # the gateway's CPU profile (--cpu-prof), written as it exits
 *   LIVE_HEAP_SNAPSHOT=/tmp/heap npm run bench:live   # its heap snapshot at the end of the watch
 *
 * The gateway gets this process's environment: MAX_WEBSOCKETS=20000 npm run bench:live raises its bound.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { percentileMs } from '../test/support/crowd.js';
import { cpuSplitOf, mib, rssOf, startFlags, startGatewayProcess, startSandboxProcess, stopChildren } from './support.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const checkout = resolve(process.env.LIVE_CHECKOUT ?? root);
const SUBSCRIBERS = Number(process.env.LIVE_SUBSCRIBERS ?? 1000);
const KEYED = process.env.LIVE_KEYED === '1';
const RATE = Number(process.env.LIVE_RATE ?? 500);
const WATCH_MS = Number(process.env.LIVE_WATCH_S ?? 15) * 1000;
const STORM = process.env.LIVE_STORM !== '0';
/** How long opening (or reopening) waits for every subscriber to see a block or fail. */
const OPEN_WAIT_MS = 60_000;
const QUERY = 'subscription { blockAdded(chainId: "43114") { number hash } }';
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A distinct loopback address per subscriber: 127.2.0.1 on. */
const addressOf = (i: number) => `127.2.${Math.floor(i / 250)}.${1 + (i % 250)}`;

/** The gateway's /metrics: its live counters, and the delivery lag histogram's cumulative buckets. */
async function liveCounts(base: string): Promise<{ events: number; executions: number; lag: Map<number, number> }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  const lag = new Map<number, number>();
  for (const [, le, n] of text.matchAll(/^avalanche_graph_subscription_delivery_lag_seconds_bucket\{le="([^"]+)"\} (\S+)$/gm)) lag.set(le === '+Inf' ? Infinity : Number(le), Number(n));
  return { events: read('avalanche_graph_subscription_events_total'), executions: read('avalanche_graph_subscription_executions_total'), lag };
}

/** The bucket bound under which `q` of the observations between two readings of the histogram fall. */
function lagQuantile(before: Map<number, number>, after: Map<number, number>, q: number): string {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const total = (after.get(Infinity) ?? 0) - (before.get(Infinity) ?? 0);
  if (!total) return '-';
  const bound = bounds.find((le) => (after.get(le)! - (before.get(le) ?? 0)) / total >= q);
  return bound === undefined || bound === Infinity ? '> 5 s' : `≤ ${bound * 1000} ms`;
}

/** When each block number was first and last seen by a subscriber, and by how many. */
const arrivals = new Map<string, { first: number; last: number; count: number }>();

interface Opened {
  clients: Client[];
  seen: number;
  refused: number;
  seconds: number;
  firstErrors: string[];
}

/**
 * Opens `count` subscribers, `rate` a second (all at once when Infinity), each retrying a refused or
 * cut connection `retries` times (graphql-ws's own randomised backoff); resolves once each saw a block
 * or failed (OPEN_WAIT_MS at most).
 */
async function openSubscribers(url: string, count: number, rate: number, retries = 0): Promise<Opened> {
  const opened: Opened = { clients: [], seen: 0, refused: 0, seconds: 0, firstErrors: [] };
  const started = Date.now();
  for (let i = 0; i < count; i++) {
    const localAddress = addressOf(i);
    const client = createClient({
      url: url.replace(/^http/, 'ws'),
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols, { localAddress, perMessageDeflate: false });
        }
      },
      connectionParams: KEYED ? { 'x-data-api-key': `live-bench-key-${i}` } : {},
      retryAttempts: retries,
      lazy: false,
      onNonLazyError: () => undefined,
    });
    opened.clients.push(client);
    let first = true;
    client.subscribe<{ blockAdded: { number: string } }>(
      { query: QUERY },
      {
        next: (result) => {
          const number = result.data?.blockAdded.number;
          if (number !== undefined) {
            const now = performance.now();
            const arrival = arrivals.get(number);
            if (arrival) {
              arrival.last = now;
              arrival.count++;
            } else arrivals.set(number, { first: now, last: now, count: 1 });
          }
          if (first) {
            first = false;
            opened.seen++;
          }
        },
        error: (error) => {
          opened.refused++;
          if (opened.firstErrors.length < 3) opened.firstErrors.push(JSON.stringify(error).slice(0, 200));
        },
        complete: () => undefined,
      },
    );
    // Paced: `rate` new connections a second, in steps of a tenth of a second.
    if (Number.isFinite(rate) && (i + 1) % Math.max(1, Math.round(rate / 10)) === 0) await sleep(100);
  }
  const deadline = Date.now() + OPEN_WAIT_MS;
  while (opened.seen + opened.refused < count && Date.now() < deadline) await sleep(100);
  opened.seconds = (Date.now() - started) / 1000;
  return opened;
}

const describeOpened = (o: Opened, count: number) =>
  `${o.seen} saw a block, ${o.refused} refused or failed, ${count - o.seen - o.refused} neither, ${o.seconds.toFixed(1)} s after the first${o.firstErrors.length ? `; first failures: ${o.firstErrors.join(' | ')}` : ''}`;

/** Disposes every client (one still connecting rejects with its close: nothing to do then). */
const disposeAll = (clients: Client[]) => Promise.all(clients.map((c) => Promise.resolve().then(() => c.dispose()).catch(() => undefined)));

async function main(): Promise<void> {
  if (spawnSync('npm', ['run', 'build'], { cwd: checkout, stdio: 'ignore' }).status !== 0) throw new Error(`npm run build failed in ${checkout}`);
  const upstreams = await startSandboxProcess(root, { SANDBOX_BLOCK_INTERVAL_MS: '1000' });
  // LIVE_CPU_PROF: the gateway writes a CPU profile there as it exits.
  const profile = process.env.LIVE_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.LIVE_CPU_PROF)}`] : [];
  // LIVE_HEAP_SNAPSHOT: the gateway writes a heap snapshot there at the end of the watch.
  const snapshot = process.env.LIVE_HEAP_SNAPSHOT ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${resolve(process.env.LIVE_HEAP_SNAPSHOT)}`] : [];
  const gateway = await startGatewayProcess(checkout, upstreams.urls, [...startFlags(checkout), ...profile, ...snapshot]);
  const pid = gateway.child.pid!;
  await sleep(2000);
  const idleRss = rssOf(pid) ?? 0;
  process.stdout.write(`gateway: ${checkout}, default configuration, pid ${pid}; idle RSS ${mib(idleRss)} MiB\n`);
  process.stdout.write(`${SUBSCRIBERS} subscribers (${KEYED ? 'each with a key of its own' : 'without a key'}), each from its own address, opened at ${RATE}/s\n`);

  const opened = await openSubscribers(gateway.url, SUBSCRIBERS, RATE);
  process.stdout.write(`opened: ${describeOpened(opened, SUBSCRIBERS)}\n`);

  await sleep(2000);
  const cpu0 = cpuSplitOf(pid)!;
  const counts0 = await liveCounts(gateway.base);
  arrivals.clear();
  const watchStart = Date.now();
  let rssMax = 0;
  // When each block appeared at the Data API (its head read every 50 ms), for the time to the last subscriber.
  const appeared = new Map<string, number>();
  let watching = true;
  const heads = (async () => {
    while (watching) {
      const head = await fetch(`${upstreams.urls.DATA_API_URL}/v1/chains/43114/blocks?pageSize=1`).then((r) => r.json() as Promise<{ blocks: { blockNumber: string }[] }>).catch(() => undefined);
      const number = head?.blocks[0]?.blockNumber;
      if (number !== undefined && !appeared.has(number)) appeared.set(number, performance.now());
      await sleep(50);
    }
  })();
  while (Date.now() - watchStart < WATCH_MS) {
    await sleep(1000);
    rssMax = Math.max(rssMax, rssOf(pid) ?? 0);
  }
  watching = false;
  await heads;
  const seconds = (Date.now() - watchStart) / 1000;
  const cpu1 = cpuSplitOf(pid)!;
  const cores = (cpu1.user + cpu1.system - cpu0.user - cpu0.system) / seconds;
  const kernel = (cpu1.system - cpu0.system) / seconds;
  const counts1 = await liveCounts(gateway.base);
  if (snapshot.length) {
    gateway.child.kill('SIGUSR2');
    await sleep(20_000);
  }
  const events = counts1.events - counts0.events;
  const executions = counts1.executions - counts0.executions;
  // Blocks every subscriber saw within the watch: from the first subscriber to see one to the last.
  const complete = [...arrivals].filter(([, a]) => a.count >= opened.seen);
  const spreads = complete.map(([, a]) => a.last - a.first).sort((a, b) => a - b);
  // From a block's appearance at the Data API to the last subscriber to see it (the poll's wait included).
  const delays = complete.filter(([number]) => appeared.has(number)).map(([number, a]) => a.last - appeared.get(number)!).sort((a, b) => a - b);
  process.stdout.write(
    [
      `watching ${seconds.toFixed(1)} s: gateway CPU ${cores.toFixed(3)} cores (${kernel.toFixed(3)} of them in the kernel); ${events} events delivered (${(events / seconds).toFixed(0)}/s), ${executions} executions (${(events / Math.max(1, executions)).toFixed(1)} events each); ${((1000 * cores) / Math.max(1, events / seconds)).toFixed(3)} ms of CPU per subscriber-event`,
      `delivery lag in the gateway (its histogram): p50 ${lagQuantile(counts0.lag, counts1.lag, 0.5)}, p99 ${lagQuantile(counts0.lag, counts1.lag, 0.99)}; a block's spread over the subscribers (first to last to see it; ${spreads.length} blocks all saw): p50 ${percentileMs(spreads, 50).toFixed(0)} ms, p99 ${percentileMs(spreads, 99).toFixed(0)} ms, max ${(spreads.at(-1) ?? NaN).toFixed(0)} ms`,
      `from a block's appearance at the Data API (read every 50 ms) to the last subscriber: p50 ${percentileMs(delays, 50).toFixed(0)} ms, p99 ${percentileMs(delays, 99).toFixed(0)} ms, max ${(delays.at(-1) ?? NaN).toFixed(0)} ms (${delays.length} blocks)`,
      `RSS max ${mib(rssMax)} MiB (${(((rssMax - idleRss) / Math.max(1, opened.seen)) / 1024).toFixed(1)} KiB per subscriber above idle)`,
    ].join('\n') + '\n',
  );

  if (STORM) {
    // Every client drops at once (as a deploy's restart cuts them), then each comes back at once.
    await disposeAll(opened.clients);
    await sleep(500);
    // Retrying as graphql-ws clients do by default (5 attempts, randomised exponential backoff).
    const back = await openSubscribers(gateway.url, SUBSCRIBERS, Infinity, 5);
    process.stdout.write(`reconnect storm (all ${SUBSCRIBERS} at once, each retrying up to 5 times): ${describeOpened(back, SUBSCRIBERS)}\n`);
    await disposeAll(back.clients);
  } else await disposeAll(opened.clients);
}

try {
  await main();
} finally {
  stopChildren();
}
