/**
 * The graph's names of the networks (MAINNET, FUJI, TESTNET) and what each one is: the services'
 * `network` values (`@avalanche-graph/identity`) upper-cased, so TESTNET is the Data API's other
 * name for FUJI. Names, descriptions and aliases all come from the identity package's NETWORKS table,
 * so a network added there is a value of the `NetworkName` enum (enums.ts) with no edit here. Below
 * the builder (the loaders use it).
 */
import { isNetworkValue, MAIN_NETWORK, NETWORKS, NETWORK_VALUES, networkOfValue, type NetworkIdentity, type NetworkKey, type NetworkValue } from '@avalanche-graph/identity';
import type { DataApiNetwork } from '../../upstream/data-api/types/chains.js';

/** A network's name in the graph. */
export type NetworkNameValue = Uppercase<NetworkValue>;

/** A table of networks as far as their names go: NETWORKS, or another in a test. */
type NamedNetworks = Readonly<Record<string, Pick<NetworkIdentity, 'names'>>>;

/** The graph's names of a table's networks (their `network` values upper-cased, in the table's order) and what each means. */
export function networkNameDescriptions(networks: NamedNetworks): Record<string, string> {
  return Object.fromEntries(Object.values(networks).flatMap((n) => Object.entries(n.names).map(([value, description]) => [value.toUpperCase(), description])));
}

/** A network's other names: each alias's graph name and `network` value, and the name of the network it stands for. */
export function networkAliases(networks: NamedNetworks): { name: string; value: string; of: string }[] {
  return Object.values(networks).flatMap((n) => {
    const [first, ...aliases] = Object.keys(n.names);
    return aliases.map((value) => ({ name: value.toUpperCase(), value, of: first!.toUpperCase() }));
  });
}

/** Every name of the graph's networks, in the table's order (the `NetworkName` enum's values). */
export const NETWORK_NAMES: readonly NetworkNameValue[] = NETWORK_VALUES.map((value) => value.toUpperCase() as NetworkNameValue);

/** The aliases of NETWORKS (TESTNET for FUJI), as descriptions mention them. */
export const NETWORK_ALIASES = networkAliases(NETWORKS);

/** Whether a string is one of the graph's network names (exactly: they are upper case). */
export function isNetworkName(value: string): value is NetworkNameValue {
  return (NETWORK_NAMES as readonly string[]).includes(value);
}

/** The Data API's `network` path or query value (the metrics service takes the same). */
export function dataApiNetwork(name: NetworkNameValue): DataApiNetwork {
  return name.toLowerCase() as NetworkValue;
}

/** The network behind a name (TESTNET is FUJI): node clients and global ids use it. */
export function networkKey(name: NetworkNameValue): NetworkKey {
  return networkOfValue(dataApiNetwork(name));
}

/** The graph's name of a network: its first `network` value's. */
export function networkName(key: NetworkKey): NetworkNameValue {
  return Object.keys(NETWORKS[key].names)[0]!.toUpperCase() as NetworkNameValue;
}

/** The name a `network` argument takes when none is given: the main network's (MAINNET). */
export const DEFAULT_NETWORK_NAME: NetworkNameValue = networkName(MAIN_NETWORK);

/** The graph's name of a `network` value an upstream sent (`mainnet`, `fuji`, `testnet`, any case), if it is one. */
export function networkNameOfValue(value: string | null | undefined): NetworkNameValue | undefined {
  const wanted = value?.toLowerCase();
  return isNetworkValue(wanted) ? (wanted.toUpperCase() as NetworkNameValue) : undefined;
}
