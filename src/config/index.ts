/**
 * Configuration from the environment. Each variable is declared once, in a table of sections/: its
 * name, section, default, how it is read and checked, its meaning and the `Config` property it sets
 * (src/config/variable.ts says how). `Config` is derived from those tables; `loadConfig` reads them
 * all and stops at the first bad value with a `ConfigError` naming the variable; `npm run config-doc`
 * renders the same tables as docs/configuration.md (test/config-doc.test.ts fails when they differ).
 */
import { auth } from './sections/auth.js';
import { caches } from './sections/caches.js';
import { limits, subscriptions } from './sections/limits.js';
import { MIB, overload } from './sections/overload.js';
import { redis } from './sections/redis.js';
import { federation, server } from './sections/server.js';
import { tracesConfig, traces } from './sections/traces.js';
import { calls, nodeRpcVariable, services } from './sections/upstreams.js';
import type { Env, Settings, Values } from './variable.js';
import { NETWORK_KEYS, type NetworkKey } from '@avalanche-graph/identity';

export { ConfigError, SECTIONS, type Variable } from './variable.js';
export { containerMemoryMb, DEFAULT_MEMORY_LIMIT_MB, MEMORY_SHARES } from './sections/overload.js';
export { FORWARDING_HEADERS, MAX_FORWARDED_HOPS, type ForwardingHeader, type TrustProxy } from './sections/server.js';
export { DEFAULT_KEY_HEADERS, nodeRpcVariable, nodeRpcVariables, type ChainRpcOverride } from './sections/upstreams.js';
export type { RedisHost, RedisTarget } from './sections/redis.js';
export { JWT_ALGORITHMS, type JwtAlgorithm } from './sections/auth.js';
export type { OtlpProtocol, TracesConfig, TracesSampler } from './sections/traces.js';

/**
 * Every variable the gateway reads, in the order of the documentation's sections, which is the order
 * `loadConfig` checks them in (with several bad values, the first is reported): a default derived
 * from another variable comes after it.
 */
export const VARIABLES = { ...server, ...overload, ...services, ...calls, ...caches, ...auth, ...limits, ...subscriptions, ...redis, ...federation, ...traces };

type AllValues = Values<typeof VARIABLES>;

/** The settings made of several variables, or of one in other units. */
const COMBINED = {
  memoryLimitBytes: (v: AllValues) => v.MEMORY_LIMIT_MB * MIB,
  /** Each network's API node, by key, from its `NODE_RPC_URL_<KEY>`. */
  nodeRpcUrl: (v: AllValues) => Object.fromEntries(NETWORK_KEYS.map((key) => [key, v[nodeRpcVariable(key)]])) as Record<NetworkKey, string>,
  traces: tracesConfig,
};

type Flat<T> = { [K in keyof T]: T[K] };

/** The gateway's settings: the `key` of each variable that names one, and the `COMBINED` ones. */
export type Config = Flat<Settings<typeof VARIABLES> & { [K in keyof typeof COMBINED]: ReturnType<(typeof COMBINED)[K]> }>;

export function loadConfig(env: Env = process.env): Config {
  const values: Record<string, unknown> = {};
  const config: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(VARIABLES)) {
    values[name] = variable.read(env, name, values);
    if (variable.key !== undefined) config[variable.key] = values[name];
  }
  for (const [key, combine] of Object.entries(COMBINED)) config[key] = combine(values as AllValues);
  return config as Config;
}
