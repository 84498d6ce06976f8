/**
 * Enums shared by several domains, and the mapping of their values to the upstreams' strings.
 */
import type { EnumRef } from '@pothos/core';
import { builder, type Types } from '../../builder.js';
import { NETWORKS } from '@avalanche-graph/identity';
import { NETWORK_ALIASES, networkNameDescriptions, type NetworkNameValue } from './network-names.js';

/** The graph's names of the networks, described in the identity package's NETWORKS table: the schema's, a contract. */
const NETWORK_NAME_DESCRIPTIONS = networkNameDescriptions(NETWORKS) as Record<NetworkNameValue, string>;

export const NetworkName = builder.enumType('NetworkName', {
  description: ['An Avalanche network.', ...NETWORK_ALIASES.map((a) => `${a.name} is the Data API's other name for ${a.of}.`)].join(' '),
  values: enumValues(NETWORK_NAME_DESCRIPTIONS),
});

export const SortOrder = builder.enumType('SortOrder', {
  description: 'Order of a list.',
  values: enumValues({
    asc: 'Oldest or smallest first.',
    desc: 'Newest or largest first.',
  }),
});

/**
 * One row of an enum table, keyed by the string the code and the upstream use for the value: what
 * the value means, or that and a GraphQL name other than the string's `enumName`.
 */
export type EnumRow = string | { readonly name: string; readonly description: string };

/**
 * The GraphQL name of an enum's string: `rpcMethod` → RPC_METHOD, `balance_change` → BALANCE_CHANGE,
 * `None` → NONE; a string with no lower-case letter keeps its words (SECP256K1_TRANSFER).
 */
export function enumName(value: string): string {
  const words = /[a-z]/.test(value) ? value.replace(/([a-z0-9])([A-Z])/g, '$1_$2') : value;
  return words.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();
}

/**
 * Pothos's values of an enum, from a table keyed by the value's string: each value is named by its
 * string's `enumName` unless its row names it, so no value is written under two names. Two rows
 * that come to one name are a mistake, caught when the schema is built.
 */
export function enumValues<const R extends Record<string, EnumRow>>(rows: R): Record<string, { value: keyof R & string; description: string }> {
  const values: Record<string, { value: keyof R & string; description: string }> = {};
  for (const [value, row] of Object.entries(rows) as [keyof R & string, EnumRow][]) {
    const [name, description] = typeof row === 'string' ? [enumName(value), row] : [row.name, row.description];
    if (name in values) throw new Error(`enum values ${values[name]!.value} and ${value} are both named ${name}`);
    values[name] = { value, description };
  }
  return values;
}

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
 * An output enum over an upstream's strings, declared once as an `enumValues` table; `unknown`
 * describes the UNKNOWN value that stands for any other string (its own value is 'UNKNOWN', last in
 * the enum). Without `unknown`, `from` gives null for a string the enum does not know. Input
 * arguments of the enum receive UNKNOWN too, for the resolver to refuse.
 */
export function upstreamEnum<const V extends Record<string, EnumRow>>(
  name: string,
  options: UpstreamEnumOptions<V> & { unknown: string },
): UpstreamEnum<keyof V & string, 'UNKNOWN'>;
export function upstreamEnum<const V extends Record<string, EnumRow>>(name: string, options: UpstreamEnumOptions<V>): UpstreamEnum<keyof V & string, null>;
export function upstreamEnum(name: string, options: UpstreamEnumOptions<Record<string, EnumRow>> & { unknown?: string }): UpstreamEnum<string, 'UNKNOWN' | null> {
  const values = enumValues(options.values);
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
