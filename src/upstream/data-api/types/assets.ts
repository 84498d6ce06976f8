/**
 * Wire shapes of the Data API's asset endpoints: an address's ERC-20 and collectible balances and
 * chains, contract metadata and deployments, and single NFTs, by its official description.
 */
import type { DataApiQuery, DataApiSchema, ListQuery } from '@avalanche-graph/wire-types';
import type { WireNftToken } from './nfts.js';


/** `blockNumber` absent: the latest balances; `contractAddresses`: only these contracts. */
export type WireListErc20BalancesQuery = ListQuery<DataApiQuery<'listErc20Balances'>, 'contractAddresses'>;

/** `GET /v1/chains/{chainId}/addresses/{address}` answers one of these, by `ercType`. */
export type WireContract = DataApiSchema<'Erc20Contract'> | DataApiSchema<'Erc721Contract'> | DataApiSchema<'Erc1155Contract'> | DataApiSchema<'UnknownContract'>;
/** `GET .../nfts/collections/{address}/tokens/{tokenId}`: one token, by `ercType`. */
export type WireTokenDetails = WireNftToken;
