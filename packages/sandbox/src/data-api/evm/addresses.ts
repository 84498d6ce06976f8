/** What one address did on an EVM chain: native transactions, ERC-20 transfers, balances. */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { CURRENCIES } from '../../world/evm/index.js';
import { badRequest, enumParam } from '../errors.js';
import { addressParam, blockRangeParam, chainParam, intParam, optionalAddress, pageSizeParam, paginate } from './params.js';
import { richAddress, wireErc20Token, wireListedTransfer, wireNativeBalance, wireNativeTransaction, wireNftToken } from './wire.js';

export function addressRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/chains/{chainId}/addresses/{address}/transactions:listNative', ({ params, query }) => {
    const address = addressParam(params.address);
    const range = blockRangeParam(query);
    const pageSize = pageSizeParam(query, { min: 1, max: 100, fallback: 10 });
    const chain = chainParam(world, params.chainId!);
    const txs = chain.addressTransactions(address).filter((tx) => tx.blockNumber >= range.start && tx.blockNumber < range.end);
    const { page, nextPageToken } = paginate(txs, query, pageSize, ['native', chain.evmChainId, address.toLowerCase(), range.start, range.end]);
    return { ...(nextPageToken ? { nextPageToken } : {}), transactions: page.map((tx) => wireNativeTransaction(chain, tx)) };
  });

  service.route('GET', '/v1/chains/{chainId}/addresses/{address}/transactions:listErc20', ({ params, query }) => {
    const address = addressParam(params.address);
    const range = blockRangeParam(query);
    const pageSize = pageSizeParam(query, { min: 1, max: 100, fallback: 10 });
    const chain = chainParam(world, params.chainId!);
    const records = chain.addressErc20Transfers(address).filter((r) => r.tx.blockNumber >= range.start && r.tx.blockNumber < range.end);
    const { page, nextPageToken } = paginate(records, query, pageSize, ['erc20', chain.evmChainId, address.toLowerCase(), range.start, range.end]);
    return {
      ...(nextPageToken ? { nextPageToken } : {}),
      transactions: page.map(({ tx, transfer }) => ({
        ...wireListedTransfer(chain, tx),
        from: richAddress(chain, transfer.from),
        to: richAddress(chain, transfer.to),
        logIndex: transfer.logIndex,
        value: transfer.value.toString(),
        erc20Token: wireErc20Token(chain.erc20Token(transfer.token)!),
      })),
    };
  });

  service.route('GET', '/v1/chains/{chainId}/addresses/{address}/balances:getNative', ({ params, query }) => {
    const address = addressParam(params.address);
    const requestedBlock = intParam(query, 'blockNumber');
    const currency = enumParam(query, 'currency', CURRENCIES) ?? 'usd';
    const chain = chainParam(world, params.chainId!);
    const blockNumber = atBlock(requestedBlock, chain.latestBlockNumber());
    return { nativeTokenBalance: wireNativeBalance(chain, chain.nativeBalance(address, blockNumber), currency) };
  });

  service.route('GET', '/v1/chains/{chainId}/addresses/{address}/balances:listErc721', ({ params, query }) => {
    const address = addressParam(params.address);
    const pageSize = pageSizeParam(query, { min: 1, max: 500, fallback: 10 });
    const contract = optionalAddress(query, 'contractAddress');
    const chain = chainParam(world, params.chainId!);
    const holdings = chain
      .nftHoldings(address)
      .filter((h) => h.token.standard === 'ERC-721' && (!contract || h.token.address.toLowerCase() === contract.toLowerCase()));
    const { page, nextPageToken } = paginate(holdings, query, pageSize, ['erc721', chain.evmChainId, address.toLowerCase(), contract?.toLowerCase()]);
    return {
      ...(nextPageToken ? { nextPageToken } : {}),
      nativeTokenBalance: wireNativeBalance(chain, chain.nativeBalance(address)),
      erc721TokenBalances: page.map((h) => ({ ...wireNftToken(chain, h.token), chainId: String(chain.evmChainId) })),
    };
  });

  service.route('GET', '/v1/chains/{chainId}/addresses/{address}/balances:listErc1155', ({ params, query }) => {
    const address = addressParam(params.address);
    const requestedBlock = intParam(query, 'blockNumber');
    const pageSize = pageSizeParam(query, { min: 1, max: 500, fallback: 10 });
    const contract = optionalAddress(query, 'contractAddress');
    const chain = chainParam(world, params.chainId!);
    const blockNumber = atBlock(requestedBlock, chain.latestBlockNumber());
    const holdings = chain
      .nftHoldings(address, blockNumber)
      .filter((h) => h.token.standard === 'ERC-1155' && (!contract || h.token.address.toLowerCase() === contract.toLowerCase()));
    const scope = ['erc1155', chain.evmChainId, address.toLowerCase(), blockNumber, contract?.toLowerCase()];
    const { page, nextPageToken } = paginate(holdings, query, pageSize, scope);
    return {
      ...(nextPageToken ? { nextPageToken } : {}),
      nativeTokenBalance: wireNativeBalance(chain, chain.nativeBalance(address, blockNumber)),
      erc1155TokenBalances: page.map((h) => ({ ...wireNftToken(chain, h.token), chainId: String(chain.evmChainId), balance: h.balance.toString() })),
    };
  });
}

/** `blockNumber`: latest when absent; a block the chain has not produced yet is a 400. */
function atBlock(n: number | undefined, latest: number): number {
  if (n === undefined) return latest;
  if (n > latest) throw badRequest(`blockNumber ${n} is beyond the latest block ${latest}`);
  return n;
}
