/**
 * `npm run sandbox`: the simulated upstreams and the gateway pointed at them, in one process (one
 * Ctrl-C stops both). The upstreams alone are the sandbox's own CLI (`npm run sandbox:upstreams`).
 * SANDBOX_PORT is the gateway configuration's (`sandboxPort`); the other SANDBOX_* variables are the
 * sandbox's (`sandboxOptionsFromEnv`).
 */
import { ConfigError } from '../src/config/index.js';
import { closeOnSignals } from '../src/http/server.js';
import { describeUpstreams, SandboxConfigError } from '@avalanche-graph/sandbox';
import { startSandboxGateway } from './sandbox-gateway.js';

try {
  const { sandbox, gateway: running } = await startSandboxGateway();
  process.stdout.write(`${describeUpstreams(sandbox).join('\n')}\n\nGateway in sandbox mode. GraphiQL: ${running.url}\n`);
  closeOnSignals(async () => {
    await running.close();
    await sandbox.close();
  }, running.logger);
} catch (error) {
  if (error instanceof ConfigError || error instanceof SandboxConfigError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(2);
  }
  throw error;
}
