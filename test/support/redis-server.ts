/**
 * A real `redis-server` (Debian's package) for tests: started on a free loopback port with no
 * persistence, stopped (and restartable on the same port) by its PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from './ports.js';

export interface RedisServer {
  port: number;
  url: string;
  /** Stops the server (SIGKILL: an outage, not a shutdown) and waits for the process to exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: nothing was persisted). */
  restart(): Promise<void>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the process: connections stay open, commands get no answer. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}


async function accepting(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`redis-server did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function startRedisServer(binary = process.env.REDIS_SERVER_BIN ?? 'redis-server'): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const launch = async () => {
    const started = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await new Promise<void>((resolve, reject) => {
      started.once('error', reject);
      started.once('spawn', () => resolve());
    });
    child = started;
    await accepting(port, 5_000);
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.pid === undefined) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    process.kill(running.pid, 'SIGKILL');
    await exited;
  };
  await launch();
  const signal = (name: NodeJS.Signals) => {
    if (child?.pid !== undefined && child.exitCode === null) process.kill(child.pid, name);
  };
  return { port, url: `redis://127.0.0.1:${port}/0`, kill, restart: launch, stop: kill, pause: () => signal('SIGSTOP'), resume: () => signal('SIGCONT') };
}
