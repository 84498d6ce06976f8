/** Transfers of a token contract, and the tokens of an NFT collection. */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { notFound } from '../errors.js';
import { addressParam, blockRangeParam, chainParam, pageSizeParam, paginate } from './params.js';
import { richAddress, wireErc20Token, wireListedTransfer, wireNftToken } from './wire.js';

export function tokenRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/chains/{chainId}/tokens/{address}/transfers', ({ params, query }) => {
    const address = addressParam(params.address);
    const range = blockRangeParam(query);
    const pageSize = pageSizeParam(query, { min: 1, max: 100, fallback: 10 });
    const chain = chainParam(world, params.chainId!);
    const records = chain.contractTransfers(address).filter((r) => r.tx.blockNumber >= range.start && r.tx.blockNumber < range.end);
    const { page, nextPageToken } = paginate(records, query, pageSize, ['transfers', chain.evmChainId, address.toLowerCase(), range.start, range.end]);
    return {
      ...(nextPageToken ? { nextPageToken } : {}),
      transfers: page.map((record) => {
        const base = {
          ...wireListedTransfer(chain, record.tx),
          from: richAddress(chain, record.transfer.from),
          to: richAddress(chain, record.transfer.to),
          logIndex: record.transfer.logIndex,
        };
        if (record.kind === 'erc20') return { ...base, value: record.transfer.value.toString(), erc20Token: wireErc20Token(chain.erc20Token(record.transfer.token)!) };
        const t = record.transfer;
        const token = chain.nftCollection(t.collection)!.tokens.find((x) => x.tokenId === t.tokenId)!;
        return t.standard === 'ERC-721'
          ? { ...base, erc721Token: wireNftToken(chain, token, false) }
          : { ...base, value: t.value.toString(), erc1155Token: wireNftToken(chain, token) };
      }),
    };
  });

  service.route('GET', '/v1/chains/{chainId}/nfts/collections/{address}/tokens', ({ params, query }) => {
    const address = addressParam(params.address);
    const pageSize = pageSizeParam(query, { min: 1, max: 100, fallback: 10 });
    const chain = chainParam(world, params.chainId!);
    const collection = chain.nftCollection(address);
    if (!collection) throw notFound(`NFT collection ${address} not found on chain ${chain.evmChainId}`);
    const { page, nextPageToken } = paginate(collection.tokens, query, pageSize, ['nft-tokens', chain.evmChainId, address.toLowerCase()]);
    return { ...(nextPageToken ? { nextPageToken } : {}), tokens: page.map((token) => wireNftToken(chain, token)) };
  });
}
