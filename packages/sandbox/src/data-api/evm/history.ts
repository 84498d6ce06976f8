/**
 * An address's full history on a chain (`listTransactions` v1 and v2: each transaction with the
 * transfers and internal transactions the address was a party of), its ERC-721 and ERC-1155
 * transfers and its internal transactions, each filterable by block range.
 */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import type { EvmChainWorld, EvmTransaction } from '../../world/evm/index.js';
import { addressActivity, isListedInternalCall } from '../../world/evm/activity.js';
import { badRequest, enumParam } from '../errors.js';
import { addressParam, blockRangeParam, chainParam, pageSizeParam, paginate } from './params.js';
import { richAddress, wireListedTransfer, wireNativeTransaction, wireNftToken, wireTransferDetails } from './wire.js';

const PAGE = { min: 1, max: 100, fallback: 10 };
const SORT_ORDERS = ['asc', 'desc'] as const;

type Range = { start: number; end: number };
const inRange = (range: Range) => (item: { tx: EvmTransaction } | EvmTransaction) => {
  const n = 'tx' in item ? item.tx.blockNumber : item.blockNumber;
  return n >= range.start && n < range.end;
};

/** The parts of a transaction the address was a party of (the history lists only those). */
function partOf(tx: EvmTransaction, address: string): EvmTransaction {
  const me = address.toLowerCase();
  const involves = (x: { from: string; to: string }) => x.from.toLowerCase() === me || x.to.toLowerCase() === me;
  return {
    ...tx,
    erc20Transfers: tx.erc20Transfers.filter(involves),
    nftTransfers: tx.nftTransfers.filter(involves),
    internalCalls: tx.internalCalls.filter((c) => isListedInternalCall(c) && involves(c)),
  };
}

/** `filterSpamTokens`: "true" or "false". */
function booleanParam(query: URLSearchParams, name: string): boolean | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (value !== 'true' && value !== 'false') throw badRequest(`${name} must be a boolean value`);
  return value === 'true';
}

/**
 * A token's reputation as v2 reports it: only C-Chain tokens are analysed, and every token of the
 * world is an honest one (so `filterSpamTokens` removes nothing here).
 */
const reputationOf = (chain: EvmChainWorld): 'Benign' | 'Malicious' | null => (chain.chain.isCChain ? 'Benign' : null);

function history(world: World, params: Record<string, string>, query: URLSearchParams, version: 'v1' | 'v2') {
  const address = addressParam(params.address);
  const range = blockRangeParam(query);
  const pageSize = pageSizeParam(query, PAGE);
  const sortOrder = enumParam(query, 'sortOrder', SORT_ORDERS) ?? 'desc';
  const filterSpam = version === 'v2' ? (booleanParam(query, 'filterSpamTokens') ?? false) : false;
  const chain = chainParam(world, params.chainId!);
  const newestFirst = addressActivity(chain).transactions(address).filter(inRange(range));
  const txs = sortOrder === 'desc' ? newestFirst : [...newestFirst].reverse();
  const scope = ['history', version, chain.evmChainId, address.toLowerCase(), range.start, range.end, sortOrder, filterSpam];
  const { page, nextPageToken } = paginate(txs, query, pageSize, scope);
  const reputation = reputationOf(chain);
  return {
    ...(nextPageToken ? { nextPageToken } : {}),
    transactions: page.map((tx) => {
      const details = wireTransferDetails(chain, partOf(tx, address)) as { erc20Transfers: { erc20Token: Record<string, unknown> }[] };
      const erc20Transfers =
        version === 'v1'
          ? details.erc20Transfers
          : details.erc20Transfers
              .map((t) => ({ ...t, erc20Token: { ...t.erc20Token, tokenReputation: reputation } }))
              .filter((t) => !filterSpam || t.erc20Token.tokenReputation !== 'Malicious');
      return { nativeTransaction: wireNativeTransaction(chain, tx), ...details, erc20Transfers };
    }),
  };
}

export function historyRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/chains/{chainId}/addresses/{address}/transactions', ({ params, query }) => history(world, params, query, 'v1'));
  service.route('GET', '/v2/chains/{chainId}/addresses/{address}/transactions', ({ params, query }) => history(world, params, query, 'v2'));

  for (const standard of ['ERC-721', 'ERC-1155'] as const) {
    const path = standard === 'ERC-721' ? 'listErc721' : 'listErc1155';
    service.route('GET', `/v1/chains/{chainId}/addresses/{address}/transactions:${path}`, ({ params, query }) => {
      const address = addressParam(params.address);
      const range = blockRangeParam(query);
      const pageSize = pageSizeParam(query, PAGE);
      const chain = chainParam(world, params.chainId!);
      const activity = addressActivity(chain);
      const records = (standard === 'ERC-721' ? activity.erc721Transfers(address) : activity.erc1155Transfers(address)).filter(inRange(range));
      const { page, nextPageToken } = paginate(records, query, pageSize, [path, chain.evmChainId, address.toLowerCase(), range.start, range.end]);
      return {
        ...(nextPageToken ? { nextPageToken } : {}),
        transactions: page.map(({ tx, transfer }) => {
          const token = chain.nftCollection(transfer.collection)!.tokens.find((t) => t.tokenId === transfer.tokenId)!;
          const base = { ...wireListedTransfer(chain, tx), from: richAddress(chain, transfer.from), to: richAddress(chain, transfer.to), logIndex: transfer.logIndex };
          return standard === 'ERC-721'
            ? { ...base, erc721Token: wireNftToken(chain, token, false) }
            : { ...base, value: transfer.value.toString(), erc1155Token: wireNftToken(chain, token) };
        }),
      };
    });
  }

  service.route('GET', '/v1/chains/{chainId}/addresses/{address}/transactions:listInternals', ({ params, query }) => {
    const address = addressParam(params.address);
    const range = blockRangeParam(query);
    const pageSize = pageSizeParam(query, PAGE);
    const chain = chainParam(world, params.chainId!);
    const records = addressActivity(chain).internalCalls(address).filter(inRange(range));
    const { page, nextPageToken } = paginate(records, query, pageSize, ['internals', chain.evmChainId, address.toLowerCase(), range.start, range.end]);
    return {
      ...(nextPageToken ? { nextPageToken } : {}),
      transactions: page.map(({ tx, call }) => ({
        ...wireListedTransfer(chain, tx),
        from: richAddress(chain, call.from),
        to: richAddress(chain, call.to),
        internalTxType: call.type,
        value: call.value.toString(),
        isReverted: call.isReverted,
        gasUsed: call.gasUsed.toString(),
        gasLimit: call.gasLimit.toString(),
      })),
    };
  });
}
