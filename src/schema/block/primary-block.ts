/**
 * PrimaryNetworkBlock: a block of the P-, X- or C-Chain as the Data API indexes it
 * (`GET /v1/networks/{network}/blockchains/{blockchainId}/blocks...`), a node with global id
 * `<network>:<p|x|c>:<blockHash>`, linked to its parent, its transactions and the node that
 * proposed it; and the links from a transaction to its block.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { badInput } from '../../errors.js';
import { isCb58Id, NETWORKS, PRIMARY_NETWORK_SUBNET_ID, type NetworkKey, type PrimaryChainAlias } from '@avalanche-graph/identity';
import { connectionType } from '../common/connection.js';
import { primaryList } from '../common/primary-list.js';
import { NetworkName } from '../common/enums.js';
import { networkKey, networkName } from '../common/network-names.js';
import { fieldGuard, typeGuard } from '../common/guards.js';
import { Network } from '../network/network.js';
import { serves } from '../common/operations.js';
import { cb58Id, hash32, nodeId } from '../common/validate.js';
import { Blockchain } from '../blockchain/blockchain.js';
import { blockchainKey } from '../blockchain/keys.js';
import { withChainInfo } from '../common/chain-info.js';
import { blockchainArg, primaryChainArg } from '../common/primary-ids.js';
import { loadTransaction, PrimaryNetworkTransaction, recorded } from '../transaction/primary-transaction.js';
import { type TxShape } from '../transaction/primary-keys.js';
import { timeRangeArg } from '../transaction/tx-types.js';
import { type PrimaryBlockShape, primaryBlockKey, parseBlockKey } from './keys.js';
import { refLoad } from '../common/each-key.js';
import { primaryBlocksByHash } from '../loaders/primary.js';

const BLOCK_PAGE = { defaultSize: 10, maxSize: 100 };
/** Highest block height the graph takes (the chains' heights are 64-bit). */
const MAX_HEIGHT = 2n ** 64n - 1n;

/** A block hash as the chain writes it: cb58 on the P- and X-Chain, 0x hex on the C-Chain. */
export function blockHashArg(argument: string, value: string, chain: PrimaryChainAlias): string {
  return chain === 'C' ? hash32(argument, value) : cb58Id(argument, value);
}

export const PrimaryNetworkBlock = builder.loadableNodeRef<PrimaryBlockShape, string, string>('PrimaryNetworkBlock', {
  id: { resolve: (b) => primaryBlockKey(b.network, b.chain, b.wire.blockHash) },
  load: refLoad(primaryBlocksByHash),
});

function primeBlocks(ctx: Context, blocks: readonly PrimaryBlockShape[]): void {
  for (const b of blocks) PrimaryNetworkBlock.getDataloader(ctx).prime(primaryBlockKey(b.network, b.chain, b.wire.blockHash), b);
}

const ProposerDetails = builder.objectRef<DataApiSchema<'ProposerDetails'>>('ProposerDetails').implement({
  description: 'The Snowman++ proposer wrapper of a block: who proposed it, when, and at which P-Chain height.',
  fields: (t) => ({
    proposerId: t.exposeString('proposerId', { nullable: true, description: 'Id of the proposer block (cb58).' }),
    proposerParentId: t.exposeString('proposerParentId', { nullable: true, description: 'Id of the parent proposer block (cb58).' }),
    proposerNodeId: t.exposeString('proposerNodeId', { nullable: true, description: 'The node that proposed the block (NodeID-...).' }),
    proposerPChainHeight: t.expose('proposerPChainHeight', { type: 'BigInt', nullable: true, description: 'The P-Chain height the proposer window was chosen at.' }),
    proposerTimestamp: t.expose('proposerTimestamp', { type: 'Timestamp', nullable: true, description: 'The proposer block\'s time.' }),
  }),
});

/** Genesis blocks name no parent: the empty id on the P- and X-Chain, 32 zero bytes on the C-Chain. */
const isNoParent = (hash: string) => hash === PRIMARY_NETWORK_SUBNET_ID || /^0x0{64}$/.test(hash) || hash === '';

PrimaryNetworkBlock.implement({
  extensions: typeGuard({ checkId: (key) => (parseBlockKey(key) ? null : 'expected <network>:<p|x|c>:<blockHash> (cb58, or 0x hex on the C-Chain)') }),
  description: 'A block of the P-, X- or C-Chain as the Data API indexes it.',
  fields: (t) => ({
    blockNumber: t.field({ type: 'BigInt', description: 'Height of the block.', resolve: (b) => b.wire.blockNumber }),
    blockHash: t.string({ description: 'The block id (cb58; 0x hex on the C-Chain).', resolve: (b) => b.wire.blockHash }),
    parentHash: t.string({ description: 'Id of the parent block.', resolve: (b) => b.wire.parentHash }),
    parent: t.field({
      type: PrimaryNetworkBlock,
      nullable: true,
      description: 'The parent block; null for the chain\'s first block.',
      resolve: (b) => (isNoParent(b.wire.parentHash) ? null : primaryBlockKey(b.network, b.chain, b.wire.parentHash)),
    }),
    blockTimestamp: t.field({ type: 'Timestamp', description: 'When the block was accepted.', resolve: (b) => b.wire.blockTimestamp }),
    blockType: t.string({ description: 'The block\'s kind as the Data API names it (e.g. a Banff standard block).', resolve: (b) => b.wire.blockType }),
    txCount: t.int({ description: 'Number of transactions in the block.', resolve: (b) => b.wire.txCount }),
    transactionHashes: t.stringList({ description: 'Ids of its transactions, in block order.', resolve: (b) => b.wire.transactions }),
    transactions: t.field({
      type: [PrimaryNetworkTransaction],
      description: 'Its transactions, in block order (one `getTxByHash` each, cached; a transaction the Data API does not know is left out).',
      extensions: { ...fieldGuard({ upstreamCostPerItem: 1, listSize: () => 25 }), ...serves('data:getTxByHash') },
      resolve: async (b, _, ctx) => {
        const txs = await Promise.all(b.wire.transactions.map((hash) => (isCb58Id(hash) ? loadTransaction(ctx, b.network, b.chain, hash) : null)));
        return txs.filter((tx): tx is TxShape => tx !== null);
      },
    }),
    blockSizeBytes: t.int({ description: 'Serialized size in bytes.', resolve: (b) => b.wire.blockSizeBytes }),
    l1ValidatorsAccruedFees: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'P-Chain: continuous fees L1 validators had accrued at this block, in nAVAX.',
      resolve: (b) => (b.wire.l1ValidatorsAccruedFees == null ? null : BigInt(Math.trunc(b.wire.l1ValidatorsAccruedFees))),
    }),
    activeL1Validators: t.int({ nullable: true, description: 'P-Chain: active L1 validators at this block.', resolve: (b) => b.wire.activeL1Validators ?? null }),
    currentSupply: t.field({ type: 'BigInt', nullable: true, description: 'P-Chain: AVAX supply at this block, in nAVAX.', resolve: (b) => b.wire.currentSupply ?? null }),
    proposerDetails: t.field({ type: ProposerDetails, nullable: true, description: 'Who proposed it, when known.', resolve: (b) => b.wire.proposerDetails ?? null }),
    network: t.field({ type: NetworkName, description: 'The network of the block.', resolve: (b) => networkName(b.network) }),
    blockchainId: t.string({ description: 'Id of its chain (cb58).', resolve: (b) => NETWORKS[b.network].blockchainIds[b.chain] }),
    blockchain: t.field({
      type: Blockchain,
      nullable: true,
      description: 'Its chain, as the Data API registers it; null when it has no record of the chain.',
      extensions: fieldGuard({ upstreamCostPerItem: 1 }),
      resolve: (b) => blockchainKey(b.network, NETWORKS[b.network].blockchainIds[b.chain]),
    }),
  }),
});

builder.interfaceFields(PrimaryNetworkTransaction, (t) => ({
  block: t.field({
    type: PrimaryNetworkBlock,
    nullable: true,
    description: 'The block that accepted it; null for an X-Chain transaction accepted in DAG vertices (see `vertices`).',
    extensions: { ...fieldGuard({ upstreamCostPerItem: 1 }), ...serves('data:getBlockById') },
    resolve: recorded((tx) => (tx.wire.blockHash ? primaryBlockKey(tx.network, tx.chain, tx.wire.blockHash) : null)),
  }),
}));

export const PrimaryNetworkBlockConnection = connectionType<PrimaryBlockShape, { chainInfo: DataApiSchema<'PrimaryNetworkChainInfo'> | null }>(
  'PrimaryNetworkBlock',
  PrimaryNetworkBlock,
  'A page of primary-network blocks, latest first.',
);

withChainInfo(PrimaryNetworkBlockConnection);

/** One chain's blocks of a page, priming the block loader with each. */
function listedBlocks(ctx: Context, network: NetworkKey, chain: PrimaryChainAlias, wires: DataApiSchema<'ListPrimaryNetworkBlocksResponse'>['blocks']): PrimaryBlockShape[] {
  const items = wires.map((wire) => ({ network, chain, wire }));
  primeBlocks(ctx, items);
  return items;
}

/** `Network.block`: a chain and exactly one of a height and a hash, checked. */
function blockArgs(args: { blockchain: string; number?: bigint | null; hash?: string | null }, key: NetworkKey) {
  const { blockchainId, alias } = primaryChainArg('blockchain', args.blockchain, key, ['P', 'X', 'C']);
  if ((args.number == null) === (args.hash == null)) throw badInput('number', 'give exactly one of "number" and "hash"');
  if (args.number != null && (args.number < 0n || args.number > MAX_HEIGHT)) throw badInput('number', 'must be between 0 and 2^64-1');
  const blockId = args.hash != null ? blockHashArg('hash', args.hash, alias) : String(args.number);
  return { blockchainId, alias, blockId, byHash: args.hash != null };
}

function listArgs(args: { blockchain: string; startTimestamp?: number | null; endTimestamp?: number | null }, key: NetworkKey) {
  const { blockchainId, alias } = primaryChainArg('blockchain', args.blockchain, key, ['P', 'X', 'C']);
  return { blockchainId, alias, query: timeRangeArg(args) };
}

builder.objectFields(Network, (t) => ({
  block: t.checkedField({
    type: PrimaryNetworkBlock,
    nullable: true,
    description: 'One block of the P-, X- or C-Chain by height or by hash (give exactly one); null when the chain has no such block.',
    args: {
      blockchain: blockchainArg(t),
      number: t.arg({ type: 'BigInt', required: false, description: 'Block height.' }),
      hash: t.arg.string({ required: false, description: 'Block id (cb58; 0x hex on the C-Chain).' }),
    },
    extensions: { ...fieldGuard({ upstreamCostPerItem: 1 }), ...serves('data:getBlockById') },
    check: (args, scope) => blockArgs(args, networkKey(scope.network)),
    scopeOf: (n) => ({ network: n.name }),
    resolve: async (n, { blockchainId, alias, blockId, byHash }, _args, ctx) => {
      const key = networkKey(n.name);
      if (byHash) return primaryBlockKey(key, alias, blockId);
      const wire = await ctx.upstreams.dataApi.primaryNetworkBlocks.getBlockById(key, blockchainId, blockId);
      if (!wire) return null;
      primeBlocks(ctx, [{ network: key, chain: alias, wire }]);
      return primaryBlockKey(key, alias, wire.blockHash);
    },
  }),
  blocks: primaryList(t, {
    type: PrimaryNetworkBlockConnection,
    description: 'A chain\'s latest blocks, latest first (`GET .../blockchains/{blockchainId}/blocks`).',
    args: {
      blockchain: blockchainArg(t),
      startTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only blocks from this time on.' }),
      endTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only blocks up to this time.' }),
    },
    page: BLOCK_PAGE,
    extensions: { ...fieldGuard({ upstreamCostPerItem: 0 }), ...serves('data:listLatestPrimaryNetworkBlocks') },
    network: (n) => n.name,
    check: listArgs,
    name: 'blocks',
    request: ({ blockchainId, query }) => ({ path: [blockchainId], query }),
    read: (ctx, network, blockchainId, query) => ctx.upstreams.dataApi.primaryNetworkBlocks.listLatestPrimaryNetworkBlocks(network, blockchainId, query),
    items: (page, ctx, key, { alias }) => listedBlocks(ctx, key, alias, page.blocks),
  }),
  blocksByNode: primaryList(t, {
    type: PrimaryNetworkBlockConnection,
    description: 'Blocks of a chain that one node proposed, latest first (`GET .../blockchains/{blockchainId}/nodes/{nodeId}/blocks`).',
    args: {
      blockchain: t.arg.string({ required: false, defaultValue: 'p-chain', description: 'p-chain (default), x-chain or c-chain, or one of their blockchain ids on this network.' }),
      nodeId: t.arg.string({ required: true, description: 'The proposing node (NodeID-...).' }),
      startTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only blocks from this time on.' }),
      endTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only blocks up to this time.' }),
    },
    page: BLOCK_PAGE,
    extensions: { ...fieldGuard({ upstreamCostPerItem: 0 }), ...serves('data:listPrimaryNetworkBlocksByNodeId') },
    network: (n) => n.name,
    check: (args, key) => ({ ...listArgs({ ...args, blockchain: args.blockchain ?? 'p-chain' }, key), nodeId: nodeId('nodeId', args.nodeId) }),
    name: 'nodeBlocks',
    request: ({ blockchainId, nodeId, query }) => ({ path: [blockchainId, nodeId], query }),
    read: (ctx, network, blockchainId, nodeId, query) =>
      ctx.upstreams.dataApi.primaryNetworkBlocks.listPrimaryNetworkBlocksByNodeId(network, blockchainId, nodeId, query),
    items: (page, ctx, key, { alias }) => listedBlocks(ctx, key, alias, page.blocks),
  }),
}));
