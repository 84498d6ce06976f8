/**
 * The identity of Avalanche's two public networks as the simulated services present them. Every
 * value is public and fixed at each network's genesis; the sandbox keeps its own copy so the package
 * depends on nothing of the gateway's.
 */

export type NetworkKey = 'mainnet' | 'fuji';

/** The primary network's subnet id (32 zero bytes in cb58); also the P-Chain's blockchain id. */
export const PRIMARY_NETWORK_SUBNET_ID = '11111111111111111111111111111111LpoYY';

export interface NetworkIdentity {
  key: NetworkKey;
  /** AvalancheGo's network id (1 on mainnet, 5 on Fuji). */
  networkId: number;
  /** The bech32 prefix of its X- and P-Chain addresses. */
  hrp: string;
  /** The blockchain ids of its P-, X- and C-Chain (cb58). */
  blockchainIds: Record<'P' | 'X' | 'C', string>;
  /** The C-Chain's EVM chain id, as the Data API names the chain. */
  cChainEvmId: string;
}

export const NETWORKS: Record<NetworkKey, NetworkIdentity> = {
  mainnet: {
    key: 'mainnet',
    networkId: 1,
    hrp: 'avax',
    blockchainIds: {
      P: PRIMARY_NETWORK_SUBNET_ID,
      X: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
      C: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
    },
    cChainEvmId: '43114',
  },
  fuji: {
    key: 'fuji',
    networkId: 5,
    hrp: 'fuji',
    blockchainIds: {
      P: PRIMARY_NETWORK_SUBNET_ID,
      X: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
      C: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
    },
    cChainEvmId: '43113',
  },
};
