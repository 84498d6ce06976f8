/**
 * The graph's names of the networks (MAINNET, FUJI, TESTNET) and what each one is: its network and
 * its Data API value. Below the builder (the loaders use it); the `NetworkName` enum is enums.ts's.
 */
import type { DataApiNetwork } from '../../upstream/types/data-api-chains.js';
import { NETWORK_NAMES, type NetworkKey, type NetworkNameValue } from '../../lib/networks.js';

/** The Data API's `network` path or query value. */
export function dataApiNetwork(name: NetworkNameValue): DataApiNetwork {
  return NETWORK_NAMES[name].dataApi;
}

/** The network behind a name (TESTNET is FUJI): node clients and global ids use it. */
export function networkKey(name: NetworkNameValue): NetworkKey {
  return NETWORK_NAMES[name].key;
}

/** The graph's name of a network. */
export function networkName(key: NetworkKey): NetworkNameValue {
  return (Object.keys(NETWORK_NAMES) as NetworkNameValue[]).find((name) => NETWORK_NAMES[name].key === key)!;
}
