/**
 * Who runs a chain: an L1's validators from the L1's own node (`validators.getCurrentValidators` on
 * `/ext/bc/{blockchainId}/validators`, served by subnet-EVM) as `Chain.validators`, and from the
 * Data API (`GET /v1/networks/{network}/l1Validators`) as `Network.l1Validators`, one `L1Validator`
 * type for both; and a blockchain's status on the P-Chain (`platform.getBlockchainStatus`) as
 * `Blockchain.status`.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { badInput } from '../../errors.js';
import { builder } from '../../builder.js';
import { PRIMARY_NETWORK_SUBNET_ID, networkOfTestnet, type NetworkKey, bytesToHex, cb58Decode } from '@avalanche-graph/identity';
import type { L1NodeValidator } from '../../upstream/node-rpc/validators.js';
import { Chain } from '../chain/chain.js';
import { BlockchainStatus } from '../pchain/pchain.js';
import { Blockchain } from '../blockchain/blockchain.js';
import { cb58Id, list, nodeId } from '../common/validate.js';
import { fieldGuard, maxItems, typeGuard } from '../common/guards.js';
import { checkNetworkIdKey, networkIdKey, parseNetworkIdKey } from '../common/global-ids.js';
import { loadEach } from '../common/each-key.js';
import type { Context } from '../../context.js';
import type { WireL1ValidatorDetails } from '../../upstream/data-api/types/validators.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { type ConnectionArgs } from '../common/pagination.js';
import { upstreamList } from '../common/upstream-list.js';
import { NetworkName } from '../common/enums.js';
import { dataApiNetwork, networkKey, networkName } from '../common/network-names.js';
import { Network } from '../network/network.js';
import { serves } from '../common/operations.js';
import { OutputOwners, ownersFrom } from '../common/outputs.js';
import { pChainAddress } from '../common/primary-ids.js';
import { loadersOf } from '../loaders/index.js';

const MAX_NODE_IDS = 100;

/**
 * An L1 validation as one of its sources read it: the L1's own node (`node`, `Chain.validators`)
 * or the Data API (`details`, `Network.l1Validators`). The Data API's members of a validator read
 * from the node are loaded when selected (one list call per subnet of the operation); the node's
 * own observations (connection, uptime) exist only when read from the node.
 */
export type L1ValidatorShape = { network: NetworkKey; subnetId?: string } & (
  | { node: L1NodeValidator; details?: WireL1ValidatorDetails }
  | { node?: undefined; details: WireL1ValidatorDetails }
);

/** The validation id of an L1 validator, whichever source it was read from. */
export const validationIdOf = (v: L1ValidatorShape) => v.node?.validationId ?? v.details!.validationId;

/** The node id of an L1 validator, whichever source it was read from. */
export const l1NodeIdOf = (v: L1ValidatorShape) => v.node?.nodeId ?? v.details!.nodeId;

/** The Data API's record of the validation: the one it came with, else read by its subnet. */
async function l1DataApiRecord(v: L1ValidatorShape, ctx: Context): Promise<WireL1ValidatorDetails | null> {
  if (v.details) return v.details;
  if (!v.subnetId) return null;
  return loadersOf(ctx).l1ValidationById.load(`${v.network}|${v.subnetId}|${validationIdOf(v)}`);
}

const fromDataApi =
  <T>(pick: (d: WireL1ValidatorDetails) => T | undefined) =>
  async (v: L1ValidatorShape, _args: object, ctx: Context): Promise<T | null> => {
    const record = await l1DataApiRecord(v, ctx);
    return record ? (pick(record) ?? null) : null;
  };

/** P-Chain owners as the Data API sends them (no locktime), with the `P-` prefix the P-Chain's own owners carry. */
const balanceOwners = (o: DataApiSchema<'BalanceOwner'> | undefined) => (o ? ownersFrom({ threshold: o.threshold, addresses: o.addresses.map(pChainAddress) }) : undefined);

// A Data API member of a validator read from its node may cost the subnet's list (shared by all of them).
const dataApiMember = { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:listL1Validators') };

export const L1Validator = builder.loadableNodeRef<L1ValidatorShape, string, string>('L1Validator', {
  id: { resolve: (v) => networkIdKey(v.network, validationIdOf(v)) },
  // A refetch reads the Data API's record of the validation (inactive ones too).
  load: (ids: string[], ctx: Context) =>
    loadEach(ids, async (id) => {
      const key = parseNetworkIdKey(id);
      const details = key && (await loadersOf(ctx).l1ValidationById.load(`${key.network}||${key.id}`));
      return key && details ? { network: key.network, subnetId: details.subnetId, details } : null;
    }),
});

L1Validator.implement({
  // Links to a validator carry it; only `node(id:)` reads one by its validation id.
  extensions: typeGuard({ checkId: checkNetworkIdKey('validationId'), linksCarryObject: true }),
  description:
    'A validator of an L1 (one validation, by validation id), from the L1\'s own node (`Chain.validators`: weight, activity, connection, uptime) and from the Data API (`Network.l1Validators`, `Subnet.l1Validators`: balance, owners, BLS key). Members of the other source are read when selected; the node\'s observations (`isConnected`, `uptimePercentage`, `uptimeSeconds`) are null when it was read from the Data API. A node: its id is the network and the validation id; `node(id:)` reads it from the Data API.',
  fields: (t) => ({
    validationId: t.string({ description: 'Id of the validation (the L1 validator registration on the P-Chain, cb58).', resolve: validationIdOf }),
    validationIdHex: t.string({
      description: 'The validation id as 0x hex (32 bytes), as the L1\'s validator manager contract names it.',
      resolve: (v) => {
        const bytes = cb58Decode(validationIdOf(v));
        return bytes ? bytesToHex(bytes) : (v.details?.validationIdHex ?? '');
      },
    }),
    nodeId: t.string({ description: 'The validator\'s node id (NodeID-...).', resolve: l1NodeIdOf }),
    network: t.field({ type: NetworkName, description: 'The network of the L1.', resolve: (v) => networkName(v.network) }),
    subnetId: t.string({ nullable: true, description: 'The L1\'s subnet id (cb58).', resolve: (v) => v.subnetId ?? v.details?.subnetId ?? null }),
    weight: t.field({ type: 'BigInt', description: 'Consensus weight; 0 once removed.', resolve: (v) => v.node?.weight ?? BigInt(Math.trunc(v.details!.weight)) }),
    startTimestamp: t.field({
      type: 'Timestamp',
      description: 'When the validation started (Unix seconds): the node\'s start time, or the Data API\'s `creationTimestamp`.',
      resolve: (v) => v.node?.startTimestamp ?? v.details!.creationTimestamp,
    }),
    isActive: t.boolean({
      description: 'True while the validator\'s P-Chain balance covers its continuous fee; an inactive validator does not validate.',
      resolve: (v) => v.node?.isActive ?? v.details!.remainingBalance > 0,
    }),
    isL1Validator: t.boolean({
      description: 'True for a validator registered as an L1 validator (ACP-77); false for a legacy subnet validator (which the Data API does not list here).',
      resolve: (v) => v.node?.isL1Validator ?? true,
    }),
    isConnected: t.boolean({ nullable: true, description: 'True when the answering L1 node is connected to the validator; null when read from the Data API.', resolve: (v) => v.node?.isConnected ?? null }),
    uptimePercentage: t.float({ nullable: true, description: 'Uptime the answering L1 node observed, in percent; null when read from the Data API.', resolve: (v) => v.node?.uptimePercentage ?? null }),
    uptimeSeconds: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Uptime the answering L1 node observed, in seconds; null when read from the Data API.',
      resolve: (v) => (v.node ? v.node.uptimeSeconds : null),
    }),
    remainingBalance: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Balance left on the P-Chain for its continuous fee, in nAVAX (Data API); 0 when inactive.',
      extensions: dataApiMember,
      resolve: fromDataApi((d) => BigInt(Math.trunc(d.remainingBalance))),
    }),
    blsPublicKey: t.string({
      nullable: true,
      description: 'Its BLS public key (0x hex), from the Data API\'s `blsCredentials`.',
      extensions: dataApiMember,
      resolve: fromDataApi((d) => (typeof d.blsCredentials?.publicKey === 'string' ? d.blsCredentials.publicKey : undefined)),
    }),
    remainingBalanceOwner: t.field({
      type: OutputOwners,
      nullable: true,
      description: 'Who receives the remaining balance once it is disabled or removed (Data API).',
      extensions: dataApiMember,
      resolve: fromDataApi((d) => balanceOwners(d.remainingBalanceOwner)),
    }),
    deactivationOwner: t.field({
      type: OutputOwners,
      nullable: true,
      description: 'Who may disable or remove it (Data API).',
      extensions: dataApiMember,
      resolve: fromDataApi((d) => balanceOwners(d.deactivationOwner)),
    }),
  }),
});

export const L1_VALIDATOR_PAGE = { defaultSize: 10, maxSize: 100 };
export const L1ValidatorConnection = connectionType('L1Validator', L1Validator, 'A page of L1 validators.');

export interface L1ValidatorFilters {
  subnetId?: string;
  nodeId?: string;
  l1ValidationId?: string;
  includeInactiveL1Validators?: boolean;
}

/** The L1 validators matching checked filters, as a connection (`GET /v1/networks/{network}/l1Validators`). */
export function l1ValidatorList(ctx: Context, network: NetworkKey, filters: L1ValidatorFilters, args: ConnectionArgs) {
  return upstreamList(args, {
    name: 'l1Validators',
    page: L1_VALIDATOR_PAGE,
    path: [dataApiNetwork(networkName(network))],
    query: filters,
    read: (wireNetwork, query) => ctx.upstreams.dataApi.primaryNetwork.listL1Validators(wireNetwork, query),
    items: (page) => page.validators.map((details): L1ValidatorShape => ({ network, subnetId: details.subnetId, details })),
  });
}

function l1ValidatorFilters(args: { subnetId?: string | null; nodeId?: string | null; l1ValidationId?: string | null; includeInactiveL1Validators?: boolean | null }): L1ValidatorFilters {
  return {
    subnetId: args.subnetId != null ? cb58Id('subnetId', args.subnetId) : undefined,
    nodeId: args.nodeId != null ? nodeId('nodeId', args.nodeId) : undefined,
    l1ValidationId: args.l1ValidationId != null ? cb58Id('l1ValidationId', args.l1ValidationId) : undefined,
    includeInactiveL1Validators: args.includeInactiveL1Validators ?? undefined,
  };
}

builder.objectFields(Network, (t) => ({
  l1Validators: t.checkedField({
    type: L1ValidatorConnection,
    nullable: true,
    description: 'L1 validators as the Data API indexes them (`GET /v1/networks/{network}/l1Validators`): active ones unless asked, by subnet, node or validation id.',
    args: {
      subnetId: t.arg.string({ required: false, description: 'Only validators of this L1 (subnet id, cb58).' }),
      nodeId: t.arg.string({ required: false, description: 'Only validations of this node (NodeID-...).' }),
      l1ValidationId: t.arg.string({ required: false, description: 'Only this validation (cb58).' }),
      includeInactiveL1Validators: t.arg.boolean({ required: false, description: 'Also list validators whose balance ran out (inactive); false when omitted.' }),
      ...connectionArgs(t, L1_VALIDATOR_PAGE),
    },
    extensions: serves('data:listL1Validators'),
    check: l1ValidatorFilters,
    resolve: (n, filters, args, ctx) => l1ValidatorList(ctx, networkKey(n.name), filters, args),
  }),
}));

builder.objectFields(Chain, (t) => ({
  validators: t.checkedField({
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
    }),
    check: (args) => (args.nodeIds ? new Set(list('nodeIds', args.nodeIds, MAX_NODE_IDS, nodeId)) : null),
    resolve: async (chain, wanted, _args, ctx) => {
      if (chain.subnetId === PRIMARY_NETWORK_SUBNET_ID) {
        throw badInput(
          null,
          `Chain ${chain.chainId} is validated by the primary network and has no L1 validator set: use Network.validators (platform.getCurrentValidators) instead.`,
        );
      }
      // One call for the whole set, filtered here: the node fails the whole call when any asked
      // node id does not validate, and every `validators` field of the operation shares the call.
      const validators = await ctx.upstreams.nodeRpc.l1Validators(chain).getCurrentValidators();
      const network: NetworkKey = networkOfTestnet(chain.isTestnet);
      return (wanted ? validators.filter((v) => wanted.has(v.nodeId)) : validators).map((node): L1ValidatorShape => ({ network, subnetId: chain.subnetId, node }));
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
      return BlockchainStatus.from(await ctx.upstreams.nodeRpc.pChain(b.network).getBlockchainStatus(b.blockchainId));
    },
  }),
}));
