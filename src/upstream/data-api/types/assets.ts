/**
 * Wire shapes of the Data API's asset endpoints: an address's ERC-20 and collectible balances and
 * chains, contract metadata and deployments, and single NFTs, by its official description.
 */
import type { DataApiQuery, DataApiSchema, ListQuery } from '@avalanche-graph/wire-types';
import type { WireNftToken } from './nfts.js';

export type WireErc20TokenBalance = DataApiSchema<'Erc20TokenBalance'>;
export type WireListErc20BalancesResponse = DataApiSchema<'ListErc20BalancesResponse'>;

/** `blockNumber` absent: the latest balances; `contractAddresses`: only these contracts. */
export type WireListErc20BalancesQuery = ListQuery<DataApiQuery<'listErc20Balances'>, 'contractAddresses'>;

export type WireListCollectibleBalancesResponse = DataApiSchema<'ListCollectibleBalancesResponse'>;
export type WireResourceLink = DataApiSchema<'ResourceLink'>;
/** `GET /v1/chains/{chainId}/addresses/{address}` answers one of these, by `ercType`. */
export type WireContract = DataApiSchema<'Erc20Contract'> | DataApiSchema<'Erc721Contract'> | DataApiSchema<'Erc1155Contract'> | DataApiSchema<'UnknownContract'>;
export type WireListContractsResponse = DataApiSchema<'ListContractsResponse'>;
export type WireListAddressChainsResponse = DataApiSchema<'ListAddressChainsResponse'>;
/** `GET .../nfts/collections/{address}/tokens/{tokenId}`: one token, by `ercType`. */
export type WireTokenDetails = WireNftToken;
