/** `GET /v1/networks/{network}/blockchains/{blockchainId}/vertices`: the X-Chain's DAG vertices, latest first. */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import type { XVertex } from '../../world/primary/index.js';
import { enumParam } from '../errors.js';
import { paginate, sortBy } from './paging.js';
import { networkParam, primaryChainParam, SORT_ORDERS } from './params.js';

export function vertexBody(vertex: XVertex): Record<string, unknown> {
  return {
    vertexHash: vertex.hash,
    parentHashes: vertex.parentHashes,
    vertexHeight: vertex.height,
    vertexIndex: vertex.index,
    vertexTimestamp: vertex.time,
    txCount: vertex.txIds.length,
    transactions: vertex.txIds,
    vertexSizeBytes: vertex.bytes.length,
  };
}

export function vertexRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/networks/{network}/blockchains/{blockchainId}/vertices', ({ params, query }) => {
    const { net, network, name } = networkParam(world, params.network);
    primaryChainParam(net, params.blockchainId!, ['X']);
    const sortOrder = enumParam(query, 'sortOrder', SORT_ORDERS) ?? 'desc';
    const ordered = sortBy(net.x.vertices, (v) => v.height, (v) => v.hash, sortOrder);
    const page = paginate(ordered, query, { scope: `vertices|${network}|${sortOrder}`, defaultSize: 10, maxSize: 100 });
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), vertices: page.items.map(vertexBody), chainInfo: { chainName: 'x-chain', network: name } };
  });
}
