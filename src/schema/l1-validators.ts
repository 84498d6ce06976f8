/**
 * Who runs a chain, as the nodes report it: an L1's validators from the L1's own node
 * (`validators.getCurrentValidators` on `/ext/bc/{blockchainId}/validators`, served by subnet-EVM)
 * as `Chain.validators`, and a blockchain's status on the P-Chain (`platform.getBlockchainStatus`) as
 * `Blockchain.status`.
 */
import { GraphQLError } from 'graphql';
import { builder } from '../builder.js';
import { PRIMARY_NETWORK_SUBNET_ID } from '../lib/networks.js';
import type { WireL1Validator } from '../upstream/types/node-rpc-evm.js';
import { Chain } from './chain.js';
import { knownOr } from './enums.js';
import { BLOCKCHAIN_STATUSES, BlockchainStatus } from './pchain/chain.js';
import { Blockchain } from './primary/blockchain.js';
import { list, nodeId } from './validate.js';
import { fieldGuard, maxItems } from './guards.js';

const MAX_NODE_IDS = 100;

export const L1Validator = builder.objectRef<WireL1Validator>('L1Validator').implement({
  description: 'A validator of an L1 as the L1\'s node sees it: its weight, whether it is active and connected, and its uptime.',
  fields: (t) => ({
    validationId: t.exposeString('validationID', { description: 'Id of the validation (the L1 validator registration on the P-Chain).' }),
    nodeId: t.exposeString('nodeID', { description: 'The validator\'s node id (NodeID-...).' }),
    weight: t.field({ type: 'BigInt', description: 'Consensus weight.', resolve: (v) => BigInt(v.weight) }),
    startTimestamp: t.field({ type: 'Timestamp', description: 'When the validation started (Unix seconds).', resolve: (v) => v.startTimestamp }),
    isActive: t.exposeBoolean('isActive', {
      description: 'True while the validator\'s P-Chain balance covers its continuous fee; an inactive validator does not validate.',
    }),
    isL1Validator: t.exposeBoolean('isL1Validator', {
      description: 'True for a validator registered as an L1 validator (ACP-77); false for a legacy subnet validator.',
    }),
    isConnected: t.exposeBoolean('isConnected', { description: 'True when the answering node is connected to the validator.' }),
    uptimePercentage: t.exposeFloat('uptimePercentage', { description: 'Uptime the answering node observed, in percent.' }),
    uptimeSeconds: t.field({ type: 'BigInt', description: 'Uptime the answering node observed, in seconds.', resolve: (v) => BigInt(v.uptimeSeconds) }),
  }),
});

builder.objectFields(Chain, (t) => ({
  validators: t.field({
    type: [L1Validator],
    nullable: true,
    description:
      'The L1\'s current validators, from its own node (`validators.getCurrentValidators`). On the C-Chain (primary network) this is a BAD_USER_INPUT error: its validators are the primary network\'s, see `Network.validators`.',
    args: {
      nodeIds: t.arg.stringList({
        required: false,
        description: `Only these validators (NodeID-...; at most ${MAX_NODE_IDS}). A node id that does not validate the L1 is left out.`,
        extensions: maxItems(MAX_NODE_IDS),
      }),
    },
    // One call for the whole set; an L1's set is assumed to hold at most a few hundred validators.
    extensions: fieldGuard({
      upstreamCost: 1,
      upstreamCostPerItem: 0,
      listSize: (args) => args.nodeIds?.length ?? 500,
      checkArgs: (args) => args.nodeIds && list('nodeIds', args.nodeIds, MAX_NODE_IDS, nodeId),
    }),
    resolve: async (chain, args, ctx) => {
      const wanted = args.nodeIds ? new Set(list('nodeIds', args.nodeIds, MAX_NODE_IDS, nodeId)) : null;
      if (chain.subnetId === PRIMARY_NETWORK_SUBNET_ID) {
        throw new GraphQLError(
          `Chain ${chain.chainId} is validated by the primary network and has no L1 validator set: use Network.validators (platform.getCurrentValidators) instead.`,
          { extensions: { code: 'BAD_USER_INPUT' } },
        );
      }
      // One call for the whole set, filtered here: the node fails the whole call when any asked
      // node id does not validate, and every `validators` field of the operation shares the call.
      const { validators } = await ctx.upstreams.nodeRpc.l1Validators(chain).getCurrentValidators();
      return wanted ? validators.filter((v) => wanted.has(v.nodeID)) : validators;
    },
  }),
}));

builder.objectFields(Blockchain, (t) => ({
  status: t.field({
    type: BlockchainStatus,
    nullable: true,
    description: 'Its status on the P-Chain, from the network\'s node (`platform.getBlockchainStatus`).',
    extensions: fieldGuard({ upstreamCost: 1 }),
    resolve: async (b, _args, ctx) => {
      return knownOr(await ctx.upstreams.nodeRpc.pChain(b.network).getBlockchainStatus(b.blockchainId), BLOCKCHAIN_STATUSES, 'Unknown');
    },
  }),
}));
