/** Wire shapes of the Data API, as the service sends them (names and optionality as documented). */

export type DataApiNetwork = 'mainnet' | 'fuji' | 'testnet';

export interface WireNetworkToken {
  name: string;
  symbol: string;
  decimals: number;
  logoUri?: string;
  description?: string;
}

export interface WireUtilityAddresses {
  multicall?: string;
}

export interface WireChainInfo {
  chainId: string;
  status: string;
  chainName: string;
  description: string;
  platformChainId?: string;
  subnetId?: string;
  vmId?: string;
  vmName: string;
  explorerUrl?: string;
  rpcUrl: string;
  wsUrl?: string;
  isTestnet: boolean;
  utilityAddresses?: WireUtilityAddresses;
  networkToken: WireNetworkToken;
  chainLogoUri?: string;
  private?: boolean;
  enabledFeatures?: string[];
}

export interface WireListChainsResponse {
  chains: WireChainInfo[];
}
