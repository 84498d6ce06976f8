/**
 * Data API endpoints of the primary network's ledger: transactions, blocks, X-Chain vertices and
 * asset details (`/v1/networks/{network}/blockchains/{blockchainId}/...`). Anything addressed by
 * hash (a transaction, a block, a vertex, an asset) never changes once accepted and is cached long;
 * the latest-first lists move with the chains' heads.
 */
import type { Query } from '../transport/rest.js';
import { Endpoints } from './endpoints.js';
import type { DataApiNetwork } from '../types/data-api-chains.js';
import type { WireListXChainVerticesResponse, WireSortOrder, WireXChainVertex } from '../types/data-api-primary.js';
import type {
  WireListBlocksQuery,
  WireListPrimaryNetworkBlocksResponse,
  WireListPrimaryNetworkTransactionsQuery,
  WireListPrimaryNetworkTransactionsResponse,
  WirePChainTransaction,
  WirePrimaryNetworkBlock,
  WirePrimaryNetworkTransaction,
  WireXChainAssetDetails,
  WireXChainTransaction,
} from '../types/data-api-primary-ledger.js';
import { TTL } from '../transport/ttl.js';
import { nullIfNotFound } from '../transport/errors.js';

const BASE = '/v1/networks/{network}/blockchains/{blockchainId}';

export class PrimaryLedgerEndpoints extends Endpoints {
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
  ): Promise<WireListPrimaryNetworkTransactionsResponse<WirePChainTransaction>> {
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

  /** `GET .../assets/{assetId}`: an X-Chain asset as the Data API describes it; null when unknown. */
  getAssetDetails(network: DataApiNetwork, blockchainId: string, assetId: string): Promise<WireXChainAssetDetails | null> {
    return nullIfNotFound(this.rest.get(`${BASE}/assets/{assetId}`, { network, blockchainId, assetId }, undefined, { ttlMs: TTL.immutableLong }));
  }

  /** `GET .../blocks/{blockId}`: a block by height or hash; null when unknown. */
  getBlockById(network: DataApiNetwork, blockchainId: string, blockId: string): Promise<WirePrimaryNetworkBlock | null> {
    return nullIfNotFound(this.rest.get(`${BASE}/blocks/{blockId}`, { network, blockchainId, blockId }, undefined, { ttlMs: TTL.immutable }));
  }

  /** `GET .../blocks`: a chain's blocks, latest first. */
  listLatestPrimaryNetworkBlocks(network: DataApiNetwork, blockchainId: string, query: WireListBlocksQuery): Promise<WireListPrimaryNetworkBlocksResponse> {
    return this.rest.get(`${BASE}/blocks`, { network, blockchainId }, query as Query, { ttlMs: TTL.moving });
  }

  /** `GET .../nodes/{nodeId}/blocks`: blocks a node proposed, latest first. */
  listPrimaryNetworkBlocksByNodeId(network: DataApiNetwork, blockchainId: string, nodeId: string, query: WireListBlocksQuery): Promise<WireListPrimaryNetworkBlocksResponse> {
    return this.rest.get(`${BASE}/nodes/{nodeId}/blocks`, { network, blockchainId, nodeId }, query as Query, { ttlMs: TTL.moving });
  }

  /** `GET .../vertices/{vertexHash}`: one X-Chain vertex; null when unknown. */
  getVertexByHash(network: DataApiNetwork, blockchainId: string, vertexHash: string): Promise<WireXChainVertex | null> {
    return nullIfNotFound(this.rest.get(`${BASE}/vertices/{vertexHash}`, { network, blockchainId, vertexHash }, undefined, { ttlMs: TTL.immutable }));
  }

  /** `GET .../vertices:listByHeight`: the X-Chain vertices at one DAG height. */
  getVertexByHeight(
    network: DataApiNetwork,
    blockchainId: string,
    query: { vertexHeight: number; sortOrder?: WireSortOrder; pageToken?: string; pageSize?: number },
  ): Promise<WireListXChainVerticesResponse> {
    // The DAG stopped growing when the X-Chain was linearized: a height's vertices never change.
    return this.rest.get(`${BASE}/vertices:listByHeight`, { network, blockchainId }, query as Query, { ttlMs: TTL.immutable });
  }
}
