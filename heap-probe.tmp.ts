import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { readdirSync } from 'node:fs';
import { startFlags, startGatewayProcess, startSandboxProcess, stopChildren } from './bench/support.js';
const N = Number(process.env.N ?? 1000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dir = '/tmp/heap';
const snap = async (pid: number) => { const before = readdirSync(dir).length; process.kill(pid, 'SIGUSR2'); while (readdirSync(dir).length === before) await sleep(200); await sleep(3000); };
try {
  const up = await startSandboxProcess('.', { SANDBOX_BLOCK_INTERVAL_MS: '1000' });
  const gw = await startGatewayProcess('.', up.urls, [...startFlags('.'), '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`]);
  await sleep(3000);
  // one subscriber first so that lazily made things exist in both snapshots
  const mk = (i: number) => createClient({ url: gw.url.replace('http', 'ws'), webSocketImpl: class extends WebSocket { constructor(u: string, p: string) { super(u, p, { localAddress: `127.3.${Math.floor(i / 250)}.${1 + (i % 250)}`, perMessageDeflate: false }); } }, retryAttempts: 0 });
  let seen = 0;
  const sub = (i: number) => mk(i).subscribe({ query: 'subscription { blockAdded(chainId: "43114") { number hash } }' }, { next: () => void seen++, error: () => undefined, complete: () => undefined });
  sub(0);
  await sleep(4000);
  await snap(gw.child.pid!);
  for (let i = 1; i <= N; i++) { sub(i); if (i % 100 === 0) await sleep(150); }
  await sleep(5000);
  console.log('events seen', seen);
  await snap(gw.child.pid!);
} finally { stopChildren(); process.exit(0); }
