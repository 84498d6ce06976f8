/**
 * The graph's names of the networks (MAINNET, FUJI, TESTNET) and what each one is: the services'
 * `network` values (`@avalanche-graph/identity`) upper-cased, so TESTNET is the Data API's other
 * name for FUJI. Below the builder (the loaders use it); the `NetworkName` enum and its
 * descriptions are enums.ts's.
 */
import { isNetworkValue, NETWORKS, networkOfValue, type NetworkKey, type NetworkValue } from '@avalanche-graph/identity';
import type { DataApiNetwork } from '../../upstream/data-api/types/chains.js';

/** A network's name in the graph. A network added to the package wants its name described in enums.ts (the compiler says so). */
export type NetworkNameValue = Uppercase<NetworkValue>;

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
  return NETWORKS[key].names[0].toUpperCase() as NetworkNameValue;
}

/** The graph's name of a `network` value an upstream sent (`mainnet`, `fuji`, `testnet`, any case), if it is one. */
export function networkNameOfValue(value: string | null | undefined): NetworkNameValue | undefined {
  const wanted = value?.toLowerCase();
  return isNetworkValue(wanted) ? (wanted.toUpperCase() as NetworkNameValue) : undefined;
}
