/**
 * Wire shapes of the Data API's primary-network endpoints (`/v1/networks/{network}/...`), by its
 * official description: amounts and heights as decimal strings, times as Unix seconds. The queries
 * are what the endpoint methods take: lists are sent comma-separated, big integers written out.
 */
import type { DataApiQuery, DataApiSchema, ListQuery, Sendable } from '@avalanche-graph/wire-types';
import type { VariantList } from './variants.js';


/** A subnet-EVM / coreth genesis, when the service parsed it (other VMs send a string). */
export type WireEvmGenesis = DataApiSchema<'EvmGenesisDto'>;
export type WireEvmGenesisAlloc = DataApiSchema<'EvmGenesisAllocDto'>;
export type WireEvmGenesisAllowListConfig = DataApiSchema<'EvmGenesisAllowListConfigDto'>;
/** Subnet-EVM's reward-manager `initialRewardConfig`. */
export type WireEvmGenesisRewardConfig = DataApiSchema<'EvmGenesisRewardConfigDto'>;
export type WireEvmGenesisFeeConfig = DataApiSchema<'EvmGenesisFeeConfigDto'>;
export type WireEvmGenesisWarpConfig = DataApiSchema<'EvmGenesisWarpConfigDto'>;
export type WireEvmGenesisConfig = DataApiSchema<'EvmGenesisConfigDto'>;
/** An asset and an amount of it (smallest unit, decimal string). */
export type WireAssetAmount = DataApiSchema<'AssetAmount'>;
/** A UTXO of the X-Chain (and of the C-Chain's atomic memory). */
export type WireXChainUtxo = DataApiSchema<'Utxo'>;
/** A UTXO of the P-Chain. */
export type WirePChainUtxo = DataApiSchema<'PChainUtxo'>;

/** The UTXO list of either kind of chain (the P-Chain's UTXOs carry more). */
export interface WireListUtxosResponse extends Omit<DataApiSchema<'ListUtxosResponse'>, 'utxos'> {
  utxos: Array<WireXChainUtxo | WirePChainUtxo>;
}

/** `addresses` omitted: the UTXOs of every address on the chain. `minUtxoAmount` is written out exactly. */
export type WireListUtxosQuery = Omit<ListQuery<DataApiQuery<'getUtxosByAddresses'>, 'addresses'>, 'minUtxoAmount'> & { minUtxoAmount?: bigint };


/** `currency` as the graph's own enum gives it. */
export type WireListHistoricalRewardsQuery = ListQuery<Sendable<DataApiQuery<'listHistoricalPrimaryNetworkRewards'>>, 'addresses' | 'nodeIds'>;

export type WireListDelegatorsResponse = VariantList<DataApiSchema<'ListDelegatorDetailsResponse'>, 'delegators'>;
/** A delegation: active and pending ones carry estimated rewards, completed ones actual rewards. */
export type WireDelegator = WireListDelegatorsResponse['delegators'][number];

/** `delegationStatus` as the graph's own enum gives it. */
export type WireListDelegatorsQuery = ListQuery<Sendable<DataApiQuery<'listDelegators'>>, 'rewardAddresses' | 'nodeIds'>;

