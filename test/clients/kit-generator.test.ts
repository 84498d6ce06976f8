/**
 * The client kits' generator (scripts/codegen-client-kits.ts) follows the schema it is given: a
 * small schema with what the graph has or is getting (backward pagination arguments, an `id` that is
 * not an `ID`, a union), rendered and loaded as a client project would load clients/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as ApolloKit from '../../clients/apollo.js';
import type * as UrqlKit from '../../clients/urql.js';
import { plugin, type ClientKitConfig } from '../../scripts/codegen-client-kits.js';

const SCHEMA = buildSchema(/* GraphQL */ `
  interface Node {
    id: ID!
  }
  type Query {
    node(id: ID!): Node
    shelves(first: Int, after: String, last: Int, before: String, owner: String): ShelfConnection!
    search(text: String!): [Item!]!
  }
  type Mutation {
    label(text: String!): Label!
  }
  type Shelf implements Node {
    id: ID!
    label: Label
    books(first: Int, after: String, genre: String, language: String): BookConnection!
    counts: [ConditionCount!]!
  }
  "A value: no id."
  type Label {
    text: String!
  }
  "An id that is not an ID: the condition's name within one query, not an identity."
  type ConditionCount {
    id: String!
    count: Int!
  }
  type Book {
    title: String!
  }
  union Item = Book | Shelf
  type ShelfConnection {
    edges: [ShelfEdge!]!
    pageInfo: PageInfo!
  }
  type ShelfEdge {
    cursor: String!
    node: Shelf!
  }
  type BookConnection {
    edges: [BookEdge!]!
    pageInfo: PageInfo!
  }
  type BookEdge {
    cursor: String!
    node: Book!
  }
  type PageInfo {
    hasNextPage: Boolean!
    endCursor: String
  }
`);

const OUTPUT = new URL('../../test-output/client-kits/', import.meta.url);

/** Renders a kit for SCHEMA and imports it. */
async function render<T>(kit: ClientKitConfig['kit']): Promise<T> {
  mkdirSync(OUTPUT, { recursive: true });
  const file = new URL(`${kit}.ts`, OUTPUT);
  writeFileSync(file, await plugin(SCHEMA, [], { kit }));
  return (await import(/* @vite-ignore */ file.href)) as T;
}

describe('the client kits follow the schema', () => {
  let apollo: typeof ApolloKit;
  let urql: typeof UrqlKit;
  beforeAll(async () => {
    apollo = await render('apollo');
    urql = await render('urql');
  });

  it('Apollo: every connection field pages, keyed by its arguments other than first/after/last/before', () => {
    const { typePolicies } = apollo;
    expect(Object.keys(typePolicies.Query!.fields!)).toEqual(['shelves']);
    expect(typePolicies.Query!.fields!.shelves).toMatchObject({ keyArgs: ['owner'], merge: expect.any(Function), read: expect.any(Function) });
    expect(Object.keys(typePolicies.Shelf!.fields!)).toEqual(['books']);
    expect(typePolicies.Shelf!.fields!.books).toMatchObject({ keyArgs: ['genre', 'language'] });
  });

  it('Apollo: types with an `id: ID` keep the default identity; the others are values, merged into what their field held', () => {
    const { typePolicies } = apollo;
    expect(typePolicies.Shelf).toEqual({ fields: expect.any(Object) });
    expect(typePolicies.Label).toEqual({ keyFields: false, merge: true });
    expect(typePolicies.ConditionCount).toEqual({ keyFields: false, merge: true });
    expect(typePolicies.Book).toEqual({ keyFields: false, merge: true });
    // A connection's parts are merged by the pagination policy, not by their own.
    for (const plumbing of ['ShelfConnection', 'ShelfEdge', 'BookConnection', 'BookEdge', 'PageInfo']) expect(typePolicies[plumbing], plumbing).toEqual({ keyFields: false });
    // Root types have no identity to configure.
    expect(typePolicies.Query).toEqual({ fields: expect.any(Object) });
    expect(typePolicies.Mutation).toBeUndefined();
  });

  it('both: the possible types of every interface and union', () => {
    expect(apollo.possibleTypes).toEqual({ Item: ['Book', 'Shelf'], Node: ['Shelf'] });
    expect(urql.possibleTypes).toEqual(apollo.possibleTypes);
  });

  it('urql: values have null keys, entities the default; every connection field pages with relayPagination', () => {
    expect(Object.keys(urql.keys)).toEqual(['Book', 'BookConnection', 'BookEdge', 'ConditionCount', 'Label', 'PageInfo', 'ShelfConnection', 'ShelfEdge']);
    for (const [type, key] of Object.entries(urql.keys)) expect(key({ __typename: type, id: 'c1' }), type).toBeNull();
    expect(Object.keys(urql.resolvers)).toEqual(['Query', 'Shelf']);
    expect(Object.keys(urql.resolvers.Query!)).toEqual(['shelves']);
    expect(Object.keys(urql.resolvers.Shelf!)).toEqual(['books']);
    expect(urql.resolvers.Shelf!.books).toEqual(expect.any(Function));
  });
});
