/**
 * PChainBlock: a P-Chain block (`platform.getBlock`, `platform.getBlockByHeight`) with its
 * transactions, as `PChainTransaction`s holding the node's record; and the node's members of that
 * type. P-Chain txs come in many types whose members differ: the common members are typed, the type
 * is inferred from the members, and the whole unsigned tx is available as JSON.
 */
import { builder } from '../../builder.js';
import { P_TX_TYPES, type PTx } from '../../upstream/node-rpc/txs.js';
import type { PBlock } from '../../upstream/node-rpc/blocks.js';
import { Credential, inputsOn, outputsOn, TransferableInput, TransferableOutput } from '../transaction/xchain-io.js';
import { NodeBlockReader, type NodeBlockShape } from './node-block.js';
import { PChain } from '../pchain/pchain.js';
import type { Context } from '../../context.js';
import { notFound } from '../../errors.js';
import { PChainTransaction } from '../transaction/primary-transaction.js';
import { type PNodeTxShape, type PTxShape } from '../transaction/primary-keys.js';

export const PChainTxType = builder.enumType('PChainTxType', {
  description: 'The type of a P-Chain transaction, inferred from the members the node writes for it.',
  values: Object.fromEntries(P_TX_TYPES.map((name) => [name, { description: `The ${name.toLowerCase().replace(/_/g, ' ')} transaction type.` }])) as Record<
    (typeof P_TX_TYPES)[number],
    { description: string }
  >,
});

/**
 * The node's record of a P-Chain transaction: the one it holds (a transaction of a node's block),
 * else read from the block the Data API says accepted it (`platform.getBlockByHeight`, cached: a
 * block never changes). NOT_FOUND when the node does not have it.
 */
async function nodeTxOf(tx: PTxShape, ctx: Context): Promise<PTx> {
  if (!tx.wire) return tx.node;
  const height = tx.wire.blockNumber;
  const block = height == null ? null : await ctx.upstreams.nodeRpc.pChain(tx.network).blocks.get({ height: BigInt(height) }, 'json');
  const found = block && block.txs.find((t) => t.id === tx.wire.txHash);
  if (!found) throw notFound(`The P-Chain node has no block holding transaction ${tx.wire.txHash}`);
  return found;
}

/** A resolver of a member of the node's record. */
const fromNode =
  <T>(pick: (tx: PTx, network: PTxShape['network']) => T) =>
  (tx: PTxShape, _args: object, ctx: Context): T | Promise<T> =>
    tx.wire ? nodeTxOf(tx, ctx).then((node) => pick(node, tx.network)) : pick(tx.node, tx.network);

// The node's members of a P-Chain transaction (`PChainBlock.txs`), read from its block for one the Data API listed.
builder.objectFields(PChainTransaction, (t) => ({
  type: t.field({
    type: PChainTxType,
    description: 'The transaction type as the node\'s record shows it (inferred from its members); see also `txType`.',
    resolve: fromNode((tx) => tx.type),
  }),
  networkId: t.int({ nullable: true, description: 'Id of the network (1 mainnet, 5 Fuji), from the node\'s record.', resolve: fromNode((tx) => tx.networkId) }),
  inputs: t.field({
    type: [TransferableInput],
    description: 'Inputs spending P-Chain UTXOs, from the node\'s record.',
    resolve: fromNode((tx, network) => inputsOn(network, tx.inputs, false)),
  }),
  outputs: t.field({
    type: [TransferableOutput],
    description: 'Outputs created on the P-Chain (stake and exports excluded), from the node\'s record.',
    resolve: fromNode((tx, network) => outputsOn(network, tx.outputs)),
  }),
  credentials: t.field({ type: [Credential], description: 'Signatures, one credential per input, from the node\'s record.', resolve: fromNode((tx) => tx.credentials) }),
  unsignedTx: t.field({
    type: 'JSON',
    description: 'The whole unsigned transaction as the node writes it (members depend on the type).',
    resolve: fromNode((tx) => tx.unsignedTx),
  }),
}));

type PBlockShape = NodeBlockShape<PBlock>;

const pBlocks = new NodeBlockReader<PBlock>('P-Chain', (ctx, network) => ctx.upstreams.nodeRpc.pChain(network).blocks);

export const PChainBlock = builder.objectRef<PBlockShape>('PChainBlock');

PChainBlock.implement({
  description: 'A block of the P-Chain with its transactions.',
  fields: (t) => ({
    ...pBlocks.commonFields(t, PChainBlock, {
      parentId: 'Id of the parent block (cb58).',
      parent: 'The parent block; null for the genesis block.',
      timestamp: 'Block time, Unix seconds; null for blocks before Banff, which carry none.',
    }),
    txCount: t.int({ description: 'Number of transactions in the block.', resolve: async (b, _, ctx) => (await pBlocks.json(b, ctx)).txs.length }),
    txs: t.field({
      type: [PChainTransaction],
      description:
        'The block\'s transactions, in order (a proposal block\'s proposed tx last), as the node wrote them; their Data API members are read by id when selected.',
      resolve: async (b, _, ctx) => (await pBlocks.json(b, ctx)).txs.map((node): PNodeTxShape => ({ network: b.network, chain: 'P', txHash: node.id, node })),
    }),
  }),
});

builder.objectFields(PChain, (t) => ({ block: pBlocks.blockField(t, PChainBlock) }));
