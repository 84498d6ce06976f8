/**
 * Keys of X-Chain assets: what the asset loaders and the XChainAssetDetails type share
 * (`<network>:<assetId>` local ids).
 */
import { isCb58Id, isNetworkKey, type NetworkKey } from '@avalanche-graph/identity';

/** Local id of an asset: `<network>:<assetId>`; also the key of both asset loaders. */
export const assetDetailsKey = (network: NetworkKey, assetId: string) => `${network}:${assetId}`;

export function checkAssetDetailsKey(key: string): string | null {
  const [network, assetId, extra] = key.split(':');
  if (!isNetworkKey(network) || extra !== undefined) return 'expected <network>:<assetId>';
  return assetId && isCb58Id(assetId) ? null : 'the asset id is not a cb58 id';
}
