/** X-Chain reads of the node shared within a request. */
import DataLoader from 'dataloader';
import type { Context } from '../../context.js';
import { isNetworkKey, type NetworkKey } from '@avalanche-graph/identity';
import type { XAssetDescription } from '../../upstream/node-rpc/xchain.js';
import { eachKey } from '../common/each-key.js';

/**
 * X-Chain assets as the node describes them, by `<network>:<assetId or alias>`
 * (`avm.getAssetDescription`): the node has no batch method, so one call per distinct asset, each
 * cached upstream. Null when the chain has no such asset; a malformed key is an error in its slot.
 */
export const assetDescriptionById = (ctx: Context) =>
  new DataLoader<string, XAssetDescription | null>((keys) =>
    eachKey(keys, async (key) => {
      const [network, assetId] = key.split(':') as [NetworkKey, string | undefined];
      if (!isNetworkKey(network) || !assetId) throw new Error(`Malformed asset id ${key}`);
      return ctx.upstreams.nodeRpc.xChain(network).getAssetDescription(assetId);
    }),
  );
