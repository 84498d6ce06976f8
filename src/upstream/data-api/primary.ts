/** Data API endpoints of the primary network (`/v1/networks/...`, `/v1/signatureAggregator/...`). */
import type { RestClient } from '../rest.js';

export class PrimaryEndpoints {
  constructor(private readonly rest: RestClient) {}
}
