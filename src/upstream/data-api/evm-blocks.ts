/**
 * The Data API's "EVM Blocks" operations: the latest blocks of every chain of a network or of one
 * chain, and one block.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { nullIfNotFound } from '../transport/errors.js';
import { pageTtl, TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { WireAllChainsQuery } from './types/evm-transactions.js';
import type { WirePageQuery } from './types/evm.js';

export class EvmBlocksEndpoints extends Endpoints {
  /** `GET /v1/blocks` (listLatestBlocksAllChains): the latest blocks of every chain of a network, newest first. */
  listLatestBlocksAllChains(query: WireAllChainsQuery): Promise<DataApiSchema<'ListEvmBlocksResponse'>> {
    return this.rest.get('/v1/blocks', undefined, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET /v1/chains/{chainId}/blocks`: latest blocks first. */
  getLatestBlocks(chainId: string, query: WirePageQuery): Promise<DataApiSchema<'ListEvmBlocksResponse'>> {
    return this.rest.get('/v1/chains/{chainId}/blocks', { chainId }, { ...query }, { ttlMs: pageTtl(query) });
  }

  /** `GET /v1/chains/{chainId}/blocks/{blockId}`: one block by number or hash. */
  getBlock(chainId: string, blockId: string): Promise<DataApiSchema<'EvmBlock'> | null> {
    return nullIfNotFound(this.rest.get('/v1/chains/{chainId}/blocks/{blockId}', { chainId, blockId }, undefined, {
      ttlMs: blockId.startsWith('0x') ? TTL.immutable : TTL.moving,
    }));
  }
}
