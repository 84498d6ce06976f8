/**
 * `npm run bench:startup`: time-to-ready and idle RSS of the gateway process, run from the compiled
 * build (`dist/`, what `npm start` and the Docker image run) beside the TypeScript sources through
 * tsx (how `npm start` ran before the build). Each mode starts `RUNS` times against the simulated
 * upstreams; figures are medians. Run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { startSandbox, upstreamVariables } from '@avalanche-graph/sandbox';
import { freePort, startFlags } from './support.js';

const RUNS = Number(process.env.RUNS ?? 5);
const IDLE_MS = 2000;

const MODES: Record<string, string[]> = {
  'compiled (dist/main.js)': [...startFlags('.'), 'dist/main.js'],
  'sources through tsx': ['--import', 'tsx', 'src/main.ts'],
};


function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!existsSync('dist/main.js')) {
  process.stderr.write('dist/main.js is missing: run `npm run build` first.\n');
  process.exit(1);
}

const sandbox = await startSandbox({ port: 0 });
try {
  console.log(`gateway start-up, median of ${RUNS} runs (ready = /ready answers 200; RSS after ${IDLE_MS / 1000} s idle)`);
  console.log('mode'.padEnd(28), 'ready ms'.padStart(9), 'idle RSS MiB'.padStart(13));
  for (const [mode, args] of Object.entries(MODES)) {
    const ready: number[] = [];
    const rss: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const port = await freePort();
      const started = performance.now();
      const child = spawn(process.execPath, args, {
        stdio: 'ignore',
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          NODE_ENV: 'production',
          ...upstreamVariables(sandbox.urls),
        },
      });
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${port}/ready`).then((r) => r.ok, () => false);
        if (ok) break;
        if (performance.now() - started > 60_000) throw new Error(`${mode} did not get ready`);
        await new Promise((r) => setTimeout(r, 20));
      }
      ready.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, IDLE_MS));
      rss.push(rssMiB(child.pid!));
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    console.log(mode.padEnd(28), median(ready).toFixed(0).padStart(9), median(rss).toFixed(1).padStart(13));
  }
} finally {
  await sandbox.close();
}
