/**
 * `npm run sandbox`: the simulated upstreams and the gateway pointed at them, in one process (one
 * Ctrl-C stops both). The upstreams alone are the sandbox's own CLI (`npm run sandbox:upstreams`).
 * The SANDBOX_* variables (SANDBOX_PORT among them) are the sandbox's (`sandboxOptionsFromEnv`).
 */
import { closeOnSignals } from '../src/http/server.js';
import { describeUpstreams } from '@avalanche-graph/sandbox';
import { exitOnConfigError, startSandboxGateway } from './sandbox-gateway.js';

try {
  const { sandbox, gateway: running } = await startSandboxGateway();
  process.stdout.write(`${describeUpstreams(sandbox).join('\n')}\n\nGateway in sandbox mode. GraphiQL: ${running.url}\n`);
  closeOnSignals(async () => {
    await running.close();
    await sandbox.close();
  }, running.logger);
} catch (error) {
  exitOnConfigError(error);
}
