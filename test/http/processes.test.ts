import { spawn, type ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { subscribe } from '../support/sse.js';

/**
 * Starts a TypeScript entry point (as the npm scripts do) with env, resolves with the child once `ready` matches its stdout.
 * On the Node running the suite, not the `node` of PATH: the suite's run on each supported Node tests that Node.
 */
function run(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=avalanche-graph-source', '--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${out}`)), 15_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve({ child, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
  });
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('processes', () => {
  it('sandbox mode serves the graph, its world lives (a subscription gets a new block), and one SIGTERM stops gateway and upstreams cleanly', async () => {
    const { child, output } = await run(['scripts/sandbox.ts'], { PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'warn' }, /GraphiQL: (http:\S+)/);
    const url = /GraphiQL: (http:\S+)/.exec(output())![1]!;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ chains { chainId chainName networkToken { symbol } } }' }),
    });
    const body = (await response.json()) as { data: { chains: Array<{ networkToken: { symbol: string } }> } };
    expect(body.data.chains.map((c) => c.networkToken.symbol)).toContain('AVAX');
    // With the default intervals (a block every 2 s, a poll every 2 s), nobody mining by hand.
    expect(output()).toContain('World: a block on every EVM chain every 2 s');
    const stream = await subscribe(url, 'subscription { blockAdded(chainId: "43114") { number } }');
    await stream.waitForEvents(1, 15_000);
    expect(stream.events[0]!.errors).toBeUndefined();
    expect(Number(stream.events[0]!.data.blockAdded.number)).toBeGreaterThan(0);
    stream.close();
    const exited = exitCode(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 40_000);

  it('the upstreams run alone and print their base URLs', async () => {
    const { child, output } = await run(['packages/sandbox/src/cli.ts'], { SANDBOX_PORT: '0', SANDBOX_BLOCK_INTERVAL_MS: '0', SANDBOX_ICM_INTERVAL_MS: '0', SANDBOX_VALIDATOR_SET_INTERVAL_MS: '0' }, /World: .*/);
    const dataApi = /DATA_API_URL=(\S+)/.exec(output())![1]!;
    const chains = (await (await fetch(`${dataApi}/v1/chains`)).json()) as { chains: unknown[] };
    expect(chains.chains.length).toBeGreaterThan(0);
    expect(output()).toContain('World: frozen');
    const exited = exitCode(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('a bad configuration stops the gateway with a message naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env: { ...process.env, UPSTREAM_TIMEOUT_MS: 'soon' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    expect(await exitCode(child)).toBe(2);
    expect(err).toContain('UPSTREAM_TIMEOUT_MS');
  });
});
