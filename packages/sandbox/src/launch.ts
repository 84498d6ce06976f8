/**
 * What a launcher of the simulated upstreams needs (the package's CLI, or a gateway's sandbox mode):
 * the options the SANDBOX_* variables set, and the lines that say where each service listens.
 */
import { dataApiAccessFromEnv } from './data-api/access.js';
import { latencyFromEnv, type Sandbox, type SandboxOptions } from './index.js';
import { SandboxConfigError } from './lib/config-error.js';
import { describeLife, lifeFromEnv } from './life.js';

/** The default first port: the services take it and the next four. */
export const DEFAULT_SANDBOX_PORT = 4100;

/**
 * SANDBOX_PORT (0 picks free ports), SANDBOX_SEED, SANDBOX_API_KEYS, SANDBOX_RATE_LIMIT_KEYED,
 * SANDBOX_RATE_LIMIT_KEYLESS, SANDBOX_LATENCY_MS and the world's intervals (SANDBOX_BLOCK_INTERVAL_MS,
 * SANDBOX_ICM_INTERVAL_MS, SANDBOX_VALIDATOR_SET_INTERVAL_MS: a launcher's world lives unless they are
 * 0); throws SandboxConfigError naming a bad one.
 */
export function sandboxOptionsFromEnv(env: Record<string, string | undefined>): SandboxOptions {
  return { port: portFromEnv(env), seed: env.SANDBOX_SEED, dataApiAccess: dataApiAccessFromEnv(env), latencyMs: latencyFromEnv(env), life: lifeFromEnv(env) };
}

function portFromEnv(env: Record<string, string | undefined>): number {
  const raw = env.SANDBOX_PORT?.trim();
  if (raw === undefined || raw === '') return DEFAULT_SANDBOX_PORT;
  if (!/^\d+$/.test(raw)) throw new SandboxConfigError('SANDBOX_PORT', `"${raw}" is not a whole number`);
  const port = Number(raw);
  // The five services take port..port+4, so the first must leave room for the last.
  if (port > 65_531) throw new SandboxConfigError('SANDBOX_PORT', `${port} is outside 0..65531`);
  return port;
}

/** The services' base URLs as the variables a gateway reads them from, one per line. */
export function describeUpstreams(sandbox: Sandbox): string[] {
  return [
    'Simulated upstreams (loopback):',
    `  DATA_API_URL=${sandbox.urls.dataApi}`,
    `  NODE_RPC_URL_MAINNET=${sandbox.urls.nodeRpcMainnet}`,
    `  NODE_RPC_URL_FUJI=${sandbox.urls.nodeRpcFuji}`,
    `  METRICS_URL=${sandbox.urls.metrics}`,
    `  L1 nodes (the rpcUrl of each L1's chain record): ${sandbox.urls.l1Nodes}/<l1>/<network>/rpc`,
    `  ${describeLife(sandbox.life.intervals)}`,
    ...(sandbox.latency().latencyMs > 0 ? [`  Added latency on every answer: ${sandbox.latency().latencyMs} ms (SANDBOX_LATENCY_MS)`] : []),
  ];
}
