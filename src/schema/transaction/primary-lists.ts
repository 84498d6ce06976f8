/**
 * The primary network's transaction lists: `Network.transactions` and the staking, asset and
 * address lists (`GET /v1/networks/{network}/blockchains/{blockchainId}/transactions...`), and an asset's
 * transactions.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { badInput } from '../../errors.js';
import { NETWORKS, type NetworkKey, type PrimaryChainAlias } from '@avalanche-graph/identity';
import type { WireListPrimaryNetworkTransactionsQuery, WirePrimaryNetworkTransaction } from '../../upstream/data-api/types/primary-ledger.js';
import { connectionType } from '../common/connection.js';
import { primaryList } from '../common/primary-list.js';
import { SortOrder } from '../common/enums.js';
import { networkKey, networkName } from '../common/network-names.js';
import { fieldGuard, maxItems } from '../common/guards.js';
import { Network } from '../network/network.js';
import { serves } from '../common/operations.js';
import { cb58Id, evmAddress } from '../common/validate.js';
import { XChainAssetDetails } from '../asset/asset-details.js';
import { withChainInfo } from '../common/chain-info.js';
import { blockchainArg, primaryAddress, primaryChainArg } from '../common/primary-ids.js';
import { MAX_TX_TYPES, PrimaryNetworkTxType, timeRangeArg, txTypesArg } from './tx-types.js';
import { TxShape, shapeTx } from './primary-keys.js';
import { PrimaryNetworkTransaction, MAX_TX_ADDRESSES, TX_PAGE, primeTransactions, loadTransaction } from './primary-transaction.js';

export const PrimaryNetworkTransactionConnection = connectionType<TxShape, { chainInfo: DataApiSchema<'PrimaryNetworkChainInfo'> | null }>(
  'PrimaryNetworkTransaction',
  PrimaryNetworkTransaction,
  'A page of primary-network transactions.',
);

withChainInfo(PrimaryNetworkTransactionConnection);

/** A transaction hash: cb58 on all three chains (the C-Chain's atomic transactions too). */
export function txHashArg(argument: string, value: string): string {
  return cb58Id(argument, value);
}

/** A transaction-list address: bech32 of this network (any chain prefix), or on the C-Chain an EVM address. */
function txAddress(argument: string, value: string, key: NetworkKey, chain: PrimaryChainAlias): string {
  if (value.startsWith('0x')) {
    if (chain !== 'C') throw badInput(argument, 'EVM addresses (0x...) filter C-Chain atomic transactions only');
    return evmAddress(argument, value);
  }
  return primaryAddress(argument, value, key, ['P', 'X', 'C']);
}

function txAddresses(argument: string, values: readonly string[] | null | undefined, key: NetworkKey, chain: PrimaryChainAlias): string[] | undefined {
  if (values == null) return undefined;
  if (values.length === 0) throw badInput(argument, 'give at least one address, or omit the argument');
  if (values.length > MAX_TX_ADDRESSES) throw badInput(argument, `at most ${MAX_TX_ADDRESSES} values, got ${values.length}`);
  return [...new Set(values.map((v, i) => txAddress(`${argument}[${i}]`, v, key, chain)))];
}

interface TxListArgs {
  blockchain: string;
  addresses?: string[] | null;
  l1ValidationId?: string | null;
  txTypes?: string[] | null;
  startTimestamp?: number | null;
  endTimestamp?: number | null;
  sortOrder?: 'asc' | 'desc' | null;
}

/** The chain and query of `Network.transactions`, checked (the field's argument check). */
function txListArgs(args: TxListArgs, key: NetworkKey) {
  const { blockchainId, alias } = primaryChainArg('blockchain', args.blockchain, key, ['P', 'X', 'C']);
  const addresses = txAddresses('addresses', args.addresses, key, alias);
  let l1ValidationId: string | undefined;
  if (args.l1ValidationId != null) {
    if (alias !== 'P') throw badInput('l1ValidationId', 'filters P-Chain transactions only');
    if (addresses) throw badInput('l1ValidationId', 'give either addresses or l1ValidationId, not both');
    l1ValidationId = cb58Id('l1ValidationId', args.l1ValidationId);
  }
  const txTypes = txTypesArg('txTypes', args.txTypes, alias);
  const range = timeRangeArg(args);
  // The service filters by type and time only within an address's (or a validation's) transactions.
  if (!addresses && !l1ValidationId) {
    if (txTypes) throw badInput('txTypes', 'filtering by type needs addresses (or, on the P-Chain, l1ValidationId)');
    if (range.startTimestamp !== undefined) throw badInput('startTimestamp', 'filtering by time needs addresses (or, on the P-Chain, l1ValidationId)');
    if (range.endTimestamp !== undefined) throw badInput('endTimestamp', 'filtering by time needs addresses (or, on the P-Chain, l1ValidationId)');
  }
  const query: WireListPrimaryNetworkTransactionsQuery = { addresses, l1ValidationId, txTypes, ...range, sortOrder: args.sortOrder ?? undefined };
  return { blockchainId, alias, query };
}

/** One chain's transactions of a page, priming the transaction loaders with each. */
function listedTxs(ctx: Context, network: NetworkKey, chain: PrimaryChainAlias, wires: WirePrimaryNetworkTransaction[]): TxShape[] {
  const items = wires.map((wire) => shapeTx(network, chain, wire));
  primeTransactions(ctx, items);
  return items;
}

interface StakingArgs {
  addresses?: string[] | null;
  txTypes?: string[] | null;
  startTimestamp?: number | null;
  endTimestamp?: number | null;
  sortOrder?: 'asc' | 'desc' | null;
}

function stakingArgs(args: StakingArgs, key: NetworkKey) {
  return {
    addresses: txAddresses('addresses', args.addresses, key, 'P'),
    txTypes: txTypesArg('txTypes', args.txTypes, 'P'),
    ...timeRangeArg(args),
    sortOrder: args.sortOrder ?? undefined,
  };
}

builder.objectFields(Network, (t) => ({
  transaction: t.checkedField({
    type: PrimaryNetworkTransaction,
    nullable: true,
    description: 'One transaction of the P-, X- or C-Chain (atomic) by hash; null when the chain has no such transaction.',
    args: {
      blockchain: blockchainArg(t),
      hash: t.arg.string({ required: true, description: 'The transaction id (cb58).' }),
    },
    extensions: { ...fieldGuard({ upstreamCost: 1, upstreamCostPerItem: 0 }), ...serves('data:getTxByHash') },
    check: (args, scope) => {
      const { alias } = primaryChainArg('blockchain', args.blockchain, networkKey(scope.network), ['P', 'X', 'C']);
      return { alias, hash: txHashArg('hash', args.hash) };
    },
    scopeOf: (n) => ({ network: n.name }),
    resolve: (n, { alias, hash }, _args, ctx) => loadTransaction(ctx, networkKey(n.name), alias, hash),
  }),
  transactions: primaryList(t, {
    type: PrimaryNetworkTransactionConnection,
    description:
      'A chain\'s transactions, latest first unless `sortOrder` says otherwise (`GET .../blockchains/{blockchainId}/transactions`); filtering by type or time needs `addresses` (or `l1ValidationId`). A page may hold fewer than `first` transactions when they carry many UTXOs; it is then filled from the next.',
    args: {
      blockchain: blockchainArg(t),
      addresses: t.arg.stringList({
        required: false,
        extensions: maxItems(MAX_TX_ADDRESSES),
        description: `1 to ${MAX_TX_ADDRESSES} addresses of this network (avax1.../fuji1..., optionally P-, X- or C-prefixed; on the C-Chain also 0x EVM addresses).`,
      }),
      l1ValidationId: t.arg.string({ required: false, description: 'P-Chain only: the transactions of one L1 validation (its validation id, cb58), instead of addresses.' }),
      txTypes: t.arg({ type: [PrimaryNetworkTxType], required: false, description: 'Only transactions of these types (types of this chain; not UNKNOWN).', extensions: maxItems(MAX_TX_TYPES) }),
      startTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only transactions from this time on.' }),
      endTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only transactions up to this time.' }),
      sortOrder: t.arg({ type: SortOrder, required: false, description: 'Order by time; latest first when omitted.' }),
    },
    page: TX_PAGE,
    extensions: { ...fieldGuard({ upstreamCostPerItem: 0 }), ...serves('data:listLatestPrimaryNetworkTransactions') },
    network: (n) => n.name,
    check: txListArgs,
    name: 'txs',
    request: ({ blockchainId, query }) => ({ path: [blockchainId], query }),
    read: (ctx, network, blockchainId, query) => ctx.upstreams.dataApi.primaryNetworkTransactions.listLatestPrimaryNetworkTransactions(network, blockchainId, query),
    items: (page, ctx, key, { alias }) => listedTxs(ctx, key, alias, page.transactions),
  }),
}));

builder.objectFields(Network, (t) => ({
  stakingTransactions: primaryList(t, {
    type: PrimaryNetworkTransactionConnection,
    description: 'Active staking transactions of the P-Chain (validations and delegations not ended yet), optionally of some addresses (`GET .../transactions:listStaking`).',
    args: {
      addresses: t.arg.stringList({
        required: false,
        extensions: maxItems(MAX_TX_ADDRESSES),
        description: `1 to ${MAX_TX_ADDRESSES} addresses of this network (avax1.../fuji1..., optionally P- or X-prefixed).`,
      }),
      txTypes: t.arg({ type: [PrimaryNetworkTxType], required: false, description: 'Only transactions of these P-Chain types (not UNKNOWN).', extensions: maxItems(MAX_TX_TYPES) }),
      startTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only transactions from this time on.' }),
      endTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only transactions up to this time.' }),
      sortOrder: t.arg({ type: SortOrder, required: false, description: 'Order by time; the upstream default when omitted.' }),
    },
    page: TX_PAGE,
    extensions: { ...fieldGuard({ upstreamCostPerItem: 0 }), ...serves('data:listActivePrimaryNetworkStakingTransactions') },
    network: (n) => n.name,
    check: stakingArgs,
    name: 'staking',
    request: (query, _n, key) => ({ path: [NETWORKS[key].blockchainIds.P], query }),
    read: (ctx, network, pChain, query) => ctx.upstreams.dataApi.primaryNetworkTransactions.listActivePrimaryNetworkStakingTransactions(network, pChain, query),
    items: (page, ctx, key) => listedTxs(ctx, key, 'P', page.transactions),
  }),
}));

function assetTxArgs(args: { txTypes?: string[] | null; startTimestamp?: number | null; endTimestamp?: number | null }) {
  return { txTypes: txTypesArg('txTypes', args.txTypes, 'X'), ...timeRangeArg(args) };
}

builder.objectFields(XChainAssetDetails, (t) => ({
  transactions: primaryList(t, {
    type: PrimaryNetworkTransactionConnection,
    description: 'X-Chain transactions that moved, created or minted this asset, latest first (`GET .../assets/{assetId}/transactions`).',
    args: {
      txTypes: t.arg({ type: [PrimaryNetworkTxType], required: false, description: 'Only transactions of these X-Chain types (not UNKNOWN).', extensions: maxItems(MAX_TX_TYPES) }),
      startTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only transactions from this time on.' }),
      endTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only transactions up to this time.' }),
    },
    page: TX_PAGE,
    extensions: { ...fieldGuard({ upstreamCostPerItem: 0 }), ...serves('data:listAssetTransactions') },
    network: (asset) => networkName(asset.network),
    check: assetTxArgs,
    name: 'assetTxs',
    request: (query, asset) => ({ path: [NETWORKS[asset.network].blockchainIds.X, asset.assetId], query }),
    read: (ctx, network, xChain, assetId, query) => ctx.upstreams.dataApi.primaryNetworkTransactions.listAssetTransactions(network, xChain, assetId, query),
    items: (page, ctx, key) => listedTxs(ctx, key, 'X', page.transactions),
  }),
}));
