/** X-Chain vertices by hash (`GET .../vertices/{vertexHash}`) and by height (`GET .../vertices:listByHeight`). */
import { isCb58Id } from '@avalanche-graph/identity';
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { badRequest, enumParam, notFound } from '../errors.js';
import { paginate, sortBy } from './paging.js';
import { intParam, networkParam, primaryChainParam, SORT_ORDERS } from './params.js';
import { vertexBody } from './vertices.js';

export function vertexLookupRoutes(service: SandboxService, world: World): void {
  const base = '/v1/networks/{network}/blockchains/{blockchainId}';

  service.route('GET', `${base}/vertices/{vertexHash}`, ({ params }) => {
    const { net } = networkParam(world, params.network);
    primaryChainParam(net, params.blockchainId!, ['X']);
    if (!isCb58Id(params.vertexHash!)) throw badRequest('vertexHash must be a valid cb58 id');
    const vertex = net.x.vertices.find((v) => v.hash === params.vertexHash);
    if (!vertex) throw notFound(`Vertex ${params.vertexHash} not found`);
    return vertexBody(vertex);
  });

  service.route('GET', `${base}/vertices:listByHeight`, ({ params, query }) => {
    const { net, network, name } = networkParam(world, params.network);
    primaryChainParam(net, params.blockchainId!, ['X']);
    if (query.get('vertexHeight') === null) throw badRequest('vertexHeight must be an integer number');
    const height = intParam(query, 'vertexHeight', 0, 0, Number.MAX_SAFE_INTEGER);
    const sortOrder = enumParam(query, 'sortOrder', SORT_ORDERS) ?? 'desc';
    const ordered = sortBy(net.x.vertices.filter((v) => v.height === height), (v) => v.time, (v) => v.hash, sortOrder);
    const page = paginate(ordered, query, { scope: `vertices-at|${network}|${height}|${sortOrder}`, defaultSize: 10, maxSize: 100 });
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), vertices: page.items.map(vertexBody), chainInfo: { chainName: 'x-chain', network: name } };
  });
}
