/** Wire shapes of the Data API's chain records (`GET /v1/chains`), by its official description. */
import type { DataApiSchema } from '@avalanche-graph/wire-types';

export type DataApiNetwork = DataApiSchema<'Network'>;
export type WireNetworkToken = DataApiSchema<'NetworkToken'>;
export type WireUtilityAddresses = DataApiSchema<'UtilityAddresses'>;
export type WireChainInfo = DataApiSchema<'ChainInfo'>;
export type WireListChainsResponse = DataApiSchema<'ListChainsResponse'>;
