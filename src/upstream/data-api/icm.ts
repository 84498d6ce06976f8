/** Data API endpoints of interchain messages (`/v1/icm/...`). */
import type { RestClient } from '../rest.js';

export class IcmEndpoints {
  constructor(private readonly rest: RestClient) {}
}
