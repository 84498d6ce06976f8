/**
 * Vertex: a vertex of the X-Chain's DAG (before the chain was linearized), latest first
 * (`GET /v1/networks/{network}/blockchains/{blockchainId}/vertices`).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import { connectionType } from '../common/connection.js';
import { primaryList } from '../common/primary-list.js';
import { Network } from '../network/network.js';
import { withChainInfo } from '../common/chain-info.js';
import { primaryChainArg } from '../common/primary-ids.js';
import { typeGuard } from '../common/guards.js';
import type { Context } from '../../context.js';
import { NETWORKS, type NetworkKey } from '@avalanche-graph/identity';
import { checkNetworkIdKey, networkIdKey, parseNetworkIdKey } from '../common/global-ids.js';
import { loadEach } from '../common/each-key.js';
import { serves } from '../common/operations.js';

const VERTEX_PAGE = { defaultSize: 10, maxSize: 100 };

/** A vertex and the network whose X-Chain it belongs to (the wire record does not say). */
export type VertexShape = DataApiSchema<'XChainVertex'> & { network: NetworkKey };

/** A vertex by hash (`GET .../vertices/{vertexHash}`); null when the network's X-Chain has none. */
export async function vertexByHash(ctx: Context, network: NetworkKey, vertexHash: string): Promise<VertexShape | null> {
  const wire = await ctx.upstreams.dataApi.primaryNetworkVertices.getVertexByHash(network, NETWORKS[network].blockchainIds.X, vertexHash);
  return wire && { ...wire, network };
}

export const Vertex = builder.loadableNodeRef<VertexShape, string, string>('Vertex', {
  id: { resolve: (v) => networkIdKey(v.network, v.vertexHash) },
  load: (ids: string[], ctx: Context) =>
    loadEach(ids, (id) => {
      const key = parseNetworkIdKey(id);
      return key && vertexByHash(ctx, key.network, key.id);
    }),
});

Vertex.implement({
  // Links to a vertex carry it, or declare their read; only `node(id:)` reads one by its id.
  extensions: typeGuard({ checkId: checkNetworkIdKey('vertexHash'), linksCarryObject: true }),
  description: 'A vertex of the X-Chain\'s DAG: a batch of transactions with its parent vertices. A node: its id is the network and the vertex hash.',
  fields: (t) => ({
    vertexHash: t.exposeString('vertexHash', { description: 'The vertex id (cb58).' }),
    parentHashes: t.exposeStringList('parentHashes', { description: 'Ids of its parent vertices.' }),
    vertexHeight: t.expose('vertexHeight', { type: 'BigInt', description: 'Height in the DAG.' }),
    vertexIndex: t.expose('vertexIndex', { type: 'BigInt', description: 'Position in the order vertices were accepted.' }),
    vertexTimestamp: t.expose('vertexTimestamp', { type: 'Timestamp', description: 'When it was accepted.' }),
    txCount: t.exposeInt('txCount', { description: 'Number of transactions in it.' }),
    transactions: t.exposeStringList('transactions', { description: 'Ids of its transactions.' }),
    vertexSizeBytes: t.exposeInt('vertexSizeBytes', { description: 'Serialized size in bytes.' }),
  }),
});

export const VertexConnection = connectionType<VertexShape, { chainInfo: DataApiSchema<'PrimaryNetworkChainInfo'> | null }>(
  'Vertex',
  Vertex,
  'A page of X-Chain vertices, latest first.',
);

withChainInfo(VertexConnection);

builder.objectFields(Network, (t) => ({
  vertices: primaryList(t, {
    type: VertexConnection,
    description: 'The X-Chain\'s DAG vertices, latest first.',
    args: {
      blockchain: t.arg.string({
        required: false,
        defaultValue: 'x-chain',
        description: 'x-chain or the X-Chain\'s blockchain id on this network.',
      }),
    },
    page: VERTEX_PAGE,
    extensions: serves('data:listLatestXChainVertices'),
    network: (n) => n.name,
    check: (args, key) => primaryChainArg('blockchain', args.blockchain ?? 'x-chain', key, ['X']),
    name: 'vertices',
    request: ({ blockchainId }) => ({ path: [blockchainId], query: {} }),
    read: (ctx, network, blockchainId, query) => ctx.upstreams.dataApi.primaryNetworkVertices.listLatestXChainVertices(network, blockchainId, query),
    items: (page, _ctx, key) => page.vertices.map((v) => ({ ...v, network: key })),
  }),
}));
