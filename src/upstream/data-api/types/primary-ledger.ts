/**
 * Wire shapes of the Data API's primary-network transactions, blocks, vertices and asset details
 * (`/v1/networks/{network}/blockchains/{blockchainId}/{transactions,blocks,vertices,assets}...`), by
 * its official description: P-Chain amounts and heights as decimal strings, times as Unix seconds.
 */
import type { DataApiQuery, DataApiSchema, ListQuery, Variants } from '@avalanche-graph/wire-types';

/** An X-Chain transaction: accepted in DAG vertices (`non-linear`) or in a block (`linear`). */
export type WireXChainTransaction = Variants<DataApiSchema<'XChainNonLinearTransaction'> | DataApiSchema<'XChainLinearTransaction'>>;
export type WireEvmInput = DataApiSchema<'EVMInput'>;
export type WireEvmOutput = DataApiSchema<'EVMOutput'>;
/** A C-Chain atomic transaction: an export (EVM inputs, emitted UTXOs) or an import (consumed UTXOs, EVM outputs). */
export type WireCChainAtomicTransaction = Variants<DataApiSchema<'CChainExportTransaction'> | DataApiSchema<'CChainImportTransaction'>>;
export type WirePrimaryNetworkTransaction = DataApiSchema<'PChainTransaction'> | WireXChainTransaction | WireCChainAtomicTransaction;

export interface WireListPrimaryNetworkTransactionsResponse<T = WirePrimaryNetworkTransaction> {
  transactions: T[];
  chainInfo: DataApiSchema<'PrimaryNetworkChainInfo'>;
  nextPageToken?: string;
}

export type WireListPrimaryNetworkTransactionsQuery = ListQuery<DataApiQuery<'listLatestPrimaryNetworkTransactions'>, 'addresses' | 'txTypes'>;

export type WireListBlocksQuery = DataApiQuery<'listLatestPrimaryNetworkBlocks'>;
