/** Wire shapes of the Data API's NFT endpoints (ERC-721/1155 balances, collection tokens). */

/** How far the indexer got reading a token's metadata; the service may add values. */
export type WireNftMetadataStatus =
  | 'UNKNOWN'
  | 'MISSING_TOKEN'
  | 'INVALID_TOKEN_URI'
  | 'INVALID_TOKEN_URI_SCHEME'
  | 'UNREACHABLE_TOKEN_URI'
  | 'THROTTLED_TOKEN_URI'
  | 'METADATA_CONTENT_TOO_LARGE'
  | 'INVALID_METADATA'
  | 'INVALID_METADATA_JSON'
  | 'INDEXED'
  | 'UNINDEXED'
  | (string & {});

/** Metadata fields both standards share; all but the status are absent until indexed. */
interface WireNftMetadataBase {
  indexStatus: WireNftMetadataStatus;
  /** Unix seconds. */
  metadataLastUpdatedTimestamp?: number;
  name?: string;
  symbol?: string;
  imageUri?: string;
  description?: string;
  animationUri?: string;
  externalUrl?: string;
  background?: string;
}

export interface WireErc721TokenMetadata extends WireNftMetadataBase {
  /** The metadata's attributes, as a JSON text. */
  attributes?: string;
}

export interface WireErc1155TokenMetadata extends WireNftMetadataBase {
  decimals?: number;
  /** The metadata's properties, as a JSON text. */
  properties?: string;
}

export interface WireErc721Token {
  /** Collection contract (EIP-55). */
  address: string;
  name: string;
  symbol: string;
  ercType: 'ERC-721';
  /** Decimal uint256. */
  tokenId: string;
  tokenUri: string;
  metadata: WireErc721TokenMetadata;
  ownerAddress?: string;
}

export interface WireErc1155Token {
  address: string;
  ercType: 'ERC-1155';
  tokenId: string;
  tokenUri: string;
  metadata: WireErc1155TokenMetadata;
}

export type WireNftToken = WireErc721Token | WireErc1155Token;

export interface WireErc721TokenBalance extends WireErc721Token {
  /** EVM chain id (decimal). */
  chainId: string;
}

export interface WireErc1155TokenBalance extends WireErc1155Token {
  chainId: string;
  /** Decimal amount held. */
  balance: string;
}

/** The native balance every NFT balance list carries beside its page. */
export interface WireNftListNativeBalance {
  name: string;
  symbol: string;
  decimals: number;
  logoUri?: string;
  chainId: string;
  price?: { currencyCode: string; value: number };
  balance: string;
  balanceValue?: { currencyCode: string; value: number };
}

export interface WireListErc721BalancesResponse {
  nextPageToken?: string;
  nativeTokenBalance: WireNftListNativeBalance;
  erc721TokenBalances: WireErc721TokenBalance[];
}

export interface WireListErc1155BalancesResponse {
  nextPageToken?: string;
  nativeTokenBalance: WireNftListNativeBalance;
  erc1155TokenBalances: WireErc1155TokenBalance[];
}

export interface WireListNftTokensResponse {
  nextPageToken?: string;
  tokens: WireNftToken[];
}
