/**
 * XChainAssetDetails: an X-Chain asset, whichever source described it: the Data API
 * (`getAssetDetails`: name, symbol, denomination, kind, cap, creation time) or the X-Chain node
 * (`avm.getAssetDescription`: name, symbol, denomination). One type, as `Validator`: a field only
 * one source gives is read from that source, by the asset's id, when it is selected. Assets never
 * change: both reads are cached long upstream.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { isNetworkKey, type NetworkKey } from '@avalanche-graph/identity';
import type { XAssetDescription } from '../../upstream/node-rpc/xchain.js';
import { NetworkName, upstreamEnum } from '../common/enums.js';
import { networkKey, networkName } from '../common/network-names.js';
import { fieldGuard, typeGuard } from '../common/guards.js';
import { loadEach } from '../common/each-key.js';
import { Network } from '../network/network.js';
import { serves } from '../common/operations.js';
import { cb58Id } from '../common/validate.js';
import { PrimaryNetworkAssetType } from '../common/primary-enums.js';
import { checkAssetDetailsKey, assetDetailsKey } from './keys.js';
import { loadersOf } from '../loaders/index.js';

/**
 * An asset as one of its sources read it: the Data API's details, or the node's description. The
 * other source is read only when a field of it is selected (see `detailsOf`, `descriptionOf`).
 */
export type AssetShape = { network: NetworkKey; assetId: string } & (
  | { details: DataApiSchema<'XChainAssetDetails'>; node?: XAssetDescription }
  | { details?: undefined; node: XAssetDescription }
);

/**
 * The local ids of assets minted as `AssetDescription` before the two types were one (see
 * src/schema/common/global-ids.ts): `<network>:<assetId or alias>:node`, refetched from the node as then.
 */
export const NODE_SOURCE = ':node';

function checkAssetKey(key: string): string | null {
  if (!key.endsWith(NODE_SOURCE)) return checkAssetDetailsKey(key);
  const [network, assetId, extra] = key.slice(0, -NODE_SOURCE.length).split(':');
  if (!isNetworkKey(network) || extra !== undefined) return 'expected <network>:<assetId>';
  return assetId && /^[A-Za-z0-9]{1,64}$/.test(assetId) ? null : 'the asset id is not a cb58 id or an alias';
}

export const assetFromDetails = (network: NetworkKey, details: DataApiSchema<'XChainAssetDetails'>): AssetShape => ({ network, assetId: details.assetId, details });

/** The asset as the X-Chain node describes it, by id or by the alias "AVAX"; null when the chain has no such asset. */
export async function assetFromNode(ctx: Context, network: NetworkKey, assetIdOrAlias: string): Promise<AssetShape | null> {
  const node = await loadersOf(ctx).assetDescriptionById.load(assetDetailsKey(network, assetIdOrAlias));
  return node && { network, assetId: node.assetId, node };
}

/** The Data API's details of the asset: the ones it holds, else read by id; null when the Data API does not know it. */
async function detailsOf(a: AssetShape, ctx: Context): Promise<DataApiSchema<'XChainAssetDetails'> | null> {
  return a.details ?? loadersOf(ctx).assetDetailsById.load(assetDetailsKey(a.network, a.assetId));
}

/** The node's description of the asset: the one it holds, else read by id; null when the node does not know it. */
async function descriptionOf(a: AssetShape, ctx: Context): Promise<XAssetDescription | null> {
  return a.node ?? loadersOf(ctx).assetDescriptionById.load(assetDetailsKey(a.network, a.assetId));
}

/** A resolver of a Data API member: null when the Data API does not know the asset. */
const fromDetails =
  <T>(pick: (d: DataApiSchema<'XChainAssetDetails'>) => T) =>
  async (a: AssetShape, _args: object, ctx: Context): Promise<T | null> => {
    const details = await detailsOf(a, ctx);
    return details ? pick(details) : null;
  };

export const XChainAssetDetails = builder.loadableNodeRef<AssetShape, string, string>('XChainAssetDetails', {
  id: { resolve: (a) => assetDetailsKey(a.network, a.assetId) },
  // Refetched from the Data API (one call per distinct asset, the service has no batch lookup); an
  // id minted as an `AssetDescription` from the node, as it was then.
  load: (keys: string[], ctx: Context) =>
    loadEach(keys, async (key) => {
      if (key.endsWith(NODE_SOURCE)) {
        const [network, assetId] = key.slice(0, -NODE_SOURCE.length).split(':') as [NetworkKey, string];
        return assetFromNode(ctx, network, assetId);
      }
      const details = await loadersOf(ctx).assetDetailsById.load(key);
      return details && assetFromDetails(key.split(':')[0] as NetworkKey, details);
    }),
});

export const AssetCap = upstreamEnum('AssetCap', {
  description: 'Whether an asset\'s supply is fixed at creation or can be minted later.',
  values: {
    fixed: 'All of it was created with the asset; nobody can mint more.',
    variable: 'Holders of a mint output can mint more.',
  },
  unknown: 'A cap this gateway does not know yet.',
});

/** A member read from the Data API when the asset came from the node: one call (per asset, shared by the members). */
const DATA_API_MEMBER = { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getAssetDetails') };

XChainAssetDetails.implement({
  extensions: typeGuard({ checkId: checkAssetKey }),
  description:
    'An X-Chain asset, whether the Data API (`GET /v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}`) or the X-Chain node (`avm.getAssetDescription`) described it: name, symbol and denomination from either, kind, cap and creation time from the Data API. A member only one source gives is read from it, by the asset id, when selected; null when that source does not know the asset.',
  fields: (t) => ({
    assetId: t.exposeString('assetId', { description: 'Id of the asset (cb58): the id of the transaction that created it.' }),
    name: t.string({ description: 'Human-readable name (not necessarily unique).', resolve: (a) => (a.details ?? a.node).name }),
    symbol: t.string({ description: 'Symbol (not necessarily unique).', resolve: (a) => (a.details ?? a.node).symbol }),
    denomination: t.int({
      nullable: true,
      description: 'Decimal places between the smallest unit and one whole unit (9 for AVAX).',
      resolve: (a) => (a.details ? a.details.denomination : a.node.denomination),
    }),
    type: t.field({
      type: PrimaryNetworkAssetType,
      nullable: true,
      description: 'Fungible (SECP256K1) or NFT (Data API).',
      extensions: DATA_API_MEMBER,
      resolve: fromDetails((d) => PrimaryNetworkAssetType.from(d.type)),
    }),
    cap: t.field({
      type: AssetCap,
      nullable: true,
      description: 'Fixed or variable supply (Data API).',
      extensions: DATA_API_MEMBER,
      resolve: fromDetails((d) => AssetCap.from(d.cap)),
    }),
    createdAtTimestamp: t.field({
      type: 'Timestamp',
      nullable: true,
      description: 'When the asset was created (Data API).',
      extensions: DATA_API_MEMBER,
      resolve: fromDetails((d) => d.createdAtTimestamp),
    }),
    network: t.field({ type: NetworkName, description: 'The network of the asset.', resolve: (a) => networkName(a.network) }),
    description: t.field({
      type: XChainAssetDetails,
      nullable: true,
      deprecationReason: 'Name, symbol and denomination are members of this object.',
      description: 'This asset as the X-Chain node describes it (`avm.getAssetDescription`); null when the node does not know it.',
      extensions: fieldGuard({ upstreamCostPerItem: 1 }),
      resolve: async (a, _, ctx) => {
        const node = await descriptionOf(a, ctx);
        return node && { ...a, node };
      },
    }),
    details: t.field({
      type: XChainAssetDetails,
      nullable: true,
      deprecationReason: 'Kind, cap and creation time are members of this object.',
      description: 'This asset as the Data API describes it, with its cap and creation time; null when the Data API does not know it.',
      extensions: { ...fieldGuard({ upstreamCostPerItem: 1 }), ...serves('data:getAssetDetails') },
      resolve: async (a, _, ctx) => {
        const details = await detailsOf(a, ctx);
        return details && { ...a, details };
      },
    }),
  }),
});

builder.objectFields(Network, (t) => ({
  asset: t.checkedField({
    type: XChainAssetDetails,
    nullable: true,
    description: 'An X-Chain asset by id, as the Data API describes it; null when the network has no such asset.',
    args: { id: t.arg.string({ required: true, description: 'The asset id (cb58), e.g. AVAX\'s.' }) },
    extensions: serves('data:getAssetDetails'),
    check: (args) => cb58Id('id', args.id),
    resolve: (n, id) => assetDetailsKey(networkKey(n.name), id),
  }),
}));
