/**
 * The two parts of undici the gateway loads from their own files rather than the package's index,
 * which also loads its fetch, WebSocket, EventSource, cache and mock modules (about 10 MiB of an idle
 * process): the Pool, and the `request` method the index mixes into every dispatcher. Typed as the
 * package types them.
 */
declare module 'undici/lib/dispatcher/pool.js' {
  import { Pool } from 'undici';
  export default Pool;
}

declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  /** `Dispatcher.prototype.request`: called with the dispatcher as `this`. */
  const request: (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
  export default request;
}
