/**
 * Primary-network blocks: `GET .../blockchains/{blockchainId}/blocks[/{blockId}]` and
 * `.../nodes/{nodeId}/blocks`, latest first. P- and X-Chain blocks are the ones the simulated
 * node's `platform.getBlock` / `avm.getBlock` serve; C-Chain blocks those of its `eth_getBlockBy*`.
 */
import { isCb58Id, isHash32, isNodeId, PRIMARY_CHAIN_NAMES } from '@avalanche-graph/identity';
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import type { ChainAlias } from '../../world/primary/index.js';
import { badRequest, notFound } from '../errors.js';
import { blockBody, blocksOf, proposerOf, type AnyBlock } from './ledger-wire.js';
import { paginate, sortBy } from './paging.js';
import { networkParam, primaryChainParam } from './params.js';
import { timeRangeParam } from './transactions.js';

const PAGE = { defaultSize: 10, maxSize: 100 };

export function blockRoutes(service: SandboxService, world: World): void {
  const base = '/v1/networks/{network}/blockchains/{blockchainId}';

  service.route('GET', `${base}/blocks/{blockId}`, ({ params }) => {
    const { net } = networkParam(world, params.network);
    const chain = primaryChainParam(net, params.blockchainId!, ['P', 'X', 'C']);
    const id = params.blockId!;
    const byHeight = /^\d{1,20}$/.test(id);
    if (!byHeight && !(chain === 'C' ? isHash32(id) : isCb58Id(id))) throw badRequest('blockId must be a block height or a block hash');
    const blocks = blocksOf(world, net, chain);
    const block = byHeight ? blocks[Number(id)] : blocks.find((b) => (chain === 'C' ? b.id.toLowerCase() === id.toLowerCase() : b.id === id));
    if (!block) throw notFound(`Block ${id} not found on ${PRIMARY_CHAIN_NAMES[chain]}`);
    return blockBody(net, block);
  });

  const list = (params: Record<string, string>, query: URLSearchParams, nodeId?: string) => {
    const { net, network, name } = networkParam(world, params.network);
    const chain: ChainAlias = primaryChainParam(net, params.blockchainId!, ['P', 'X', 'C']);
    const range = timeRangeParam(query);
    const matching = blocksOf(world, net, chain).filter(
      (b: AnyBlock) => (range.start === undefined || b.time >= range.start) && (range.end === undefined || b.time <= range.end) && (!nodeId || proposerOf(net, b) === nodeId),
    );
    const ordered = sortBy(matching, (b) => b.height, (b) => b.id, 'desc');
    const page = paginate(ordered, query, { scope: ['blocks', network, chain, nodeId ?? '*', range.start ?? '', range.end ?? ''].join('|'), ...PAGE });
    return {
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      blocks: page.items.map((b) => blockBody(net, b)),
      chainInfo: { chainName: PRIMARY_CHAIN_NAMES[chain], network: name },
    };
  };

  service.route('GET', `${base}/blocks`, ({ params, query }) => list(params, query));

  service.route('GET', `${base}/nodes/{nodeId}/blocks`, ({ params, query }) => {
    if (!isNodeId(params.nodeId!)) throw badRequest('nodeId must be a valid node id');
    return list(params, query, params.nodeId);
  });
}
