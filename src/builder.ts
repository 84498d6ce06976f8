/**
 * The schema builder: plugins, scalars and shared option defaults. It declares no domain types.
 * The federation plugin makes the built schema an Apollo Federation v2 subgraph (`_service`,
 * `_entities`, `@key` on the entity types).
 */
import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import DirectivePlugin from '@pothos/plugin-directives';
import FederationPlugin from '@pothos/plugin-federation';
import RelayPlugin from '@pothos/plugin-relay';
import { Kind, type ValueNode } from 'graphql';
import { JSONResolver } from 'graphql-scalars';
import type { Context } from './context.js';
import { badInput } from './errors.js';
import { decodeGraphGlobalId, nodeIdsGuard } from './schema/common/global-ids.js';
import { fieldGuard } from './schema/common/guards.js';
// Adds `t.checkedField` to the field builders (a field's argument check, declared once).
import './schema/common/checked-field.js';

export interface SchemaTypes {
  Context: Context;
  DefaultFieldNullability: false;
  Scalars: {
    BigInt: { Input: bigint; Output: bigint | number | string };
    Timestamp: { Input: number; Output: number | string };
    JSON: { Input: unknown; Output: unknown };
  };
}

export const builder = new SchemaBuilder<SchemaTypes>({
  // Federation last: it reads the entity keys declared with `builder.asEntity` (src/schema/common/federation.ts).
  plugins: [RelayPlugin, DataloaderPlugin, DirectivePlugin, FederationPlugin],
  defaultFieldNullability: false,
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    // The operation guard checks ids before execution; this keeps a direct decode failure a bad input too.
    decodeGlobalID: (globalID: string) => {
      try {
        return decodeGraphGlobalId(globalID);
      } catch {
        throw badInput('id', `"${globalID.slice(0, 80)}" is not a global id of this graph (read one from an \`id\` field)`);
      }
    },
    nodeTypeOptions: { description: 'An object with a global id that `node(id:)` refetches.' },
    idFieldOptions: { description: 'Global id of this object, for `node(id:)` and client caches.' },
    nodeQueryOptions: {
      description: 'Refetches any object by its global id; null when it does not exist.',
      extensions: fieldGuard(nodeIdsGuard),
      args: { id: { description: 'A global id, as read from an `id` field.' } },
    },
    nodesQueryOptions: {
      description: 'Refetches many objects by global id, in order; null in the slot of one that does not exist.',
      extensions: fieldGuard(nodeIdsGuard),
      args: { ids: { description: 'Global ids, as read from `id` fields.' } },
    },
  },
});

const DECIMAL = /^-?\d+$/;
/** A decimal string already in the form `BigInt(…).toString()` writes (no sign on 0, no leading zeros). */
const CANONICAL_DECIMAL = /^(?:0|-?[1-9]\d*)$/;

function bigIntFrom(value: unknown, where: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && DECIMAL.test(value.trim())) return BigInt(value.trim());
  throw badInput(null, `BigInt ${where}: expected a whole number as a decimal string, got ${JSON.stringify(value)}`);
}

builder.scalarType('BigInt', {
  description:
    'An exact integer of any size (amounts in the smallest unit, block numbers, gas, nonces), serialized as a decimal string. Inputs accept a decimal string or an Int.',
  serialize: (value) => {
    // Most amounts arrive as canonical decimal strings: written as they are, without a BigInt round trip.
    if (typeof value === 'string' && CANONICAL_DECIMAL.test(value)) return value;
    if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value).toString();
    return bigIntFrom(value, 'output').toString();
  },
  parseValue: (value) => bigIntFrom(value, 'input'),
  parseLiteral: (node: ValueNode) => {
    if (node.kind === Kind.STRING || node.kind === Kind.INT) return bigIntFrom(node.value, 'input');
    throw badInput(null, 'BigInt input must be a decimal string or an Int', { nodes: node });
  },
});

function timestampFrom(value: unknown): number {
  const n = typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value;
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) return n;
  throw badInput(null, `Timestamp: expected Unix seconds as a non-negative whole number, got ${JSON.stringify(value)}`);
}

builder.scalarType('Timestamp', {
  description: 'A point in time as Unix seconds (a non-negative Int).',
  serialize: (value) => timestampFrom(value),
  parseValue: (value) => timestampFrom(value),
  parseLiteral: (node: ValueNode) => {
    if (node.kind === Kind.INT || node.kind === Kind.STRING) return timestampFrom(node.value);
    throw badInput(null, 'Timestamp input must be Unix seconds', { nodes: node });
  },
});

builder.addScalarType('JSON', JSONResolver, {});

builder.queryType({ description: 'Reads over the Data API, the node RPC and the metrics service.' });

/** The builder's resolved schema types (what field and argument builders are typed with). */
export type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
