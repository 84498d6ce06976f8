/**
 * The simulated upstreams and a gateway pointed at them, as `npm run sandbox` and `npm run explorer`
 * start them: the SANDBOX_* variables are the sandbox's (`sandboxOptionsFromEnv`: SANDBOX_PORT too),
 * HOST defaults to loopback.
 */
import { ConfigError, loadConfig } from '../src/config/index.js';
import { startServer } from '../src/http/server.js';
import { SandboxConfigError, startSandbox, sandboxOptionsFromEnv, upstreamVariables } from '@avalanche-graph/sandbox';

export async function startSandboxGateway() {
  // The gateway's configuration first: a bad one stops before the upstreams start.
  loadConfig();
  const sandbox = await startSandbox(sandboxOptionsFromEnv(process.env));
  const config = loadConfig({
    ...process.env,
    ...upstreamVariables(sandbox.urls),
    HOST: process.env.HOST ?? '127.0.0.1',
  });
  const gateway = await startServer(config);
  return { sandbox, gateway };
}

/** What a script does with a failed start: a configuration error (the gateway's or the sandbox's) is printed and exits 2; anything else is thrown. */
export function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError || error instanceof SandboxConfigError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(2);
  }
  throw error;
}
