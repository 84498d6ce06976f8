/**
 * A local GraphQL Code Generator plugin (wired in codegen.ts): the client kits of `clients/`, the
 * cache configuration Apollo Client and urql's Graphcache need for this graph, derived from the
 * schema so that a schema change reaches them with `npm run codegen` (docs/clients.md, *Client
 * caches*).
 *
 * What it reads from the schema:
 * - **Connection fields**: every field, of every object type, whose type is a `...Connection` (with
 *   `edges` and `pageInfo`). Both caches merge its pages into one list; its arguments other than the
 *   pagination ones tell its lists apart.
 * - **Identity**: a type with an `id` of type `ID` (every type implementing `Node`) is normalized by
 *   it, the caches' default. Every other type is a value, kept inside the object that holds it: an
 *   `id` of another type (a Looking Glass condition's, a P-Chain block's cb58) is not declared an
 *   identity, so it is not used as one.
 * - **Possible types** of interfaces and unions, from `@graphql-codegen/fragment-matcher`.
 */
import { plugin as fragmentMatcher } from '@graphql-codegen/fragment-matcher';
import { getNamedType, isObjectType, type GraphQLField, type GraphQLObjectType, type GraphQLSchema } from 'graphql';

/** The plugin's name in codegen.ts. */
export const CLIENT_KITS_PLUGIN = 'avalanche-graph-client-kits';

export interface ClientKitConfig {
  kit: 'apollo' | 'urql';
}

/** Pagination arguments (those the graph has and Relay's backward pair): pages of one list differ only in them. */
const PAGINATION_ARGUMENTS = new Set(['first', 'after', 'last', 'before']);

interface ConnectionField {
  field: string;
  /** The field's other arguments, sorted: lists that differ in one are different lists. */
  keyArgs: string[];
}

/** What both kits are made of. */
interface CacheShape {
  /** Object types (roots included) with their connection fields, sorted by name. */
  connections: Map<string, ConnectionField[]>;
  /** Object types without an identity, other than the root types, sorted by name. */
  values: string[];
  /** The connection types, their edge types and their page info: lists' plumbing, which the pagination helpers merge. */
  plumbing: Set<string>;
  possibleTypes: Record<string, string[]>;
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The connection type a field returns, if it returns one. */
function connectionOf(field: GraphQLField<unknown, unknown>): GraphQLObjectType | undefined {
  const type = getNamedType(field.type);
  if (!isObjectType(type) || !type.name.endsWith('Connection')) return undefined;
  const fields = type.getFields();
  return fields.edges && fields.pageInfo ? type : undefined;
}

const hasIdentity = (type: GraphQLObjectType) => {
  const id = type.getFields().id;
  return id !== undefined && getNamedType(id.type).name === 'ID';
};

async function cacheShape(schema: GraphQLSchema): Promise<CacheShape> {
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((t) => (t ? [t.name] : [])));
  const objects = Object.values(schema.getTypeMap())
    .filter(isObjectType)
    .filter((type) => !type.name.startsWith('__'))
    .sort(byName);
  const connections = new Map<string, ConnectionField[]>();
  const plumbing = new Set<string>();
  for (const type of objects) {
    const fields: ConnectionField[] = [];
    for (const field of Object.values(type.getFields()).sort(byName)) {
      const connection = connectionOf(field);
      if (!connection) continue;
      fields.push({ field: field.name, keyArgs: field.args.map((a) => a.name).filter((name) => !PAGINATION_ARGUMENTS.has(name)).sort() });
      const { edges, pageInfo } = connection.getFields();
      plumbing.add(connection.name).add(getNamedType(edges!.type).name).add(getNamedType(pageInfo!.type).name);
    }
    if (fields.length > 0) connections.set(type.name, fields);
  }
  const values = objects.filter((type) => !roots.has(type.name) && !hasIdentity(type)).map((type) => type.name);
  // The plugin's JSON form: `{ "possibleTypes": { ... } }`, sorted (deterministic).
  const matched = await fragmentMatcher(schema, [], { deterministic: true }, { outputFile: 'possible-types.json' });
  const { possibleTypes } = JSON.parse(typeof matched === 'string' ? matched : matched.content) as { possibleTypes: Record<string, string[]> };
  return { connections, values, plumbing, possibleTypes };
}

const quote = (name: string) => `'${name}'`;
const indent = (text: string, by: string) => text.replace(/^(?=.)/gm, by);

/** The opening comment of a file of clients/: what it is, and that it is generated. */
export function header(what: string): string {
  return `/**
 * ${what}
 * Generated from schema/schema.graphql by \`npm run codegen\` (see codegen.ts): do not edit; copy this
 * file into a client project as it is. What each part does: docs/clients.md (*Client caches*).
 */
`;
}

/** `name: { entry, ... },` on one line when it fits and has no nested block, else one entry a line. */
function block(name: string, entries: string[]): string {
  if (entries.every((e) => !e.includes('\n'))) {
    const line = `${name}: { ${entries.join(', ')} },`;
    if (line.length <= 110) return line;
  }
  return `${name}: {\n${entries.map((e) => indent(`${e},`, '  ')).join('\n')}\n},`;
}

function possibleTypesSource(possibleTypes: Record<string, string[]>): string {
  return Object.entries(possibleTypes)
    .map(([type, implementations]) => `  ${type}: [${implementations.map(quote).join(', ')}],`)
    .join('\n');
}

function apollo(shape: CacheShape): string {
  const values = new Set(shape.values);
  const types = [...new Set([...shape.values, ...shape.connections.keys()])].sort();
  const policies = types.map((type) => {
    const entries: string[] = [];
    // A value is kept in the object that holds it; a later answer for the same field merges into it.
    if (values.has(type)) entries.push('keyFields: false', ...(shape.plumbing.has(type) ? [] : ['merge: true']));
    const fields = shape.connections.get(type);
    if (fields) {
      const pagination = fields.map(({ field, keyArgs }) => `${field}: relayStylePagination(${keyArgs.length ? `[${keyArgs.map(quote).join(', ')}]` : ''}),`);
      entries.push(`fields: {\n${indent(pagination.join('\n'), '  ')}\n}`);
    }
    return indent(block(type, entries), '  ');
  });
  return `${header('Apollo Client\'s cache configuration for the Avalanche graph: `new InMemoryCache({ possibleTypes, typePolicies })`.')}
import type { PossibleTypesMap, TypePolicies } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';

/** The object types of each interface and union: fragments on an interface or a union match them. */
export const possibleTypes: PossibleTypesMap = {
${possibleTypesSource(shape.possibleTypes)}
};

/**
 * Every connection field pages with \`relayStylePagination\`: \`fetchMore\` with \`after\` appends the next
 * page to the cached list, and lists that differ in another argument (the key arguments) stay apart.
 * Types with an \`id: ID\` are normalized by it (Apollo's default); every other type is a value
 * (\`keyFields: false\`) that a later answer for the same field merges into (\`merge: true\`, so no data
 * is lost and no warning is printed), except a connection's parts, which the pagination merges.
 */
export const typePolicies: TypePolicies = {
${policies.join('\n')}
};
`;
}

function urql(shape: CacheShape): string {
  const keys = shape.values.map((type) => `  ${type}: () => null,`);
  const resolvers = [...shape.connections].map(([type, fields]) => indent(block(type, fields.map(({ field }) => `${field}: relayPagination()`)), '  '));
  return `${header('urql Graphcache\'s configuration for the Avalanche graph: `cacheExchange({ keys, resolvers, possibleTypes })`.')}
import type { KeyingConfig, PossibleTypesConfig, ResolverConfig } from '@urql/exchange-graphcache';
import { relayPagination } from '@urql/exchange-graphcache/extras';

/**
 * Types without an \`id: ID\` are values, embedded in the entity that holds them (\`null\` keys, so
 * Graphcache neither warns about a missing key nor takes another field for one). Types with one
 * are keyed by it, Graphcache's default.
 */
export const keys: KeyingConfig = {
${keys.join('\n')}
};

/**
 * Every connection field pages with \`relayPagination\`: querying it with the next \`after\` merges the
 * page into the list already cached for its other arguments.
 */
export const resolvers: ResolverConfig = {
${resolvers.join('\n')}
};

/**
 * The object types of each interface and union, for fragments on them (without them Graphcache
 * guesses, and warns). With \`schema\` (schema awareness: docs/clients.md) Graphcache takes them from the schema.
 */
export const possibleTypes: PossibleTypesConfig = {
${possibleTypesSource(shape.possibleTypes)}
};
`;
}

/** The plugin: `config.kit` names the client. */
export async function plugin(schema: GraphQLSchema, _documents: unknown, config: ClientKitConfig): Promise<string> {
  const shape = await cacheShape(schema);
  if (config.kit === 'apollo') return apollo(shape);
  if (config.kit === 'urql') return urql(shape);
  throw new Error(`${CLIENT_KITS_PLUGIN}: unknown kit ${JSON.stringify(config.kit)} (apollo or urql)`);
}
