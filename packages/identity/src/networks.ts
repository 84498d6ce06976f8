/**
 * Avalanche's public networks, in one table (NETWORKS): each one's key, AvalancheGo network id,
 * bech32 prefix, primary-chain blockchain ids, C-Chain EVM chain id, the names the Data API and
 * the metrics service give it (with the graph's description of each), its public API node; and the
 * primary network's chain aliases. The gateway (src/) and the sandbox (packages/sandbox) both read
 * it, so a network is written here and nowhere else: the gateway derives its `NetworkName` values,
 * its `NODE_RPC_URL_<KEY>` variable and its node clients from the table, the sandbox its node
 * service, and no other file of theirs names a network (test/layout.test.ts). Every value is public
 * and fixed at the network's genesis.
 */

/** The primary network's chains by their one-letter aliases (`P-avax1...`, `/ext/bc/X`). */
export type PrimaryChainAlias = 'P' | 'X' | 'C';

/** The Data API's names of the primary network's chains: its `blockchainId` aliases and `chainInfo.chainName`. */
export const PRIMARY_CHAIN_NAMES = { P: 'p-chain', X: 'x-chain', C: 'c-chain' } as const satisfies Record<PrimaryChainAlias, string>;

/** The alias of a Data API chain name (`x-chain`: lower case, as the Data API takes it), if it is one. */
export function primaryChainOfName(name: string): PrimaryChainAlias | undefined {
  return (Object.keys(PRIMARY_CHAIN_NAMES) as PrimaryChainAlias[]).find((alias) => PRIMARY_CHAIN_NAMES[alias] === name);
}

/** The primary network's subnet id (32 zero bytes in cb58); also the P-Chain's blockchain id. */
export const PRIMARY_NETWORK_SUBNET_ID = '11111111111111111111111111111111LpoYY';

/**
 * What the services' answers call a network's kind (their `NetworkType`): the metrics service's
 * network-wide series and chain records, the Data API's usage metrics; the Data API's chain records
 * say the same with `isTestnet`.
 */
export type NetworkType = 'mainnet' | 'testnet';

export interface NetworkIdentity {
  /** Its key in NETWORKS: what node clients, global ids and the sandbox's world call it. */
  key: string;
  /** AvalancheGo's network id (1 on mainnet, 5 on Fuji). */
  networkId: number;
  /** The bech32 prefix of its X- and P-Chain addresses. */
  hrp: string;
  /** The blockchain ids of its P-, X- and C-Chain (cb58). */
  blockchainIds: Readonly<Record<PrimaryChainAlias, string>>;
  /** The C-Chain's EVM chain id, as the Data API names the chain. */
  cChainEvmId: string;
  /**
   * The values the Data API and the metrics service take for it as `network` (their `Network`): its
   * key first, then any alias (Fuji's `testnet`). Each is described as the graph describes its name
   * there, the value upper-cased (the `NetworkName` enum's MAINNET, FUJI, TESTNET).
   */
  names: Readonly<Record<string, string>>;
  /** Its kind, as the services' answers give it. */
  type: NetworkType;
  /** How prose names it: "the {label} AvalancheGo API node" (`mainnet`, `Fuji`). */
  label: string;
  /** Its public AvalancheGo API node: what the gateway calls unless `NODE_RPC_URL_<KEY>` says otherwise. */
  apiNode: string;
}

export const NETWORKS = {
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
    names: { mainnet: 'Avalanche mainnet.' },
    type: 'mainnet',
    label: 'mainnet',
    apiNode: 'https://api.avax.network',
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
    names: { fuji: 'The Fuji test network.', testnet: 'The test network under the Data API\'s alias; same data as FUJI.' },
    type: 'testnet',
    label: 'Fuji',
    apiNode: 'https://api.avax-test.network',
  },
} as const satisfies Record<string, NetworkIdentity>;

/** The networks, by key. */
export type NetworkKey = keyof typeof NETWORKS;

/** Every network's key, in the table's order (mainnet first). */
export const NETWORK_KEYS = Object.keys(NETWORKS) as readonly NetworkKey[];

/** A `network` value of the Data API and the metrics service (`mainnet`, `fuji`, `testnet`). */
export type NetworkValue = { [K in NetworkKey]: keyof (typeof NETWORKS)[K]['names'] & string }[NetworkKey];

/** A network's `network` values, its key first. */
export function networkValues(key: NetworkKey): readonly NetworkValue[] {
  return Object.keys(NETWORKS[key].names) as NetworkValue[];
}

/** Every `network` value the services take, each network's in the table's order. */
export const NETWORK_VALUES: readonly NetworkValue[] = NETWORK_KEYS.flatMap(networkValues);

/** Whether a string (from an id, a cursor, a key) names one of the networks. */
export function isNetworkKey(value: string | undefined): value is NetworkKey {
  return value !== undefined && Object.hasOwn(NETWORKS, value);
}

/** Whether a string is one of the services' `network` values (exactly: they are lower case). */
export function isNetworkValue(value: string | null | undefined): value is NetworkValue {
  return (NETWORK_VALUES as readonly (string | null | undefined)[]).includes(value);
}

/** The network a services' `network` value names (`testnet` is Fuji), if it names one. */
export function networkOfValue(value: NetworkValue): NetworkKey;
export function networkOfValue(value: string | null | undefined): NetworkKey | undefined;
export function networkOfValue(value: string | null | undefined): NetworkKey | undefined {
  return NETWORK_KEYS.find((key) => typeof value === 'string' && Object.hasOwn(NETWORKS[key].names, value));
}

/** A network's kind as the services' answers give it (`mainnet`, `testnet`). */
export function networkTypeOf(key: NetworkKey): NetworkType {
  return NETWORKS[key].type;
}

/** The network of a kind the services' answers give (`testnet` is Fuji), if it is one. */
export function networkOfType(value: string | null | undefined): NetworkKey | undefined {
  return NETWORK_KEYS.find((key) => NETWORKS[key].type === value);
}

/** The network of a record that says only whether it is on a test network (the Data API's chain records). */
export function networkOfTestnet(isTestnet: boolean | null | undefined): NetworkKey {
  return networkOfType(isTestnet ? 'testnet' : 'mainnet')!;
}

/**
 * The one network of kind `mainnet`: the network a request means when it names none, and where the
 * services keep what only mainnet has (the AVAX supply, BTC.b bridging, the L1 validators' fee series).
 */
export const MAIN_NETWORK: NetworkKey = networkOfType('mainnet')!;

/** Whether a network is a test network (the Data API's `isTestnet`). */
export function isTestnet(key: NetworkKey): boolean {
  return NETWORKS[key].type === 'testnet';
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
