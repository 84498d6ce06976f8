/**
 * The Data API's "Primary Network Transactions" operations: transactions of the P-, X- and C-Chain:
 * one by hash, a chain's latest, the P-Chain's active staking ones, an X-Chain asset's.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { nullIfNotFound } from '../transport/errors.js';
import type { Query } from '../transport/rest.js';
import { TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { DataApiNetwork } from './types/chains.js';
import type { WireListPrimaryNetworkTransactionsQuery, WireListPrimaryNetworkTransactionsResponse, WirePrimaryNetworkTransaction, WireXChainTransaction } from './types/primary-ledger.js';

const BASE = '/v1/networks/{network}/blockchains/{blockchainId}';

export class PrimaryNetworkTransactionsEndpoints extends Endpoints {
  /** `GET .../transactions/{txHash}`: one transaction of the P-, X- or C-Chain; null when unknown. */
  getTxByHash(network: DataApiNetwork, blockchainId: string, txHash: string): Promise<WirePrimaryNetworkTransaction | null> {
    return nullIfNotFound(this.rest.get(`${BASE}/transactions/{txHash}`, { network, blockchainId, txHash }, undefined, { ttlMs: TTL.immutable }));
  }

  /** `GET .../transactions`: a chain's transactions, latest first unless asked otherwise. */
  listLatestPrimaryNetworkTransactions(network: DataApiNetwork, blockchainId: string, query: WireListPrimaryNetworkTransactionsQuery): Promise<WireListPrimaryNetworkTransactionsResponse> {
    return this.rest.get(`${BASE}/transactions`, { network, blockchainId }, query as Query, { ttlMs: TTL.moving });
  }

  /** `GET .../transactions:listStaking`: active staking transactions of the P-Chain. */
  listActivePrimaryNetworkStakingTransactions(
    network: DataApiNetwork,
    blockchainId: string,
    query: Omit<WireListPrimaryNetworkTransactionsQuery, 'l1ValidationId'>,
  ): Promise<WireListPrimaryNetworkTransactionsResponse<DataApiSchema<'PChainTransaction'>>> {
    return this.rest.get(`${BASE}/transactions:listStaking`, { network, blockchainId }, query as Query, { ttlMs: TTL.moving });
  }

  /** `GET .../assets/{assetId}/transactions`: X-Chain transactions of one asset. */
  listAssetTransactions(
    network: DataApiNetwork,
    blockchainId: string,
    assetId: string,
    query: Omit<WireListPrimaryNetworkTransactionsQuery, 'l1ValidationId' | 'addresses' | 'sortOrder'>,
  ): Promise<WireListPrimaryNetworkTransactionsResponse<WireXChainTransaction>> {
    return this.rest.get(`${BASE}/assets/{assetId}/transactions`, { network, blockchainId, assetId }, query as Query, { ttlMs: TTL.moving });
  }
}
