/**
 * What every group of Data API endpoints is: methods named after their operations, each sending its
 * request through the client's one `RestClient` (cache, retries, breaker, key).
 */
import type { RestClient } from '../transport/rest.js';

export abstract class Endpoints {
  constructor(protected readonly rest: RestClient) {}
}
