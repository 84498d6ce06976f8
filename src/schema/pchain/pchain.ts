/**
 * PChain: the P-Chain of a network as its node serves it (`platform.*` on `/ext/bc/P`), reached as
 * `Network.pChain`: height, balances, blockchains and their status, supply. Blocks and validators
 * are in their own files.
 */
import { builder } from '../../builder.js';
import { type NetworkKey, PRIMARY_NETWORK_SUBNET_ID } from '@avalanche-graph/identity';
import type { PAssetBalance, PBalance, PBlockchain } from '../../upstream/node-rpc/pchain.js';
import { upstreamEnum } from '../common/enums.js';
import { networkKey, networkName } from '../common/network-names.js';
import { Network } from '../network/network.js';
import { cb58Id } from '../common/validate.js';
import { XChainAssetDetails, assetFromNode } from '../asset/asset-details.js';
import { chainAddresses } from '../common/node-args.js';
import { UtxoRef } from '../common/outputs.js';
import { maxItems, typeGuard } from '../common/guards.js';

export interface PChainShape {
  network: NetworkKey;
}

export const PChain = builder.objectRef<PChainShape>('PChain');

/** AvalancheGo's `status.BlockchainStatus` strings but "Unknown" (`platform.getBlockchainStatus`). */
export const BlockchainStatus = upstreamEnum('BlockchainStatus', {
  description: 'What the answering node\'s P-Chain knows of a blockchain (`platform.getBlockchainStatus`).',
  values: {
    Validating: 'The node validates the blockchain.',
    Created: 'The blockchain exists on the P-Chain; the node neither validates nor syncs it.',
    Preferred: 'Created in a block the node prefers but has not yet accepted.',
    Syncing: 'The node syncs the blockchain without validating it.',
  },
  unknown: 'The node knows no such blockchain (it says "Unknown"), or sent a status this gateway does not know.',
});

interface BlockchainShape {
  network: NetworkKey;
  blockchain: PBlockchain;
}

export const PChainBlockchain = builder.objectRef<BlockchainShape>('PChainBlockchain').implement({
  description: 'A blockchain the P-Chain created (`platform.getBlockchains`).',
  fields: (t) => ({
    id: t.string({ description: 'Blockchain id (cb58).', resolve: (b) => b.blockchain.id }),
    name: t.string({ description: 'Human-readable name.', resolve: (b) => b.blockchain.name }),
    subnetId: t.string({ description: 'Id of the subnet (or L1) that validates it (cb58).', resolve: (b) => b.blockchain.subnetId }),
    vmId: t.string({ description: 'Id of the virtual machine it runs (cb58).', resolve: (b) => b.blockchain.vmId }),
    status: t.field({
      type: BlockchainStatus,
      nullable: true,
      description: 'What the node knows of it (one `platform.getBlockchainStatus` call per blockchain).',
      resolve: async (b, _, ctx) => BlockchainStatus.from(await ctx.upstreams.nodeRpc.pChain(b.network).getBlockchainStatus(b.blockchain.id)),
    }),
  }),
});

type AssetBalanceShape = PAssetBalance & { network: NetworkKey };

export const PChainAssetBalance = builder.objectRef<AssetBalanceShape>('PChainAssetBalance').implement({
  description: 'How much of one asset addresses hold on the P-Chain, by lock state.',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { description: 'Id of the asset (cb58).' }),
    asset: t.field({ type: XChainAssetDetails, nullable: true, description: 'The asset, as the X-Chain node describes it (`avm.getAssetDescription`).', resolve: (b, _, ctx) => assetFromNode(ctx, b.network, b.assetId) }),
    balance: t.expose('balance', { type: 'BigInt', description: 'Total, in the asset\'s smallest unit.' }),
    unlocked: t.expose('unlocked', { type: 'BigInt', description: 'Spendable now.' }),
    lockedStakeable: t.expose('lockedStakeable', { type: 'BigInt', description: 'Locked, but usable for staking.' }),
    lockedNotStakeable: t.expose('lockedNotStakeable', { type: 'BigInt', description: 'Locked and not usable for staking.' }),
  }),
});

interface BalanceShape {
  network: NetworkKey;
  balance: PBalance;
}

export const PChainBalance = builder.objectRef<BalanceShape>('PChainBalance').implement({
  description: 'What addresses hold on the P-Chain (`platform.getBalance`): AVAX totals by lock state, every asset, and the UTXOs.',
  fields: (t) => ({
    balance: t.field({ type: 'BigInt', nullable: true, description: 'AVAX total, in nAVAX.', resolve: (b) => b.balance.balance }),
    unlocked: t.field({ type: 'BigInt', nullable: true, description: 'AVAX spendable now, in nAVAX.', resolve: (b) => b.balance.unlocked }),
    lockedStakeable: t.field({ type: 'BigInt', nullable: true, description: 'AVAX locked but usable for staking, in nAVAX.', resolve: (b) => b.balance.lockedStakeable }),
    lockedNotStakeable: t.field({ type: 'BigInt', nullable: true, description: 'AVAX locked and not usable for staking, in nAVAX.', resolve: (b) => b.balance.lockedNotStakeable }),
    assets: t.field({
      type: [PChainAssetBalance],
      description: 'Per asset.',
      resolve: (b) => b.balance.assets.map((asset) => ({ network: b.network, ...asset })),
    }),
    utxos: t.field({ type: [UtxoRef], description: 'The UTXOs counted.', resolve: (b) => b.balance.utxoIds }),
  }),
});

const MAX_ADDRESSES = 256;

PChain.implement({
  // Each field is one node call (or a share of one); the estimate counts one.
  extensions: typeGuard({ fieldUpstreamCost: 1 }),
  description:
    'The P-Chain (platform chain) of a network, read from the network\'s node: blocks, validators, blockchains, balances and supply. Fields are null, with an error, when the node fails.',
  fields: (t) => ({
    height: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Height of the last accepted block (`platform.getHeight`).',
      resolve: (p, _, ctx) => ctx.upstreams.nodeRpc.pChain(p.network).getHeight(),
    }),
    balance: t.checkedField({
      type: PChainBalance,
      nullable: true,
      description: 'What the addresses hold together (`platform.getBalance`).',
      deprecationReason: 'platform.getBalance is deprecated since AvalancheGo v1.9.12: use `Network.utxos` with the P-Chain instead.',
      args: { addresses: t.arg.stringList({ required: true, extensions: maxItems(MAX_ADDRESSES), description: `P-Chain addresses (P-avax1... on mainnet, P-fuji1... on Fuji), at most ${MAX_ADDRESSES}.` }) },
      check: (args, scope) => chainAddresses('addresses', args.addresses, 'P', networkKey(scope.network), MAX_ADDRESSES),
      // At resolve time, the addresses are of this P-Chain's network.
      scopeOf: (p) => ({ network: networkName(p.network) }),
      resolve: async (p, addresses, _args, ctx) => ({ network: p.network, balance: await ctx.upstreams.nodeRpc.pChain(p.network).getBalance(addresses) }),
    }),
    blockchains: t.field({
      type: [PChainBlockchain],
      nullable: true,
      description: 'Every blockchain but the P-Chain itself (`platform.getBlockchains`).',
      deprecationReason: 'platform.getBlockchains is deprecated since AvalancheGo v1.9.12: use `Network.blockchains` (Data API) instead.',
      resolve: async (p, _, ctx) => (await ctx.upstreams.nodeRpc.pChain(p.network).getBlockchains()).map((blockchain) => ({ network: p.network, blockchain })),
    }),
    blockchainStatus: t.checkedField({
      type: BlockchainStatus,
      nullable: true,
      description: 'What the node knows of a blockchain (`platform.getBlockchainStatus`).',
      args: { blockchainId: t.arg.string({ required: true, description: 'Blockchain id (cb58).' }) },
      check: (args) => cb58Id('blockchainId', args.blockchainId),
      resolve: async (p, blockchainId, _args, ctx) => BlockchainStatus.from(await ctx.upstreams.nodeRpc.pChain(p.network).getBlockchainStatus(blockchainId)),
    }),
    currentSupply: t.checkedField({
      type: 'BigInt',
      nullable: true,
      description: 'An upper bound of the tokens that can stake the subnet (`platform.getCurrentSupply`), in its smallest unit; null for an unknown subnet.',
      args: { subnetId: t.arg.string({ required: false, description: 'Subnet id (cb58); the primary network (AVAX) when omitted.' }) },
      // The primary network is the node's default, named by no subnet.
      check: (args) => (args.subnetId != null && args.subnetId !== PRIMARY_NETWORK_SUBNET_ID ? cb58Id('subnetId', args.subnetId) : undefined),
      resolve: async (p, subnetId, _args, ctx) => ctx.upstreams.nodeRpc.pChain(p.network).getCurrentSupply(subnetId),
    }),
  }),
});

builder.objectFields(Network, (t) => ({
  pChain: t.field({
    type: PChain,
    description: 'The network\'s P-Chain, from its node (AvalancheGo `platform.*`).',
    resolve: (n) => ({ network: networkKey(n.name) }),
  }),
}));
