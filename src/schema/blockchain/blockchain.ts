/**
 * Blockchain: a chain created on the P-Chain (the primary network's own chains and every L1 chain),
 * with its genesis; linked both ways with the EVM Chain that runs it.
 */
import { builder } from '../../builder.js';
import type { WireEvmGenesis } from '../../upstream/data-api/types/primary.js';
import { Chain } from '../chain/chain.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { upstreamList } from '../common/upstream-list.js';
import { NetworkName, SortOrder } from '../common/enums.js';
import { dataApiNetwork, DEFAULT_NETWORK_NAME, isNetworkName, NETWORK_NAMES, networkKey, networkName } from '../common/network-names.js';
import { Network } from '../network/network.js';
import { EvmGenesis } from '../chain/genesis.js';
import { blockchainIdArg } from '../common/primary-ids.js';
import { networkOfTestnet, type NetworkKey } from '@avalanche-graph/identity';
import { typeGuard } from '../common/guards.js';
import { entity, keyString, optionalKeyString, type Representation } from '../common/federation.js';
import { badInput } from '../../errors.js';
import { cb58Id } from '../common/validate.js';
import { serves } from '../common/operations.js';
import { checkNetworkIdKey } from '../common/global-ids.js';
import { loadersOf } from '../loaders/index.js';
import { blockchainKey, type BlockchainShape } from './keys.js';
import { refLoad } from '../common/each-key.js';
import { blockchainsById } from '../loaders/primary.js';

export const Blockchain = builder.loadableNodeRef<BlockchainShape, string, string>('Blockchain', {
  id: { resolve: (b) => blockchainKey(b.network, b.blockchainId) },
  // A blockchain the network does not know resolves to null, not to an error.
  load: refLoad(blockchainsById),
});

Blockchain.implement({
  extensions: typeGuard({ checkId: checkNetworkIdKey('blockchainId') }),
  description: 'A blockchain created on the P-Chain: one of the primary network\'s chains or a chain of an L1, with its VM and genesis.',
  fields: (t) => ({
    blockchainId: t.exposeString('blockchainId', { description: 'The blockchain id (cb58).' }),
    blockchainName: t.exposeString('blockchainName', { description: 'The name given at creation.' }),
    network: t.field({ type: NetworkName, description: 'The network it was created on.', resolve: (b) => networkName(b.network) }),
    subnetId: t.exposeString('subnetId', { description: 'Id of the subnet (L1) that validates it (cb58).' }),
    vmId: t.exposeString('vmId', { description: 'Id of its virtual machine (cb58).' }),
    evmChainId: t.expose('evmChainId', { type: 'BigInt', nullable: true, description: 'EVM chain id read from its genesis, when it has one.' }),
    createBlockNumber: t.expose('createBlockNumber', { type: 'BigInt', description: 'P-Chain height of the block that created it.' }),
    createBlockTimestamp: t.expose('createBlockTimestamp', { type: 'Timestamp', description: 'Time of the block that created it.' }),
    genesisData: t.expose('genesisData', { type: 'JSON', nullable: true, description: 'The genesis as sent: an object for EVM chains, an encoded string for other VMs; null when not given.' }),
    evmGenesis: t.field({
      type: EvmGenesis,
      nullable: true,
      description: 'The genesis as typed fields, for EVM chains (null when the genesis is not a parsed EVM genesis).',
      resolve: (b) => (b.genesisData && typeof b.genesisData === 'object' ? (b.genesisData as WireEvmGenesis) : null),
    }),
    chain: t.field({
      type: Chain,
      nullable: true,
      description: 'The EVM chain running this blockchain, when the Data API indexes it (from the chain list, read once per operation).',
      resolve: (b, _, ctx) => loadersOf(ctx).chainById.load(b.blockchainId),
    }),
  }),
});

/** The `network` key field of a representation (a NetworkName value); the default network's when absent. */
export function keyNetwork(rep: Representation, at: string): NetworkKey {
  const name = optionalKeyString(rep, 'network', at) ?? DEFAULT_NETWORK_NAME;
  if (!isNetworkName(name)) throw badInput(`${at}.network`, `"${name.slice(0, 80)}" is not a network (${NETWORK_NAMES.slice(0, -1).join(', ')} or ${NETWORK_NAMES.at(-1)})`);
  return networkKey(name);
}

// Federation: a blockchain by id, through the blockchain loader (as `Chain.blockchain` reads it). A
// blockchain record is read per network and the P-Chain's id is the same on every network, so a
// representation may name the network (key `blockchainId network`); by `blockchainId` alone it is
// looked up on mainnet.
entity(Blockchain, {
  keys: ['blockchainId', 'blockchainId network'],
  read: (rep, at) => blockchainKey(keyNetwork(rep, at), cb58Id(`${at}.blockchainId`, keyString(rep, 'blockchainId', at))),
  resolve: (key, ctx) => Blockchain.getDataloader(ctx).load(key),
});

const BLOCKCHAIN_PAGE = { defaultSize: 10, maxSize: 10_000 };
export const BlockchainConnection = connectionType('Blockchain', Blockchain, 'A page of blockchains created on the P-Chain.');

builder.objectFields(Network, (t) => ({
  blockchains: t.field({
    extensions: serves('data:listBlockchains'),
    type: BlockchainConnection,
    nullable: true,
    description: 'The blockchains created on this network\'s P-Chain (`GET /v1/networks/{network}/blockchains`).',
    args: {
      ...connectionArgs(t, BLOCKCHAIN_PAGE),
      sortOrder: t.arg({ type: SortOrder, required: false, description: 'Order by creation time; the upstream default when omitted.' }),
    },
    resolve: (n, args, ctx) =>
      upstreamList(args, {
        name: 'blockchains',
        page: BLOCKCHAIN_PAGE,
        path: [dataApiNetwork(n.name)],
        query: { sortOrder: args.sortOrder ?? undefined },
        read: (network, query) => ctx.upstreams.dataApi.primaryNetwork.listBlockchains(network, query),
        items: (page) => page.blockchains.map((b): BlockchainShape => ({ ...b, network: networkKey(n.name) })),
      }),
  }),
  blockchain: t.checkedField({
    type: Blockchain,
    nullable: true,
    description: 'One blockchain by id or by the alias p-chain, x-chain or c-chain; null when this network has no such blockchain.',
    args: { id: t.arg.string({ required: true, description: 'A blockchain id (cb58) or p-chain, x-chain, c-chain.' }) },
    extensions: serves('data:getBlockchainById'),
    check: (args, scope) => blockchainIdArg('id', args.id, networkKey(scope.network)),
    // At resolve time, the alias names this network's blockchain.
    scopeOf: (n) => ({ network: n.name }),
    resolve: (n, id) => blockchainKey(networkKey(n.name), id),
  }),
}));

builder.objectFields(Chain, (t) => ({
  blockchain: t.field({
    type: Blockchain,
    nullable: true,
    description: 'The P-Chain record of this chain (its blockchain id is `platformChainId`); null when there is none.',
    resolve: (c) => (c.platformChainId ? blockchainKey(networkOfTestnet(c.isTestnet), c.platformChainId) : null),
  }),
}));
