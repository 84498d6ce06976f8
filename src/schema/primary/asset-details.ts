/**
 * XChainAssetDetails: an X-Chain asset as the Data API describes it (`getAssetDetails`): name,
 * symbol, denomination, kind, cap and creation time, linked both ways with the node's
 * `AssetDescription`. Assets never change: the client caches their details for a day.
 */
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { isCb58Id } from '../../lib/codec.js';
import type { NetworkKey } from '../../lib/networks.js';
import type { WireXChainAssetDetails } from '../../upstream/types/data-api-primary-ledger.js';
import { knownOr, networkKey, NetworkName, networkName } from '../enums.js';
import { fieldGuard, typeGuard } from '../guards.js';
import { Network } from '../network.js';
import { serves } from '../operations.js';
import { loadEach } from '../loaders/each-key.js';
import { cb58Id } from '../validate.js';
import { AssetDescription, assetKey } from '../xchain/asset.js';
import { ASSET_TYPES, PrimaryNetworkAssetType } from './enums.js';

export interface AssetDetailsShape {
  network: NetworkKey;
  wire: WireXChainAssetDetails;
}

/** Local id of an asset's details: `<network>:<assetId>`. */
export const assetDetailsKey = (network: NetworkKey, assetId: string) => `${network}:${assetId}`;

export function checkAssetDetailsKey(key: string): string | null {
  const [network, assetId, extra] = key.split(':');
  if ((network !== 'mainnet' && network !== 'fuji') || extra !== undefined) return 'expected <network>:<assetId>';
  return assetId && isCb58Id(assetId) ? null : 'the asset id is not a cb58 id';
}


export const XChainAssetDetails = builder.loadableNodeRef<AssetDetailsShape, string, string>('XChainAssetDetails', {
  id: { resolve: (a) => assetDetailsKey(a.network, a.wire.assetId) },
  // One call per distinct asset (the service has no batch lookup), each cached across operations.
  load: (keys: string[], ctx: Context) => loadEach(keys, (key) => ctx.loaders.assetDetailsById.load(key)),
});

export const ASSET_CAPS = ['fixed', 'variable'] as const;

export const AssetCap = builder.enumType('AssetCap', {
  description: 'Whether an asset\'s supply is fixed at creation or can be minted later.',
  values: {
    FIXED: { value: 'fixed', description: 'All of it was created with the asset; nobody can mint more.' },
    VARIABLE: { value: 'variable', description: 'Holders of a mint output can mint more.' },
    UNKNOWN: { value: 'unknown', description: 'A cap this gateway does not know yet.' },
  } as const,
});

XChainAssetDetails.implement({
  extensions: typeGuard({ checkId: checkAssetDetailsKey }),
  description: 'An X-Chain asset as the Data API describes it (`GET /v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}`).',
  fields: (t) => ({
    assetId: t.string({ description: 'Id of the asset (cb58): the id of the transaction that created it.', resolve: (a) => a.wire.assetId }),
    name: t.string({ description: 'Human-readable name (not necessarily unique).', resolve: (a) => a.wire.name }),
    symbol: t.string({ description: 'Symbol (not necessarily unique).', resolve: (a) => a.wire.symbol }),
    denomination: t.int({ description: 'Decimal places between the smallest unit and one whole unit (9 for AVAX).', resolve: (a) => a.wire.denomination }),
    type: t.field({ type: PrimaryNetworkAssetType, description: 'Fungible (SECP256K1) or NFT.', resolve: (a) => knownOr(a.wire.type, ASSET_TYPES, 'unknown') }),
    cap: t.field({ type: AssetCap, description: 'Fixed or variable supply.', resolve: (a) => knownOr(a.wire.cap, ASSET_CAPS, 'unknown') }),
    createdAtTimestamp: t.field({ type: 'Timestamp', description: 'When the asset was created.', resolve: (a) => a.wire.createdAtTimestamp }),
    network: t.field({ type: NetworkName, description: 'The network of the asset.', resolve: (a) => networkName(a.network) }),
    description: t.field({
      type: AssetDescription,
      nullable: true,
      description: 'The same asset as the X-Chain node describes it (`avm.getAssetDescription`).',
      extensions: fieldGuard({ upstreamCostPerItem: 1 }),
      resolve: (a) => assetKey(a.network, a.wire.assetId),
    }),
  }),
});

builder.objectFields(AssetDescription, (t) => ({
  details: t.field({
    type: XChainAssetDetails,
    nullable: true,
    description: 'The same asset as the Data API describes it, with its cap and creation time; null when the Data API does not know it.',
    extensions: { ...fieldGuard({ upstreamCostPerItem: 1 }), ...serves('data:getAssetDetails') },
    resolve: (a) => assetDetailsKey(a.network, a.wire.assetID),
  }),
}));

builder.objectFields(Network, (t) => ({
  asset: t.field({
    type: XChainAssetDetails,
    nullable: true,
    description: 'An X-Chain asset by id, as the Data API describes it; null when the network has no such asset.',
    args: { id: t.arg.string({ required: true, description: 'The asset id (cb58), e.g. AVAX\'s.' }) },
    extensions: { ...fieldGuard({ checkArgs: (args) => cb58Id('id', args.id) }), ...serves('data:getAssetDetails') },
    resolve: (n, args) => assetDetailsKey(networkKey(n.name), cb58Id('id', args.id)),
  }),
}));
