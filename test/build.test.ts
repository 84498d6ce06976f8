/**
 * The production build: `npm run build` (tsc with tsconfig.build.json) emits JavaScript that runs on
 * plain Node with no TypeScript loader, as `npm start` and the Docker image run it, and holds none of
 * the sandbox (a development tool, its own workspace package).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED, startSandbox } from '@avalanche-graph/sandbox';
import { freePort } from './support/ports.js';

const OUT = '.build-test';


afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('the compiled build', () => {
  it('compiles with source maps and serves the graph from plain JavaScript', async () => {
    const build = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--outDir', OUT], { encoding: 'utf8' });
    expect(build.stdout + build.stderr).toBe('');
    expect(build.status).toBe(0);

    // No module of the sandbox, by path, by package name or by what only its code holds (the world's
    // seed, its entry points), is emitted: production never runs the simulator.
    const emitted = readdirSync(OUT, { recursive: true, encoding: 'utf8' });
    expect(emitted.filter((file) => /sandbox/i.test(file))).toEqual([]);
    const marks = ['@avalanche-graph/sandbox', DEFAULT_SEED, 'startSandbox', 'createWorld', 'SandboxService'];
    const leaks = emitted.filter((file) => file.endsWith('.js')).flatMap((file) => {
      const code = readFileSync(join(OUT, file), 'utf8');
      return marks.filter((mark) => code.includes(mark)).map((mark) => `${file}: ${mark}`);
    });
    expect(leaks).toEqual([]);

    const sandbox = await startSandbox({ port: 0 });
    const port = await freePort();
    // No --import tsx: only what the build emitted, with its source maps.
    const child = spawn(process.execPath, ['--enable-source-maps', `${OUT}/main.js`], {
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        // No load balancer to leave: SIGTERM closes at once (the drain is test/http/haproxy.test.ts's).
        SHUTDOWN_DRAIN_MS: '0',
        DATA_API_URL: sandbox.urls.dataApi,
        NODE_RPC_URL_MAINNET: sandbox.urls.nodeRpcMainnet,
        NODE_RPC_URL_FUJI: sandbox.urls.nodeRpcFuji,
        METRICS_URL: sandbox.urls.metrics,
      },
    });
    try {
      const deadline = Date.now() + 20_000;
      while (!(await fetch(`http://127.0.0.1:${port}/ready`).then((r) => r.ok, () => false))) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error('the compiled gateway did not get ready');
        await new Promise((r) => setTimeout(r, 50));
      }
      const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ chain(id: "43114") { chainName latestBlockNumber } }' }),
      });
      const body = (await response.json()) as any;
      expect(body.errors).toBeUndefined();
      expect(body.data.chain.chainName).toBe(sandbox.world.chains.find((c) => c.evmChainId === 43114)!.info.chainName);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await sandbox.close();
    }
  }, 90_000);
});
