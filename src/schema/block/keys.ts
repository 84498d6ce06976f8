/**
 * Keys and shapes of primary-network blocks: what the block loader and the PrimaryNetworkBlock type
 * share (`<network>:<p|x|c>:<blockHash>` local ids).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { isCb58Id, isHash32, isNetworkKey, type NetworkKey, type PrimaryChainAlias } from '@avalanche-graph/identity';

export interface PrimaryBlockShape {
  network: NetworkKey;
  chain: PrimaryChainAlias;
  wire: DataApiSchema<'PrimaryNetworkBlock'>;
}

/** Local id of a block: `<network>:<p|x|c>:<blockHash>`. */
export const primaryBlockKey = (network: NetworkKey, chain: PrimaryChainAlias, blockHash: string) =>
  `${network}:${chain.toLowerCase()}:${chain === 'C' ? blockHash.toLowerCase() : blockHash}`;

export function parseBlockKey(key: string): { network: NetworkKey; chain: PrimaryChainAlias; hash: string } | null {
  const [network, c, hash, extra] = key.split(':');
  if (!isNetworkKey(network) || extra !== undefined || !hash) return null;
  const chain = c === 'p' ? 'P' : c === 'x' ? 'X' : c === 'c' ? 'C' : null;
  if (!chain || !(chain === 'C' ? isHash32(hash) : isCb58Id(hash))) return null;
  return { network, chain, hash };
}
