/**
 * A real EVM node for tests: the anvil binary that `@foundry-rs/anvil` installs from npm (its
 * platform package), started on a free loopback port and stopped by PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from './ports.js';

const require = createRequire(import.meta.url);

export interface Anvil {
  url: string;
  /** One JSON-RPC call straight to anvil; rejects on an error object. */
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
}

/** The binary of this platform's `@foundry-rs/anvil-<os>-<arch>` package. */
function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const manifest = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  return join(dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}


export async function startAnvil(chainId: number): Promise<Anvil> {
  const port = await freePort();
  const child: ChildProcess = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  let id = 1;
  const call = async <T,>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }) });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await call('eth_chainId');
      return { url, call, stop };
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`anvil did not start on ${url}: ${(error as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
