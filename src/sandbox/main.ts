/**
 * `npm run sandbox`: the simulated upstreams and the gateway pointed at them, in one process (one
 * Ctrl-C stops both). `npm run sandbox:upstreams` (`--upstreams-only`): the simulated upstreams
 * alone, for other tools to point at. `SANDBOX_LATENCY_MS` adds that delay to every answer of every
 * simulated service (default 0).
 */
import { ConfigError, loadConfig } from '../config.js';
import { closeOnSignals, startServer } from '../server.js';
import { dataApiAccessFromEnv } from './data-api/access.js';
import { latencyFromEnv, startSandbox } from './index.js';
import { SandboxConfigError } from './lib/config-error.js';

const upstreamsOnly = process.argv.includes('--upstreams-only');

try {
  const base = loadConfig();
  const sandbox = await startSandbox({ port: base.sandboxPort, seed: process.env.SANDBOX_SEED, dataApiAccess: dataApiAccessFromEnv(process.env), latencyMs: latencyFromEnv(process.env) });
  const lines = [
    'Simulated upstreams (loopback):',
    `  DATA_API_URL=${sandbox.urls.dataApi}`,
    `  NODE_RPC_URL_MAINNET=${sandbox.urls.nodeRpcMainnet}`,
    `  NODE_RPC_URL_FUJI=${sandbox.urls.nodeRpcFuji}`,
    `  METRICS_URL=${sandbox.urls.metrics}`,
    `  L1 nodes (the rpcUrl of each L1's chain record): ${sandbox.urls.l1Nodes}/<l1>/<network>/rpc`,
    ...(sandbox.latency().latencyMs > 0 ? [`  Added latency on every answer: ${sandbox.latency().latencyMs} ms (SANDBOX_LATENCY_MS)`] : []),
  ];
  if (upstreamsOnly) {
    process.stdout.write(`${lines.join('\n')}\n`);
    closeOnSignals(() => sandbox.close(), { info: (m: unknown) => process.stderr.write(`${m}\n`), error: () => undefined, warn: () => undefined, debug: () => undefined });
  } else {
    const config = loadConfig({
      ...process.env,
      DATA_API_URL: sandbox.urls.dataApi,
      NODE_RPC_URL_MAINNET: sandbox.urls.nodeRpcMainnet,
      NODE_RPC_URL_FUJI: sandbox.urls.nodeRpcFuji,
      METRICS_URL: sandbox.urls.metrics,
      HOST: process.env.HOST ?? '127.0.0.1',
    });
    const running = await startServer(config);
    process.stdout.write(`${lines.join('\n')}\n\nGateway in sandbox mode. GraphiQL: ${running.url}\n`);
    closeOnSignals(async () => {
      await running.close();
      await sandbox.close();
    }, running.logger);
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof SandboxConfigError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(2);
  }
  throw error;
}
