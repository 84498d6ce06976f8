/**
 * Wire shapes of the Data API's reads about primary-network addresses and the network as a whole:
 * balances, last activity, the chains an address touched, network staking details, pending
 * rewards and the AVAX supply, by its official description. Amounts in a chain's smallest unit are
 * decimal strings; the supply is in whole AVAX with a fractional part.
 */
import type { DataApiQuery, DataApiSchema, ListQuery, Variants } from '@avalanche-graph/wire-types';

/** An amount of one asset summed over the UTXOs that hold it. */
export type WireAggregatedAssetAmount = DataApiSchema<'AggregatedAssetAmount'>;
/** An amount waiting in the shared (atomic) memory between this chain and another (`status`: P-Chain only). */
export type WireSharedAssetAmount = Variants<DataApiSchema<'PChainSharedAsset'> | DataApiSchema<'XChainSharedAssetBalance'> | DataApiSchema<'CChainSharedAssetBalance'>>;
/** A chain's balances with its shared-memory amounts read as one type, whichever chain was asked. */
type WithSharedMemory<Balances> = Omit<Balances, 'atomicMemoryUnlocked' | 'atomicMemoryLocked'> & {
  atomicMemoryUnlocked: WireSharedAssetAmount[];
  atomicMemoryLocked: WireSharedAssetAmount[];
};

export type WirePChainBalances = WithSharedMemory<DataApiSchema<'PChainBalance'>>;
export type WireXChainBalances = WithSharedMemory<DataApiSchema<'XChainBalances'>>;
export type WireCChainAtomicBalances = WithSharedMemory<DataApiSchema<'CChainAtomicBalances'>>;

/** One of three shapes, by the chain asked (the body does not say which beyond `chainInfo`). */
export interface WireListBalancesResponse {
  balances: WirePChainBalances | WireXChainBalances | WireCChainAtomicBalances;
  chainInfo: DataApiSchema<'PrimaryNetworkChainInfo'>;
}

export interface WireBalancesQuery {
  addresses: readonly string[];
  blockTimestamp?: number;
}

/** The body of the POST forms of the address reads: the addresses, comma-separated. */
export type WireAddressesBody = DataApiSchema<'PrimaryNetworkAddressesBodyDto'>;
export type WireAddressChainIds = DataApiSchema<'ChainAddressChainIdMap'>;
export type WireAddressChainIdsResponse = DataApiSchema<'ChainAddressChainIdMapListResponse'>;
export type WireNetworkDetails = DataApiSchema<'GetNetworkDetailsResponse'>;
/** Whole AVAX as decimal strings (e.g. "454257251.7149865026656081965"). */
export type WireAvaxSupply = DataApiSchema<'AvaxSupplyResponse'>;

export type WireListPendingRewardsQuery = ListQuery<DataApiQuery<'listPendingPrimaryNetworkRewards'>, 'addresses' | 'nodeIds'>;
