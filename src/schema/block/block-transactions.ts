/**
 * The links between EVM blocks and their transactions: a block's transactions, in block order
 * (`GET .../blocks/{blockId}/transactions`), and the block of a transaction.
 */
import { builder } from '../../builder.js';
import { Block, blockKey } from './block.js';
import { Transaction, TransactionConnection } from '../transaction/transaction.js';
import { fromSummary } from '../transaction/keys.js';
import { serves } from '../common/operations.js';
import { connectionArgs } from '../common/connection.js';
import { emptyConnection } from '../common/pagination.js';
import { upstreamList } from '../common/upstream-list.js';

builder.objectFields(Transaction, (t) => ({
  block: t.field({
    type: Block,
    nullable: true,
    description: 'The block that includes this transaction.',
    resolve: (tx) => blockKey(tx.chainId, tx.native.blockHash),
  }),
}));

/** The service's block-transactions list takes pageSize 0 to 100 (default 0): `first: 0` is allowed. */
const BLOCK_TX_PAGE = { defaultSize: 10, maxSize: 100, minFirst: 0 };

builder.objectFields(Block, (t) => ({
  transactions: t.field({
    extensions: serves('data:getTransactionsForBlock'),
    type: TransactionConnection,
    nullable: true,
    description:
      'The block\'s transactions in block order (`GET .../blocks/{blockId}/transactions`). `first: 0` (the service\'s default page size) returns no edges but `totalCount` and `pageInfo.hasNextPage`, with no call.',
    args: connectionArgs(t, BLOCK_TX_PAGE),
    resolve: async (block, args, ctx) => {
      const totalCount = Number.isSafeInteger(block.txCount) ? block.txCount : null;
      // Nothing to list: the block says how many transactions it has (`after` still needs a read,
      // to check the cursor and learn what follows it).
      if (args.first === 0 && args.after == null && args.before == null && totalCount !== null) return { ...emptyConnection(totalCount > 0), totalCount };
      const connection = await upstreamList(args, {
        name: 'blockTransactions',
        page: BLOCK_TX_PAGE,
        path: [block.chainId, block.blockHash],
        query: {},
        // An empty block has nothing to list: no call (the cursor and `first` are still checked).
        read: (chainId, blockHash, query) =>
          block.txCount === 0 && !query.pageToken ? Promise.resolve({ transactions: [] }) : ctx.upstreams.dataApi.evmTransactions.getTransactionsForBlock(chainId, blockHash, query),
        items: (page) => page.transactions.map((item) => fromSummary(block.chainId, item)),
      });
      return { edges: connection.edges, pageInfo: connection.pageInfo, totalCount };
    },
  }),
}));

