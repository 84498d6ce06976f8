/**
 * The simulated upstreams alone, shared by the tests of a file: for the sandbox's own tests, and for
 * the files that put gateways of their own in front of one sandbox (`startGateway`).
 */
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '@avalanche-graph/sandbox';

/**
 * One sandbox for the tests of a file, or of the `describe` it is called in: registers the vitest
 * hooks that start it (`beforeAll`) and close it (`afterAll`). It listens on free loopback ports
 * unless `options` say otherwise (`listen: false`, or a port of their own); the rest of `options`
 * goes to `startSandbox` as given (seed, latency, life, Data API access).
 *
 * Returns a stable handle to the sandbox started in `beforeAll`, so it can be assigned once at the
 * top of the file; read it inside hooks and tests. Call it before the file's own hooks: theirs then
 * run after it started and before it closes.
 */
export function useSandbox(options: SandboxOptions = {}): Sandbox {
  let started: Sandbox | undefined;
  const current = (): Sandbox => {
    if (!started) throw new Error('useSandbox: the sandbox starts in beforeAll; use it inside hooks and tests');
    return started;
  };

  beforeAll(async () => {
    started = await startSandbox({ port: 0, ...options });
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });

  return {
    get world() {
      return current().world;
    },
    get services() {
      return current().services;
    },
    get urls() {
      return current().urls;
    },
    get life() {
      return current().life;
    },
    serviceAt: (url) => current().serviceAt(url),
    fetch: (input, init) => current().fetch(input, init),
    counts: () => current().counts(),
    reset: () => current().reset(),
    setLatency: (ms) => current().setLatency(ms),
    latency: () => current().latency(),
    close: () => current().close(),
  };
}
