/**
 * Balances of primary-network addresses on one chain
 * (`GET /v1/networks/{network}/blockchains/{blockchainId}/balances`): the amounts their UTXOs hold,
 * summed per asset. Each chain sorts them its own way (the P-Chain by staking and lock state, the
 * X-Chain by lock state, the C-Chain only its atomic memory), so `AddressBalances` is an interface
 * with what all three share (the atomic memory, the chain answered for), implemented per chain.
 * Every amount links to its asset's description.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder, type Types } from '../../builder.js';
import { badInput } from '../../errors.js';
import { type NetworkKey, type PrimaryChainAlias, primaryChainOf, PRIMARY_CHAIN_NAMES } from '@avalanche-graph/identity';
import type { WireAggregatedAssetAmount, WireCChainAtomicBalances, WirePChainBalances, WireSharedAssetAmount, WireXChainBalances } from '../../upstream/data-api/types/primary-addresses.js';
import { dataApiNetwork, networkKey } from '../common/network-names.js';
import { fieldGuard, maxItems } from '../common/guards.js';
import { Network } from '../network/network.js';
import { serves } from '../common/operations.js';
import { XChainAssetDetails, assetFromNode } from '../asset/asset-details.js';
import { Blockchain } from '../blockchain/blockchain.js';
import { blockchainKey } from '../blockchain/keys.js';
import { assetAmountFields } from '../common/money.js';
import { CHAIN_INFO_DESCRIPTION, PrimaryNetworkChainInfo, PrimaryNetworkChainName } from '../common/chain-info.js';
import { blockchainArg, MAX_UTXO_ADDRESSES, primaryAddresses, primaryChainArg } from '../common/primary-ids.js';

/** Latest Unix time an argument may name: later values are taken for milliseconds by mistake. */
export const MAX_TIMESTAMP = 4_102_444_800; // 2100-01-01

/** A point in time an argument names, as Unix seconds. */
export function timestampArg(argument: string, value: number): number {
  if (value > MAX_TIMESTAMP) throw badInput(argument, `${value} is after 2100-01-01: give Unix seconds, not milliseconds`);
  return value;
}

type WithNetwork<T> = T & { network: NetworkKey };

/** A blockchain's `PrimaryNetworkChainName`: its alias on the network, else unknown. */
export function primaryChainName(blockchainId: string, network: NetworkKey): ReturnType<typeof PrimaryNetworkChainName.from> {
  const alias = primaryChainOf(blockchainId, network);
  return alias ? PRIMARY_CHAIN_NAMES[alias] : 'UNKNOWN';
}

/** The fields of an asset amount summed over UTXOs (`AggregatedAssetAmount`, `SharedAssetAmount`). */
function aggregatedAmountFields<T extends WithNetwork<WireAggregatedAssetAmount>>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) {
  return {
    ...assetAmountFields(t),
    utxoCount: t.int({ description: 'How many UTXOs hold it.', resolve: (a) => a.utxoCount }),
    asset: t.field({
      type: XChainAssetDetails,
      nullable: true,
      description: 'The asset, as the X-Chain node describes it (`avm.getAssetDescription`).',
      resolve: (a, _, ctx) => assetFromNode(ctx, a.network, a.assetId),
    }),
  };
}

export const AggregatedAssetAmount = builder.objectRef<WithNetwork<WireAggregatedAssetAmount>>('AggregatedAssetAmount').implement({
  description: 'An amount of one asset summed over the UTXOs that hold it.',
  fields: (t) => ({
    ...aggregatedAmountFields(t),
  }),
});

export const SharedAssetAmount = builder.objectRef<WithNetwork<WireSharedAssetAmount>>('SharedAssetAmount').implement({
  description: 'An amount of one asset waiting in the atomic (shared) memory between this chain and another, to be imported.',
  fields: (t) => ({
    ...aggregatedAmountFields(t),
    sharedWithChainId: t.exposeString('sharedWithChainId', { description: 'Blockchain id of the other chain (the one that exported it).' }),
    sharedWithChainName: t.field({
      type: PrimaryNetworkChainName,
      description: 'The other chain by alias; UNKNOWN for a chain outside the primary network.',
      resolve: (a) => primaryChainName(a.sharedWithChainId, a.network),
    }),
    sharedWithBlockchain: t.field({
      type: Blockchain,
      nullable: true,
      description: 'The other chain\'s blockchain record.',
      resolve: (a) => blockchainKey(a.network, a.sharedWithChainId),
    }),
    status: t.exposeString('status', { nullable: true, description: 'P-Chain only: the state of the shared amount, as the Data API names it.' }),
  }),
});

export interface BalancesShape {
  kind: PrimaryChainAlias;
  network: NetworkKey;
  balances: Partial<WirePChainBalances & WireXChainBalances & WireCChainAtomicBalances>;
  chainInfo: DataApiSchema<'PrimaryNetworkChainInfo'> | null;
}

const aggregated = (b: BalancesShape, list: WireAggregatedAssetAmount[] | undefined) => (list ?? []).map((a) => ({ ...a, network: b.network }));
const shared = (b: BalancesShape, list: WireSharedAssetAmount[] | undefined) => (list ?? []).map((a) => ({ ...a, network: b.network }));

export const AddressBalances = builder.interfaceRef<BalancesShape>('AddressBalances').implement({
  description: 'What some addresses hold on one primary-network chain, per asset, at a point in time.',
  resolveType: (b) => (b.kind === 'P' ? 'PChainAddressBalances' : b.kind === 'X' ? 'XChainAddressBalances' : 'CChainAtomicBalances'),
  fields: (t) => ({
    atomicMemoryUnlocked: t.field({
      type: [SharedAssetAmount],
      description: 'Exported to this chain by another and spendable on import.',
      resolve: (b) => shared(b, b.balances.atomicMemoryUnlocked),
    }),
    atomicMemoryLocked: t.field({
      type: [SharedAssetAmount],
      description: 'Exported to this chain by another but time-locked.',
      resolve: (b) => shared(b, b.balances.atomicMemoryLocked),
    }),
    chainInfo: t.field({ type: PrimaryNetworkChainInfo, nullable: true, description: CHAIN_INFO_DESCRIPTION, resolve: (b) => b.chainInfo }),
  }),
});

const pList = (name: keyof WirePChainBalances, description: string) => ({ name, description });
const P_LISTS = [
  pList('unlockedUnstaked', 'Not staked and not locked: spendable by any transaction.'),
  pList('unlockedStaked', 'Staked now; spendable by any transaction once the staking period ends.'),
  pList('lockedPlatform', 'Not staked, but time-locked: no transaction can spend it yet.'),
  pList('lockedStakeable', 'Not staked, and until its stakeable locktime only spendable to stake.'),
  pList('lockedStaked', 'Staked now, and still time-locked when the staking period ends.'),
  pList('pendingStaked', 'Staked for a period that has not started yet.'),
] as const;

export const PChainAddressBalances = builder.objectRef<BalancesShape>('PChainAddressBalances').implement({
  description: 'P-Chain balances of some addresses, by staking and lock state.',
  interfaces: [AddressBalances],
  fields: (t) =>
    Object.fromEntries(
      P_LISTS.map(({ name, description }) => [
        name,
        t.field({ type: [AggregatedAssetAmount], description, resolve: (b) => aggregated(b, b.balances[name] as WireAggregatedAssetAmount[] | undefined) }),
      ]),
    ),
});

export const XChainAddressBalances = builder.objectRef<BalancesShape>('XChainAddressBalances').implement({
  description: 'X-Chain balances of some addresses, by lock state (an NFT counts one per UTXO; mint rights are not balances).',
  interfaces: [AddressBalances],
  fields: (t) => ({
    unlocked: t.field({ type: [AggregatedAssetAmount], description: 'Spendable now.', resolve: (b) => aggregated(b, b.balances.unlocked) }),
    locked: t.field({ type: [AggregatedAssetAmount], description: 'Time-locked: not spendable yet.', resolve: (b) => aggregated(b, b.balances.locked) }),
  }),
});

export const CChainAtomicBalances = builder.objectRef<BalancesShape>('CChainAtomicBalances').implement({
  description: 'C-Chain atomic-memory balances of some addresses: what the P- and X-Chain exported to them, not yet imported. Their EVM balance is `Chain.address(...).nativeBalance`.',
  interfaces: [AddressBalances],
  fields: () => ({}),
});

interface BalanceArgs {
  blockchain: string;
  addresses: string[];
  blockTimestamp?: number | null;
}

/** The chain, addresses and time of `Network.balances`, checked (the field's argument check). */
function balanceArgs(args: BalanceArgs, key: NetworkKey) {
  const { blockchainId, alias } = primaryChainArg('blockchain', args.blockchain, key, ['P', 'X', 'C']);
  if (args.addresses.length === 0) throw badInput('addresses', 'give at least one address');
  const addresses = primaryAddresses('addresses', args.addresses, MAX_UTXO_ADDRESSES, key, [alias]);
  const blockTimestamp = args.blockTimestamp == null ? undefined : timestampArg('blockTimestamp', args.blockTimestamp);
  return { blockchainId, alias, addresses, blockTimestamp };
}

builder.objectFields(Network, (t) => ({
  balances: t.checkedField({
    type: AddressBalances,
    nullable: true,
    description:
      'What some addresses hold on the P-, X- or C-Chain, summed per asset (`GET /v1/networks/{network}/blockchains/{blockchainId}/balances`): on the C-Chain only its atomic memory. Null, with an error, when the Data API fails.',
    args: {
      blockchain: blockchainArg(t),
      addresses: t.arg.stringList({
        required: true,
        extensions: maxItems(MAX_UTXO_ADDRESSES),
        description: `1 to ${MAX_UTXO_ADDRESSES} addresses of this network (avax1.../fuji1..., optionally with the chain's prefix, e.g. P-avax1...); their balances are summed.`,
      }),
      blockTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'The balances at this time (Unix seconds); now when omitted.' }),
    },
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getBalancesByAddresses') },
    check: (args, scope) => balanceArgs(args, networkKey(scope.network)),
    scopeOf: (n) => ({ network: n.name }),
    resolve: async (n, { blockchainId, alias, addresses, blockTimestamp }, _args, ctx): Promise<BalancesShape> => {
      const key = networkKey(n.name);
      const answer = await ctx.upstreams.dataApi.primaryNetworkBalances.getBalancesByAddresses(dataApiNetwork(n.name), blockchainId, { addresses, blockTimestamp });
      return { kind: alias, network: key, balances: answer.balances, chainInfo: answer.chainInfo ?? null };
    },
  }),
}));
