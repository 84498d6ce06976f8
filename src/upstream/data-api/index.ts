/**
 * The Data API client: named calls per endpoint with typed wire answers, grouped by domain (one file
 * each). The API key rule lives here: the caller's key, else the configured key, sent only to the
 * Data API under the configured header(s).
 */
import { keyFingerprint, type UpstreamCache } from '../cache.js';
import type { Transport } from '../http.js';
import { RestClient, type Query, type RequestMemo } from '../rest.js';
import type { DataApiNetwork, WireChainInfo, WireListChainsResponse } from '../types/data-api-chains.js';
import { AssetEndpoints } from './assets.js';
import { EvmEndpoints } from './evm.js';
import { IcmEndpoints } from './icm.js';
import { NftEndpoints } from './nfts.js';
import { PrimaryEndpoints } from './primary.js';
import { SignatureEndpoints } from './signatures.js';
import { TTL } from '../ttl.js';

export interface DataApiOptions {
  baseUrl: string;
  transport: Transport;
  cache: UpstreamCache;
  memo?: RequestMemo;
  /** Headers the key is sent under (by default both names the service honours). */
  keyHeaders: readonly string[];
  /** The key to send: the caller's, else the configured one, else none. */
  apiKey: string | undefined;
}

export class DataApiClient {
  readonly rest: RestClient;
  /** EVM chains: blocks, transactions, native balances, ERC-20 transfers. */
  readonly evm: EvmEndpoints;
  /** EVM chains: ERC-721/1155 balances and NFT collections. */
  readonly nfts: NftEndpoints;
  /** EVM chains: ERC-20 and collectible balances, an address's chains, contracts, single NFTs. */
  readonly assets: AssetEndpoints;
  /** Primary network: blockchains, UTXOs, rewards, delegators, vertices. */
  readonly primary: PrimaryEndpoints;
  /** Interchain messages. */
  readonly icm: IcmEndpoints;
  /** Signature aggregation. */
  readonly signatures: SignatureEndpoints;

  constructor(options: DataApiOptions) {
    this.rest = new RestClient({
      service: 'data-api',
      baseUrl: options.baseUrl,
      transport: options.transport,
      cache: options.cache,
      memo: options.memo,
      headers: options.apiKey ? Object.fromEntries(options.keyHeaders.map((name) => [name, options.apiKey!])) : {},
      cachePartition: keyFingerprint(options.apiKey),
    });
    this.evm = new EvmEndpoints(this.rest);
    this.nfts = new NftEndpoints(this.rest);
    this.assets = new AssetEndpoints(this.rest);
    this.primary = new PrimaryEndpoints(this.rest);
    this.icm = new IcmEndpoints(this.rest);
    this.signatures = new SignatureEndpoints(this.rest);
  }

  /** `GET /v1/chains`: the EVM chains the service indexes. */
  listChains(query: { network?: DataApiNetwork; feature?: string } = {}): Promise<WireListChainsResponse> {
    return this.rest.get('/v1/chains', undefined, query as Query, { ttlMs: TTL.registry });
  }

  /** `GET /v1/chains/{chainId}`: one chain. */
  getChain(chainId: string): Promise<WireChainInfo> {
    return this.rest.get('/v1/chains/{chainId}', { chainId }, undefined, { ttlMs: TTL.registry });
  }
}
