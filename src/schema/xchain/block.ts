/**
 * XChainBlock: a linear X-Chain block (`avm.getBlock`, `avm.getBlockByHeight`) with its
 * transactions. Typed members come from the JSON encoding; `raw` from the hex one, which alone is
 * fetched when only `id`/`raw` are selected.
 */
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { bytesFromNodeHex, idOfBytes, wireInt, wireUint } from '../../upstream/node-rpc/codec.js';
import { isRpcNotFound } from '../../upstream/node-rpc/xchain.js';
import type { NetworkKey } from '../../lib/networks.js';
import type { WireXBlock } from '../../upstream/types/node-rpc-xchain.js';
import { XChain } from './chain.js';
import { blockRefArg, selectsOnly, xChainRpc } from './shared.js';
import { XChainTx, type XTxShape } from './tx.js';
import { fieldGuard } from '../guards.js';

export interface XBlockShape {
  network: NetworkKey;
  /** How it was asked for: by id or by height. */
  id?: string;
  height?: bigint;
  json?: WireXBlock;
  hex?: string;
}

const HEX_FIELDS: ReadonlySet<string> = new Set(['id', 'raw']);

async function blockJson(b: XBlockShape, ctx: Context): Promise<WireXBlock> {
  if (b.json) return b.json;
  const rpc = xChainRpc(ctx, b.network);
  return b.id !== undefined ? rpc.getBlock(b.id, 'json') : rpc.getBlockByHeight(b.height!, 'json');
}

/** A block by id or height, in the encoding the selection needs; null when the chain has none. */
export async function fetchXBlock(ctx: Context, b: XBlockShape, hexOnly: boolean): Promise<XBlockShape | null> {
  const rpc = xChainRpc(ctx, b.network);
  try {
    if (hexOnly) return { ...b, hex: b.id !== undefined ? await rpc.getBlock(b.id, 'hex') : await rpc.getBlockByHeight(b.height!, 'hex') };
    return { ...b, json: await blockJson(b, ctx) };
  } catch (error) {
    if (isRpcNotFound(error)) return null;
    throw error;
  }
}

export const XChainBlock = builder.objectRef<XBlockShape>('XChainBlock');

XChainBlock.implement({
  description: 'A block of the X-Chain (linear since the Cortina upgrade) with its transactions.',
  fields: (t) => ({
    id: t.string({
      description: 'Block id (cb58).',
      resolve: async (b, _, ctx) => b.json?.id ?? b.id ?? (b.hex ? idOfBytes(bytesFromNodeHex(b.hex)) : (await blockJson(b, ctx)).id),
    }),
    parentId: t.string({ description: 'Id of the parent block (or of the last DAG vertex, for the first block).', resolve: async (b, _, ctx) => (await blockJson(b, ctx)).parentID }),
    parent: t.field({
      type: XChainBlock,
      nullable: true,
      description: 'The parent block; null when the parent is not a block (the first block follows the DAG).',
      resolve: async (b, _, ctx, info) =>
        fetchXBlock(ctx, { network: b.network, id: (await blockJson(b, ctx)).parentID }, selectsOnly(info, HEX_FIELDS)),
    }),
    height: t.field({ type: 'BigInt', nullable: true, description: 'Block height.', resolve: async (b, _, ctx) => wireUint((await blockJson(b, ctx)).height) }),
    timestamp: t.field({ type: 'Timestamp', nullable: true, description: 'Block time, Unix seconds.', resolve: async (b, _, ctx) => wireInt((await blockJson(b, ctx)).time) }),
    merkleRoot: t.string({ nullable: true, description: 'Merkle root (unused, zero).', resolve: async (b, _, ctx) => (await blockJson(b, ctx)).merkleRoot ?? null }),
    txCount: t.int({ description: 'Number of transactions in the block.', resolve: async (b, _, ctx) => ((await blockJson(b, ctx)).txs ?? []).length }),
    txs: t.field({
      type: [XChainTx],
      description: 'The block\'s transactions, in order.',
      resolve: async (b, _, ctx) => ((await blockJson(b, ctx)).txs ?? []).map((tx): XTxShape => ({ network: b.network, id: tx.id, json: tx })),
    }),
    raw: t.string({
      description: 'The block bytes in the node\'s hex encoding (0x, codec bytes and a 4-byte checksum).',
      resolve: async (b, _, ctx) => {
        if (b.hex) return b.hex;
        const rpc = xChainRpc(ctx, b.network);
        return b.id !== undefined ? rpc.getBlock(b.id, 'hex') : rpc.getBlockByHeight(b.height!, 'hex');
      },
    }),
  }),
});

builder.objectFields(XChain, (t) => ({
  block: t.field({
    type: XChainBlock,
    nullable: true,
    description: 'A block by id or by height (give exactly one); null when the chain has no such block.',
    args: {
      id: t.arg.string({ required: false, description: 'Block id (cb58).' }),
      height: t.arg({ type: 'BigInt', required: false, description: 'Block height.' }),
    },
    extensions: fieldGuard({ checkArgs: blockRefArg }),
    resolve: (x, args, ctx, info) => {
      const ref = blockRefArg(args);
      return fetchXBlock(ctx, { network: x.network, ...ref }, selectsOnly(info, HEX_FIELDS));
    },
  }),
}));
