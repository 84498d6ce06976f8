/**
 * Starts the simulated upstreams on loopback: the Data API, the API node of each network (mainnet,
 * Fuji: network-nodes.ts names them from the identity package's table), the metrics service and the L1s' own nodes, all answering from one world. Once they listen, the chain
 * records point at them (`rpcUrl`), so the gateway reaches an L1's node as it would for real.
 *
 * With `listen: false` nothing listens: the services answer at fixed in-process origins
 * (IN_PROCESS_URLS) through `fetch` and `serviceAt`, for a transport that hands them requests
 * directly (tests run hundreds of operations without a socket).
 */
import { NETWORK_KEYS, type NetworkKey } from '@avalanche-graph/identity';
import { durationFromEnv } from './lib/env.js';
import { startLife, type SandboxLife, type SandboxLifeOptions } from './life.js';
import type { SandboxService } from './http.js';
import type { DataApiAccessOptions } from './data-api/access.js';
import { createDataApi } from './data-api/index.js';
import { createMetrics } from './metrics/index.js';
import { createL1Nodes, createNodeRpc } from './node-rpc/index.js';
import { nodeServiceName, nodeUrlName, perNetwork, type NodeServiceName, type NodeUrlName } from './network-nodes.js';
import { pointChainsAt } from './world/chains.js';
import { createWorld, DEFAULT_SEED, type World } from './world/index.js';

export interface SandboxOptions {
  /** First port; the services take it and the next ones (SERVICE_COUNT in all: five). 0 picks free ports. */
  port?: number;
  host?: string;
  seed?: string;
  /** The Data API's API keys and rate limits (opt-in; `dataApiAccessFromEnv` reads them from SANDBOX_* variables). */
  dataApiAccess?: DataApiAccessOptions;
  /** Delay added to every answer of every service, in ms (default 0); `setLatency` changes it later. */
  latencyMs?: number;
  /** false: open no listener; the services answer at IN_PROCESS_URLS through `fetch` and `serviceAt` (default true). */
  listen?: boolean;
  /**
   * How often the world changes by itself (blocks, ICM deliveries, validator sets); absent or 0: never,
   * the world moves only when asked. `lifeFromEnv` reads it from SANDBOX_*_INTERVAL_MS variables.
   */
  life?: SandboxLifeOptions;
}

/** The services' base URLs: the Data API's, each network's node's (`nodeRpcMainnet`, ...), the metrics service's and the L1s' nodes'. */
export type SandboxUrls = { dataApi: string } & Record<NodeUrlName, string> & { metrics: string; l1Nodes: string };

/** Where the services answer when the sandbox does not listen: origins no resolver knows (`.invalid`). */
export const IN_PROCESS_URLS: Readonly<SandboxUrls> = {
  dataApi: 'http://data-api.sandbox.invalid',
  ...perNetwork(nodeUrlName, (key) => `http://node-${key}.sandbox.invalid`),
  metrics: 'http://metrics.sandbox.invalid',
  l1Nodes: 'http://l1-nodes.sandbox.invalid',
};

export interface Sandbox {
  world: World;
  services: { dataApi: SandboxService } & Record<NodeServiceName, SandboxService> & { metrics: SandboxService; l1Nodes: SandboxService };
  urls: SandboxUrls;
  /** The world's own changes on timers (`options.life`): their intervals and counts, one change now, stop. */
  life: SandboxLife;
  /** The service answering at a URL's origin (listening or in process), if any. */
  serviceAt(url: string | URL): SandboxService | undefined;
  /**
   * Sends a request to the service at its URL's origin without a socket (a fetch function for
   * clients that take one); an origin no service answers rejects as a refused connection does.
   */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  /** Requests per service and route since the last reset. */
  counts(): Record<string, Record<string, number>>;
  /** Clears counters and faults (not the added latency, nor the world's changes). */
  reset(): void;
  /** Sets the delay added to every answer of every service, in ms (0: none), from the next request on. */
  setLatency(ms: number): void;
  /** The added latency, and how many answers each service delayed by it. */
  latency(): { latencyMs: number; delayedAnswers: Record<string, number> };
  /** Stops the world's timers, then closes the services. */
  close(): Promise<void>;
}

/** `SANDBOX_LATENCY_MS`: a whole number of ms, 0 to 60000 (unset: 0). */
export function latencyFromEnv(env: Record<string, string | undefined>): number {
  return durationFromEnv(env, 'SANDBOX_LATENCY_MS', { fallback: 0, min: 0, max: 60_000 });
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const world = createWorld(options.seed ?? DEFAULT_SEED);
  const services = {
    dataApi: createDataApi(world, options.dataApiAccess),
    ...perNetwork(nodeServiceName, (key) => createNodeRpc(world, key)),
    metrics: createMetrics(world),
    l1Nodes: createL1Nodes(world),
  };
  const setLatency = (ms: number) => {
    for (const s of Object.values(services)) s.setLatency(ms);
  };
  setLatency(options.latencyMs ?? 0);
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  const at = (offset: number) => (port === 0 ? 0 : port + offset);
  const started: SandboxService[] = [];
  const serve = (service: SandboxService, offset: number, origin: string) =>
    options.listen === false ? Promise.resolve(service.serveAt(origin)) : listen(service, at(offset), host, started);
  try {
    // Ports in the order of the services: the Data API, the nodes in the table's order, metrics, L1 nodes.
    const dataApi = await serve(services.dataApi, 0, IN_PROCESS_URLS.dataApi);
    const node = {} as Record<NetworkKey, string>;
    for (const [index, key] of NETWORK_KEYS.entries()) node[key] = await serve(services[nodeServiceName(key)], 1 + index, IN_PROCESS_URLS[nodeUrlName(key)]);
    const urls: SandboxUrls = {
      dataApi,
      ...perNetwork(nodeUrlName, (key) => node[key]),
      metrics: await serve(services.metrics, 1 + NETWORK_KEYS.length, IN_PROCESS_URLS.metrics),
      l1Nodes: await serve(services.l1Nodes, 2 + NETWORK_KEYS.length, IN_PROCESS_URLS.l1Nodes),
    };
    pointChainsAt(world.chains, { node, l1Nodes: urls.l1Nodes });
    const byOrigin = new Map(Object.values(services).map((s) => [s.url, s]));
    const serviceAt = (url: string | URL) => byOrigin.get(new URL(url).origin);
    const life = startLife(world, options.life);
    return {
      world,
      services,
      urls,
      life,
      serviceAt,
      fetch: async (input, init) => {
        const service = serviceAt(input instanceof Request ? input.url : input);
        if (!service) throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
        return service.fetch(input, init);
      },
      counts: () => Object.fromEntries(Object.entries(services).map(([name, s]) => [name, s.counts()])),
      reset: () => {
        for (const s of Object.values(services)) {
          s.resetCounters();
          s.clearFaults();
        }
      },
      setLatency,
      latency: () => ({
        latencyMs: services.dataApi.latencyStats().latencyMs,
        delayedAnswers: Object.fromEntries(Object.entries(services).map(([name, s]) => [name, s.latencyStats().delayedAnswers])),
      }),
      close: async () => {
        life.stop();
        await Promise.all(Object.values(services).map((s) => s.close()));
      },
    };
  } catch (error) {
    await Promise.all(started.map((s) => s.close()));
    throw error;
  }
}

async function listen(service: SandboxService, port: number, host: string, started: SandboxService[]): Promise<string> {
  const url = await service.listen(port, host);
  started.push(service);
  return url;
}

// The package's public API: everything a consumer (the gateway's tests and benchmarks included)
// may import, from this one entry point. What is not listed here is internal and may change.

// Launching: options from SANDBOX_* variables, and where the services listen.
export { DEFAULT_SANDBOX_PORT, describeUpstreams, sandboxOptionsFromEnv, upstreamVariables } from './launch.js';
export { nodeRpcVariable, nodeServiceName, nodeUrlName, SERVICE_COUNT, type NodeServiceName, type NodeUrlName } from './network-nodes.js';
export { DEFAULT_LIFE, lifeFromEnv, type LifeChange, type SandboxLife, type SandboxLifeOptions } from './life.js';
export { SandboxConfigError } from './lib/config-error.js';
export { dataApiAccessFromEnv, KEY_HEADERS, type DataApiAccessOptions } from './data-api/access.js';

// The services: routes, counters, faults, latency, health.
export {
  NO_BODY,
  SandboxHttpError,
  SandboxResponse,
  SandboxService,
  type Fault,
  type Handler,
  type SandboxAnswer,
  type SandboxExchange,
  type SandboxRequest,
} from './http.js';
export { sandboxHealth, type SandboxHealth } from './health.js';
export { createDataApi } from './data-api/index.js';
export { createMetrics } from './metrics/index.js';
export { createL1Nodes, createNodeRpc } from './node-rpc/index.js';
export { INVALID_PARAMS, RpcError, rpcEndpoint, type RpcMethod } from './node-rpc/json-rpc.js';
export { evmMethods } from './node-rpc/evm/index.js';

// The world: what it holds (its types), and the facts tests derive their expectations from.
export { createWorld, DEFAULT_SEED, type World } from './world/index.js';
export { Rng } from './world/rng.js';
export { C_CHAIN_BLOCKCHAIN_IDS, createChains, PRIMARY_NETWORK_SUBNET_ID, type SandboxChain, type WireChainInfo } from './world/chains.js';
export type * from './world/evm/types.js';
export { createEvmWorld, idBytes, NATIVE_PRICE_USD, signWarpMessage, USD_RATES } from './world/evm/index.js';
export { addressActivity, isListedInternalCall } from './world/evm/activity.js';
export { C_CHAIN_UPGRADES } from './world/evm/upgrades.js';
export type * from './world/primary/types.js';
export { createPrimaryWorld, EMPTY_ID, FEES, WORLD_NOW } from './world/primary/index.js';
export { amountOf } from './world/primary/ledger.js';
export { inSharedMemory, inUtxoSet, isLockedStake } from './world/primary/queries.js';
export { nodeVersionOf } from './world/primary/node-versions.js';
export { compareBytes, hexWithChecksum } from './world/primary/bytes.js';
export { bareAddress } from './world/primary/wallets.js';
export { buildTpsSeries } from './metrics/series.js';
export { L1_FEE_PER_DAY } from './metrics/v2/staking.js';
