/**
 * The Data API client: named calls per endpoint with typed wire answers, in one group per tag of the
 * official description (one file each, named after the tag; test/upstream/data-api-groups.test.ts
 * holds each group to its tag's operations). The API key rule lives here: the caller's key, else the
 * configured key, sent only to the Data API under the configured header(s). The key owner's
 * operations (`webhooks`, `usageMetrics`, `operations`) exist only for a caller's own key, never for
 * the configured one.
 */
import { keyFingerprint, type UpstreamCache } from '../transport/cache.js';
import type { Transport } from '../transport/call.js';
import { RestClient, type RequestMemo } from '../transport/rest.js';
import { AvaxSupplyEndpoints } from './avax-supply.js';
import { EvmBalancesEndpoints } from './evm-balances.js';
import { EvmBlocksEndpoints } from './evm-blocks.js';
import { EvmChainsEndpoints } from './evm-chains.js';
import { EvmContractsEndpoints } from './evm-contracts.js';
import { EvmTransactionsEndpoints } from './evm-transactions.js';
import { InterchainMessagingEndpoints } from './interchain-messaging.js';
import { NftsEndpoints } from './nfts.js';
import { OperationsEndpoints } from './operations.js';
import { PrimaryNetworkEndpoints } from './primary-network.js';
import { PrimaryNetworkBalancesEndpoints } from './primary-network-balances.js';
import { PrimaryNetworkBlocksEndpoints } from './primary-network-blocks.js';
import { PrimaryNetworkRewardsEndpoints } from './primary-network-rewards.js';
import { PrimaryNetworkTransactionsEndpoints } from './primary-network-transactions.js';
import { PrimaryNetworkUtxosEndpoints } from './primary-network-utxos.js';
import { PrimaryNetworkVerticesEndpoints } from './primary-network-vertices.js';
import { SignatureAggregatorEndpoints } from './signature-aggregator.js';
import { UsageMetricsEndpoints } from './usage-metrics.js';
import { WebhooksEndpoints } from './webhooks.js';

export interface DataApiOptions {
  baseUrl: string;
  transport: Transport;
  cache: UpstreamCache;
  memo?: RequestMemo;
  /** Headers the key is sent under (by default both names the service honours). */
  keyHeaders: readonly string[];
  /** The key to send: the caller's, else the configured one, else none. */
  apiKey: string | undefined;
  /** True when `apiKey` is the caller's own (sent with the request), not the configured one. */
  callerKey?: boolean;
  /** `keyFingerprint(apiKey)` when the caller has it already (it is a hash: computed once per request). */
  keyPartition?: string;
}

export class DataApiClient {
  readonly rest: RestClient;
  /** EVM Chains: the indexed chains, one chain, an address's chains. */
  readonly evmChains: EvmChainsEndpoints;
  /** EVM Blocks: latest blocks of a network or a chain, one block. */
  readonly evmBlocks: EvmBlocksEndpoints;
  /** EVM Transactions: latest and single transactions, an address's history and transfers, contract deployments. */
  readonly evmTransactions: EvmTransactionsEndpoints;
  /** EVM Balances: native, ERC-20, ERC-721, ERC-1155 and collectible balances. */
  readonly evmBalances: EvmBalancesEndpoints;
  /** EVM Contracts: what a contract is. */
  readonly evmContracts: EvmContractsEndpoints;
  /** NFTs: a collection's tokens, one token, a metadata refresh. */
  readonly nfts: NftsEndpoints;
  /** Primary Network: staking details, blockchains, subnets, validators, delegators, L1 validators, assets, addresses' chains. */
  readonly primaryNetwork: PrimaryNetworkEndpoints;
  /** Primary Network Transactions: of the P-, X- and C-Chain. */
  readonly primaryNetworkTransactions: PrimaryNetworkTransactionsEndpoints;
  /** Primary Network Rewards: pending and paid. */
  readonly primaryNetworkRewards: PrimaryNetworkRewardsEndpoints;
  /** Primary Network UTXOs: UTXOs and last activity of addresses. */
  readonly primaryNetworkUtxos: PrimaryNetworkUtxosEndpoints;
  /** Primary Network Balances: balances of addresses. */
  readonly primaryNetworkBalances: PrimaryNetworkBalancesEndpoints;
  /** Primary Network Blocks: blocks of the primary network's chains. */
  readonly primaryNetworkBlocks: PrimaryNetworkBlocksEndpoints;
  /** Primary Network Vertices: the X-Chain's DAG. */
  readonly primaryNetworkVertices: PrimaryNetworkVerticesEndpoints;
  /** Interchain Messaging: ICM messages. */
  readonly interchainMessaging: InterchainMessagingEndpoints;
  /** AVAX Supply. */
  readonly avaxSupply: AvaxSupplyEndpoints;
  /** Signature Aggregator: signatures of warp messages. */
  readonly signatureAggregator: SignatureAggregatorEndpoints;
  /**
   * The key owner's webhooks: null unless the caller sent its own key, so the gateway's configured
   * key can never manage the operator's webhooks. The same holds for `usageMetrics` and `operations`.
   */
  readonly webhooks: WebhooksEndpoints | null;
  /** The key owner's usage metrics and request logs: null unless the caller sent its own key (see `webhooks`). */
  readonly usageMetrics: UsageMetricsEndpoints | null;
  /** The key owner's transaction export jobs: null unless the caller sent its own key (see `webhooks`). */
  readonly operations: OperationsEndpoints | null;

  constructor(options: DataApiOptions) {
    this.rest = new RestClient({
      service: 'data-api',
      baseUrl: options.baseUrl,
      transport: options.transport,
      cache: options.cache,
      memo: options.memo,
      headers: options.apiKey ? Object.fromEntries(options.keyHeaders.map((name) => [name, options.apiKey!])) : {},
      cachePartition: options.keyPartition ?? keyFingerprint(options.apiKey),
    });
    this.evmChains = new EvmChainsEndpoints(this.rest);
    this.evmBlocks = new EvmBlocksEndpoints(this.rest);
    this.evmTransactions = new EvmTransactionsEndpoints(this.rest);
    this.evmBalances = new EvmBalancesEndpoints(this.rest);
    this.evmContracts = new EvmContractsEndpoints(this.rest);
    this.nfts = new NftsEndpoints(this.rest);
    this.primaryNetwork = new PrimaryNetworkEndpoints(this.rest);
    this.primaryNetworkTransactions = new PrimaryNetworkTransactionsEndpoints(this.rest);
    this.primaryNetworkRewards = new PrimaryNetworkRewardsEndpoints(this.rest);
    this.primaryNetworkUtxos = new PrimaryNetworkUtxosEndpoints(this.rest);
    this.primaryNetworkBalances = new PrimaryNetworkBalancesEndpoints(this.rest);
    this.primaryNetworkBlocks = new PrimaryNetworkBlocksEndpoints(this.rest);
    this.primaryNetworkVertices = new PrimaryNetworkVerticesEndpoints(this.rest);
    this.interchainMessaging = new InterchainMessagingEndpoints(this.rest);
    this.avaxSupply = new AvaxSupplyEndpoints(this.rest);
    this.signatureAggregator = new SignatureAggregatorEndpoints(this.rest);
    const ownKey = Boolean(options.callerKey && options.apiKey);
    this.webhooks = ownKey ? new WebhooksEndpoints(this.rest) : null;
    this.usageMetrics = ownKey ? new UsageMetricsEndpoints(this.rest) : null;
    this.operations = ownKey ? new OperationsEndpoints(this.rest) : null;
  }
}
