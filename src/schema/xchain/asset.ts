/**
 * AssetDescription: an X-Chain asset as `avm.getAssetDescription` describes it. Descriptions never
 * change, so the client keeps them in the shared cache across operations; within an operation the
 * loader asks once per asset.
 */
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { wireInt } from '../../upstream/node-rpc/codec.js';
import type { NetworkKey } from '../../lib/networks.js';
import type { WireAssetDescription } from '../../upstream/types/node-rpc-xchain.js';
import { NetworkName, networkName } from '../enums.js';
import { XChain } from './chain.js';
import { assetIdArg } from './shared.js';
import { fieldGuard, typeGuard } from '../guards.js';
import { loadEach } from '../loaders/each-key.js';

export interface AssetDescriptionShape {
  network: NetworkKey;
  wire: WireAssetDescription;
}

/** Loader key of an asset: `<network>:<assetId or alias>`. */
export const assetKey = (network: NetworkKey, assetId: string) => `${network}:${assetId}`;

export const AssetDescription = builder.loadableNodeRef<AssetDescriptionShape, string, string>('AssetDescription', {
  id: { resolve: (a) => assetKey(a.network, a.wire.assetID) },
  // The node has no batch method for descriptions: one call per distinct asset, each cached.
  load: (keys: string[], ctx: Context) => loadEach(keys, (key) => ctx.loaders.assetDescriptionById.load(key)),
});

AssetDescription.implement({
  extensions: typeGuard({
    checkId: (key) => {
      const [network, assetId, extra] = key.split(':');
      if ((network !== 'mainnet' && network !== 'fuji') || extra !== undefined) return 'expected <network>:<assetId>';
      return assetId && /^[A-Za-z0-9]{1,64}$/.test(assetId) ? null : 'the asset id is not a cb58 id or an alias';
    },
  }),
  description: 'An X-Chain asset: its name, symbol and denomination (`avm.getAssetDescription`).',
  fields: (t) => ({
    assetId: t.string({ description: 'Id of the asset (cb58).', resolve: (a) => a.wire.assetID }),
    name: t.string({ description: 'Human-readable name (not necessarily unique).', resolve: (a) => a.wire.name }),
    symbol: t.string({ description: 'Symbol (not necessarily unique).', resolve: (a) => a.wire.symbol }),
    denomination: t.int({
      nullable: true,
      description: 'Decimal places between the smallest unit and one displayed unit (9 for AVAX).',
      resolve: (a) => wireInt(a.wire.denomination),
    }),
    network: t.field({ type: NetworkName, description: 'The network of the asset.', resolve: (a) => networkName(a.network) }),
  }),
});

builder.objectFields(XChain, (t) => ({
  asset: t.field({
    type: AssetDescription,
    nullable: true,
    description: 'An asset by id or by the alias "AVAX"; null when the chain has no such asset.',
    args: { id: t.arg.string({ required: true, description: 'Asset id (cb58) or "AVAX".' }) },
    extensions: fieldGuard({ checkArgs: (args) => assetIdArg('id', args.id) }),
    resolve: (x, args) => assetKey(x.network, assetIdArg('id', args.id)),
  }),
}));
