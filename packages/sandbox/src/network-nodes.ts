/**
 * The sandbox's API node of each network, named from the identity package's NETWORKS table: the
 * service `node<Key>` (`nodeMainnet`) answers at the URL `nodeRpc<Key>` (`nodeRpcMainnet`), which
 * a gateway reads as `NODE_RPC_URL_<KEY>`. A network added to the table gets its node, its URL and
 * its variable here with no edit.
 */
import { NETWORK_KEYS, type NetworkKey } from '@avalanche-graph/identity';

/** The name of a network's node service in `Sandbox.services` (`nodeMainnet`). */
export type NodeServiceName<K extends NetworkKey = NetworkKey> = `node${Capitalize<K>}`;
/** The name of a network's node URL in `Sandbox.urls` (`nodeRpcMainnet`). */
export type NodeUrlName<K extends NetworkKey = NetworkKey> = `nodeRpc${Capitalize<K>}`;

const capitalized = <K extends string>(key: K): Capitalize<K> => (key.charAt(0).toUpperCase() + key.slice(1)) as Capitalize<K>;

export const nodeServiceName = <K extends NetworkKey>(key: K): NodeServiceName<K> => `node${capitalized(key)}`;
export const nodeUrlName = <K extends NetworkKey>(key: K): NodeUrlName<K> => `nodeRpc${capitalized(key)}`;

/** The gateway's variable for a network's API node (its src/config reads the same name): `NODE_RPC_URL_MAINNET`. */
export const nodeRpcVariable = (key: NetworkKey): string => `NODE_RPC_URL_${key.toUpperCase()}`;

/** One value per network, in the table's order, under the name `name` gives each. */
export function perNetwork<N extends string, V>(name: (key: NetworkKey) => N, value: (key: NetworkKey) => V): Record<N, V> {
  return Object.fromEntries(NETWORK_KEYS.map((key) => [name(key), value(key)])) as Record<N, V>;
}

/** The services one sandbox runs: the Data API, a node per network, the metrics service and the L1s' nodes. */
export const SERVICE_COUNT = 3 + NETWORK_KEYS.length;
