/**
 * Wire shapes of the Data API's asset endpoints: an address's ERC-20 and collectible balances and
 * chains, contract metadata and deployments, and single NFTs (names and optionality as documented).
 */
import type { WireChainInfo } from './data-api-chains.js';
import type { WireMoney, WireNativeTokenBalance } from './data-api-evm.js';
import type { WireErc1155TokenBalance, WireErc721TokenBalance, WireNftToken } from './data-api-nfts.js';

export interface WireErc20TokenBalance {
  /** Token contract (EIP-55). */
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  logoUri?: string;
  ercType: 'ERC-20';
  price?: WireMoney;
  /** EVM chain id (decimal). */
  chainId: string;
  /** Decimal amount in the token's smallest unit. */
  balance: string;
  balanceValue?: WireMoney;
  /** `Benign`, `Malicious` or null (unknown; only C-Chain tokens are rated). */
  tokenReputation: string | null;
}

export interface WireListErc20BalancesResponse {
  nextPageToken?: string;
  nativeTokenBalance: WireNativeTokenBalance;
  erc20TokenBalances: WireErc20TokenBalance[];
}

export interface WireListErc20BalancesQuery {
  pageToken?: string;
  pageSize?: number;
  /** Decimal block number; latest when absent. */
  blockNumber?: string;
  filterSpamTokens?: boolean;
  /** Only these contracts (sent comma-separated). */
  contractAddresses?: string[];
  currency?: string;
}

export type WireCollectibleBalance = WireErc721TokenBalance | WireErc1155TokenBalance;

export interface WireListCollectibleBalancesResponse {
  nextPageToken?: string;
  collectibleBalances: WireCollectibleBalance[];
}

export interface WireImageAsset {
  assetId?: string;
  imageUri?: string;
}

export interface WireResourceLink {
  /** Blog, CoinGecko, Discord, Github, Twitter, Website, ... (the service may add kinds). */
  type: string;
  url: string;
}

export interface WireContractDeploymentDetails {
  txHash: string;
  /** The account that sent the deploying transaction. */
  deployerAddress: string;
  /** The contract that created this one, when it was created by contract code. */
  deployerContractAddress?: string;
}

/** What every kind of contract record carries. */
interface WireContractBase {
  address: string;
  name?: string;
  description?: string;
  officialSite?: string;
  email?: string;
  logoAsset?: WireImageAsset;
  bannerAsset?: WireImageAsset;
  color?: string;
  resourceLinks?: WireResourceLink[];
  tags?: string[];
  deploymentDetails?: WireContractDeploymentDetails;
}

export interface WirePricingProviders {
  coingeckoCoinId?: string;
}

export interface WireErc20Contract extends WireContractBase {
  ercType: 'ERC-20';
  symbol?: string;
  decimals: number;
  pricingProviders?: WirePricingProviders;
}

export interface WireErc721Contract extends WireContractBase {
  ercType: 'ERC-721';
  symbol?: string;
}

export interface WireErc1155Contract extends WireContractBase {
  ercType: 'ERC-1155';
  symbol?: string;
  pricingProviders?: WirePricingProviders;
}

export interface WireUnknownContract extends WireContractBase {
  ercType: 'UNKNOWN';
}

/** `GET /v1/chains/{chainId}/addresses/{address}` answers one of these, by `ercType`. */
export type WireContract = WireErc20Contract | WireErc721Contract | WireErc1155Contract | WireUnknownContract;

export interface WireListContractsResponse {
  nextPageToken?: string;
  contracts: WireContract[];
}

export interface WireListAddressChainsResponse {
  /** Chains the Data API indexes where the address was active. */
  indexedChains?: WireChainInfo[];
  /** Ids of chains where the address was active that the Data API does not index. */
  unindexedChains?: string[];
}

/** `GET .../nfts/collections/{address}/tokens/{tokenId}`: one token, by `ercType`. */
export type WireTokenDetails = WireNftToken;
