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
 * delivered and the executions run for them (the gateway's /metrics: how much subscribers share), and
 * its RSS (and above its idle RSS, per subscriber).
 *
 *   npm run bench:live
 *   LIVE_SUBSCRIBERS=1000 LIVE_KEYED=1 npm run bench:live
 *   LIVE_CHECKOUT=../before npm run bench:live        # another built checkout's gateway
 *   LIVE_CPU_PROF=/tmp/prof npm run bench:live        # the gateway's CPU profile (--cpu-prof), written as it exits
 *
 * The gateway gets this process's environment: MAX_WEBSOCKETS=20000 npm run bench:live raises its bound.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { cpuSecondsOf, mib, rssOf, startFlags, startGatewayProcess, startSandboxProcess, stopChildren } from './support.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const checkout = resolve(process.env.LIVE_CHECKOUT ?? root);
const SUBSCRIBERS = Number(process.env.LIVE_SUBSCRIBERS ?? 1000);
const KEYED = process.env.LIVE_KEYED === '1';
const RATE = Number(process.env.LIVE_RATE ?? 500);
const WATCH_MS = Number(process.env.LIVE_WATCH_S ?? 15) * 1000;
const QUERY = 'subscription { blockAdded(chainId: "43114") { number hash } }';
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A distinct loopback address per subscriber: 127.2.0.1 on. */
const addressOf = (i: number) => `127.2.${Math.floor(i / 250)}.${1 + (i % 250)}`;

/** The gateway's counters of subscription events delivered and executions run for them. */
async function liveCounts(base: string): Promise<{ events: number; executions: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { events: read('avalanche_graph_subscription_events_total'), executions: read('avalanche_graph_subscription_executions_total') };
}

async function main(): Promise<void> {
  if (spawnSync('npm', ['run', 'build'], { cwd: checkout, stdio: 'ignore' }).status !== 0) throw new Error(`npm run build failed in ${checkout}`);
  const upstreams = await startSandboxProcess(root, { SANDBOX_BLOCK_INTERVAL_MS: '1000' });
  // LIVE_CPU_PROF: the gateway writes a CPU profile there as it exits.
  const profile = process.env.LIVE_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.LIVE_CPU_PROF)}`] : [];
  const gateway = await startGatewayProcess(checkout, upstreams.urls, [...startFlags(checkout), ...profile]);
  const pid = gateway.child.pid!;
  await sleep(2000);
  const idleRss = rssOf(pid) ?? 0;
  process.stdout.write(`gateway: ${checkout}, default configuration, pid ${pid}; idle RSS ${mib(idleRss)} MiB\n`);
  process.stdout.write(`${SUBSCRIBERS} subscribers (${KEYED ? 'each with a key of its own' : 'without a key'}), each from its own address, opened at ${RATE}/s\n`);

  let seen = 0;
  let refused = 0;
  const firstErrors: string[] = [];
  const clients: Client[] = [];
  const started = Date.now();
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const localAddress = addressOf(i);
    const client = createClient({
      url: gateway.url.replace(/^http/, 'ws'),
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols, { localAddress, perMessageDeflate: false });
        }
      },
      connectionParams: KEYED ? { 'x-data-api-key': `live-bench-key-${i}` } : {},
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: () => undefined,
    });
    clients.push(client);
    let first = true;
    client.subscribe(
      { query: QUERY },
      {
        next: () => {
          if (first) {
            first = false;
            seen++;
          }
        },
        error: (error) => {
          refused++;
          if (firstErrors.length < 3) firstErrors.push(JSON.stringify(error).slice(0, 200));
        },
        complete: () => undefined,
      },
    );
    // Paced: RATE new connections a second, in steps of a tenth of a second.
    if ((i + 1) % Math.max(1, Math.round(RATE / 10)) === 0) await sleep(100);
  }
  const openDeadline = Date.now() + 60_000;
  while (seen + refused < SUBSCRIBERS && Date.now() < openDeadline) await sleep(200);
  process.stdout.write(`opened: ${seen} saw a block, ${refused} refused or failed, ${SUBSCRIBERS - seen - refused} neither, ${((Date.now() - started) / 1000).toFixed(1)} s after the first${firstErrors.length ? `; first failures: ${firstErrors.join(' | ')}` : ''}\n`);

  await sleep(2000);
  const cpu0 = cpuSecondsOf(pid)!;
  const counts0 = await liveCounts(gateway.base);
  const watchStart = Date.now();
  let rssMax = 0;
  while (Date.now() - watchStart < WATCH_MS) {
    await sleep(1000);
    rssMax = Math.max(rssMax, rssOf(pid) ?? 0);
  }
  const seconds = (Date.now() - watchStart) / 1000;
  const cores = (cpuSecondsOf(pid)! - cpu0) / seconds;
  const counts1 = await liveCounts(gateway.base);
  const events = counts1.events - counts0.events;
  const executions = counts1.executions - counts0.executions;
  process.stdout.write(
    [
      `watching ${seconds.toFixed(1)} s: gateway CPU ${cores.toFixed(3)} cores; ${events} events delivered (${(events / seconds).toFixed(0)}/s), ${executions} executions (${(events / Math.max(1, executions)).toFixed(1)} events each); ${((1000 * cores) / Math.max(1, events / seconds)).toFixed(3)} ms of CPU per subscriber-event`,
      `RSS max ${mib(rssMax)} MiB (${(((rssMax - idleRss) / Math.max(1, seen)) / 1024).toFixed(1)} KiB per subscriber above idle)`,
    ].join('\n') + '\n',
  );
  await Promise.all(clients.map((c) => c.dispose()));
}

try {
  await main();
} finally {
  stopChildren();
}
