/** Data API endpoints of EVM chains (`/v1/chains/{chainId}/...`). */
import type { RestClient } from '../rest.js';
import type { WireEvmBlock, WireListEvmBlocksResponse } from '../types/data-api-evm.js';

/** Blocks by hash never change; a block by number can be reorganized only near the tip. */
const IMMUTABLE_TTL_MS = 10 * 60_000;
/** Lists that grow at the head (latest blocks) are kept only briefly. */
const HEAD_TTL_MS = 2_000;

export class EvmEndpoints {
  constructor(private readonly rest: RestClient) {}

  /** `GET /v1/chains/{chainId}/blocks`: latest blocks first. */
  listBlocks(chainId: string, query: { pageToken?: string; pageSize?: number }): Promise<WireListEvmBlocksResponse> {
    return this.rest.get('/v1/chains/{chainId}/blocks', { chainId }, query, { ttlMs: query.pageToken ? IMMUTABLE_TTL_MS : HEAD_TTL_MS });
  }

  /** `GET /v1/chains/{chainId}/blocks/{blockId}`: one block by number or hash. */
  getBlock(chainId: string, blockId: string): Promise<WireEvmBlock> {
    return this.rest.get('/v1/chains/{chainId}/blocks/{blockId}', { chainId, blockId }, undefined, {
      ttlMs: blockId.startsWith('0x') ? IMMUTABLE_TTL_MS : HEAD_TTL_MS,
    });
  }
}
