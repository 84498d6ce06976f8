/**
 * Block: an EVM block of a chain (Data API), with links to its chain, its parent and its
 * transactions; and the Chain fields that reach blocks.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { badInput } from '../../errors.js';
import { Chain } from '../chain/chain.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { upstreamList } from '../common/upstream-list.js';
import { hash32 } from '../common/validate.js';
import { typeGuard } from '../common/guards.js';
import { MAX_BLOCK } from '../common/block-range.js';
import { entity, keyChainId, keyString, type Representation } from '../common/federation.js';
import { serves } from '../common/operations.js';
import { checkChainHashKey } from '../common/global-ids.js';
import { refLoad } from '../common/each-key.js';
import { blocksByHash } from '../loaders/evm.js';

/** Local id of a block: `<chainId>:<blockHash>` (a hash never changes meaning). */
export const blockKey = (chainId: string, blockHash: string) => `${chainId}:${blockHash.toLowerCase()}`;

export const Block = builder.loadableNodeRef<DataApiSchema<'EvmBlock'>, string, string>('Block', {
  id: { resolve: (b) => blockKey(b.chainId, b.blockHash) },
  // An id that names no block loads as null (`node(id)` answers null); a failed call fails only its own slot.
  load: refLoad(blocksByHash),
});

Block.implement({
  extensions: typeGuard({ checkId: checkChainHashKey }),
  description: 'A block of an EVM chain, as indexed by the Data API.',
  fields: (t) => ({
    chain: t.expose('chainId', { type: Chain, description: 'The chain of this block.' }),
    chainId: t.exposeString('chainId', { description: 'EVM chain id of the block\'s chain, as a decimal string (e.g. "43114"); with `number` or `hash`, the block\'s federation key.' }),
    number: t.expose('blockNumber', { type: 'BigInt', description: 'Block number (height).' }),
    hash: t.exposeString('blockHash', { description: 'Block hash (0x, 32 bytes).' }),
    timestamp: t.expose('blockTimestamp', { type: 'Timestamp', description: 'Block time, Unix seconds.' }),
    timestampMilliseconds: t.expose('blockTimestampMilliseconds', { type: 'BigInt', nullable: true, description: 'Block time in Unix milliseconds, on chains that record it (after the Granite upgrade).' }),
    minDelayExcess: t.expose('blockMinDelayExcess', { type: 'BigInt', nullable: true, description: 'The block\'s minimum-delay excess, on chains that record it.' }),
    parentHash: t.exposeString('parentHash', { description: 'Hash of the parent block.' }),
    parent: t.field({
      type: Block,
      nullable: true,
      description: 'The parent block; null for the genesis block.',
      resolve: (b) => (/^0x0+$/.test(b.parentHash) ? null : blockKey(b.chainId, b.parentHash)),
    }),
    txCount: t.exposeInt('txCount', { description: 'Number of transactions in the block.' }),
    baseFee: t.expose('baseFee', { type: 'BigInt', description: 'Base fee per gas, in wei.' }),
    gasUsed: t.expose('gasUsed', { type: 'BigInt', description: 'Gas used by the block\'s transactions.' }),
    gasLimit: t.expose('gasLimit', { type: 'BigInt', description: 'Gas limit of the block.' }),
    gasCost: t.expose('gasCost', { type: 'BigInt', description: 'Block gas cost (Avalanche\'s block fee component).' }),
    feesSpent: t.expose('feesSpent', { type: 'BigInt', description: 'Total fees paid in the block, in wei.' }),
    cumulativeTransactions: t.expose('cumulativeTransactions', { type: 'BigInt', description: 'Transactions on the chain up to and including this block.' }),
  }),
});

/** A block representation's key: by number (the main key) or by hash. */
type BlockKey = { chainId: string; number: string } | { chainId: string; hash: string };

function readBlockKey(rep: Representation, at: string): BlockKey {
  const chainId = keyChainId(rep, at);
  if (rep.hash != null) return { chainId, hash: hash32(`${at}.hash`, keyString(rep, 'hash', at)) };
  const raw = typeof rep.number === 'number' && Number.isSafeInteger(rep.number) ? String(rep.number) : keyString(rep, 'number', at);
  if (!/^\d{1,20}$/.test(raw) || BigInt(raw) > MAX_BLOCK) throw badInput(`${at}.number`, `"${raw.slice(0, 80)}" is not a block number (a decimal string between 0 and ${MAX_BLOCK})`);
  return { chainId, number: BigInt(raw).toString() };
}

// Federation: a block by chain and number (as `Chain.block(number:)` reads it, one call each), or by
// chain and hash (through the block loader, as `Transaction.block` and `node(id:)` read it).
entity(Block, {
  keys: ['chainId number', 'chainId hash'],
  read: readBlockKey,
  resolve: async (key, ctx) => {
    if ('hash' in key) return Block.getDataloader(ctx).load(blockKey(key.chainId, key.hash));
    const block = await ctx.upstreams.dataApi.evmBlocks.getBlock(key.chainId, key.number);
    if (block) Block.getDataloader(ctx).prime(blockKey(block.chainId, block.blockHash), block);
    return block;
  },
});

/** The block `Chain.block` asks for: a number or a hash, exactly one. */
function blockId(args: { number?: bigint | null; hash?: string | null }): string {
  if ((args.number == null) === (args.hash == null)) throw badInput('number', 'give exactly one of "number" and "hash"');
  if (args.number != null && (args.number < 0n || args.number > MAX_BLOCK)) throw badInput('number', `must be between 0 and ${MAX_BLOCK}`);
  return args.hash != null ? hash32('hash', args.hash) : String(args.number);
}

/** Listed blocks, priming the block loader with each. */
export function primedBlocks(ctx: Context, blocks: DataApiSchema<'EvmBlock'>[]): DataApiSchema<'EvmBlock'>[] {
  for (const block of blocks) Block.getDataloader(ctx).prime(blockKey(block.chainId, block.blockHash), block);
  return blocks;
}

const BLOCK_PAGE = { defaultSize: 10, maxSize: 100 };
export const BlockConnection = connectionType('Block', Block, 'A page of blocks, newest first.');

builder.objectFields(Chain, (t) => ({
  blocks: t.field({
    extensions: serves('data:getLatestBlocks'),
    type: BlockConnection,
    nullable: true,
    description: 'The chain\'s blocks, newest first (`GET /v1/chains/{chainId}/blocks`).',
    args: connectionArgs(t, BLOCK_PAGE),
    resolve: (chain, args, ctx) =>
      upstreamList(args, {
        name: 'blocks',
        page: BLOCK_PAGE,
        path: [chain.chainId],
        query: {},
        read: (chainId, query) => ctx.upstreams.dataApi.evmBlocks.getLatestBlocks(chainId, query),
        // A listed block is the same record a lookup by hash returns: a `parent` link to a block of
        // this page then costs no call.
        items: (page) => primedBlocks(ctx, page.blocks),
      }),
  }),
  block: t.checkedField({
    type: Block,
    nullable: true,
    description: 'One block by number or by hash (give exactly one); null when the chain has no such block.',
    args: {
      number: t.arg({ type: 'BigInt', required: false, description: 'Block number.' }),
      hash: t.arg.string({ required: false, description: 'Block hash (0x, 32 bytes).' }),
    },
    extensions: serves('data:getBlock'),
    check: blockId,
    resolve: (chain, id, _args, ctx) => ctx.upstreams.dataApi.evmBlocks.getBlock(chain.chainId, id),
  }),
}));
