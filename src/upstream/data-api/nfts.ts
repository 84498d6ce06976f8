/** Data API endpoints of NFTs: ERC-721/1155 balances and collection tokens (`/v1/chains/{chainId}/...`). */
import type { RestClient } from '../rest.js';

export class NftEndpoints {
  constructor(private readonly rest: RestClient) {}
}
