/**
 * What an address holds on an EVM chain beyond its native balance: ERC-20 balances (derived from the
 * world's genesis holdings and ERC-20 transfers, so they agree with `transactions:listErc20`) and
 * collectibles (its NFT holdings, as `balances:listErc721` / `listErc1155` list them); and the chains
 * where the address has been active.
 */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { CURRENCIES, type EvmChainWorld } from '../../world/evm/index.js';
import { badRequest, enumParam } from '../errors.js';
import { addressParam, chainParam, intParam, optionalAddress, pageSizeParam, paginate } from './params.js';
import { money, wireErc20Token, wireNativeBalance, wireNftToken } from './wire.js';

export function balanceRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/chains/{chainId}/addresses/{address}/balances:listErc20', ({ params, query }) => {
    const address = addressParam(params.address);
    const requestedBlock = intParam(query, 'blockNumber');
    const pageSize = pageSizeParam(query, { min: 1, max: 500, fallback: 10 });
    booleanParam(query, 'filterSpamTokens');
    const contracts = contractListParam(query.get('contractAddresses'));
    const currency = enumParam(query, 'currency', CURRENCIES) ?? 'usd';
    const chain = chainParam(world, params.chainId!);
    const blockNumber = atBlock(requestedBlock, chain.latestBlockNumber());
    // The world has no spam tokens: `filterSpamTokens` changes nothing. Only held tokens are listed.
    const held = chain
      .erc20Balances(address, blockNumber)
      .filter((b) => b.balance > 0n && (!contracts || contracts.has(b.token.address.toLowerCase())));
    const scope = ['erc20-balances', chain.evmChainId, address.toLowerCase(), blockNumber, [...(contracts ?? [])].sort()];
    const { page, nextPageToken } = paginate(held, query, pageSize, scope);
    return {
      ...(nextPageToken ? { nextPageToken } : {}),
      nativeTokenBalance: wireNativeBalance(chain, chain.nativeBalance(address, blockNumber), currency),
      erc20TokenBalances: page.map(({ token, balance }) => {
        const whole = Number(balance) / 10 ** token.decimals;
        return {
          ...wireErc20Token(token, currency),
          chainId: String(chain.evmChainId),
          balance: balance.toString(),
          balanceValue: money(whole * token.priceUsd, currency),
          // Only C-Chain tokens are rated; the world's tokens are all benign.
          tokenReputation: chain.chain.isCChain ? 'Benign' : null,
        };
      }),
    };
  });

  service.route('GET', '/v1/chains/{chainId}/addresses/{address}/balances:listCollectibles', ({ params, query }) => {
    const address = addressParam(params.address);
    const pageSize = pageSizeParam(query, { min: 1, max: 500, fallback: 10 });
    const contract = optionalAddress(query, 'contractAddress');
    const chain = chainParam(world, params.chainId!);
    const holdings = chain.nftHoldings(address).filter((h) => !contract || h.token.address.toLowerCase() === contract.toLowerCase());
    const { page, nextPageToken } = paginate(holdings, query, pageSize, ['collectibles', chain.evmChainId, address.toLowerCase(), contract?.toLowerCase()]);
    return {
      ...(nextPageToken ? { nextPageToken } : {}),
      collectibleBalances: page.map((h) => ({
        ...wireNftToken(chain, h.token),
        chainId: String(chain.evmChainId),
        ...(h.token.standard === 'ERC-1155' ? { balance: h.balance.toString() } : {}),
      })),
    };
  });

  service.route('GET', '/v1/address/{address}/chains', ({ params }) => {
    const address = addressParam(params.address);
    const indexedChains = world.chains.filter((c) => isActive(world.evm.chain(c.evmChainId)!, address)).map((c) => c.info);
    return { indexedChains, unindexedChains: [] };
  });
}

/** Whether an address sent or received a transaction, or sent or received a token transfer, on a chain. */
function isActive(chain: EvmChainWorld, address: string): boolean {
  if (chain.addressTransactions(address).length > 0 || chain.addressErc20Transfers(address).length > 0) return true;
  const me = address.toLowerCase();
  return chain.transactions.some((tx) => tx.nftTransfers.some((t) => t.from.toLowerCase() === me || t.to.toLowerCase() === me));
}

/** `blockNumber`: latest when absent; a block the chain has not produced yet is a 400. */
function atBlock(n: number | undefined, latest: number): number {
  if (n === undefined) return latest;
  if (n > latest) throw badRequest(`blockNumber ${n} is beyond the latest block ${latest}`);
  return n;
}

function booleanParam(query: URLSearchParams, name: string): boolean | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (value !== 'true' && value !== 'false') throw badRequest(`${name} must be a boolean value`);
  return value === 'true';
}

/** `contractAddresses`: comma-separated addresses, each checked; undefined when absent. */
function contractListParam(value: string | null): Set<string> | undefined {
  if (value === null) return undefined;
  return new Set(value.split(',').map((a) => addressParam(a.trim(), 'contractAddresses').toLowerCase()));
}
