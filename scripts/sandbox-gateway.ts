/**
 * The simulated upstreams and a gateway pointed at them, as `npm run sandbox` and `npm run explorer`
 * start them: SANDBOX_PORT is the gateway configuration's (`sandboxPort`), the other SANDBOX_*
 * variables the sandbox's (`sandboxOptionsFromEnv`), HOST defaults to loopback.
 */
import { loadConfig } from '../src/config/index.js';
import { startServer } from '../src/http/server.js';
import { startSandbox, sandboxOptionsFromEnv } from '@avalanche-graph/sandbox';

export async function startSandboxGateway() {
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
  const gateway = await startServer(config);
  return { sandbox, gateway };
}
