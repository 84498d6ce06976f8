/**
 * Apollo Client 4 with the generated cache configuration (clients/apollo.ts), set up as the README
 * shows, against the gateway over the sandbox: in process, through the link's own `fetch`. Any
 * console warning or error fails a test.
 */
import { ApolloClient, HttpLink, InMemoryCache, type ObservableQuery } from '@apollo/client';
import { loadDevMessages, loadErrorMessages } from '@apollo/client/dev';
import { filter, firstValueFrom } from 'rxjs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { possibleTypes, typePolicies } from '../../clients/apollo.js';
import { EvmLatestBlocksDocument, ClientNodeRefetchDocument, type EvmLatestBlocksQuery } from '../gql/graphql.js';
import { failOnConsoleWarnings } from '../support/console.js';
import { useHarness } from '../support/harness.js';

// Apollo's warnings and errors in full, not as links.
loadDevMessages();
loadErrorMessages();

const shared = useHarness({ keyPerTest: 'apollo-client' });
const { h } = shared;
failOnConsoleWarnings();

/** An Apollo client set up as the README shows, over the in-process gateway with the current test's key; `options` adds to it. */
function apolloClient(options: Partial<ApolloClient.Options> = {}): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: h.url, headers: { ...shared.headers }, fetch: (uri, init) => h.fetch(String(uri), init) }),
    cache: new InMemoryCache({ possibleTypes, typePolicies }),
    ...options,
  });
}

/** Watches a query, as a page's component does, until the end of the test. */
function watch<T, V extends Record<string, unknown>>(query: ObservableQuery<T, V>): ObservableQuery<T, V> {
  const subscription = query.subscribe(() => {});
  onTestFinished(() => subscription.unsubscribe());
  return query;
}

/**
 * The data of the watched query's next result that is not loading (its current one, if that is
 * not): what its component renders next. Fails on an error or on partial data.
 */
async function settled<T, V extends Record<string, unknown>>(query: ObservableQuery<T, V>): Promise<T> {
  const result = await firstValueFrom(query.pipe(filter((r) => !r.loading)));
  expect(result.error).toBeUndefined();
  expect(result.dataState).toBe('complete');
  return result.data as T;
}

describe('Apollo Client with the generated typePolicies', () => {
  it('pages forward with fetchMore: the next page joins the cached list, for one blocks call', async () => {
    const client = apolloClient();
    const head = h.sandbox.world.evm.chain(43114)!.latestBlockNumber();
    const blocks = watch(client.watchQuery({ query: EvmLatestBlocksDocument, variables: { chainId: '43114', first: 2 } }));
    const numbers = (data: EvmLatestBlocksQuery) => data.chain!.blocks!.edges.map((e) => e.node.number);

    const first = await settled(blocks);
    expect(numbers(first)).toEqual([String(head), String(head - 1)]);
    expect(shared.dataApi.counts()).toEqual({ 'GET /v1/chains/{chainId}/blocks': 1 });

    h.sandbox.reset();
    const { endCursor } = first.chain!.blocks!.pageInfo;
    const more = blocks.fetchMore({ variables: { after: endCursor } });
    const [second] = await Promise.all([settled(blocks), more]);
    // One list: the second page's first block follows the first page's last.
    expect(numbers(second)).toEqual([String(head), String(head - 1), String(head - 2), String(head - 3)]);
    expect(second.chain!.blocks!.pageInfo.hasNextPage).toBe(true);
    expect(second.chain!.blocks!.pageInfo.endCursor).not.toBe(endCursor);
    expect(shared.dataApi.counts()).toEqual({ 'GET /v1/chains/{chainId}/blocks': 1 });
  });

  it('matches a fragment on the Node interface against the Block that node(id:) answers (possibleTypes)', async () => {
    const client = apolloClient();
    const block = h.sandbox.world.evm.chain(43114)!.latestBlockNumber();
    const page = await client.query({ query: EvmLatestBlocksDocument, variables: { chainId: '43114', first: 1 } });
    const { id, number, hash } = page.data!.chain!.blocks!.edges[0]!.node;
    expect(number).toBe(String(block));

    h.sandbox.reset();
    const refetched = await client.query({ query: ClientNodeRefetchDocument, variables: { id } });
    expect(refetched.error).toBeUndefined();
    // `id` comes from the fragment on Node: without the possible types Apollo drops it, and warns.
    expect(refetched.data!.node).toEqual({ __typename: 'Block', id, number, hash });
    expect(shared.dataApi.counts()).toEqual({ 'GET /v1/chains/{chainId}/blocks/{blockId}': 1 });
  });
});
