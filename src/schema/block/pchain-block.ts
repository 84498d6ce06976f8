/**
 * PChainBlock: a P-Chain block (`platform.getBlock`, `platform.getBlockByHeight`) with its
 * transactions, as `PChainTransaction`s holding the node's record; and the node's members of that
 * type. P-Chain txs come in many types whose members differ: the common members are typed, the type
 * is inferred from the members, and the whole unsigned tx is available as JSON.
 */
import { builder } from '../../builder.js';
import { wireInt } from '../../upstream/node-rpc/codec.js';
import type { WirePBlock, WirePTx } from '../../upstream/node-rpc/wire/pchain.js';
import type { WireTransferableInput, WireTransferableOutput } from '../../upstream/node-rpc/wire/xchain.js';
import { Credential, credentialFrom, inputFrom, outputFrom, TransferableInput, TransferableOutput } from '../transaction/xchain-io.js';
import { NodeBlockReader, type NodeBlockShape } from './node-block.js';
import { PChain } from '../pchain/pchain.js';
import type { Context } from '../../context.js';
import { notFound } from '../../errors.js';
import { PChainTransaction } from '../transaction/primary-transaction.js';
import { type PNodeTxShape, type PTxShape } from '../transaction/primary-keys.js';

/** Inferred from which members an unsigned tx has, most specific first. */
const TYPE_RULES: Array<[string, (u: Record<string, unknown>) => boolean]> = [
  ['REWARD_VALIDATOR', (u) => 'txID' in u && !('networkID' in u) && !('inputs' in u)],
  ['ADVANCE_TIME', (u) => 'time' in u && !('networkID' in u) && !('inputs' in u)],
  ['REGISTER_L1_VALIDATOR', (u) => 'message' in u && 'balance' in u],
  ['SET_L1_VALIDATOR_WEIGHT', (u) => 'message' in u],
  ['DISABLE_L1_VALIDATOR', (u) => 'validationID' in u && 'disableAuthorization' in u],
  ['INCREASE_L1_VALIDATOR_BALANCE', (u) => 'validationID' in u && 'balance' in u],
  ['CONVERT_SUBNET_TO_L1', (u) => 'chainID' in u && 'validators' in u],
  ['CREATE_CHAIN', (u) => 'chainName' in u],
  ['TRANSFER_SUBNET_OWNERSHIP', (u) => 'owner' in u && 'subnetID' in u],
  ['CREATE_SUBNET', (u) => 'owner' in u],
  ['TRANSFORM_SUBNET', (u) => 'initialSupply' in u],
  ['ADD_PERMISSIONLESS_VALIDATOR', (u) => 'validator' in u && 'signer' in u],
  ['ADD_PERMISSIONLESS_DELEGATOR', (u) => 'validator' in u && 'rewardsOwner' in u && 'subnetID' in u],
  ['ADD_DELEGATOR', (u) => 'validator' in u && 'rewardsOwner' in u],
  ['ADD_VALIDATOR', (u) => 'validator' in u && 'shares' in u],
  ['ADD_SUBNET_VALIDATOR', (u) => 'validator' in u && 'subnetAuthorization' in u],
  ['REMOVE_SUBNET_VALIDATOR', (u) => 'nodeID' in u && 'subnetAuthorization' in u],
  ['IMPORT', (u) => 'sourceChain' in u],
  ['EXPORT', (u) => 'destinationChain' in u],
  ['BASE', (u) => 'networkID' in u || 'inputs' in u],
];

const TX_TYPES = [...TYPE_RULES.map(([name]) => name), 'UNKNOWN'] as const;

export const PChainTxType = builder.enumType('PChainTxType', {
  description: 'The type of a P-Chain transaction, inferred from the members the node writes for it.',
  values: Object.fromEntries(TX_TYPES.map((name) => [name, { description: `The ${name.toLowerCase().replace(/_/g, ' ')} transaction type.` }])) as Record<
    (typeof TX_TYPES)[number],
    { description: string }
  >,
});

interface BaseMembers {
  networkID?: number | string;
  blockchainID?: string;
  outputs?: WireTransferableOutput[] | null;
  inputs?: WireTransferableInput[] | null;
  memo?: string;
}

/** The BaseTx members: at the top of the unsigned tx, or (older nodes) nested under `inputs`. */
function baseOf(tx: WirePTx): BaseMembers {
  const u = (tx.unsignedTx ?? {}) as Record<string, unknown>;
  const nested = u.inputs;
  if (nested && typeof nested === 'object' && !Array.isArray(nested)) return nested as BaseMembers;
  return u as BaseMembers;
}

/**
 * The node's record of a P-Chain transaction: the one it holds (a transaction of a node's block),
 * else read from the block the Data API says accepted it (`platform.getBlockByHeight`, cached: a
 * block never changes). NOT_FOUND when the node does not have it.
 */
async function nodeTxOf(tx: PTxShape, ctx: Context): Promise<WirePTx> {
  if (!tx.wire) return tx.node;
  const height = tx.wire.blockNumber;
  const block = height == null ? null : await ctx.upstreams.nodeRpc.pChain(tx.network).blocks.get({ height: BigInt(height) }, 'json');
  const found = block && txsOf(block).find((t) => t.id === tx.wire.txHash);
  if (!found) throw notFound(`The P-Chain node has no block holding transaction ${tx.wire.txHash}`);
  return found;
}

/** A resolver of a member of the node's record. */
const fromNode =
  <T>(pick: (tx: WirePTx, network: PTxShape['network']) => T) =>
  (tx: PTxShape, _args: object, ctx: Context): T | Promise<T> =>
    tx.wire ? nodeTxOf(tx, ctx).then((node) => pick(node, tx.network)) : pick(tx.node, tx.network);

// The node's members of a P-Chain transaction (`PChainBlock.txs`), read from its block for one the Data API listed.
builder.objectFields(PChainTransaction, (t) => ({
  type: t.field({
    type: PChainTxType,
    description: 'The transaction type as the node\'s record shows it (inferred from its members); see also `txType`.',
    resolve: fromNode((tx) => (TYPE_RULES.find(([, test]) => test((tx.unsignedTx ?? {}) as Record<string, unknown>))?.[0] ?? 'UNKNOWN') as (typeof TX_TYPES)[number]),
  }),
  networkId: t.int({ nullable: true, description: 'Id of the network (1 mainnet, 5 Fuji), from the node\'s record.', resolve: fromNode((tx) => wireInt(baseOf(tx).networkID)) }),
  inputs: t.field({
    type: [TransferableInput],
    description: 'Inputs spending P-Chain UTXOs, from the node\'s record.',
    resolve: fromNode((tx, network) => (baseOf(tx).inputs ?? []).map((i) => inputFrom(network, i, false))),
  }),
  outputs: t.field({
    type: [TransferableOutput],
    description: 'Outputs created on the P-Chain (stake and exports excluded), from the node\'s record.',
    resolve: fromNode((tx, network) => (baseOf(tx).outputs ?? []).map((o) => outputFrom(network, o))),
  }),
  credentials: t.field({ type: [Credential], description: 'Signatures, one credential per input, from the node\'s record.', resolve: fromNode((tx) => (tx.credentials ?? []).map(credentialFrom)) }),
  unsignedTx: t.field({
    type: 'JSON',
    description: 'The whole unsigned transaction as the node writes it (members depend on the type).',
    resolve: fromNode((tx) => tx.unsignedTx),
  }),
}));

type PBlockShape = NodeBlockShape<WirePBlock>;

const pBlocks = new NodeBlockReader<WirePBlock>('P-Chain', (ctx, network) => ctx.upstreams.nodeRpc.pChain(network).blocks);

export const PChainBlock = builder.objectRef<PBlockShape>('PChainBlock');

PChainBlock.implement({
  description: 'A block of the P-Chain with its transactions.',
  fields: (t) => ({
    ...pBlocks.commonFields(t, PChainBlock, {
      parentId: 'Id of the parent block (cb58).',
      parent: 'The parent block; null for the genesis block.',
      timestamp: 'Block time, Unix seconds; null for blocks before Banff, which carry none.',
    }),
    txCount: t.int({ description: 'Number of transactions in the block.', resolve: async (b, _, ctx) => txsOf(await pBlocks.json(b, ctx)).length }),
    txs: t.field({
      type: [PChainTransaction],
      description:
        'The block\'s transactions, in order (a proposal block\'s proposed tx last), as the node wrote them; their Data API members are read by id when selected.',
      resolve: async (b, _, ctx) => txsOf(await pBlocks.json(b, ctx)).map((node): PNodeTxShape => ({ network: b.network, chain: 'P', txHash: node.id, node })),
    }),
  }),
});

function txsOf(block: WirePBlock): WirePTx[] {
  return [...(block.txs ?? []), ...(block.tx ? [block.tx] : [])];
}

builder.objectFields(PChain, (t) => ({ block: pBlocks.blockField(t, PChainBlock) }));
