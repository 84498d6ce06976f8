/**
 * The metrics service client. It never sends an API key.
 */
import type { UpstreamCache } from './cache.js';
import type { HttpTransport } from './http.js';
import { RestClient, type RequestMemo } from './rest.js';

export interface MetricsOptions {
  baseUrl: string;
  transport: HttpTransport;
  cache: UpstreamCache;
  memo?: RequestMemo;
}

export class MetricsClient {
  readonly rest: RestClient;

  constructor(options: MetricsOptions) {
    this.rest = new RestClient({
      service: 'metrics',
      baseUrl: options.baseUrl,
      transport: options.transport,
      cache: options.cache,
      memo: options.memo,
      cachePartition: 'public',
    });
  }
}
