/** One NFT of a collection, and the request to read its metadata again. */
import { NO_BODY, SandboxResponse, type SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import type { EvmChainWorld, NftToken } from '../../world/evm/index.js';
import { badRequest, notFound } from '../errors.js';
import { addressParam, chainParam } from './params.js';
import { wireNftToken } from './wire.js';

export function nftDetailRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}', ({ params }) => {
    const { chain, token } = tokenParams(world, params);
    return wireNftToken(chain, token);
  });

  // The indexer reads the token URI again later: nothing in the world changes, the call is acknowledged.
  service.route('POST', '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex', ({ params }) => {
    tokenParams(world, params);
    return new SandboxResponse(201, NO_BODY);
  });
}

function tokenParams(world: World, params: Record<string, string | undefined>): { chain: EvmChainWorld; token: NftToken } {
  const address = addressParam(params.address);
  const tokenId = params.tokenId!;
  if (!/^\d{1,78}$/.test(tokenId)) throw badRequest('tokenId must be a non-negative integer');
  const chain = chainParam(world, params.chainId!);
  const collection = chain.nftCollection(address);
  if (!collection) throw notFound(`NFT collection ${address} not found on chain ${chain.evmChainId}`);
  const token = collection.tokens.find((t) => t.tokenId === BigInt(tokenId).toString());
  if (!token) throw notFound(`Token ${tokenId} of ${address} not found on chain ${chain.evmChainId}`);
  return { chain, token };
}
