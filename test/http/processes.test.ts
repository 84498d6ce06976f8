import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { subscribe } from '../support/sse.js';

/**
 * How long this file waits for anything it needs from a process: its start (a cold TypeScript start
 * beside the rest of the suite on a busy 2-core machine), an event, its exit. Each test's own timeout
 * allows each of its waits this long.
 */
const WAIT_MS = 60_000;
const timeoutFor = (waits: number) => waits * WAIT_MS + 30_000;

/**
 * Every process this file started. Each leads a process group of its own (`detached`): under tsx, a
 * cold start runs esbuild's service as its child. After each test, whatever its outcome (a failed
 * expect, a start that never got ready, vitest's own timeout), every group is killed; and if this
 * worker itself is told to stop (Ctrl-C, vitest's teardown), so are they, since a group of its own
 * does not get the terminal's signals.
 */
const started = new Set<ChildProcess>();

/** Starts a process on the Node running the suite, not the `node` of PATH: the suite's run on each supported Node tests that Node. */
function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  started.add(child);
  return child;
}

/** Kills the child's whole process group (ESRCH: nothing of it is left). */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

function killAll(): void {
  for (const child of started) killGroup(child);
}

afterEach(async () => {
  const children = [...started];
  started.clear();
  await Promise.all(
    children.map((child) => {
      const gone = exited(child);
      killGroup(child);
      return gone;
    }),
  );
});

process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    killAll();
    // Then what the signal would have done without this listener.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  });
}

/** Resolves with the child's exit code once it has exited (at once if it has). */
function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** The child's exit code, failing when it has not exited within WAIT_MS. */
async function exitCode(child: ChildProcess): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`pid ${child.pid} has not exited within ${WAIT_MS} ms`)), WAIT_MS)));
  try {
    return await Promise.race([exited(child), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts a TypeScript entry point (as the npm scripts do) with env, resolves with the child once `ready` matches its output.
 * Rejects, and kills the child's group, when it exits first or has not matched within WAIT_MS.
 */
function run(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; output: () => string }> {
  const child = start(['--conditions=avalanche-graph-source', '--import', 'tsx', ...args], env);
  return new Promise((resolve, reject) => {
    let out = '';
    const fail = (error: Error) => {
      clearTimeout(timer);
      killGroup(child);
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`not ready within ${WAIT_MS} ms:\n${out}`)), WAIT_MS);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => fail(new Error(`exited with ${code ?? signal}:\n${out}`));
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve({ child, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', onExit);
  });
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
    try {
      await stream.waitForEvents(1, WAIT_MS);
      expect(stream.events[0]!.errors).toBeUndefined();
      expect(Number(stream.events[0]!.data.blockAdded.number)).toBeGreaterThan(0);
    } finally {
      stream.close();
    }
    const exit = exitCode(child);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, timeoutFor(3));

  it('the upstreams run alone and print their base URLs', async () => {
    const { child, output } = await run(['packages/sandbox/src/cli.ts'], { SANDBOX_PORT: '0', SANDBOX_BLOCK_INTERVAL_MS: '0', SANDBOX_ICM_INTERVAL_MS: '0', SANDBOX_VALIDATOR_SET_INTERVAL_MS: '0' }, /World: .*/);
    const dataApi = /DATA_API_URL=(\S+)/.exec(output())![1]!;
    const chains = (await (await fetch(`${dataApi}/v1/chains`)).json()) as { chains: unknown[] };
    expect(chains.chains.length).toBeGreaterThan(0);
    expect(output()).toContain('World: frozen');
    const exit = exitCode(child);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, timeoutFor(2));

  it('a bad configuration stops the gateway with a message naming the variable', async () => {
    const child = start(['--import', 'tsx', 'src/main.ts'], { UPSTREAM_TIMEOUT_MS: 'soon' });
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    expect(await exitCode(child)).toBe(2);
    expect(err).toContain('UPSTREAM_TIMEOUT_MS');
  }, timeoutFor(1));
});
