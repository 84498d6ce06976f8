/**
 * `XChain.asset`: an X-Chain asset by id or alias, as the node describes it
 * (`avm.getAssetDescription`), as the `XChainAssetDetails` type (src/schema/asset/asset-details.ts).
 * Descriptions never change, so the client keeps them in the shared cache across operations; within
 * an operation the loader asks once per asset.
 */
import { builder } from '../../builder.js';
import { XChainAssetDetails, assetFromNode } from './asset-details.js';
import { XChain } from '../xchain/xchain.js';
import { assetIdArg } from '../common/node-args.js';

builder.objectFields(XChain, (t) => ({
  asset: t.checkedField({
    type: XChainAssetDetails,
    nullable: true,
    description: 'An asset by id or by the alias "AVAX", as the node describes it (`avm.getAssetDescription`); null when the chain has no such asset.',
    args: { id: t.arg.string({ required: true, description: 'Asset id (cb58) or "AVAX".' }) },
    check: (args) => assetIdArg('id', args.id),
    resolve: (x, assetId, _args, ctx) => assetFromNode(ctx, x.network, assetId),
  }),
}));
