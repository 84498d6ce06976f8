/**
 * urql with Graphcache and the generated configuration (clients/urql.ts, and for schema awareness the
 * graph's introspection, as an app makes it from schema/schema.graphql), set up as the README shows, against the gateway
 * over the sandbox: in process, through the client's own `fetch`. Any console warning or error
 * (Graphcache's about a missing key, a guessed fragment match or a configuration the schema does
 * not have) fails a test.
 */
import { readFileSync } from 'node:fs';
import { Client, fetchExchange } from '@urql/core';
import { cacheExchange, type CacheExchangeOpts } from '@urql/exchange-graphcache';
import { describe, expect, it } from 'vitest';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { keys, possibleTypes, resolvers } from '../../clients/urql.js';
import { EvmLatestBlocksDocument, ClientNodeRefetchDocument, type EvmLatestBlocksQuery } from '../gql/graphql.js';
import { failOnConsoleWarnings } from '../support/console.js';
import { useHarness } from '../support/harness.js';

/** Schema awareness as an app has it: the introspection of the gateway's SDL (codegen's urql-introspection writes the same, minified). */
const schema = introspectionFromSchema(buildSchema(readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8')));

const shared = useHarness({ keyPerTest: 'urql-graphcache' });
const { h } = shared;
failOnConsoleWarnings();

/** A urql client set up as the README shows, with Graphcache configured by `cache`, over the in-process gateway with the current test's key. */
function urqlClient(cache: CacheExchangeOpts): Client {
  return new Client({
    url: h.url,
    exchanges: [cacheExchange(cache), fetchExchange],
    fetch: (url, init) => h.fetch(String(url), init),
    fetchOptions: { headers: { ...shared.headers } },
    preferGetMethod: false,
  });
}

const numbers = (data: EvmLatestBlocksQuery | undefined) => data!.chain!.blocks!.edges.map((e) => e.node.number);

describe.each([
  ['keys, resolvers and possibleTypes', { keys, resolvers, possibleTypes }],
  ['the schema (schema awareness), keys and resolvers', { schema, keys, resolvers }],
])('urql Graphcache with the generated %s', (_, cache: CacheExchangeOpts) => {
  it('pages forward: the next page, queried with `after`, joins the cached list, for one blocks call', async () => {
    const client = urqlClient(cache);
    const head = h.sandbox.world.evm.chain(43114)!.latestBlockNumber();

    const first = await client.query(EvmLatestBlocksDocument, { chainId: '43114', first: 2 }).toPromise();
    expect(first.error).toBeUndefined();
    expect(numbers(first.data)).toEqual([String(head), String(head - 1)]);
    expect(shared.dataApi.counts()).toEqual({ 'GET /v1/chains/{chainId}/blocks': 1 });

    h.sandbox.reset();
    const { endCursor } = first.data!.chain!.blocks!.pageInfo;
    const second = await client.query(EvmLatestBlocksDocument, { chainId: '43114', first: 2, after: endCursor }).toPromise();
    expect(second.error).toBeUndefined();
    // One list: the second page's first block follows the first page's last.
    expect(numbers(second.data)).toEqual([String(head), String(head - 1), String(head - 2), String(head - 3)]);
    expect(second.data!.chain!.blocks!.pageInfo.hasNextPage).toBe(true);
    expect(shared.dataApi.counts()).toEqual({ 'GET /v1/chains/{chainId}/blocks': 1 });
  });

  it('matches a fragment on the Node interface against the Block that node(id:) answers, without guessing', async () => {
    const client = urqlClient(cache);
    const page = await client.query(EvmLatestBlocksDocument, { chainId: '43114', first: 1 }).toPromise();
    const { id, number, hash } = page.data!.chain!.blocks!.edges[0]!.node;

    h.sandbox.reset();
    const refetched = await client.query(ClientNodeRefetchDocument, { id }).toPromise();
    expect(refetched.error).toBeUndefined();
    // Without possible types (or the schema) Graphcache matches the fragment by a guess, and warns.
    expect(refetched.data!.node).toEqual({ id, number, hash });
    expect(shared.dataApi.counts()).toEqual({ 'GET /v1/chains/{chainId}/blocks/{blockId}': 1 });
  });
});
