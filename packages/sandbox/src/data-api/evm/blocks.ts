/** Blocks of an EVM chain, and the transactions of one block. */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { blockIdParam, blockParam, chainParam, pageSizeParam, paginate } from './params.js';
import { wireBlock, wireNativeTransaction } from './wire.js';

export function blockRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/chains/{chainId}/blocks', ({ params, query }) => {
    const pageSize = pageSizeParam(query, { min: 1, max: 100, fallback: 10 });
    const chain = chainParam(world, params.chainId!);
    const newestFirst = [...chain.blocks].reverse();
    const { page, nextPageToken } = paginate(newestFirst, query, pageSize, ['blocks', chain.evmChainId]);
    return { ...(nextPageToken ? { nextPageToken } : {}), blocks: page.map(wireBlock) };
  });

  service.route('GET', '/v1/chains/{chainId}/blocks/{blockId}', ({ params }) => {
    const blockId = blockIdParam(params.blockId!);
    return wireBlock(blockParam(chainParam(world, params.chainId!), blockId));
  });

  service.route('GET', '/v1/chains/{chainId}/blocks/{blockId}/transactions', ({ params, query }) => {
    // pageSize 0 (the official SDK's default) asks for every transaction of the block.
    const requested = pageSizeParam(query, { min: 0, max: 100, fallback: 10 });
    blockIdParam(params.blockId!);
    const chain = chainParam(world, params.chainId!);
    const block = blockParam(chain, params.blockId!);
    const pageSize = requested === 0 ? Number.MAX_SAFE_INTEGER : requested;
    const { page, nextPageToken } = paginate(chain.blockTransactions(block), query, pageSize, ['block-txs', chain.evmChainId, block.number]);
    return {
      ...(nextPageToken ? { nextPageToken } : {}),
      transactions: page.map((tx) => wireNativeTransaction(chain, tx)),
    };
  });
}
