/** The upstream services, their keys and the node endpoints of chains; how calls to them are made. */
import { NETWORKS, type NetworkIdentity } from '@avalanche-graph/identity';
import { baseUrl, endpointUrl, headerName, printable, whole } from '../parse.js';
import { Computed, ConfigError, section, unset, variable, type Parser } from '../variable.js';

/** Without DATA_API_KEY_HEADER the key goes under both names the Data API accepts. */
export const DEFAULT_KEY_HEADERS: readonly string[] = ['x-glacier-api-key', 'x-data-api-key'];

/** An operator's endpoints for one chain: its EVM JSON-RPC and, optionally, its validators interface. */
export interface ChainRpcOverride {
  rpc: string;
  /** Unset: beside `rpc` when that ends in `/rpc` (`.../validators`), else none. */
  validators?: string;
}

/** One header name, lower-cased: the only one the key is sent in. */
const keyHeader: Parser<readonly string[]> = { ...headerName, parse: (raw, name) => [headerName.parse(raw, name)] };

/**
 * A JSON object from an EVM chain id ("779672") or a blockchain id (cb58) to the chain's JSON-RPC
 * URL, or to `{ "rpc": URL, "validators": URL }`.
 */
const chainRpcUrls: Parser<Map<string, ChainRpcOverride>> = {
  accepts: 'a JSON object from an EVM chain id (`"779672"`) or a blockchain id to a URL, or to `{"rpc": URL, "validators": URL}`',
  parse(raw, name) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new ConfigError(name, 'is not JSON (expected e.g. {"779672": "https://rpc.example.com/ext/bc/.../rpc"})');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigError(name, 'must be a JSON object keyed by chain id');
    const out = new Map<string, ChainRpcOverride>();
    for (const [chain, value] of Object.entries(parsed)) {
      if (!/^(\d{1,20}|[1-9A-HJ-NP-Za-km-z]{40,60})$/.test(chain)) {
        throw new ConfigError(name, `"${chain.slice(0, 80)}" is neither an EVM chain id nor a blockchain id`);
      }
      if (typeof value === 'string') {
        out.set(chain, { rpc: endpointUrl(name, chain, value) });
      } else if (value && typeof value === 'object' && !Array.isArray(value)) {
        const entry = value as { rpc?: unknown; validators?: unknown };
        out.set(chain, {
          rpc: endpointUrl(name, `${chain}.rpc`, entry.rpc),
          ...(entry.validators !== undefined ? { validators: endpointUrl(name, `${chain}.validators`, entry.validators) } : {}),
        });
      } else {
        throw new ConfigError(name, `${chain} must map to a URL or to {"rpc": URL, "validators": URL}`);
      }
    }
    return out;
  },
};

/** The base URL of an upstream service, `url` by default. */
const service = <K extends string | null = never>(url: string, spec: { key?: K; meaning: string; see?: string }) => variable(baseUrl(url), { ...spec, default: url });

/** The variable that sets a network's API node: `NODE_RPC_URL_` and its key upper-cased. */
export type NodeRpcVariable<Key extends string> = `NODE_RPC_URL_${Uppercase<Key>}`;

export const nodeRpcVariable = <Key extends string>(key: Key): NodeRpcVariable<Key> => `NODE_RPC_URL_${key.toUpperCase() as Uppercase<Key>}`;

/**
 * One `NODE_RPC_URL_<KEY>` per network of a table (NETWORKS, or another in a test), in its order:
 * each defaults to the network's public API node; the first's meaning says what is appended, the
 * others' refer to it. None sets a `Config` property: `nodeRpcUrl` (src/config/index.ts) gathers them.
 */
export function nodeRpcVariables<const T extends Readonly<Record<string, Pick<NetworkIdentity, 'label' | 'apiNode'>>>>(networks: T) {
  const [first] = Object.keys(networks);
  const entries = Object.entries(networks).map(([key, network]) => {
    const meaning =
      key === first
        ? `The ${network.label} AvalancheGo API node: the P- and X-Chain (\`/ext/bc/P\`, \`/ext/bc/X\`) and C-Chain (\`/ext/bc/C/rpc\`) paths are appended.`
        : `The ${network.label} AvalancheGo API node, as \`${nodeRpcVariable(first!)}\`.`;
    return [nodeRpcVariable(key), service(network.apiNode, { key: null, meaning, see: 'operations.md#where-node-reads-go' })] as const;
  });
  return Object.fromEntries(entries) as { [K in keyof T & string as NodeRpcVariable<K>]: ReturnType<typeof service<null>> };
}

export const services = section('services', {
  DATA_API_KEY_HEADER: variable(keyHeader, {
    key: 'dataApiKeyHeaders',
    default: DEFAULT_KEY_HEADERS,
    shown: 'unset: both `x-glacier-api-key` and `x-data-api-key`',
    meaning: 'The one header the Data API key is sent in; unset, it goes under both names.',
    see: 'operations.md#api-keys',
  }),
  DATA_API_KEY: variable(printable(), {
    primary: true,
    default: unset('unset'),
    meaning:
      'The gateway\'s own Data API key, sent when a caller sends none (a key raises the Data API\'s rate limit). Never sent to the node RPC or the metrics service.',
    see: 'operations.md#api-keys',
  }),
  DATA_API_URL: service('https://data-api.avax.network', { meaning: 'The Data API\'s base URL.' }),
  ...nodeRpcVariables(NETWORKS),
  METRICS_URL: service('https://metrics.avax.network', { meaning: 'The metrics service\'s base URL.' }),
  CHAIN_RPC_URLS: variable(chainRpcUrls, {
    default: new Computed('unset: each chain\'s Data API record', () => new Map<string, ChainRpcOverride>()),
    meaning: 'Node endpoints of chains (e.g. your own node), overriding the `rpcUrl` of their Data API record and, for the C-Chain, the API node.',
    see: 'operations.md#where-node-reads-go',
  }),
});

export const calls = section('calls', {
  UPSTREAM_TIMEOUT_MS: variable(whole(100, 120_000), {
    default: 10_000,
    meaning: 'The deadline of one upstream call, headers and body included; past it the field fails with `UPSTREAM_TIMEOUT`.',
  }),
  UPSTREAM_CONNECTIONS: variable(whole(1, 1024), {
    default: 128,
    meaning:
      'The most open (keep-alive) connections per upstream origin. Calls beyond them queue: at 32, ten concurrent operations of ten transaction lists each waited on the pool (p50 116 ms against 63 ms at 128, with 20 ms upstream latency).',
  }),
  UPSTREAM_RETRIES: variable(whole(0, 5), {
    default: 1,
    meaning: 'How many times an idempotent call (a read) is retried after a connection error; never after a timeout, and a write never.',
  }),
  RPC_BATCH_MAX: variable(whole(1, 1000), {
    default: 40,
    meaning: 'The most calls in one EVM JSON-RPC batch request (the public node accepts 40); an operation\'s calls to one chain beyond it go in further batches.',
  }),
  BREAKER_THRESHOLD: variable(whole(1, 1000), {
    default: 5,
    meaning: 'Consecutive failures (timeouts, connection errors, 5xx, bodies that are not JSON) of one upstream that open its circuit breaker.',
    see: 'operations.md#sick-upstreams',
  }),
  BREAKER_COOLDOWN_MS: variable(whole(100, 600_000), {
    default: 10_000,
    meaning: 'How long an open breaker fails calls fast (`UPSTREAM_UNAVAILABLE`) before it lets one probe through.',
    see: 'operations.md#sick-upstreams',
  }),
  UPSTREAM_HEALTH_TTL_MS: variable(whole(0, 600_000), {
    default: 5_000,
    meaning:
      'How long the answer of the Data API\'s or metrics service\'s health or live check is reused (`/ready`, `upstreamStatus`): one probe per service and check per period, however many callers; `0` shares a probe only while it is in flight.',
    see: 'operations.md#metrics-and-probes',
  }),
});
