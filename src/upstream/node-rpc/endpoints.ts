/**
 * Where a chain's node answers. The public AvalancheGo API nodes serve only the primary network, so:
 * - an operator's `CHAIN_RPC_URLS` entry (by EVM chain id or blockchain id) wins;
 * - the C-Chain is the network's configured node at `/ext/bc/C/rpc`;
 * - any other chain (an L1) is the `rpcUrl` of its Data API chain record, and its validators
 *   interface sits beside it (`.../rpc` → `.../validators`).
 * A chain with none of these has no endpoint: calls fail with kind `no-endpoint`, naming the chain.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { ChainRpcOverride } from '../../config/index.js';
import { NETWORKS, networkOfTestnet, type NetworkKey } from '@avalanche-graph/identity';
import { UpstreamError } from '../transport/errors.js';

/** What the endpoints of a chain are derived from: the fields of its Data API record that matter. */
export type ChainRecord = Pick<DataApiSchema<'ChainInfo'>, 'chainId' | 'isTestnet'> & Partial<Pick<DataApiSchema<'ChainInfo'>, 'platformChainId' | 'rpcUrl'>>;

export interface NodeEndpoint {
  /** The URL calls are posted to (origin and path, no query). */
  url: string;
  /**
   * The route template errors and metrics show: a node path template for the configured nodes,
   * `{chainRpcUrl}` / `{chainValidatorsUrl}` for a chain's own URL (never the URL itself).
   */
  template: string;
  /** The circuit-breaker and label name of the endpoint's origin (never a URL). */
  target: string;
}

export interface ChainEndpoints {
  network: NetworkKey;
  rpc: NodeEndpoint | string;
  /** The endpoint, or why there is none. */
  validators: NodeEndpoint | string;
}

export const CHAIN_RPC_TEMPLATE = '{chainRpcUrl}';
export const CHAIN_VALIDATORS_TEMPLATE = '{chainValidatorsUrl}';
export const C_CHAIN_RPC_TEMPLATE = '/ext/bc/C/rpc';

export function chainNetwork(chain: ChainRecord): NetworkKey {
  return networkOfTestnet(chain.isTestnet);
}

/** The endpoints of a chain, or the reason each is missing. */
export function chainEndpoints(chain: ChainRecord, nodeUrls: Record<NetworkKey, string>, overrides: Map<string, ChainRpcOverride>): ChainEndpoints {
  const network = chainNetwork(chain);
  const target = `chain-${chain.chainId}`;
  const override = overrides.get(chain.chainId) ?? (chain.platformChainId ? overrides.get(chain.platformChainId) : undefined);
  if (override) {
    const rpc = { url: override.rpc, template: CHAIN_RPC_TEMPLATE, target };
    return { network, rpc, validators: validatorsBeside(chain, override.validators ?? override.rpc, target, override.validators !== undefined) };
  }
  if (chain.platformChainId && chain.platformChainId === NETWORKS[network].blockchainIds.C) {
    return {
      network,
      rpc: { url: `${nodeUrls[network]}${C_CHAIN_RPC_TEMPLATE}`, template: C_CHAIN_RPC_TEMPLATE, target: `node-rpc-${network}` },
      validators: `chain ${chain.chainId} is the C-Chain: its validators are the primary network's`,
    };
  }
  const url = usableUrl(chain.rpcUrl);
  if (!url) {
    const why = `chain ${chain.chainId} has no usable rpcUrl in its Data API record; an operator can set one in CHAIN_RPC_URLS`;
    return { network, rpc: why, validators: why };
  }
  return { network, rpc: { url, template: CHAIN_RPC_TEMPLATE, target }, validators: validatorsBeside(chain, url, target, false) };
}

function validatorsBeside(chain: ChainRecord, url: string, target: string, given: boolean): NodeEndpoint | string {
  if (given) return { url, template: CHAIN_VALIDATORS_TEMPLATE, target };
  const parsed = new URL(url);
  if (!/\/rpc\/?$/.test(parsed.pathname)) {
    return `the RPC URL of chain ${chain.chainId} does not end in /rpc, so its validators endpoint is unknown; an operator can set it in CHAIN_RPC_URLS`;
  }
  parsed.pathname = parsed.pathname.replace(/\/rpc\/?$/, '/validators');
  return { url: parsed.toString(), template: CHAIN_VALIDATORS_TEMPLATE, target };
}

/** An http(s) URL with no credentials, query or fragment, else undefined. */
function usableUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    if (parsed.username || parsed.password || parsed.search || parsed.hash) return undefined;
    return parsed.toString().replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/** The failure of a call to a chain without that endpoint: nothing is sent. */
export function noEndpoint(template: string, method: string, why: string): UpstreamError {
  return new UpstreamError({ service: 'node-rpc', kind: 'no-endpoint', route: `POST ${template} ${method}`, upstreamMessage: why });
}
