/**
 * The head of the chains: a chain's latest transactions (`Chain.transactions`), and the latest blocks
 * and transactions of every chain of a network (`Query.latestBlocks`, `Query.latestTransactions`).
 * Listed blocks and transactions prime their loaders, so a link to one of them in the same operation
 * (`Transaction.block`, `TokenTransfer.transaction`, `node(id:)`) costs no call.
 */
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { badInput } from '../../errors.js';
import type { WireNativeTransaction } from '../../upstream/data-api/types/evm.js';
import type { WireTransactionStatusFilter } from '../../upstream/data-api/types/evm-transactions.js';
import { Chain } from '../chain/chain.js';
import { connectionArgs } from '../common/connection.js';
import { upstreamList } from '../common/upstream-list.js';
import { NetworkName } from '../common/enums.js';
import type { NetworkNameValue } from '../common/network-names.js';
import { dataApiNetwork } from '../common/network-names.js';
import { serves } from '../common/operations.js';
import { BlockConnection, primedBlocks } from './block.js';
import { Transaction, TransactionConnection, TransactionStatus } from '../transaction/transaction.js';
import { fromSummary, txKey, type TransactionShape } from '../transaction/keys.js';

/** The services' bounds of every latest list: 1 to 100 items a page, 10 by default. */
const LATEST_PAGE = { defaultSize: 10, maxSize: 100 };

/** The `status` filter: SUCCESS or FAILED (UNKNOWN names no status the service filters by). */
function statusArg(value: 'SUCCESS' | 'FAILED' | 'UNKNOWN' | null | undefined): WireTransactionStatusFilter | undefined {
  if (value == null) return undefined;
  if (value === 'UNKNOWN') throw badInput('status', 'UNKNOWN is not a status to filter by; use SUCCESS or FAILED');
  return value === 'SUCCESS' ? 'success' : 'failed';
}

/** Lists a page of summaries as transactions, priming the transaction loader with each. */
function primedTransactions(ctx: Context, items: WireNativeTransaction[], chainIdOf: (item: WireNativeTransaction) => string): TransactionShape[] {
  return items.map((item) => {
    const tx = fromSummary(chainIdOf(item), item);
    Transaction.getDataloader(ctx).prime(txKey(tx.chainId, item.txHash), tx);
    return tx;
  });
}

const statusDescription = 'Only transactions with this outcome (SUCCESS or FAILED); all when omitted.';

builder.objectFields(Chain, (t) => ({
  transactions: t.checkedField({
    type: TransactionConnection,
    nullable: true,
    description: 'The chain\'s latest transactions, newest first (`GET /v1/chains/{chainId}/transactions`), optionally only successful or failed ones.',
    args: {
      status: t.arg({ type: TransactionStatus, required: false, description: statusDescription }),
      ...connectionArgs(t, LATEST_PAGE),
    },
    extensions: serves('data:listLatestTransactions'),
    check: (args) => statusArg(args.status),
    resolve: (chain, status, args, ctx) =>
      upstreamList(args, {
        name: 'latestTransactions',
        page: LATEST_PAGE,
        path: [chain.chainId],
        query: { status },
        read: (chainId, query) => ctx.upstreams.dataApi.evmTransactions.listLatestTransactions(chainId, query),
        items: (page) => primedTransactions(ctx, page.transactions, () => chain.chainId),
      }),
  }),
}));

/** The network filter of the cross-chain lists: one network, or all when omitted. */
const networkOf = (value: NetworkNameValue | null | undefined) => (value ? dataApiNetwork(value) : undefined);

builder.queryFields((t) => ({
  latestBlocks: t.field({
    type: BlockConnection,
    nullable: true,
    description:
      'The latest blocks of every EVM chain the Data API indexes, newest first (`GET /v1/blocks`); each block links to its chain. Only one network\'s chains when `network` is given.',
    args: {
      network: t.arg({ type: NetworkName, required: false, description: 'Only blocks of this network\'s chains; every network when omitted.' }),
      ...connectionArgs(t, LATEST_PAGE),
    },
    extensions: serves('data:listLatestBlocksAllChains'),
    resolve: (_, args, ctx) =>
      upstreamList(args, {
        name: 'latestBlocks',
        page: LATEST_PAGE,
        path: [],
        query: { network: networkOf(args.network) },
        read: (query) => ctx.upstreams.dataApi.evmBlocks.listLatestBlocksAllChains(query),
        items: (page) => primedBlocks(ctx, page.blocks),
      }),
  }),
  latestTransactions: t.checkedField({
    type: TransactionConnection,
    nullable: true,
    description:
      'The latest transactions of every EVM chain the Data API indexes, newest first (`GET /v1/transactions`); each transaction links to its chain and block. Only one network\'s chains when `network` is given.',
    args: {
      network: t.arg({ type: NetworkName, required: false, description: 'Only transactions of this network\'s chains; every network when omitted.' }),
      status: t.arg({ type: TransactionStatus, required: false, description: statusDescription }),
      ...connectionArgs(t, LATEST_PAGE),
    },
    extensions: serves('data:listLatestTransactionsAllChains'),
    check: (args) => statusArg(args.status),
    resolve: (_, status, args, ctx) =>
      upstreamList(args, {
        name: 'latestTransactionsAllChains',
        page: LATEST_PAGE,
        path: [],
        query: { network: networkOf(args.network), status },
        read: (query) => ctx.upstreams.dataApi.evmTransactions.listLatestTransactionsAllChains(query),
        items: (page) => primedTransactions(ctx, page.transactions, (item) => item.chainId),
      }),
  }),
}));
