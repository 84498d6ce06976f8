/**
 * X-Chain balances of an address (`avm.getAllBalances`, `avm.getBalance`), each linked to the
 * asset's description. Both methods are deprecated by AvalancheGo; `utxos` is the lasting way.
 */
import { builder } from '../../builder.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import type { NodeUtxoRef } from '../../upstream/node-rpc/codec.js';
import { XChainAssetDetails, assetFromNode } from '../asset/asset-details.js';
import { XChain } from '../xchain/xchain.js';
import { assetIdArg, chainAddress } from '../common/node-args.js';
import { UtxoRef } from '../common/outputs.js';
import { networkKey, networkName } from '../common/network-names.js';

export interface XBalanceShape {
  network: NetworkKey;
  assetId: string;
  balance: bigint | null;
  utxoIds?: NodeUtxoRef[];
}

export const XChainBalance = builder.objectRef<XBalanceShape>('XChainBalance').implement({
  description: 'The amount of one asset an address holds on the X-Chain.',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { description: 'Id of the asset (cb58), or the alias the node uses for it (e.g. "AVAX").' }),
    balance: t.expose('balance', { type: 'BigInt', nullable: true, description: 'Amount, in the asset\'s smallest unit.' }),
    asset: t.field({ type: XChainAssetDetails, nullable: true, description: 'The asset, as the X-Chain node describes it (`avm.getAssetDescription`).', resolve: (b, _, ctx) => assetFromNode(ctx, b.network, b.assetId) }),
  }),
});

export const XChainAssetBalance = builder.objectRef<XBalanceShape>('XChainAssetBalance').implement({
  description: 'The amount of one asset an address holds on the X-Chain, with the UTXOs that make it up.',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { description: 'Id of the asset (cb58) or "AVAX", as asked.' }),
    balance: t.expose('balance', { type: 'BigInt', nullable: true, description: 'Amount, in the asset\'s smallest unit.' }),
    utxos: t.field({ type: [UtxoRef], description: 'The UTXOs that hold the amount.', resolve: (b) => b.utxoIds ?? [] }),
    asset: t.field({ type: XChainAssetDetails, nullable: true, description: 'The asset, as the X-Chain node describes it (`avm.getAssetDescription`).', resolve: (b, _, ctx) => assetFromNode(ctx, b.network, b.assetId) }),
  }),
});

builder.objectFields(XChain, (t) => ({
  balances: t.checkedField({
    type: [XChainBalance],
    nullable: true,
    description: 'Every asset an address holds (`avm.getAllBalances`).',
    deprecationReason: 'avm.getAllBalances is deprecated since AvalancheGo v1.9.12: sum `utxos` instead.',
    args: { address: t.arg.string({ required: true, description: 'An X-Chain address (X-avax1... on mainnet, X-fuji1... on Fuji).' }) },
    check: (args, scope) => chainAddress('address', args.address, 'X', networkKey(scope.network)),
    scopeOf: (x) => ({ network: networkName(x.network) }),
    resolve: async (x, address, _args, ctx) => {
      const balances = await ctx.upstreams.nodeRpc.xChain(x.network).getAllBalances(address);
      return balances.map((b) => ({ network: x.network, ...b }));
    },
  }),
  balance: t.checkedField({
    type: XChainAssetBalance,
    nullable: true,
    description: 'How much of one asset an address holds (`avm.getBalance`).',
    deprecationReason: 'avm.getBalance is deprecated since AvalancheGo v1.9.12: sum `utxos` instead.',
    args: {
      address: t.arg.string({ required: true, description: 'An X-Chain address (X-avax1... on mainnet, X-fuji1... on Fuji).' }),
      assetId: t.arg.string({ required: true, description: 'Asset id (cb58) or "AVAX".' }),
    },
    check: (args, scope) => ({ address: chainAddress('address', args.address, 'X', networkKey(scope.network)), assetId: assetIdArg('assetId', args.assetId) }),
    scopeOf: (x) => ({ network: networkName(x.network) }),
    resolve: async (x, { address, assetId }, _args, ctx) => {
      const { balance, utxoIds } = await ctx.upstreams.nodeRpc.xChain(x.network).getBalance(address, assetId);
      return { network: x.network, assetId, balance, utxoIds };
    },
  }),
}));
