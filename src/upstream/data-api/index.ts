/**
 * The Data API client: named calls per endpoint with typed wire answers, grouped by domain (one file
 * each). The API key rule lives here: the caller's key, else the configured key, sent only to the
 * Data API under the configured header(s). The account owner's operations (`account`) exist only
 * for a caller's own key, never for the configured one.
 */
import { keyFingerprint, type UpstreamCache } from '../transport/cache.js';
import type { Transport } from '../transport/call.js';
import { RestClient, type Query, type RequestMemo } from '../transport/rest.js';
import type { DataApiNetwork, WireChainInfo, WireListChainsResponse } from '../types/data-api-chains.js';
import { AccountEndpoints } from './account.js';
import { AssetEndpoints } from './assets.js';
import { EvmEndpoints } from './evm.js';
import { EvmTransactionEndpoints } from './evm-transactions.js';
import { IcmEndpoints } from './icm.js';
import { NftEndpoints } from './nfts.js';
import { PrimaryEndpoints } from './primary.js';
import { PrimaryAddressEndpoints } from './primary-addresses.js';
import { PrimaryStakingEndpoints } from './primary-staking.js';
import { PrimaryLedgerEndpoints } from './primary-ledger.js';
import { SignatureEndpoints } from './signatures.js';
import { ValidatorEndpoints } from './validators.js';
import { TTL } from '../transport/ttl.js';
import { nullIfNotFound } from '../transport/errors.js';

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
  /** EVM chains: blocks, transactions, native balances, ERC-20 transfers. */
  readonly evm: EvmEndpoints;
  /** EVM transaction lists: latest per chain and across chains, an address's history, NFT transfers, internal transactions. */
  readonly evmTransactions: EvmTransactionEndpoints;
  /** EVM chains: ERC-721/1155 balances and NFT collections. */
  readonly nfts: NftEndpoints;
  /** EVM chains: ERC-20 and collectible balances, an address's chains, contracts, single NFTs. */
  readonly assets: AssetEndpoints;
  /** Primary network: blockchains, UTXOs, rewards, delegators, vertices. */
  readonly primary: PrimaryEndpoints;
  /** Primary network: balances, last activity and chains of addresses. */
  readonly primaryAddresses: PrimaryAddressEndpoints;
  /** Primary network: staking details, pending rewards, the AVAX supply. */
  readonly primaryStaking: PrimaryStakingEndpoints;
  /** Primary network: transactions, blocks, vertices and asset details of the P-, X- and C-Chain. */
  readonly primaryLedger: PrimaryLedgerEndpoints;
  /** Interchain messages. */
  readonly icm: IcmEndpoints;
  /** Signature aggregation. */
  readonly signatures: SignatureEndpoints;
  /** Primary network: validators and their validations, subnets, L1 validators. */
  readonly validators: ValidatorEndpoints;
  /**
   * The key owner's webhooks, usage and export jobs: null unless the caller sent its own key, so
   * the gateway's configured key can never manage the operator's webhooks or read its usage.
   */
  readonly account: AccountEndpoints | null;

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
    this.evm = new EvmEndpoints(this.rest);
    this.evmTransactions = new EvmTransactionEndpoints(this.rest);
    this.nfts = new NftEndpoints(this.rest);
    this.assets = new AssetEndpoints(this.rest);
    this.primary = new PrimaryEndpoints(this.rest);
    this.primaryAddresses = new PrimaryAddressEndpoints(this.rest);
    this.primaryStaking = new PrimaryStakingEndpoints(this.rest);
    this.primaryLedger = new PrimaryLedgerEndpoints(this.rest);
    this.icm = new IcmEndpoints(this.rest);
    this.signatures = new SignatureEndpoints(this.rest);
    this.validators = new ValidatorEndpoints(this.rest);
    this.account = options.callerKey && options.apiKey ? new AccountEndpoints(this.rest) : null;
  }

  /** `GET /v1/chains`: the EVM chains the service indexes. */
  supportedChains(query: { network?: DataApiNetwork; feature?: string } = {}): Promise<WireListChainsResponse> {
    return this.rest.get('/v1/chains', undefined, query as Query, { ttlMs: TTL.registry });
  }

  /** `GET /v1/chains/{chainId}`: one chain; null when the service does not know it. */
  getChainInfo(chainId: string): Promise<WireChainInfo | null> {
    return nullIfNotFound(this.rest.get('/v1/chains/{chainId}', { chainId }, undefined, { ttlMs: TTL.registry }));
  }
}
