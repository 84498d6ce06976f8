/**
 * What a launcher of the simulated upstreams needs (the package's CLI, or a gateway's sandbox mode):
 * the options the SANDBOX_* variables set, and the lines that say where each service listens.
 */
import { dataApiAccessFromEnv } from './data-api/access.js';
import { latencyFromEnv, type Sandbox, type SandboxOptions, type SandboxUrls } from './index.js';
import { NETWORK_KEYS } from '@avalanche-graph/identity';
import { nodeRpcVariable, nodeUrlName, SERVICE_COUNT } from './network-nodes.js';
import { SandboxConfigError } from './lib/config-error.js';
import { describeLife, lifeFromEnv } from './life.js';

/** The default first port: the services take it and the next ones (SERVICE_COUNT in all). */
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
  // The services take port..port+SERVICE_COUNT-1, so the first must leave room for the last.
  const highest = 65_536 - SERVICE_COUNT;
  if (port > highest) throw new SandboxConfigError('SANDBOX_PORT', `${port} is outside 0..${highest}`);
  return port;
}

/**
 * The services' base URLs as the variables a gateway reads them from: DATA_API_URL, a
 * NODE_RPC_URL_<KEY> per network, METRICS_URL. Spread into a gateway's environment, it points every
 * network's node at the sandbox, a network added to the identity table included.
 */
export function upstreamVariables(urls: SandboxUrls): Record<string, string> {
  return {
    DATA_API_URL: urls.dataApi,
    ...Object.fromEntries(NETWORK_KEYS.map((key) => [nodeRpcVariable(key), urls[nodeUrlName(key)]])),
    METRICS_URL: urls.metrics,
  };
}

/** The services' base URLs as the variables a gateway reads them from, one per line. */
export function describeUpstreams(sandbox: Sandbox): string[] {
  return [
    'Simulated upstreams (loopback):',
    ...Object.entries(upstreamVariables(sandbox.urls)).map(([name, url]) => `  ${name}=${url}`),
    `  L1 nodes (the rpcUrl of each L1's chain record): ${sandbox.urls.l1Nodes}/<l1>/<network>/rpc`,
    `  ${describeLife(sandbox.life.intervals)}`,
    ...(sandbox.latency().latencyMs > 0 ? [`  Added latency on every answer: ${sandbox.latency().latencyMs} ms (SANDBOX_LATENCY_MS)`] : []),
  ];
}
