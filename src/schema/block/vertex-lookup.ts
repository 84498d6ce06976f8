/**
 * X-Chain vertices by hash and by height (`GET .../vertices/{vertexHash}`, `.../vertices:listByHeight`),
 * as the existing `Vertex` type, and the link from a transaction's vertex details to the vertex.
 */
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';
import { primaryList } from '../common/primary-list.js';
import { SortOrder } from '../common/enums.js';
import { dataApiNetwork, networkKey } from '../common/network-names.js';
import { fieldGuard } from '../common/guards.js';
import { Network } from '../network/network.js';
import { serves } from '../common/operations.js';
import { cb58Id } from '../common/validate.js';
import { primaryChainArg } from '../common/primary-ids.js';
import { TransactionVertex } from '../transaction/primary-transaction.js';
import { Vertex, VertexConnection, vertexByHash } from './vertex.js';

const VERTEX_PAGE = { defaultSize: 10, maxSize: 100 };
/** Heights of the X-Chain's DAG fit a JS number: it stopped growing at its linearization. */
const MAX_VERTEX_HEIGHT = BigInt(Number.MAX_SAFE_INTEGER);

const X_CHAIN_ARG = 'x-chain or the X-Chain\'s blockchain id on this network.';

builder.objectFields(Network, (t) => ({
  vertex: t.checkedField({
    type: Vertex,
    nullable: true,
    description: 'One X-Chain DAG vertex by hash; null when the chain has no such vertex.',
    args: {
      hash: t.arg.string({ required: true, description: 'The vertex id (cb58).' }),
      blockchain: t.arg.string({ required: false, defaultValue: 'x-chain', description: X_CHAIN_ARG }),
    },
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getVertexByHash') },
    check: (args, scope) => {
      const { blockchainId } = primaryChainArg('blockchain', args.blockchain ?? 'x-chain', networkKey(scope.network), ['X']);
      return { blockchainId, hash: cb58Id('hash', args.hash) };
    },
    scopeOf: (n) => ({ network: n.name }),
    resolve: async (n, { blockchainId, hash }, _args, ctx) => {
      const wire = await ctx.upstreams.dataApi.primaryNetworkVertices.getVertexByHash(dataApiNetwork(n.name), blockchainId, hash);
      return wire && { ...wire, network: networkKey(n.name) };
    },
  }),
  verticesAt: primaryList(t, {
    type: VertexConnection,
    description: 'The X-Chain DAG vertices at one height (`GET .../vertices:listByHeight`): a DAG may hold several vertices at a height.',
    args: {
      height: t.arg({ type: 'BigInt', required: true, description: 'The vertex height.' }),
      blockchain: t.arg.string({ required: false, defaultValue: 'x-chain', description: X_CHAIN_ARG }),
      sortOrder: t.arg({ type: SortOrder, required: false, description: 'Order by time; the upstream default when omitted.' }),
    },
    page: VERTEX_PAGE,
    extensions: serves('data:getVertexByHeight'),
    network: (n) => n.name,
    check: verticesAtArgs,
    name: 'verticesAt',
    request: ({ blockchainId, query }) => ({ path: [blockchainId], query }),
    read: (ctx, network, blockchainId, query) => ctx.upstreams.dataApi.primaryNetworkVertices.getVertexByHeight(network, blockchainId, query),
    items: (page, _ctx, key) => page.vertices.map((v) => ({ ...v, network: key })),
  }),
}));

/** The chain and query of `Network.verticesAt`, checked. */
function verticesAtArgs(args: { height: bigint; blockchain?: string | null; sortOrder?: 'asc' | 'desc' | null }, key: Parameters<typeof primaryChainArg>[2]) {
  const { blockchainId } = primaryChainArg('blockchain', args.blockchain ?? 'x-chain', key, ['X']);
  if (args.height < 0n || args.height > MAX_VERTEX_HEIGHT) throw badInput('height', `must be between 0 and ${MAX_VERTEX_HEIGHT}`);
  return { blockchainId, query: { vertexHeight: Number(args.height), sortOrder: args.sortOrder ?? undefined } };
}

builder.objectFields(TransactionVertex, (t) => ({
  vertex: t.field({
    type: Vertex,
    nullable: true,
    description: 'The vertex itself, with its parents and transactions.',
    extensions: { ...fieldGuard({ upstreamCostPerItem: 1 }), ...serves('data:getVertexByHash') },
    resolve: (v, _, ctx) => vertexByHash(ctx, v.network, v.hash),
  }),
}));
