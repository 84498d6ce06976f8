/**
 * The metrics service client. It never sends an API key.
 */
import type { UpstreamCache } from '../transport/cache.js';
import type { Transport } from '../transport/call.js';
import { MetricsV2Endpoints } from './v2.js';
import { RestClient, type RequestMemo } from '../transport/rest.js';
import type { WireAvgTpsResponse } from './types.js';

export interface MetricsOptions {
  baseUrl: string;
  transport: Transport;
  cache: UpstreamCache;
  memo?: RequestMemo;
}

export class MetricsClient {
  readonly rest: RestClient;
  /** The v2 routes (chain, staking, L1 validator and ICM metrics, Looking Glass). */
  readonly v2: MetricsV2Endpoints;

  constructor(options: MetricsOptions) {
    this.rest = new RestClient({
      service: 'metrics',
      baseUrl: options.baseUrl,
      transport: options.transport,
      cache: options.cache,
      memo: options.memo,
      cachePartition: 'public',
    });
    this.v2 = new MetricsV2Endpoints(this.rest);
  }

  /**
   * `GET /v1/avg_tps/{chainId}`: the daily average transactions per second of an EVM chain, newest
   * first. The service pages with `pageToken` only (its page size is fixed); an expired or foreign
   * token answers 400. Not kept across operations: every page carries a token the service expires,
   * and a kept page would hand out a token that may already be dead.
   */
  avgTps(chainId: string, pageToken?: string): Promise<WireAvgTpsResponse> {
    return this.rest.get('/v1/avg_tps/{chainId}', { chainId }, { pageToken });
  }
}
