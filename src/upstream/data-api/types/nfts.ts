/** Wire shapes of the Data API's NFT endpoints (ERC-721/1155 balances, collection tokens), by its official description. */
import type { DataApiSchema } from '@avalanche-graph/wire-types';

/** A single NFT, by `ercType`. */
export type WireNftToken = DataApiSchema<'Erc721Token'> | DataApiSchema<'Erc1155Token'>;
export type WireListNftTokensResponse = DataApiSchema<'ListNftTokens'>;
