/**
 * The Data API client: one named call per endpoint, typed wire answers. The API key rule lives here:
 * the caller's key, else the configured key, sent only to the Data API under the configured header.
 */
import { keyFingerprint, type UpstreamCache } from './cache.js';
import type { HttpTransport } from './http.js';
import { RestClient, type RequestMemo, type Query } from './rest.js';
import type { DataApiNetwork, WireChainInfo, WireListChainsResponse } from './types/data-api.js';

export interface DataApiOptions {
  baseUrl: string;
  transport: HttpTransport;
  cache: UpstreamCache;
  memo?: RequestMemo;
  keyHeader: string;
  /** The key to send: the caller's, else the configured one, else none. */
  apiKey: string | undefined;
}

/** How long the chain list (changes rarely, asked by almost every operation) is kept. */
const CHAIN_LIST_TTL_MS = 60_000;

export class DataApiClient {
  readonly rest: RestClient;

  constructor(options: DataApiOptions) {
    this.rest = new RestClient({
      service: 'data-api',
      baseUrl: options.baseUrl,
      transport: options.transport,
      cache: options.cache,
      memo: options.memo,
      headers: options.apiKey ? { [options.keyHeader]: options.apiKey } : {},
      cachePartition: keyFingerprint(options.apiKey),
    });
  }

  /** `GET /v1/chains`: the EVM chains the service indexes. */
  listChains(query: { network?: DataApiNetwork; feature?: string } = {}): Promise<WireListChainsResponse> {
    return this.rest.get('/v1/chains', undefined, query as Query, { ttlMs: CHAIN_LIST_TTL_MS });
  }

  /** `GET /v1/chains/{chainId}`: one chain. */
  getChain(chainId: string): Promise<WireChainInfo> {
    return this.rest.get('/v1/chains/{chainId}', { chainId }, undefined, { ttlMs: CHAIN_LIST_TTL_MS });
  }
}
