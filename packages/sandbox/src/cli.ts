#!/usr/bin/env node
/**
 * `avalanche-sandbox` (`npm run sandbox:upstreams` in this repository): the simulated upstreams alone,
 * for a gateway or any other client to point at. Prints their base URLs; SIGTERM or Ctrl-C closes
 * them. Reads the SANDBOX_* variables (`sandboxOptionsFromEnv`).
 */
import { startSandbox } from './index.js';
import { describeUpstreams, sandboxOptionsFromEnv } from './launch.js';
import { SandboxConfigError } from './lib/config-error.js';

try {
  const sandbox = await startSandbox(sandboxOptionsFromEnv(process.env));
  process.stdout.write(`${describeUpstreams(sandbox).join('\n')}\n`);
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    process.stderr.write(`${signal} received: finishing in-flight requests\n`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
} catch (error) {
  if (error instanceof SandboxConfigError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(2);
  }
  throw error;
}
