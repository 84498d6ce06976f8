/**
 * Schema stitching still works with the federation fields in the schema: the gateway, introspected
 * over HTTP as a remote schema (`_entities`, `_service`, `_Any` and `_Entity` included), is stitched
 * with a local schema that merges a field into `Chain`, and one query reads both.
 */
import { buildHTTPExecutor } from '@graphql-tools/executor-http';
import { stitchSchemas } from '@graphql-tools/stitch';
import { schemaFromExecutor } from '@graphql-tools/wrap';
import { buildSchema, graphql, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSocketHarness } from '../support/harness.js';

const shared = useSocketHarness({ keyPerTest: 'stitching' });
const { h } = shared;

const notes = buildSchema(/* GraphQL */ `
  type Chain {
    chainId: String!
    note: String!
  }
  type Query {
    chainNote(chainId: String!): Chain
  }
`);

notes.getQueryType()!.getFields().chainNote!.resolve = (_, { chainId }: { chainId: string }) => ({ chainId, note: `note on ${chainId}` });

let stitched: GraphQLSchema;

beforeAll(async () => {
  const executor = buildHTTPExecutor({ endpoint: h.url, headers: () => shared.headers });
  stitched = stitchSchemas({
    subschemas: [
      {
        schema: await schemaFromExecutor(executor),
        executor,
        merge: { Chain: { selectionSet: '{ chainId }', fieldName: 'chain', args: ({ chainId }: { chainId: string }) => ({ id: chainId }) } },
      },
      {
        schema: notes,
        merge: { Chain: { selectionSet: '{ chainId }', fieldName: 'chainNote', args: ({ chainId }: { chainId: string }) => ({ chainId }) } },
      },
    ],
  });
});

describe('schema stitching', () => {
  it('stitches the gateway (federation fields and all) with a local schema and reads both in one query', async () => {
    expect(Object.keys(stitched.getQueryType()!.getFields())).toEqual(expect.arrayContaining(['_entities', '_service', 'chains', 'chainNote']));
    const result = await graphql({ schema: stitched, source: '{ chains(network: MAINNET) { chainId chainName note } }' });
    expect(result.errors).toBeUndefined();
    expect(result.data!.chains).toContainEqual({ chainId: '43114', chainName: 'Avalanche (C-Chain)', note: 'note on 43114' });
  });

  it('passes _entities through the stitched schema', async () => {
    const result = await graphql({
      schema: stitched,
      source: '{ _entities(representations: [{ __typename: "Chain", chainId: "43114" }]) { ... on Chain { chainName } } }',
    });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ _entities: [{ chainName: 'Avalanche (C-Chain)' }] });
  });
});
