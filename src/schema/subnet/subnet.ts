/**
 * Subnet: a subnet created on the P-Chain (the primary network's is 11111111111111111111111111111111LpoYY),
 * with its owner, its L1 conversion and its blockchains (`GET /v1/networks/{network}/subnets[/{subnetId}]`),
 * linked with what names it: `Blockchain.subnet`, `Chain.subnet`, `Validator.subnet`,
 * `L1Validator.subnet`; and from it to its validators (`Subnet.validators`, `Subnet.l1Validators`).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import { isCb58Id, networkOfTestnet, type NetworkKey } from '@avalanche-graph/identity';
import { Chain } from '../chain/chain.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { upstreamList } from '../common/upstream-list.js';
import { NetworkName, SortOrder } from '../common/enums.js';
import { dataApiNetwork, networkKey, networkName } from '../common/network-names.js';
import { fieldGuard, typeGuard } from '../common/guards.js';
import { L1_VALIDATOR_PAGE, L1Validator, L1ValidatorConnection, l1ValidatorList } from '../validator/l1-validator.js';
import { Network } from '../network/network.js';
import { serves } from '../common/operations.js';
import { checkNetworkIdKey } from '../common/global-ids.js';
import { Validator } from '../validator/validator.js';
import { cb58Id, nodeId as nodeIdArg } from '../common/validate.js';
import { OutputOwners, ownersFrom } from '../common/outputs.js';
import { Blockchain } from '../blockchain/blockchain.js';
import { blockchainKey, type BlockchainShape } from '../blockchain/keys.js';
import { pChainAddress } from '../common/primary-ids.js';
import { VALIDATOR_PAGE, ValidationStatus, ValidatorConnection, validatorList, validatorListQuery } from '../validator/validator-details.js';
import { subnetKey, type SubnetShape } from './keys.js';
import { refLoad } from '../common/each-key.js';
import { subnetsById } from '../loaders/primary.js';

export const Subnet = builder.loadableNodeRef<SubnetShape, string, string>('Subnet', {
  id: { resolve: (s) => subnetKey(s.network, s.subnetId) },
  // An id of no subnet loads as null; a failed call fails its own slot only.
  load: refLoad(subnetsById),
});

/** A subnet's owners, with the P-Chain prefix on the addresses the Data API sends bare. */
export const subnetOwners = (info: DataApiSchema<'SubnetOwnershipInfo'>) => ownersFrom({ ...info, addresses: info.addresses.map(pChainAddress) })!;

export const L1ValidatorManager = builder.objectRef<DataApiSchema<'L1ValidatorManagerDetails'> & { network: NetworkKey }>('L1ValidatorManager').implement({
  description: 'The contract that manages an L1\'s validator set, and the chain it runs on.',
  fields: (t) => ({
    blockchainId: t.exposeString('blockchainId', { description: 'Id of the blockchain the contract runs on (cb58).' }),
    contractAddress: t.exposeString('contractAddress', { description: 'Address of the contract (0x hex).' }),
    blockchain: t.field({
      type: Blockchain,
      nullable: true,
      description: 'The blockchain the contract runs on.',
      resolve: (m) => blockchainKey(m.network, m.blockchainId),
    }),
  }),
});

Subnet.implement({
  extensions: typeGuard({ checkId: checkNetworkIdKey('subnetId') }),
  description: 'A subnet created on the P-Chain (or the primary network itself): its owner, whether it became an L1, its blockchains and its validators.',
  fields: (t) => ({
    subnetId: t.exposeString('subnetId', { description: 'The subnet id (cb58).' }),
    network: t.field({ type: NetworkName, description: 'The network it was created on.', resolve: (s) => networkName(s.network) }),
    createBlockTimestamp: t.expose('createBlockTimestamp', { type: 'Timestamp', description: 'Time of the P-Chain block that created it.' }),
    createBlockIndex: t.expose('createBlockIndex', { type: 'BigInt', description: 'Height of the P-Chain block that created it.' }),
    subnetOwnershipInfo: t.field({
      type: OutputOwners,
      description: 'Who may change it (its latest owner): `threshold` signatures of `addresses` (P-Chain, bech32), after `locktime`.',
      resolve: (s) => subnetOwners(s.subnetOwnershipInfo),
    }),
    isL1: t.exposeBoolean('isL1', { description: 'True once converted to an L1 (ACP-77), which manages its validators itself.' }),
    l1ConversionTransactionHash: t.exposeString('l1ConversionTransactionHash', { nullable: true, description: 'Id of the ConvertSubnetToL1Tx that made it an L1.' }),
    l1ValidatorManager: t.field({
      type: L1ValidatorManager,
      nullable: true,
      description: 'The validator manager contract of an L1.',
      resolve: (s) => (s.l1ValidatorManagerDetails ? { ...s.l1ValidatorManagerDetails, network: s.network } : null),
    }),
    blockchains: t.field({
      type: [Blockchain],
      description: 'The blockchains it validates, as the subnet record lists them (no further call).',
      extensions: fieldGuard({ upstreamCostPerItem: 0 }),
      resolve: (s) => s.blockchains.map((b): BlockchainShape => ({ ...b, network: s.network })),
    }),
    validators: t.checkedField({
      type: ValidatorConnection,
      nullable: true,
      description: 'Its validations as the Data API lists them (`Network.validatorList` with this `subnetId`).',
      args: {
        validationStatus: t.arg({ type: ValidationStatus, required: false, description: 'Only validations in this status (not UNKNOWN).' }),
        ...connectionArgs(t, VALIDATOR_PAGE),
      },
      extensions: { ...fieldGuard({ upstreamCost: 2 }), ...serves('data:listValidators') },
      check: validatorListQuery,
      // The list's subnet is this one (checked as a `subnetId` filter is).
      resolve: (s, query, args, ctx) => validatorList(ctx, s.network, { ...query, subnetId: cb58Id('subnetId', s.subnetId) }, args),
    }),
    l1Validators: t.checkedField({
      type: L1ValidatorConnection,
      nullable: true,
      description: 'Its L1 validators as the Data API lists them (`Network.l1Validators` with this `subnetId`); empty before it became an L1.',
      args: {
        nodeId: t.arg.string({ required: false, description: 'Only validations of this node (NodeID-...).' }),
        includeInactiveL1Validators: t.arg.boolean({ required: false, description: 'Also list validators whose balance ran out; false when omitted.' }),
        ...connectionArgs(t, L1_VALIDATOR_PAGE),
      },
      extensions: serves('data:listL1Validators'),
      check: (args) => (args.nodeId != null ? nodeIdArg('nodeId', args.nodeId) : undefined),
      resolve: (s, nodeId, args, ctx) =>
        l1ValidatorList(ctx, s.network, { subnetId: s.subnetId, nodeId, includeInactiveL1Validators: args.includeInactiveL1Validators ?? undefined }, args),
    }),
  }),
});

const SUBNET_PAGE = { defaultSize: 100, maxSize: 10_000 };
export const SubnetConnection = connectionType('Subnet', Subnet, 'A page of subnets.');

// A subnet is read by id where one is named; each is one call (deduped within the operation).
const subnetLink = { ...serves('data:getSubnetById') };

builder.objectFields(Network, (t) => ({
  subnets: t.field({
    type: SubnetConnection,
    nullable: true,
    description: 'The subnets created on this network\'s P-Chain, with the primary network (`GET /v1/networks/{network}/subnets`).',
    args: {
      ...connectionArgs(t, SUBNET_PAGE),
      sortOrder: t.arg({ type: SortOrder, required: false, description: 'Order by creation time; the upstream default when omitted.' }),
    },
    extensions: serves('data:listSubnets'),
    resolve: (n, args, ctx) => {
      const network = networkKey(n.name);
      return upstreamList(args, {
        name: 'subnets',
        page: SUBNET_PAGE,
        path: [dataApiNetwork(n.name)],
        query: { sortOrder: args.sortOrder ?? undefined },
        read: (wireNetwork, query) => ctx.upstreams.dataApi.primaryNetwork.listSubnets(wireNetwork, query),
        items: (page) => {
          const items = page.subnets.map((s): SubnetShape => ({ ...s, network }));
          // Links to these subnets later in the operation need no call.
          for (const s of items) Subnet.getDataloader(ctx).prime(subnetKey(network, s.subnetId), s);
          return items;
        },
      });
    },
  }),
  subnet: t.checkedField({
    type: Subnet,
    nullable: true,
    description: 'One subnet by id (`GET /v1/networks/{network}/subnets/{subnetId}`); null when this network has none by that id.',
    args: { id: t.arg.string({ required: true, description: 'A subnet id (cb58); the primary network is 11111111111111111111111111111111LpoYY.' }) },
    extensions: subnetLink,
    check: (args) => cb58Id('id', args.id),
    resolve: (n, id) => subnetKey(networkKey(n.name), id),
  }),
}));

builder.objectFields(Blockchain, (t) => ({
  subnet: t.field({ type: Subnet, nullable: true, description: 'The subnet (L1) that validates it.', extensions: subnetLink, resolve: (b) => subnetKey(b.network, b.subnetId) }),
}));

builder.objectFields(Chain, (t) => ({
  subnet: t.field({
    type: Subnet,
    nullable: true,
    description: 'The subnet (L1) that validates this chain, when the chain record names it.',
    extensions: subnetLink,
    resolve: (c) => (c.subnetId && isCb58Id(c.subnetId) ? subnetKey(networkOfTestnet(c.isTestnet), c.subnetId) : null),
  }),
}));

builder.objectFields(Validator, (t) => ({
  subnet: t.field({ type: Subnet, nullable: true, description: 'The subnet it validates (the primary network for primary-network validators).', extensions: subnetLink, resolve: (v) => subnetKey(v.network, v.subnetId) }),
}));

builder.objectFields(L1Validator, (t) => ({
  subnet: t.field({
    type: Subnet,
    nullable: true,
    description: 'The L1 it validates.',
    extensions: subnetLink,
    resolve: (v) => {
      const subnetId = v.subnetId ?? v.details?.subnetId;
      return subnetId ? subnetKey(v.network, subnetId) : null;
    },
  }),
}));
