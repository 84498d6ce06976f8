/**
 * Transaction: an EVM transaction (Data API), reached from a block, an address or by hash, with links
 * to its chain, block and accounts. List items carry the summary; what only the single-transaction
 * endpoint knows (input, fee caps, decoded content) is fetched by hash when asked for, through the
 * node's loader (one call per transaction per operation, cached long: a hash never changes meaning).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { notFound } from '../../errors.js';
import type { WireFullNativeTransaction, WireNativeTransaction, WireTransactionContents, WireTransferPlace } from '../../upstream/data-api/types/evm.js';
import { Chain, NetworkToken } from '../chain/chain.js';
import { enumValues, upstreamEnum } from '../common/enums.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { upstreamList } from '../common/upstream-list.js';
import { Money } from '../common/money.js';
import { hash32 } from '../common/validate.js';
import { Account, accountFrom, addressPath } from '../account/account.js';
import { checkChainHashKey } from '../common/global-ids.js';
import { typeGuard } from '../common/guards.js';
import { blockRange, blockRangeArgs } from '../common/block-range.js';
import { entity, keyChainId, keyString } from '../common/federation.js';
import { serves } from '../common/operations.js';
import { type TransactionShape, fromFull, fromSummary, txKey } from './keys.js';
import { refLoad } from '../common/each-key.js';
import { transactionsByHash } from '../loaders/evm.js';

/** Where a transaction's transfers and internal transactions happened: its own block and hash. */
export const placeOf = (tx: TransactionShape): WireTransferPlace & { chainId: string } => ({
  chainId: tx.chainId,
  blockNumber: tx.native.blockNumber,
  blockTimestamp: tx.native.blockTimestamp,
  blockTimestampMilliseconds: tx.native.blockTimestampMilliseconds,
  blockHash: tx.native.blockHash,
  txHash: tx.native.txHash,
});

export const Transaction = builder.loadableNodeRef<TransactionShape, string, string>('Transaction', {
  id: { resolve: (tx) => txKey(tx.chainId, tx.native.txHash) },
  // An id that names no transaction loads as null (`node(id)` answers null); a failed call fails only its own slot.
  load: refLoad(transactionsByHash),
});

/** The single-transaction answer for a transaction, fetched once per operation when the item lacks it. */
export async function transactionDetails(tx: TransactionShape, ctx: Context): Promise<DataApiSchema<'GetTransactionResponse'>> {
  if (tx.full) return tx.full;
  const key = txKey(tx.chainId, tx.native.txHash);
  const loader = Transaction.getDataloader(ctx);
  let loaded: TransactionShape | null = await loader.load(key);
  if (loaded && !loaded.full) {
    // The loader was primed with a list's summary (latest transactions, an address's history): read the details by hash
    // (sent once per operation) and keep them for the other fields.
    const full = await ctx.upstreams.dataApi.evmTransactions.getTransaction(tx.chainId, tx.native.txHash);
    loaded = full && fromFull(tx.chainId, full);
    if (loaded) loader.clear(key).prime(key, loaded);
  }
  // A listed transaction the single-transaction endpoint does not know: the upstream disagrees with itself.
  if (!loaded?.full) throw notFound(`Transaction ${tx.native.txHash} is listed but not found by hash`);
  return loaded.full;
}

/** One decoded-content list (only the single-transaction endpoint carries them); absent means none. */
export async function contentList<K extends keyof WireTransactionContents>(
  tx: TransactionShape,
  ctx: Context,
  list: K,
): Promise<NonNullable<WireTransactionContents[K]>> {
  return ((await transactionDetails(tx, ctx))[list] ?? []) as NonNullable<WireTransactionContents[K]>;
}

/** A field only the single-transaction endpoint gives. */
async function fullField<K extends keyof WireFullNativeTransaction>(tx: TransactionShape, ctx: Context, field: K) {
  return (await transactionDetails(tx, ctx)).nativeTransaction[field] ?? null;
}

/** The upstream's `txStatus` ("1" or "0", as an EVM receipt's status). */
const TX_STATUSES: Record<string, 'SUCCESS' | 'FAILED'> = { '1': 'SUCCESS', '0': 'FAILED' };
export const TransactionStatus = builder.enumType('TransactionStatus', {
  description: 'Outcome of a transaction.',
  values: enumValues({
    SUCCESS: 'Executed successfully.',
    FAILED: 'Reverted: its value moves and events were undone; the fee was still paid.',
    UNKNOWN: 'A status this gateway does not know yet.',
  }),
});

export const CallType = upstreamEnum('CallType', {
  description: 'What a transaction does, as the indexer classifies it.',
  values: {
    NATIVE_TRANSFER: 'Moves native tokens to an address without calling code.',
    CONTRACT_CALL: 'Calls a contract.',
    CONTRACT_CREATION: 'Deploys a contract.',
  },
  unknown: 'A kind this gateway does not know yet.',
});

export const TransactionMethod = builder.objectRef<NonNullable<WireNativeTransaction['method']>>('TransactionMethod').implement({
  description: 'The method a transaction calls.',
  fields: (t) => ({
    callType: t.field({ type: CallType, description: 'What the transaction does.', resolve: (m) => CallType.from(m.callType) }),
    methodHash: t.exposeString('methodHash', { description: 'The 4-byte selector (0x and 8 hex digits); empty for a native transfer.' }),
    methodName: t.exposeString('methodName', { nullable: true, description: 'The method signature, e.g. `transfer(address,uint256)`, when the selector is known.' }),
  }),
});

export const InternalTransactionType = upstreamEnum('InternalTransactionType', {
  description: 'The EVM operation of an internal transaction.',
  values: {
    CALL: 'A message call.',
    CREATE: 'A contract creation (CREATE).',
    CREATE2: 'A contract creation at a salted address (CREATE2).',
    CREATE3: 'A contract creation through a CREATE3 factory.',
    CALLCODE: 'A call running the callee\'s code in the caller\'s context (legacy).',
    DELEGATECALL: 'A call running the callee\'s code in the caller\'s context.',
    STATICCALL: 'A call that cannot change state.',
  },
  unknown: 'An operation this gateway or the indexer does not know.',
});

/** An internal transaction with where it ran (its transaction's block and hash). */
export interface InternalTransactionShape extends DataApiSchema<'InternalTransactionDetails'>, WireTransferPlace {
  chainId: string;
}

export const InternalTransaction = builder.objectRef<InternalTransactionShape>('InternalTransaction').implement({
  description:
    'A message call or creation made by a contract while a transaction ran. Not a node: the Data API gives no position in the call trace, so two identical calls of one transaction cannot be told apart.',
  fields: (t) => ({
    from: t.field({ type: Account, description: 'The calling contract.', resolve: (i) => accountFrom(i.chainId, i.from) }),
    to: t.field({ type: Account, description: 'The callee or created contract.', resolve: (i) => accountFrom(i.chainId, i.to) }),
    type: t.field({
      type: InternalTransactionType,
      description: 'The EVM operation (upstream `internalTxType`).',
      resolve: (i) => InternalTransactionType.from(i.internalTxType),
    }),
    value: t.expose('value', { type: 'BigInt', description: 'Native value sent, in wei.' }),
    isReverted: t.exposeBoolean('isReverted', { description: 'True when this call reverted.' }),
    gasUsed: t.expose('gasUsed', { type: 'BigInt', description: 'Gas used by the call.' }),
    gasLimit: t.expose('gasLimit', { type: 'BigInt', description: 'Gas made available to the call.' }),
  }),
});

export const NetworkTokenDetails = builder.objectRef<DataApiSchema<'GetTransactionResponse'>['networkTokenDetails']>('NetworkTokenDetails').implement({
  description: 'The chain\'s native token with its price now and at the time of a transaction.',
  fields: (t) => ({
    networkToken: t.expose('networkToken', { type: NetworkToken, description: 'The native token.' }),
    currentPrice: t.expose('currentPrice', { type: Money, nullable: true, description: 'Price of one token now.' }),
    historicalPrice: t.expose('historicalPrice', { type: Money, nullable: true, description: 'Price of one token when the transaction ran.' }),
  }),
});

export const TeleporterMessageDirection = upstreamEnum('TeleporterMessageDirection', {
  description: 'The part a transaction plays in an interchain (Teleporter) message.',
  values: {
    SOURCE_TRANSACTION: 'The transaction sent the message.',
    DESTINATION_TRANSACTION: 'The transaction delivered the message.',
  },
  unknown: 'A part this gateway does not know yet.',
});

export const TeleporterMessageInfo = builder.objectRef<DataApiSchema<'TeleporterMessageInfo'>>('TeleporterMessageInfo').implement({
  description: 'The interchain (Teleporter) message a transaction sent or delivered.',
  fields: (t) => ({
    teleporterMessageId: t.exposeString('teleporterMessageId', { description: 'The message id (hex).' }),
    direction: t.field({
      type: TeleporterMessageDirection,
      description: 'Whether this transaction sent or delivered the message.',
      resolve: (m) => TeleporterMessageDirection.from(m.direction),
    }),
    sourceChainId: t.exposeString('sourceChainId', { nullable: true, description: 'Chain id of the sending chain, as the upstream gives it.' }),
    destinationChainId: t.exposeString('destinationChainId', { nullable: true, description: 'Chain id of the receiving chain, as the upstream gives it.' }),
    sourceChain: t.expose('sourceChainId', { type: Chain, nullable: true, description: 'The sending chain, when indexed.' }),
    destinationChain: t.expose('destinationChainId', { type: Chain, nullable: true, description: 'The receiving chain, when indexed.' }),
  }),
});

/** A BigInt field only the single-transaction answer has. */
const detailField = (description: string, field: 'baseFeePerGas' | 'maxFeePerGas' | 'maxPriorityFeePerGas') =>
  ({ type: 'BigInt', nullable: true, description, resolve: (tx: TransactionShape, _: unknown, ctx: Context) => fullField(tx, ctx, field) }) as const;

Transaction.implement({
  extensions: typeGuard({ checkId: checkChainHashKey }),
  description: 'A transaction of an EVM chain, as indexed by the Data API.',
  fields: (t) => ({
    chain: t.expose('chainId', { type: Chain, description: 'The chain of this transaction.' }),
    chainId: t.exposeString('chainId', { description: 'EVM chain id of the transaction\'s chain, as a decimal string (e.g. "43114"); with `hash`, the transaction\'s federation key.' }),
    hash: t.string({ description: 'Transaction hash (0x, 32 bytes).', resolve: (tx) => tx.native.txHash }),
    blockNumber: t.field({ type: 'BigInt', description: 'Number of the including block.', resolve: (tx) => tx.native.blockNumber }),
    blockHash: t.string({ description: 'Hash of the including block.', resolve: (tx) => tx.native.blockHash }),
    blockTimestamp: t.field({ type: 'Timestamp', description: 'Time of the including block, Unix seconds.', resolve: (tx) => tx.native.blockTimestamp }),
    blockTimestampMilliseconds: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Time of the including block in Unix milliseconds, on chains that record it.',
      resolve: (tx) => tx.native.blockTimestampMilliseconds ?? null,
    }),
    blockMinDelayExcess: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The including block\'s minimum-delay excess, on chains that record it.',
      resolve: (tx) => tx.native.blockMinDelayExcess ?? null,
    }),
    blockIndex: t.int({ description: 'Position of the transaction in its block.', resolve: (tx) => tx.native.blockIndex }),
    status: t.field({
      type: TransactionStatus,
      description: 'Whether the transaction succeeded.',
      resolve: (tx) => (Object.hasOwn(TX_STATUSES, tx.native.txStatus) ? TX_STATUSES[tx.native.txStatus]! : 'UNKNOWN'),
    }),
    type: t.int({ description: 'EIP-2718 transaction type (0 legacy, 2 dynamic fee...).', resolve: (tx) => tx.native.txType }),
    from: t.field({ type: Account, description: 'The sender.', resolve: (tx) => accountFrom(tx.chainId, tx.native.from) }),
    to: t.field({
      type: Account,
      nullable: true,
      description: 'The recipient, or the created contract of a contract creation.',
      resolve: (tx) => (tx.native.to ? accountFrom(tx.chainId, tx.native.to) : null),
    }),
    method: t.field({ type: TransactionMethod, nullable: true, description: 'The method called.', resolve: (tx) => tx.native.method ?? null }),
    value: t.field({ type: 'BigInt', description: 'Native value sent, in wei.', resolve: (tx) => tx.native.value }),
    gasLimit: t.field({ type: 'BigInt', description: 'Gas limit set by the sender.', resolve: (tx) => tx.native.gasLimit }),
    gasUsed: t.field({ type: 'BigInt', description: 'Gas used.', resolve: (tx) => tx.native.gasUsed }),
    gasPrice: t.field({ type: 'BigInt', description: 'Price paid per gas, in wei.', resolve: (tx) => tx.native.gasPrice }),
    nonce: t.field({ type: 'BigInt', description: 'The sender\'s nonce.', resolve: (tx) => tx.native.nonce }),
    input: t.string({
      nullable: true,
      description: 'Call data (0x hex). Fetched by hash when the transaction came from a list.',
      resolve: (tx, _, ctx) => fullField(tx, ctx, 'input'),
    }),
    baseFeePerGas: t.field(detailField('Base fee per gas of the including block, in wei. Fetched by hash when the transaction came from a list.', 'baseFeePerGas')),
    maxFeePerGas: t.field(detailField('Most the sender would pay per gas (dynamic-fee transactions). Fetched by hash when the transaction came from a list.', 'maxFeePerGas')),
    maxPriorityFeePerGas: t.field(
      detailField('Most tip per gas the sender would pay (dynamic-fee transactions). Fetched by hash when the transaction came from a list.', 'maxPriorityFeePerGas'),
    ),
    internalTransactions: t.field({
      type: [InternalTransaction],
      nullable: true,
      description: 'Value-moving calls and creations made by contracts during the transaction.',
      resolve: async (tx, _, ctx) => (await contentList(tx, ctx, 'internalTransactions')).map((i) => ({ ...i, ...placeOf(tx) })),
    }),
    networkTokenDetails: t.field({
      type: NetworkTokenDetails,
      nullable: true,
      description: 'The native token with its price now and then. Fetched by hash when the transaction came from a list.',
      resolve: async (tx, _, ctx) => (await transactionDetails(tx, ctx)).networkTokenDetails ?? null,
    }),
    teleporterMessageInfo: t.field({
      type: TeleporterMessageInfo,
      nullable: true,
      description: 'The interchain message this transaction sent or delivered; null when none.',
      resolve: async (tx, _, ctx) => (await transactionDetails(tx, ctx)).teleporterMessageInfo ?? null,
    }),
  }),
});

export const TransactionConnection = connectionType<TransactionShape, { totalCount: number | null }>('Transaction', Transaction, 'A page of transactions.');

builder.objectFields(TransactionConnection, (t) => ({
  totalCount: t.exposeInt('totalCount', { nullable: true, description: 'How many transactions the whole list holds, where known without reading it: a block\'s transactions (its `txCount`); null for other lists.' }),
}));

const ADDRESS_TX_PAGE = { defaultSize: 10, maxSize: 100 };

builder.objectFields(Account, (t) => ({
  transactions: t.checkedField({
    type: TransactionConnection,
    nullable: true,
    description: 'Transactions sent by, sent to or creating this address, newest first (`GET .../transactions:listNative`).',
    args: { ...blockRangeArgs(t), ...connectionArgs(t, ADDRESS_TX_PAGE) },
    extensions: serves('data:listNativeTransactions'),
    check: blockRange,
    resolve: (account, range, args, ctx) =>
      upstreamList(args, {
        name: 'addressTransactions',
        page: ADDRESS_TX_PAGE,
        path: addressPath(account),
        query: range,
        read: (chainId, address, query) => ctx.upstreams.dataApi.evmTransactions.listNativeTransactions(chainId, address, query),
        items: (page) => page.transactions.map((item) => fromSummary(account.chainId, item)),
      }),
  }),
}));

// Federation: a transaction by chain and hash, through the transaction loader (as `node(id:)` and
// the detail fields of listed transactions read it).
entity(Transaction, {
  keys: ['chainId hash'],
  read: (rep, at) => ({ chainId: keyChainId(rep, at), hash: hash32(`${at}.hash`, keyString(rep, 'hash', at)) }),
  resolve: ({ chainId, hash }, ctx) => Transaction.getDataloader(ctx).load(txKey(chainId, hash)),
});

builder.objectFields(Chain, (t) => ({
  transaction: t.checkedField({
    type: Transaction,
    nullable: true,
    description: 'One transaction by hash (`GET .../transactions/{txHash}`); null when the chain has no such transaction.',
    args: { hash: t.arg.string({ required: true, description: 'Transaction hash (0x, 32 bytes).' }) },
    extensions: serves('data:getTransaction'),
    check: (args) => hash32('hash', args.hash),
    resolve: async (chain, hash, _args, ctx) => {
      const full = await ctx.upstreams.dataApi.evmTransactions.getTransaction(chain.chainId, hash);
      return full && fromFull(chain.chainId, full);
    },
  }),
}));
