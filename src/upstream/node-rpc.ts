/**
 * The AvalancheGo node JSON-RPC client, one per network. It never sends an API key.
 */
import type { UpstreamCache } from './cache.js';
import type { Transport } from './http.js';
import { JsonRpcClient } from './json-rpc.js';
import type { RequestMemo } from './rest.js';

import type { NetworkKey } from '../lib/networks.js';

export interface NodeRpcOptions {
  urls: Record<NetworkKey, string>;
  transport: Transport;
  cache: UpstreamCache;
  memo?: RequestMemo;
}

export class NodeRpcClients {
  private readonly clients: Record<NetworkKey, JsonRpcClient>;

  constructor(options: NodeRpcOptions) {
    this.clients = {
      mainnet: new JsonRpcClient({ baseUrl: options.urls.mainnet, transport: options.transport, cache: options.cache, memo: options.memo }),
      fuji: new JsonRpcClient({ baseUrl: options.urls.fuji, transport: options.transport, cache: options.cache, memo: options.memo }),
    };
  }

  network(network: NetworkKey): JsonRpcClient {
    return this.clients[network];
  }
}
