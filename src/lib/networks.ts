/**
 * The identity of Avalanche's two public networks, in one place: what the upstream clients, the
 * schema and the sandbox all call "mainnet" and "fuji". Every value here is public and fixed at
 * each network's genesis.
 */

/** The two networks behind the graph's three names (TESTNET is FUJI). */
export type NetworkKey = 'mainnet' | 'fuji';

export const NETWORK_KEYS: readonly NetworkKey[] = ['mainnet', 'fuji'];

export type PrimaryChainAlias = 'P' | 'X' | 'C';

/** The primary network's subnet id (32 zero bytes in cb58); also the P-Chain's blockchain id. */
export const PRIMARY_NETWORK_SUBNET_ID = '11111111111111111111111111111111LpoYY';

export interface NetworkIdentity {
  key: NetworkKey;
  /** AvalancheGo's network id (1 on mainnet, 5 on Fuji). */
  networkId: number;
  /** The bech32 prefix of its X- and P-Chain addresses. */
  hrp: string;
  /** The blockchain ids of its P-, X- and C-Chain (cb58). */
  blockchainIds: Record<PrimaryChainAlias, string>;
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

/** Whether a string (from an id, a cursor, a key) names one of the networks. */
export function isNetworkKey(value: string | undefined): value is NetworkKey {
  return value !== undefined && Object.hasOwn(NETWORKS, value);
}

/** The network of a record that says only whether it is on a test network (the Data API's chain records). */
export function networkOfTestnet(isTestnet: boolean | null | undefined): NetworkKey {
  return isTestnet ? 'fuji' : 'mainnet';
}

/**
 * The graph's names of the networks (TESTNET is the Data API's other name for FUJI), each with the
 * network it is and how each upstream names it: the Data API's `network` value and the metrics
 * service's network-wide series (`mainnet`, `testnet`).
 */
export const NETWORK_NAMES = {
  MAINNET: { key: 'mainnet', dataApi: 'mainnet', metrics: 'mainnet' },
  FUJI: { key: 'fuji', dataApi: 'fuji', metrics: 'testnet' },
  TESTNET: { key: 'fuji', dataApi: 'testnet', metrics: 'testnet' },
} as const satisfies Record<string, { key: NetworkKey; dataApi: string; metrics: string }>;

export type NetworkNameValue = keyof typeof NETWORK_NAMES;

/** The graph's name of a network's Data API value (`mainnet`, `fuji`, `testnet`, any case), if it is one. */
export function networkNameOfDataApi(value: string | null | undefined): NetworkNameValue | undefined {
  const wanted = value?.toLowerCase();
  return (Object.keys(NETWORK_NAMES) as NetworkNameValue[]).find((name) => NETWORK_NAMES[name].dataApi === wanted);
}

/** The network whose bech32 prefix this is, if any. */
export function networkOfHrp(hrp: string): NetworkKey | undefined {
  return NETWORK_KEYS.find((key) => NETWORKS[key].hrp === hrp);
}

/** Which primary-network chain a blockchain id is on a network, if any. */
export function primaryChainOf(blockchainId: string, key: NetworkKey): PrimaryChainAlias | undefined {
  const ids = NETWORKS[key].blockchainIds;
  return (Object.keys(ids) as PrimaryChainAlias[]).find((alias) => ids[alias] === blockchainId);
}
