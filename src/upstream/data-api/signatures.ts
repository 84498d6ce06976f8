/** Data API signature aggregation (`/v1/signatureAggregator/{network}/...`). */
import type { RestClient } from '../rest.js';

export class SignatureEndpoints {
  constructor(private readonly rest: RestClient) {}
}
