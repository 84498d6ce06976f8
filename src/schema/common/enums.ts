/**
 * Enums shared by several domains, and the mapping of their values to the upstreams' strings.
 */
import type { EnumRef } from '@pothos/core';
import { builder, type Types } from '../../builder.js';
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

/** One value of an upstream enum: the upstream's string for it (its GraphQL name when omitted) and what it means. */
export interface UpstreamEnumValue {
  value?: string;
  description: string;
}

/** The upstream strings of a table of values. */
type UpstreamValueOf<V> = { [K in keyof V & string]: V[K] extends { value: infer S extends string } ? S : K }[keyof V & string];

/**
 * An enum of values an upstream sends, with what maps its strings: `from` one string, `list` a list
 * of them. An upstream that adds a value must not fail a response, so a string the enum does not
 * know becomes UNKNOWN (or null, for an enum without UNKNOWN), and is left out of a list.
 */
export type UpstreamEnum<Known extends string, Fallback extends 'UNKNOWN' | null> = EnumRef<Types, Known | NonNullable<Fallback>> & {
  /** The upstream strings the enum knows, in the order of its values. */
  readonly known: readonly Known[];
  from(value: string | null | undefined): Known | Fallback;
  list(values: readonly string[] | null | undefined): Known[];
};

interface UpstreamEnumOptions<V> {
  description: string;
  values: V;
}

/**
 * An output enum over an upstream's strings, declared once: each value's GraphQL name, upstream
 * string and description; `unknown` describes the UNKNOWN value that stands for any other string
 * (its own value is 'UNKNOWN', last in the enum). Without `unknown`, `from` gives null for a string
 * the enum does not know. Input arguments of the enum receive UNKNOWN too, for the resolver to refuse.
 */
export function upstreamEnum<const V extends Record<string, UpstreamEnumValue>>(
  name: string,
  options: UpstreamEnumOptions<V> & { unknown: string },
): UpstreamEnum<UpstreamValueOf<V>, 'UNKNOWN'>;
export function upstreamEnum<const V extends Record<string, UpstreamEnumValue>>(name: string, options: UpstreamEnumOptions<V>): UpstreamEnum<UpstreamValueOf<V>, null>;
export function upstreamEnum(name: string, options: UpstreamEnumOptions<Record<string, UpstreamEnumValue>> & { unknown?: string }): UpstreamEnum<string, 'UNKNOWN' | null> {
  const values = Object.fromEntries(Object.entries(options.values).map(([key, v]) => [key, { value: v.value ?? key, description: v.description }]));
  const known = Object.values(values).map((v) => v.value);
  const knows = new Set<string>(known);
  const fallback = options.unknown === undefined ? null : 'UNKNOWN';
  const ref = builder.enumType(name, {
    description: options.description,
    values: options.unknown === undefined ? values : { ...values, UNKNOWN: { value: 'UNKNOWN', description: options.unknown } },
  });
  return Object.assign(ref, {
    known,
    from: (value: string | null | undefined) => (value != null && knows.has(value) ? value : fallback),
    list: (list: readonly string[] | null | undefined) => (list ?? []).filter((value) => knows.has(value)),
  });
}
