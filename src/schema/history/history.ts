/**
 * An address's full history on a chain (`Account.history`: each transaction it took part in, with
 * the transfers and internal transactions it was a party of), its NFT transfers and its internal
 * transactions, as connections linked to the transfer, transaction, block and token types.
 */
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';
import type { WireTransactionDetails, WireTransactionDetailsV2 } from '../../upstream/data-api/types/evm-transactions.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { upstreamList } from '../common/upstream-list.js';
import { enumValues, SortOrder } from '../common/enums.js';
import { fieldGuard } from '../common/guards.js';
import { serves } from '../common/operations.js';
import { Chain } from '../chain/chain.js';
import { Account, addressPath } from '../account/account.js';
import { Block, blockKey } from '../block/block.js';
import { blockRange, blockRangeArgs } from '../common/block-range.js';
import { InternalTransaction, placeOf, Transaction, type InternalTransactionShape } from '../transaction/transaction.js';
import { fromSummary, txKey, type TransactionShape } from '../transaction/keys.js';
import {
  addressBlockRangeList,
  Erc1155Transfer,
  Erc20Transfer,
  Erc721Transfer,
  type Erc1155TransferShape,
  type Erc20TransferShape,
  type Erc721TransferShape,
} from '../token/transfers.js';
import { TokenReputation } from '../token/reputation.js';

/** The services' bounds of every address list here: 1 to 100 items a page, 10 by default. */
const ADDRESS_PAGE = { defaultSize: 10, maxSize: 100 };

export const AccountHistoryVersion = builder.enumType('AccountHistoryVersion', {
  description: 'Which edition of the Data API\'s address history `Account.history` reads.',
  values: enumValues({
    v2: 'The current edition (`GET /v2/.../transactions`): ERC-20 tokens carry a reputation and spam tokens can be filtered out.',
    v1: 'The first edition (`GET /v1/.../transactions`): no token reputation, no spam filter.',
  }),
});

/** One history item, with its transaction as the graph shapes it. */
interface HistoryEntryShape {
  item: WireTransactionDetails | WireTransactionDetailsV2;
  transaction: TransactionShape;
}

export const AccountHistoryEntry = builder.objectRef<HistoryEntryShape>('AccountHistoryEntry').implement({
  description:
    'A transaction an address took part in, with the token transfers and internal transactions of it that the address sent or received. The lists leave out the transaction\'s other parts: `transaction` gives them all.',
  fields: (t) => ({
    transaction: t.field({
      type: Transaction,
      description: 'The transaction (its details, such as input and every transfer, are read by hash when asked for).',
      // The item carries the transaction: no load.
      extensions: fieldGuard({ upstreamCostPerItem: 0 }),
      resolve: (e) => e.transaction,
    }),
    erc20Transfers: t.field({
      type: [Erc20Transfer],
      description: 'The ERC-20 transfers of the transaction from or to the address, in log order.',
      resolve: (e): Erc20TransferShape[] => (e.item.erc20Transfers ?? []).map((x) => ({ ...x, ...placeOf(e.transaction) })),
    }),
    erc721Transfers: t.field({
      type: [Erc721Transfer],
      description: 'The ERC-721 transfers of the transaction from or to the address, in log order.',
      resolve: (e): Erc721TransferShape[] => (e.item.erc721Transfers ?? []).map((x) => ({ ...x, ...placeOf(e.transaction) })),
    }),
    erc1155Transfers: t.field({
      type: [Erc1155Transfer],
      description: 'The ERC-1155 transfers of the transaction from or to the address, in log order.',
      resolve: (e): Erc1155TransferShape[] => (e.item.erc1155Transfers ?? []).map((x) => ({ ...x, ...placeOf(e.transaction) })),
    }),
    internalTransactions: t.field({
      type: [InternalTransaction],
      description: 'The internal transactions of the transaction from or to the address that the Data API indexes (value-moving calls and creations).',
      resolve: (e): InternalTransactionShape[] => (e.item.internalTransactions ?? []).map((x) => ({ ...x, ...placeOf(e.transaction) })),
    }),
  }),
});

const AccountHistoryEntryConnection = connectionType('AccountHistoryEntry', AccountHistoryEntry, 'A page of an address\'s history.');
const Erc721TransferConnection = connectionType<Erc721TransferShape>('Erc721Transfer', Erc721Transfer, 'A page of ERC-721 transfers, newest first.');
const Erc1155TransferConnection = connectionType<Erc1155TransferShape>('Erc1155Transfer', Erc1155Transfer, 'A page of ERC-1155 transfers, newest first.');
const InternalTransactionConnection = connectionType<InternalTransactionShape>(
  'InternalTransaction',
  InternalTransaction,
  'A page of internal transactions, newest first.',
);

interface HistoryArgs {
  startBlock?: bigint | null;
  endBlock?: bigint | null;
  sortOrder?: 'asc' | 'desc' | null;
  filterSpamTokens?: boolean | null;
  version?: 'v1' | 'v2' | null;
}

/** Checks the history's arguments; what the upstream call takes. */
function historyArgs(args: HistoryArgs) {
  const range = blockRange(args);
  const version = args.version ?? 'v2';
  if (version === 'v1' && args.filterSpamTokens != null) throw badInput('filterSpamTokens', 'only the V2 history filters spam tokens; leave it out with version V1');
  return { range, version, sortOrder: args.sortOrder ?? undefined, filterSpamTokens: args.filterSpamTokens ?? undefined };
}

builder.objectFields(Account, (t) => ({
  history: t.checkedField({
    type: AccountHistoryEntryConnection,
    nullable: true,
    description:
      'Every transaction this address took part in: as sender or recipient, or as a party of one of its token transfers or internal transactions, each with the parts the address sent or received (`GET /v2/.../addresses/{address}/transactions`, or `/v1/...` with `version: V1`). Newest first unless `sortOrder` says otherwise. `transactions` lists only the transactions the address sent, received or created.',
    args: {
      ...blockRangeArgs(t),
      sortOrder: t.arg({ type: SortOrder, required: false, description: 'By block time: DESC (newest first, the service\'s default) or ASC.' }),
      filterSpamTokens: t.arg.boolean({ required: false, description: 'Ask the service to filter out spam tokens (tokens rated malicious); V2 only, the service\'s default when omitted.' }),
      version: t.arg({ type: AccountHistoryVersion, required: false, defaultValue: 'v2', description: 'The edition of the upstream list: V2 (default) or V1.' }),
      ...connectionArgs(t, ADDRESS_PAGE),
    },
    extensions: serves('data:listTransactionsV2', 'data:listTransactions'),
    check: historyArgs,
    resolve: (account, { range, version, sortOrder, filterSpamTokens }, args, ctx) => {
      const api = ctx.upstreams.dataApi.evmTransactions;
      return upstreamList(args, {
        name: version === 'v1' ? 'addressHistoryV1' : 'addressHistory',
        page: ADDRESS_PAGE,
        path: addressPath(account),
        query: { ...range, sortOrder, filterSpamTokens },
        read: (chainId, address, query) => (version === 'v1' ? api.listTransactions(chainId, address, query) : api.listTransactionsV2(chainId, address, query)),
        items: (page) =>
          page.transactions.map((item): HistoryEntryShape => {
            const transaction = fromSummary(account.chainId, item.nativeTransaction);
            Transaction.getDataloader(ctx).prime(txKey(account.chainId, item.nativeTransaction.txHash), transaction);
            return { item, transaction };
          }),
      });
    },
  }),
  erc721Transfers: addressBlockRangeList(t, {
    type: Erc721TransferConnection,
    description: 'ERC-721 transfers from or to this address, newest first (`GET .../transactions:listErc721`).',
    name: 'addressErc721Transfers',
    page: ADDRESS_PAGE,
    operation: 'data:listErc721Transactions',
    read: (ctx, chainId, address, query) => ctx.upstreams.dataApi.evmTransactions.listErc721Transactions(chainId, address, query),
    records: (page) => page.transactions,
  }),
  erc1155Transfers: addressBlockRangeList(t, {
    type: Erc1155TransferConnection,
    description: 'ERC-1155 transfers from or to this address, newest first (`GET .../transactions:listErc1155`).',
    name: 'addressErc1155Transfers',
    page: ADDRESS_PAGE,
    operation: 'data:listErc1155Transactions',
    read: (ctx, chainId, address, query) => ctx.upstreams.dataApi.evmTransactions.listErc1155Transactions(chainId, address, query),
    records: (page) => page.transactions,
  }),
}));

builder.objectFields(Account, (t) => ({
  internalTransactions: addressBlockRangeList(t, {
    type: InternalTransactionConnection,
    description:
      'Internal transactions from or to this address, newest first (`GET .../transactions:listInternals`). The Data API indexes only CALL and CALLCODE that move value and contract creations; a node\'s debug trace has the others.',
    name: 'addressInternalTransactions',
    page: ADDRESS_PAGE,
    operation: 'data:listInternalTransactions',
    read: (ctx, chainId, address, query) => ctx.upstreams.dataApi.evmTransactions.listInternalTransactions(chainId, address, query),
    records: (page) => page.transactions,
  }),
}));

// Where an internal transaction ran: links to its transaction and block, as token transfers have.
builder.objectFields(InternalTransaction, (t) => ({
  chain: t.expose('chainId', { type: Chain, description: 'The chain it ran on.' }),
  blockNumber: t.expose('blockNumber', { type: 'BigInt', description: 'Number of the block it ran in.' }),
  blockHash: t.exposeString('blockHash', { description: 'Hash of the block it ran in.' }),
  blockTimestamp: t.expose('blockTimestamp', { type: 'Timestamp', description: 'Time of the block, Unix seconds.' }),
  block: t.field({ type: Block, nullable: true, description: 'The block it ran in.', resolve: (i) => blockKey(i.chainId, i.blockHash) }),
  txHash: t.exposeString('txHash', { description: 'Hash of the transaction it ran in.' }),
  transaction: t.field({ type: Transaction, nullable: true, description: 'The transaction it ran in.', resolve: (i) => txKey(i.chainId, i.txHash) }),
}));

builder.objectFields(Erc20Transfer, (t) => ({
  tokenReputation: t.field({
    type: TokenReputation,
    nullable: true,
    description: 'What a security analysis says of the token: given by `Account.history` (V2) for C-Chain tokens; null when not rated or read from another list.',
    resolve: (x) => {
      const reputation = (x.erc20Token as { tokenReputation?: string | null }).tokenReputation;
      return reputation == null ? null : TokenReputation.from(reputation);
    },
  }),
}));
