/**
 * Apollo Federation v2: the entity types other graphs may reference, by which key fields, and how a
 * reference (a "representation" `{ __typename, ...key }` that a router sends to `_entities`) is read
 * and checked. Each domain file declares its own entity with `entity(...)` beside the type, and
 * resolves it through the same loader the rest of the graph uses, so a batch of representations
 * costs what the same number of links would cost in one query.
 *
 * The operation guard checks every representation before execution through the `_entities` field's
 * guard (`entitiesGuard`): a malformed key or an unknown `__typename` is a BAD_USER_INPUT naming
 * `representations[i]` (or `representations[i].<key field>`), with no upstream call.
 */
import type { GraphQLFieldMap, GraphQLSchema } from 'graphql';
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { badInput } from '../../errors.js';
import type { FieldGuard } from './guards.js';
import { evmChainId } from './validate.js';

/** A reference as the router sends it: the type name and the fields of one of the type's keys. */
export type Representation = Record<string, unknown>;

/** Reads one representation's key; throws BAD_USER_INPUT naming `<at>.<field>`. */
export type ReadKey<Key> = (representation: Representation, at: string) => Key;

interface EntityEntry {
  keys: string[];
  read: ReadKey<unknown>;
}

const entities = new Map<string, EntityEntry>();

/** The entity types of this graph and their keys (for the README and tests). */
export function entityKeys(): Record<string, string[]> {
  return Object.fromEntries([...entities].map(([name, e]) => [name, e.keys]));
}

/**
 * Makes an object type an entity: `keys` are its `@key` field sets (the first is the main one; a
 * representation may carry any of them), `read` turns a representation into a loader key (checking
 * it), `resolve` loads it (null when it does not exist).
 */
export function entity<Shape, Key>(
  ref: { name: string },
  options: { keys: string[]; read: ReadKey<Key>; resolve: (key: Key, ctx: Context) => Promise<Shape | null> | Shape | null },
): void {
  entities.set(ref.name, { keys: options.keys, read: options.read as ReadKey<unknown> });
  builder.asEntity(ref as never, {
    key: options.keys.map((fields) => (builder.selection as (selection: string) => unknown)(fields)) as never,
    resolveReference: ((representation: Representation, ctx: Context) => options.resolve(options.read(representation, 'representations'), ctx)) as never,
  });
}

/** A key field that must be a string. */
export function keyString(representation: Representation, field: string, at: string): string {
  const value = representation[field];
  if (typeof value !== 'string') throw badInput(`${at}.${field}`, `the key field "${field}" must be a string, got ${describe(value)}`);
  return value;
}

/** A key field that is either absent (null) or a string. */
export function optionalKeyString(representation: Representation, field: string, at: string): string | null {
  return representation[field] == null ? null : keyString(representation, field, at);
}

/** An EVM chain id key field: a decimal string. */
export function keyChainId(representation: Representation, at: string): string {
  return evmChainId(`${at}.chainId`, keyString(representation, 'chainId', at));
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Checks one representation and returns its type name; throws BAD_USER_INPUT naming `at`. */
export function checkRepresentation(representation: unknown, at: string): string {
  if (!representation || typeof representation !== 'object' || Array.isArray(representation)) {
    throw badInput(at, `a representation must be an object with "__typename" and the fields of one of the type's keys, got ${describe(representation)}`);
  }
  const rep = representation as Representation;
  const typename = rep.__typename;
  const entry = typeof typename === 'string' ? entities.get(typename) : undefined;
  if (!entry) {
    throw badInput(`${at}.__typename`, `${describe(typename)} is not an entity type of this graph (one of ${[...entities.keys()].join(', ')})`);
  }
  entry.read(rep, at);
  return typename as string;
}

/** The `_entities` field's guard: every representation is checked, and the estimate counts them by type. */
export const entitiesGuard: FieldGuard = {
  checkArgs: (args) => {
    (args.representations as unknown[]).forEach((rep, i) => checkRepresentation(rep, `representations[${i}]`));
  },
  itemsByType: (args) => {
    const counts = new Map<string, number>();
    for (const rep of args.representations as Representation[]) {
      const name = rep.__typename as string;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return counts;
  },
};

const ENTITIES_DESCRIPTION =
  'Federation: loads the entities a router refers to by key, in order (null for one that does not exist). At most 100 representations; each is checked before any upstream call.';

/**
 * Finishes the subgraph schema the federation plugin built: descriptions on its types and fields
 * (the plugin leaves them bare), and the guard of `_entities`.
 */
export function finishSubgraphSchema(schema: GraphQLSchema): GraphQLSchema {
  const fields = schema.getQueryType()!.getFields() as GraphQLFieldMap<unknown, unknown>;
  const entitiesField = fields._entities;
  if (entitiesField) {
    entitiesField.description = ENTITIES_DESCRIPTION;
    entitiesField.extensions = { ...entitiesField.extensions, guard: entitiesGuard };
    const representations = entitiesField.args.find((a) => a.name === 'representations')!;
    representations.description =
      'References to entities of this graph: `__typename` and the fields of one of the type\'s keys (e.g. `{"__typename": "Chain", "chainId": "43114"}`).';
  }
  if (fields._service) fields._service.description = 'Federation: this subgraph\'s SDL, with its federation directives, for composition.';
  const describeType = (name: string, description: string) => {
    const type = schema.getType(name);
    if (type && !type.description) type.description = description;
  };
  describeType('_Entity', 'Federation: every entity type of this graph (the types with a `@key`).');
  describeType('_Any', 'Federation: an entity representation, a JSON object with `__typename` and key fields.');
  describeType('_Service', 'Federation: what the subgraph tells a router or a composition tool about itself.');
  const service = schema.getType('_Service');
  if (service && 'getFields' in service) {
    const sdl = (service.getFields() as GraphQLFieldMap<unknown, unknown>).sdl;
    if (sdl) sdl.description = 'The subgraph\'s SDL, with federation directives (`@key`, `@link`), for composition.';
  }
  return schema;
}
