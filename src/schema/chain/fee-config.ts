/**
 * FeeConfig: a subnet-EVM chain's dynamic-fee parameters at a block (`eth_feeConfig`), and the
 * `Chain.feeConfig` field that reads it through the chain's batched node client.
 */
import { builder } from '../../builder.js';
import type { EvmFeeConfig } from '../../upstream/node-rpc/evm.js';
import { Chain } from './chain.js';
import { BLOCK_ARG_DESCRIPTION, blockSelector } from './block-arg.js';
import { servedOrNull } from '../common/notices.js';
import { fieldGuard } from '../common/guards.js';

export const FeeConfig = builder.objectRef<EvmFeeConfig>('FeeConfig').implement({
  description:
    'The dynamic-fee parameters a subnet-EVM chain applies at a block (`eth_feeConfig`): the genesis config or the last one its fee manager set.',
  fields: (t) => ({
    gasLimit: t.expose('gasLimit', { type: 'BigInt', description: 'Gas limit of each block.' }),
    targetBlockRate: t.expose('targetBlockRate', { type: 'BigInt', description: 'Target seconds between blocks.' }),
    minBaseFee: t.expose('minBaseFee', { type: 'BigInt', description: 'Lowest base fee per gas, in wei.' }),
    targetGas: t.expose('targetGas', { type: 'BigInt', description: 'Gas the chain targets per fee-update window (10 seconds); above it the base fee rises.' }),
    baseFeeChangeDenominator: t.expose('baseFeeChangeDenominator', { type: 'BigInt', description: 'Damps base-fee changes: the base fee moves by at most 1/denominator of itself per window.' }),
    minBlockGasCost: t.expose('minBlockGasCost', { type: 'BigInt', description: 'Lowest block gas cost.' }),
    maxBlockGasCost: t.expose('maxBlockGasCost', { type: 'BigInt', description: 'Highest block gas cost.' }),
    blockGasCostStep: t.expose('blockGasCostStep', { type: 'BigInt', description: 'How much the block gas cost changes per second of distance from the target block rate.' }),
    lastChangedAt: t.expose('lastChangedAt', { type: 'BigInt', description: 'Block number at which this config took effect through the fee manager; 0 when the genesis config applies.' }),
  }),
});

builder.objectFields(Chain, (t) => ({
  feeConfig: t.checkedField({
    type: FeeConfig,
    nullable: true,
    description:
      'The fee config at a block (`eth_feeConfig` on the chain\'s node). Null, with a METHOD_NOT_SERVED notice in the response\'s `extensions.notices` and no error, on chains whose node does not serve the method: the C-Chain (coreth) has no configurable fees. Batched with the other node reads of the chain.',
    args: { block: t.arg.string({ required: false, description: BLOCK_ARG_DESCRIPTION }) },
    extensions: fieldGuard({ upstreamCost: 1 }),
    // No block given: the node's own default (its latest block), sent without a parameter.
    check: (args) => (args.block == null ? undefined : blockSelector('block', args.block)),
    resolve: (chain, block, _args, ctx, info) => servedOrNull(ctx, info, ctx.upstreams.nodeRpc.evm(chain).feeConfig(block)),
  }),
}));
