/**
 * Where primary-network addresses have been active: the latest UTXO creation or consumption on one
 * chain (`.../lastActivityTimestampByAddresses`, by GET while the address list fits a URL and by
 * POST beyond, the upstream client's choice), and the chains each address has touched
 * (`GET /v1/networks/{network}/addresses:listChainIds`), linked to their blockchain records.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import type { WireAddressChainIds } from '../../upstream/data-api/types/primary-addresses.js';
import { NetworkName } from '../common/enums.js';
import { dataApiNetwork, networkKey, networkNameOfValue } from '../common/network-names.js';
import { fieldGuard, maxItems } from '../common/guards.js';
import { Network } from '../network/network.js';
import { serves } from '../common/operations.js';
import { primaryChainName } from './primary-balances.js';
import { Blockchain } from '../blockchain/blockchain.js';
import { blockchainKey } from '../blockchain/keys.js';
import { PrimaryNetworkChainName } from '../common/chain-info.js';
import { blockchainArg, MAX_UTXO_ADDRESSES, primaryAddresses, primaryChainArg } from '../common/primary-ids.js';

export const LastActivity = builder.objectRef<DataApiSchema<'LastActivityTimestamp'>>('LastActivity').implement({
  description: 'The latest creation or consumption of a UTXO of some addresses on one primary-network chain.',
  fields: (t) => ({
    timestamp: t.expose('timestamp', { type: 'Timestamp', description: 'When it happened.' }),
    blockNumber: t.expose('blockNumber', { type: 'BigInt', description: 'Height of the block it happened in, on that chain.' }),
    txHash: t.exposeString('txHash', { description: 'Id of the transaction that created or consumed the UTXO.' }),
    utxoId: t.exposeString('utxoId', { description: 'Id of the UTXO (cb58), for `Network.utxos`.' }),
    isConsumed: t.exposeBoolean('isConsumed', { description: 'True when the activity spent the UTXO, false when it created it.' }),
    chainName: t.field({
      type: PrimaryNetworkChainName,
      description: 'The chain, by alias.',
      resolve: (a) => PrimaryNetworkChainName.from(a.chainName?.toLowerCase()),
    }),
    network: t.field({
      type: NetworkName,
      nullable: true,
      description: 'The network; null for one this gateway does not know.',
      resolve: (a) => networkNameOfValue(a.network) ?? null,
    }),
  }),
});

interface ChainRefShape {
  network: NetworkKey;
  blockchainId: string;
}

export const PrimaryNetworkChainRef = builder.objectRef<ChainRefShape>('PrimaryNetworkChainRef').implement({
  description: 'A primary-network chain, by id and alias, with its blockchain record.',
  fields: (t) => ({
    blockchainId: t.exposeString('blockchainId', { description: 'The blockchain id (cb58).' }),
    chainName: t.field({
      type: PrimaryNetworkChainName,
      description: 'The chain by alias; UNKNOWN for an id outside this network\'s primary chains.',
      resolve: (c) => primaryChainName(c.blockchainId, c.network),
    }),
    blockchain: t.field({
      type: Blockchain,
      nullable: true,
      description: 'Its blockchain record (VM, subnet, genesis, and the EVM chain for the C-Chain).',
      resolve: (c) => blockchainKey(c.network, c.blockchainId),
    }),
  }),
});

export const AddressChains = builder.objectRef<WireAddressChainIds & { network: NetworkKey }>('AddressChains').implement({
  description: 'The primary-network chains one address has had activity on.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The address, as the Data API echoes it (bech32).' }),
    chains: t.field({
      type: [PrimaryNetworkChainRef],
      description: 'Each chain that created or holds one of its UTXOs.',
      resolve: (a) => a.blockchainIds.map((blockchainId) => ({ network: a.network, blockchainId })),
    }),
  }),
});

interface ActivityArgs {
  blockchain: string;
  addresses: string[];
}

function activityArgs(args: ActivityArgs, key: NetworkKey) {
  const { blockchainId, alias } = primaryChainArg('blockchain', args.blockchain, key, ['P', 'X', 'C']);
  if (args.addresses.length === 0) throw badInput('addresses', 'give at least one address');
  return { blockchainId, addresses: primaryAddresses('addresses', args.addresses, MAX_UTXO_ADDRESSES, key, [alias]) };
}

function chainArgs(args: { addresses: string[] }, key: NetworkKey) {
  if (args.addresses.length === 0) throw badInput('addresses', 'give at least one address');
  return primaryAddresses('addresses', args.addresses, MAX_UTXO_ADDRESSES, key, ['P', 'X']);
}

builder.objectFields(Network, (t) => ({
  lastActivity: t.checkedField({
    type: LastActivity,
    nullable: true,
    description:
      'The latest UTXO creation or consumption of the given addresses on the P-, X- or C-Chain (`.../blockchains/{blockchainId}/lastActivityTimestampByAddresses`); null when they have none. The list goes in the URL while the URL stays within 2048 characters (about 40 addresses), in a POST body beyond.',
    args: {
      blockchain: blockchainArg(t),
      addresses: t.arg.stringList({
        required: true,
        extensions: maxItems(MAX_UTXO_ADDRESSES),
        description: `1 to ${MAX_UTXO_ADDRESSES} addresses of this network (avax1.../fuji1..., optionally with the chain's prefix, e.g. X-avax1...).`,
      }),
    },
    extensions: {
      ...fieldGuard({ upstreamCost: 1 }),
      ...serves('data:getLastActivityTimestampByAddresses', 'data:getLastActivityTimestampByAddressesV2'),
    },
    check: (args, scope) => activityArgs(args, networkKey(scope.network)),
    scopeOf: (n) => ({ network: n.name }),
    resolve: (n, { blockchainId, addresses }, _args, ctx) =>
      ctx.upstreams.dataApi.primaryNetworkUtxos.getLastActivityTimestampByAddresses(dataApiNetwork(n.name), blockchainId, addresses),
  }),
  addressChains: t.checkedField({
    type: [AddressChains],
    nullable: true,
    description:
      'For each address, the primary-network chains it has had activity on (`GET /v1/networks/{network}/addresses:listChainIds`). Null, with an error, when the Data API fails.',
    args: {
      addresses: t.arg.stringList({
        required: true,
        extensions: maxItems(MAX_UTXO_ADDRESSES),
        description: `1 to ${MAX_UTXO_ADDRESSES} addresses of this network (avax1.../fuji1..., optionally P- or X-prefixed).`,
      }),
    },
    extensions: {
      ...fieldGuard({ upstreamCost: 1, upstreamCostPerItem: 0, listSize: (args: { addresses?: string[] }) => args.addresses?.length ?? 1 }),
      ...serves('data:getChainIdsForAddresses'),
    },
    check: (args, scope) => chainArgs(args, networkKey(scope.network)),
    scopeOf: (n) => ({ network: n.name }),
    resolve: async (n, addresses, _args, ctx) => {
      const key = networkKey(n.name);
      const answer = await ctx.upstreams.dataApi.primaryNetwork.getChainIdsForAddresses(dataApiNetwork(n.name), addresses);
      return answer.addresses.map((a) => ({ ...a, network: key }));
    },
  }),
}));
