/** Wire shapes of the Data API's NFT endpoints (ERC-721/1155 balances, collection tokens), by its official description. */
import type { DataApiSchema } from '@avalanche-graph/wire-types';

export type WireErc721TokenMetadata = DataApiSchema<'Erc721TokenMetadata'>;
export type WireErc1155TokenMetadata = DataApiSchema<'Erc1155TokenMetadata'>;
/** A single NFT, by `ercType`. */
export type WireNftToken = DataApiSchema<'Erc721Token'> | DataApiSchema<'Erc1155Token'>;
export type WireListErc721BalancesResponse = DataApiSchema<'ListErc721BalancesResponse'>;
export type WireListErc1155BalancesResponse = DataApiSchema<'ListErc1155BalancesResponse'>;
export type WireListNftTokensResponse = DataApiSchema<'ListNftTokens'>;
