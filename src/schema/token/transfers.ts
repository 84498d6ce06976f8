/**
 * Token transfers (ERC-20, ERC-721, ERC-1155) and token contracts: the transfers inside a transaction,
 * an address's ERC-20 transfers, and a contract's transfers (`Chain.token`). Every transfer links to
 * its token contract, transaction, block and accounts.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { ObjectRef } from '@pothos/core';
import { builder, type Types } from '../../builder.js';
import type { Context } from '../../context.js';
import type { WireBlockRange, WireTokenTransfer, WireTransferPlace } from '../../upstream/data-api/types/evm.js';
import { Chain } from '../chain/chain.js';
import { upstreamEnum } from '../common/enums.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { upstreamList, type PageQuery, type UpstreamAnswer } from '../common/upstream-list.js';
import type { ConnectionBounds, ConnectionResult } from '../common/pagination.js';
import { Money } from '../common/money.js';
import { isEvmChainId } from '../common/validate.js';
import { isHash32 } from '@avalanche-graph/identity';
import { Account, accountFrom, addressPath, upstreamAddress } from '../account/account.js';
import { Block, blockKey } from '../block/block.js';
import { Erc1155Token, Erc721Token } from '../nft/nft.js';
import { fieldGuard, typeGuard } from '../common/guards.js';
import { loadEach } from '../common/each-key.js';
import { blockRange, blockRangeArgs } from '../common/block-range.js';
import { contentList, placeOf, Transaction } from '../transaction/transaction.js';
import { txKey } from '../transaction/keys.js';
import { serves } from '../common/operations.js';
import { CHAIN_ADDRESS_NODE, chainAddressField, chainAddressNode, type ChainAddress } from '../common/chain-address.js';

type Place = WireTransferPlace & { chainId: string };
export type Erc20TransferShape = Place & DataApiSchema<'Erc20TransferDetails'>;
export type Erc721TransferShape = Place & DataApiSchema<'Erc721TransferDetails'>;
export type Erc1155TransferShape = Place & DataApiSchema<'Erc1155TransferDetails'>;
export type TokenTransferShape = Erc20TransferShape | Erc721TransferShape | Erc1155TransferShape;

/** Token facts the Data API attaches to transfers. */
interface TokenInfo {
  ercType: string;
  name?: string;
  symbol?: string;
  decimals?: number;
  logoUri?: string;
  price?: DataApiSchema<'Money'>;
}

export interface TokenContractShape {
  chainId: string;
  address: string;
  /** Known when the contract was reached from a transfer; else read from its latest transfer. */
  info?: TokenInfo | null;
}

const erc20Info = (token: DataApiSchema<'Erc20Token'>): TokenInfo => ({ ...token });

function contractOf(transfer: TokenTransferShape): TokenContractShape {
  if ('erc20Token' in transfer) return { chainId: transfer.chainId, address: transfer.erc20Token.address, info: erc20Info(transfer.erc20Token) };
  if ('erc721Token' in transfer) {
    const { address, ercType, name, symbol } = transfer.erc721Token;
    return { chainId: transfer.chainId, address, info: { ercType, name, symbol } };
  }
  const { address, ercType } = transfer.erc1155Token;
  return { chainId: transfer.chainId, address, info: { ercType } };
}

/** A listed transfer of a kind this gateway knows; others are left out (the service may add kinds). */
const isKnownTransfer = (t: WireTokenTransfer) => 'erc20Token' in t || 'erc721Token' in t || 'erc1155Token' in t;

/** Token facts of a contract reached by address: those of its latest transfer (one small call, shared per operation). */
async function tokenInfo(contract: TokenContractShape, ctx: Context): Promise<TokenInfo | null> {
  if (contract.info !== undefined) return contract.info;
  const page = await ctx.upstreams.dataApi.evmTransactions.listTransfers(contract.chainId, upstreamAddress(contract.address), { pageSize: 1 });
  const latest = page.transfers.find(isKnownTransfer);
  return latest ? (contractOf({ ...latest, chainId: contract.chainId }).info ?? null) : null;
}

export const TokenStandard = upstreamEnum('TokenStandard', {
  description: 'The token standard of a contract.',
  values: {
    'ERC-20': 'ERC-20: fungible tokens.',
    'ERC-721': 'ERC-721: one owner per token id.',
    'ERC-1155': 'ERC-1155: balances per token id and holder.',
  },
  unknown: 'A standard this gateway does not know yet.',
});

// The id is all `Chain.token` starts from: no upstream call until a field needs the token's facts.
export const TokenContract = chainAddressNode<TokenContractShape>('TokenContract');

/** A token fact: from the transfer the contract was reached through, else from its latest transfer. */
const infoField = <K extends keyof TokenInfo>(key: K) => async (c: TokenContractShape, _: unknown, ctx: Context) => (await tokenInfo(c, ctx))?.[key] ?? null;

export const TokenTransfer = builder.interfaceRef<TokenTransferShape>('TokenTransfer').implement({
  description: 'A token transfer event (ERC-20, ERC-721 or ERC-1155) of a transaction.',
  resolveType: (t) => ('erc20Token' in t ? 'Erc20Transfer' : 'erc721Token' in t ? 'Erc721Transfer' : 'Erc1155Transfer'),
  fields: (t) => ({
    chain: t.expose('chainId', { type: Chain, description: 'The chain of the transfer.' }),
    blockNumber: t.expose('blockNumber', { type: 'BigInt', description: 'Number of the block of the transfer.' }),
    blockHash: t.exposeString('blockHash', { description: 'Hash of the block of the transfer.' }),
    blockTimestamp: t.expose('blockTimestamp', { type: 'Timestamp', description: 'Time of the block, Unix seconds.' }),
    blockTimestampMilliseconds: t.expose('blockTimestampMilliseconds', { type: 'BigInt', nullable: true, description: 'Time of the block in Unix milliseconds, on chains that record it.' }),
    block: t.field({ type: Block, nullable: true, description: 'The block of the transfer.', resolve: (x) => blockKey(x.chainId, x.blockHash) }),
    txHash: t.exposeString('txHash', { description: 'Hash of the transaction that emitted the transfer.' }),
    transaction: t.field({
      type: Transaction,
      nullable: true,
      description: 'The transaction that emitted the transfer.',
      resolve: (x) => txKey(x.chainId, x.txHash),
    }),
    from: t.field({ type: Account, description: 'The sender (the zero address for a mint).', resolve: (x) => accountFrom(x.chainId, x.from) }),
    to: t.field({ type: Account, description: 'The recipient (the zero address for a burn).', resolve: (x) => accountFrom(x.chainId, x.to) }),
    logIndex: t.exposeInt('logIndex', { description: 'Index of the event log in its block.' }),
    token: t.field({ type: TokenContract, description: 'The token contract.', resolve: (x) => contractOf(x) }),
  }),
});

/**
 * Local id of a transfer: `<chainId>:<txHash>:<logIndex>`. A log's index is unique in its block, and
 * the hash names the block. Only ERC-20 and ERC-721 transfers have one: an ERC-1155 TransferBatch log
 * moves several token ids under one log index, and the Data API gives no position within it.
 */
const transferKey = (x: Place & { logIndex: number }) => `${txKey(x.chainId, x.txHash)}:${x.logIndex}`;

function parseTransferKey(key: string): { chainId: string; txHash: string; logIndex: number } | null {
  const [chainId, txHash, logIndex, extra] = key.split(':');
  if (!chainId || !isEvmChainId(chainId) || !txHash || !isHash32(txHash) || !logIndex || !/^\d{1,9}$/.test(logIndex) || extra !== undefined) return null;
  return { chainId, txHash, logIndex: Number(logIndex) };
}

// Links to a transfer carry it; only `node(id:)` reads one, from its transaction (`getTransaction`).
const TRANSFER_NODE = typeGuard({
  checkId: (key) => (parseTransferKey(key) ? null : 'expected <chainId>:<txHash>:<logIndex>'),
  linksCarryObject: true,
});

/** A transfer kind as a node, refetched from its transaction's list of that kind (the transaction loader: one read by hash). */
function transferNode<S extends Erc20TransferShape | Erc721TransferShape>(name: string, list: 'erc20Transfers' | 'erc721Transfers') {
  return builder.loadableNodeRef<S, string, string>(name, {
    id: { resolve: transferKey },
    load: (ids: string[], ctx: Context) =>
      loadEach(ids, async (id) => {
        const key = parseTransferKey(id);
        const tx = key && (await Transaction.getDataloader(ctx).load(txKey(key.chainId, key.txHash)));
        if (!key || !tx) return null;
        const found = (await contentList(tx, ctx, list)).find((x) => x.logIndex === key.logIndex);
        return found ? ({ ...placeOf(tx), ...found } as S) : null;
      }),
  });
}

export const Erc20Transfer = transferNode<Erc20TransferShape>('Erc20Transfer', 'erc20Transfers');
Erc20Transfer.implement({
  extensions: TRANSFER_NODE,
  description: 'A transfer of ERC-20 tokens. A node: its id is the chain, the transaction and the log index.',
  interfaces: [TokenTransfer],
  fields: (t) => ({
    value: t.expose('value', { type: 'BigInt', description: 'Amount in the token\'s smallest unit.' }),
  }),
});

export const Erc721Transfer = transferNode<Erc721TransferShape>('Erc721Transfer', 'erc721Transfers');
Erc721Transfer.implement({
  extensions: TRANSFER_NODE,
  description: 'A transfer of one ERC-721 token. A node: its id is the chain, the transaction and the log index.',
  interfaces: [TokenTransfer],
  fields: (t) => ({
    erc721Token: t.field({
      type: Erc721Token,
      // The token comes with the transfer: no load, although the type is a node.
      extensions: fieldGuard({ upstreamCostPerItem: 0 }),
      description: 'The token moved, with its metadata.',
      resolve: (x) => ({ ...x.erc721Token, ercType: 'ERC-721' as const, chainId: x.chainId, listing: 'collection' as const }),
    }),
  }),
});

export const Erc1155Transfer = builder.objectRef<Erc1155TransferShape>('Erc1155Transfer').implement({
  description:
    'A transfer of an amount of one ERC-1155 token id. Not a node: a TransferBatch event moves several token ids under one log index, and the Data API gives no position within it, so nothing names one transfer alone.',
  interfaces: [TokenTransfer],
  fields: (t) => ({
    value: t.expose('value', { type: 'BigInt', description: 'Amount of the token id moved.' }),
    erc1155Token: t.field({
      type: Erc1155Token,
      // The token comes with the transfer: no load, although the type is a node.
      extensions: fieldGuard({ upstreamCostPerItem: 0 }),
      description: 'The token id moved, with its metadata.',
      resolve: (x) => ({ ...x.erc1155Token, ercType: 'ERC-1155' as const, chainId: x.chainId, listing: 'collection' as const }),
    }),
  }),
});

/** What sets one address block-range list apart; its arguments, check, path and cursors are `addressBlockRangeList`'s. */
interface AddressBlockRangeList<Answer extends UpstreamAnswer, R> {
  type: ObjectRef<Types, ConnectionResult<NoInfer<R> & { chainId: string }>>;
  description: string;
  /** The list's name, in its cursors' scope (`upstreamList`). */
  name: string;
  page: ConnectionBounds;
  /** The Data API operation the list reads. */
  operation: `data:${string}`;
  /** Reads one page of the list under the address. */
  read: (ctx: Context, chainId: string, address: string, query: WireBlockRange & PageQuery) => Promise<Answer>;
  /** A page's records; the list places each on the parent's chain (the records do not say it). */
  records: (answer: Answer) => readonly R[];
}

/**
 * A connection over one Data API list under the parent's address (`.../addresses/{address}/...`,
 * `.../tokens/{address}/...`) between `startBlock` and `endBlock`: the range is checked once, before
 * any call (`blockRange`), and is the list's query.
 */
export function addressBlockRangeList<Parent extends ChainAddress, Answer extends UpstreamAnswer, R>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Parent>,
  list: AddressBlockRangeList<Answer, R>,
) {
  return t.checkedField({
    type: list.type,
    nullable: true,
    description: list.description,
    args: { ...blockRangeArgs(t), ...connectionArgs(t, list.page) },
    extensions: serves(list.operation),
    check: blockRange,
    resolve: (parent, range, args, ctx) =>
      upstreamList(args, {
        name: list.name,
        page: list.page,
        path: addressPath(parent),
        query: range,
        read: (chainId, address, query) => list.read(ctx, chainId, address, query),
        items: (answer) => list.records(answer).map((record) => ({ ...record, chainId: parent.chainId })),
      }),
  });
}

const TokenTransferConnection = connectionType<TokenTransferShape>('TokenTransfer', TokenTransfer, 'A page of token transfers, newest first.');
const Erc20TransferConnection = connectionType<Erc20TransferShape>('Erc20Transfer', Erc20Transfer, 'A page of ERC-20 transfers, newest first.');
const TRANSFER_PAGE = { defaultSize: 10, maxSize: 100 };

TokenContract.implement({
  extensions: CHAIN_ADDRESS_NODE,
  description:
    'A token contract (ERC-20, ERC-721 or ERC-1155) on a chain. Its facts come from the transfers the Data API lists. A node: its id is the chain and the address, refetched with no upstream call.',
  fields: (t) => ({
    chain: t.expose('chainId', { type: Chain, description: 'The chain of the contract.' }),
    address: t.exposeString('address', { description: 'The contract address.' }),
    ercType: t.field({
      type: TokenStandard,
      nullable: true,
      description: 'The token standard; null when the contract has no transfer to tell.',
      resolve: async (c, _, ctx) => {
        const info = await tokenInfo(c, ctx);
        return info ? TokenStandard.from(info.ercType) : null;
      },
    }),
    name: t.string({ nullable: true, description: 'Token or collection name.', resolve: infoField('name') }),
    symbol: t.string({ nullable: true, description: 'Token symbol.', resolve: infoField('symbol') }),
    decimals: t.int({ nullable: true, description: 'Decimal places (ERC-20).', resolve: infoField('decimals') }),
    logoUri: t.string({ nullable: true, description: 'Logo URL (ERC-20).', resolve: infoField('logoUri') }),
    price: t.field({ type: Money, nullable: true, description: 'Price of one whole token (ERC-20), when the Data API knows it.', resolve: infoField('price') }),
    transfers: addressBlockRangeList(t, {
      type: TokenTransferConnection,
      description: 'Transfers of this contract\'s tokens, newest first (`GET /v1/chains/{chainId}/tokens/{address}/transfers`).',
      name: 'tokenTransfers',
      page: TRANSFER_PAGE,
      operation: 'data:listTransfers',
      read: (ctx, chainId, address, query) => ctx.upstreams.dataApi.evmTransactions.listTransfers(chainId, address, query),
      records: (page) => page.transfers.filter(isKnownTransfer),
    }),
  }),
});

builder.objectFields(Transaction, (t) => ({
  erc20Transfers: t.field({
    type: [Erc20Transfer],
    nullable: true,
    description: 'ERC-20 transfers the transaction made, in log order.',
    resolve: async (tx, _, ctx) => (await contentList(tx, ctx, 'erc20Transfers')).map((x) => ({ ...placeOf(tx), ...x })),
  }),
  erc721Transfers: t.field({
    type: [Erc721Transfer],
    nullable: true,
    description: 'ERC-721 transfers the transaction made, in log order.',
    resolve: async (tx, _, ctx) => (await contentList(tx, ctx, 'erc721Transfers')).map((x) => ({ ...placeOf(tx), ...x })),
  }),
  erc1155Transfers: t.field({
    type: [Erc1155Transfer],
    nullable: true,
    description: 'ERC-1155 transfers the transaction made, in log order.',
    resolve: async (tx, _, ctx) => (await contentList(tx, ctx, 'erc1155Transfers')).map((x) => ({ ...placeOf(tx), ...x })),
  }),
}));

builder.objectFields(Account, (t) => ({
  erc20Transfers: addressBlockRangeList(t, {
    type: Erc20TransferConnection,
    description: 'ERC-20 transfers from or to this address, newest first (`GET .../transactions:listErc20`).',
    name: 'addressErc20Transfers',
    page: TRANSFER_PAGE,
    operation: 'data:listErc20Transactions',
    read: (ctx, chainId, address, query) => ctx.upstreams.dataApi.evmTransactions.listErc20Transactions(chainId, address, query),
    records: (page) => page.transactions,
  }),
}));

builder.objectFields(Chain, (t) => ({
  token: chainAddressField(
    t,
    TokenContract,
    'A token contract on this chain by address (no upstream call until a field of it is asked for).',
    'The contract\'s 0x address (EIP-55 checksum if mixed case).',
  ),
}));
