/**
 * XChainBlock: a linear X-Chain block (`avm.getBlock`, `avm.getBlockByHeight`) with its
 * transactions. Typed members come from the JSON encoding; `raw` from the hex one, which alone is
 * fetched when only `id`/`raw` are selected.
 */
import { builder } from '../../builder.js';
import type { XBlock } from '../../upstream/node-rpc/blocks.js';
import { NodeBlockReader, type NodeBlockShape } from './node-block.js';
import { XChain } from '../xchain/xchain.js';
import { XChainTransaction } from '../transaction/primary-transaction.js';
import { type XNodeTxShape } from '../transaction/primary-keys.js';

export type XBlockShape = NodeBlockShape<XBlock>;

export const xBlocks = new NodeBlockReader<XBlock>('X-Chain', (ctx, network) => ctx.upstreams.nodeRpc.xChain(network).blocks);

export const XChainBlock = builder.objectRef<XBlockShape>('XChainBlock');

XChainBlock.implement({
  description: 'A block of the X-Chain (linear since the Cortina upgrade) with its transactions.',
  fields: (t) => ({
    ...xBlocks.commonFields(t, XChainBlock, {
      parentId: 'Id of the parent block (or of the last DAG vertex, for the first block).',
      parent: 'The parent block; null when the parent is not a block (the first block follows the DAG).',
      timestamp: 'Block time, Unix seconds.',
    }),
    merkleRoot: t.string({ nullable: true, description: 'Merkle root (unused, zero).', resolve: async (b, _, ctx) => (await xBlocks.json(b, ctx)).merkleRoot }),
    txCount: t.int({ description: 'Number of transactions in the block.', resolve: async (b, _, ctx) => (await xBlocks.json(b, ctx)).txs.length }),
    txs: t.field({
      type: [XChainTransaction],
      description: 'The block\'s transactions, in order, as the node wrote them; their Data API members are read by id when selected.',
      resolve: async (b, _, ctx) => (await xBlocks.json(b, ctx)).txs.map((tx): XNodeTxShape => ({ network: b.network, chain: 'X', txHash: tx.id, json: tx })),
    }),
  }),
});

builder.objectFields(XChain, (t) => ({ block: xBlocks.blockField(t, XChainBlock) }));
