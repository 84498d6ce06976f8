/**
 * Enums shared by several domains, and the mapping of their values to the upstreams' strings.
 */
import { builder } from '../../builder.js';
import type { DataApiNetwork } from '../../upstream/types/data-api-chains.js';
import type { NetworkKey } from '../../lib/networks.js';

export type NetworkNameValue = 'MAINNET' | 'FUJI' | 'TESTNET';

export const NetworkName = builder.enumType('NetworkName', {
  description: 'An Avalanche network. TESTNET is the Data API\'s other name for FUJI.',
  values: {
    MAINNET: { value: 'MAINNET', description: 'Avalanche mainnet.' },
    FUJI: { value: 'FUJI', description: 'The Fuji test network.' },
    TESTNET: { value: 'TESTNET', description: 'The test network under the Data API\'s alias; same data as FUJI.' },
  } as const,
});

/** The Data API's `network` path or query value. */
export function dataApiNetwork(name: NetworkNameValue): DataApiNetwork {
  return name === 'MAINNET' ? 'mainnet' : name === 'FUJI' ? 'fuji' : 'testnet';
}

/** The network behind a name (TESTNET is FUJI): node clients and global ids use it. */
export function networkKey(name: NetworkNameValue): NetworkKey {
  return name === 'MAINNET' ? 'mainnet' : 'fuji';
}

/** The graph's name of a network. */
export function networkName(key: NetworkKey): NetworkNameValue {
  return key === 'mainnet' ? 'MAINNET' : 'FUJI';
}

export const SortOrder = builder.enumType('SortOrder', {
  description: 'Order of a list.',
  values: {
    ASC: { value: 'asc', description: 'Oldest or smallest first.' },
    DESC: { value: 'desc', description: 'Newest or largest first.' },
  } as const,
});

/**
 * Keeps only values an output enum knows: an upstream that adds a value must not fail a response.
 */
export function knownValues<T extends string>(values: readonly string[] | undefined, known: readonly T[]): T[] {
  return (values ?? []).filter((v): v is T => (known as readonly string[]).includes(v));
}

/** Maps an upstream value to a known enum value, else to the enum's UNKNOWN member. */
export function knownOr<T extends string, U extends string>(value: string | undefined, known: readonly T[], unknown: U): T | U {
  return value !== undefined && (known as readonly string[]).includes(value) ? (value as T) : unknown;
}
