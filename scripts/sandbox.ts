/**
 * `npm run sandbox`: the simulated upstreams and the gateway pointed at them, in one process (one
 * Ctrl-C stops both). The upstreams alone are the sandbox's own CLI (`npm run sandbox:upstreams`).
 * SANDBOX_PORT is the gateway configuration's (`sandboxPort`); the other SANDBOX_* variables are the
 * sandbox's (`sandboxOptionsFromEnv`).
 */
import { ConfigError, loadConfig } from '../src/config/index.js';
import { closeOnSignals, startServer } from '../src/http/server.js';
import { startSandbox, describeUpstreams, sandboxOptionsFromEnv, SandboxConfigError } from '@avalanche-graph/sandbox';

try {
  const base = loadConfig();
  const sandbox = await startSandbox({ ...sandboxOptionsFromEnv(process.env), port: base.sandboxPort });
  const config = loadConfig({
    ...process.env,
    DATA_API_URL: sandbox.urls.dataApi,
    NODE_RPC_URL_MAINNET: sandbox.urls.nodeRpcMainnet,
    NODE_RPC_URL_FUJI: sandbox.urls.nodeRpcFuji,
    METRICS_URL: sandbox.urls.metrics,
    HOST: process.env.HOST ?? '127.0.0.1',
  });
  const running = await startServer(config);
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
