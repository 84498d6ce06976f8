/**
 * The node JSON-RPC clients of one request: the P- and X-Chain of each network (on its configured
 * AvalancheGo node), and the EVM and validators interfaces of any chain, at the endpoint
 * `chainEndpoints` finds for it. EVM calls of one tick to one endpoint go out as one JSON-RPC batch
 * (split at RPC_BATCH_MAX). Node clients never send an API key.
 */
import DataLoader from 'dataloader';
import type { ChainRpcOverride } from '../../config/index.js';
import { NETWORKS, type NetworkKey } from '@avalanche-graph/identity';
import type { UpstreamCache } from '../transport/cache.js';
import type { Transport } from '../transport/call.js';
import { JsonRpcClient, type RpcCall, type RpcEndpoint } from '../transport/json-rpc.js';
import { chainEndpoints, noEndpoint, type ChainEndpoints, type ChainRecord, type NodeEndpoint } from './endpoints.js';
import { EvmRpc } from './evm.js';
import { PChainRpc } from './pchain.js';
import { L1ValidatorsRpc } from './validators.js';
import { XChainRpc } from './xchain.js';
import type { RequestMemo } from '../transport/rest.js';

export interface NodeRpcOptions {
  urls: Record<NetworkKey, string>;
  /** Operators' endpoints per chain (`CHAIN_RPC_URLS`). */
  chainRpcUrls: Map<string, ChainRpcOverride>;
  /** Most calls in one EVM batch request. */
  batchMax: number;
  transport: Transport;
  cache: UpstreamCache;
  memo?: RequestMemo;
}

const callKey = (call: RpcCall) => `${call.method}|${JSON.stringify(call.params ?? [])}`;

export class NodeRpcClients {
  private readonly nodes = new Map<NetworkKey, JsonRpcClient>();
  /** Each chain's endpoints, found once per request (fields of one chain ask for its clients many times). */
  private readonly endpoints = new Map<string, ChainEndpoints>();
  private readonly chains = new Map<string, EvmRpc>();
  private readonly validators = new Map<string, L1ValidatorsRpc>();

  constructor(private readonly options: NodeRpcOptions) {}

  /** `platform.*` of a network's node. */
  pChain(network: NetworkKey): PChainRpc {
    return new PChainRpc(this.node(network));
  }

  /** `avm.*` of a network's node. */
  xChain(network: NetworkKey): XChainRpc {
    return new XChainRpc(this.node(network), NETWORKS[network].hrp);
  }

  /**
   * The batched `eth_*` client of a chain. A chain without an endpoint gets a client whose every
   * call fails with `no-endpoint`, unsent.
   */
  evm(chain: ChainRecord): EvmRpc {
    const { rpc } = this.endpointsOf(chain);
    const key = typeof rpc === 'string' ? `none|${chain.chainId}` : rpc.url;
    let client = this.chains.get(key);
    if (!client) {
      client = typeof rpc === 'string' ? new EvmRpc((call) => Promise.reject(noEndpoint('{chainRpcUrl}', call.method, rpc)), '{chainRpcUrl}') : this.batched(rpc);
      this.chains.set(key, client);
    }
    return client;
  }

  /** `validators.*` of a chain's own node (an L1's). */
  l1Validators(chain: ChainRecord): L1ValidatorsRpc {
    const { validators } = this.endpointsOf(chain);
    const key = typeof validators === 'string' ? `none|${chain.chainId}` : validators.url;
    let client = this.validators.get(key);
    if (!client) {
      client = typeof validators === 'string' ? new L1ValidatorsRpc(null, validators) : new L1ValidatorsRpc(this.client(validators), { template: validators.template, path: '' });
      this.validators.set(key, client);
    }
    return client;
  }

  private endpointsOf(chain: ChainRecord): ChainEndpoints {
    let found = this.endpoints.get(chain.chainId);
    if (!found) {
      found = chainEndpoints(chain, this.options.urls, this.options.chainRpcUrls);
      this.endpoints.set(chain.chainId, found);
    }
    return found;
  }

  private node(network: NetworkKey): JsonRpcClient {
    let client = this.nodes.get(network);
    if (!client) {
      const { transport, cache, memo } = this.options;
      client = new JsonRpcClient({ baseUrl: this.options.urls[network], transport, cache, memo });
      this.nodes.set(network, client);
    }
    return client;
  }

  private client(endpoint: NodeEndpoint): JsonRpcClient {
    const { transport, cache, memo } = this.options;
    return new JsonRpcClient({ baseUrl: endpoint.url, transport, cache, memo, target: endpoint.target });
  }

  private batched(endpoint: NodeEndpoint): EvmRpc {
    const rpc = this.client(endpoint);
    const at: RpcEndpoint = { template: endpoint.template, path: '' };
    const loader = new DataLoader<RpcCall, unknown, string>(
      // Slots holding an UpstreamError reject only their own load.
      (calls) => rpc.batch(at, calls),
      { maxBatchSize: this.options.batchMax, cacheKeyFn: callKey },
    );
    // The shared layer sits in front of the loader: a call already answered in this operation,
    // cached (immutable answers) or in flight for another operation is not sent again.
    return new EvmRpc((call, ttlMs) => rpc.shared(at, call, ttlMs, () => loader.load(call)), endpoint.template);
  }
}
