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
import {
  ClientAccountRefetchDocument,
  ClientNodeRefetchDocument,
  ClientSenderDocument,
  ClientTokensPageDocument,
  ClientWalletPageDocument,
  EvmLatestBlocksDocument,
  type EvmLatestBlocksQuery,
} from '../gql/graphql.js';
import { upstreamRequests } from '../support/counts.js';
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

  it('keeps two wallets\' accounts apart, one record each, holding what both pages read of it', async () => {
    const client = apolloClient();
    const chain = h.sandbox.world.evm.chain(43114)!;
    const wallets = [chain.wallets[0]!, chain.wallets[1]!];
    for (const address of wallets) {
      for (const query of [ClientWalletPageDocument, ClientTokensPageDocument]) {
        expect((await client.query({ query, variables: { chainId: '43114', address } })).error).toBeUndefined();
      }
    }
    const cache = client.cache.extract() as Record<string, Record<string, unknown>>;
    const accounts = Object.keys(cache).filter((key) => key.startsWith('Account:'));
    expect(accounts).toHaveLength(2);
    for (const key of accounts) {
      const fields = Object.keys(cache[key]!);
      expect(fields).toContain('nativeBalance');
      expect(fields.filter((f) => f.startsWith('erc20Balances'))).toHaveLength(1);
    }
    // Each page of each wallet answers from the cache alone.
    h.sandbox.reset();
    for (const address of wallets) {
      for (const query of [ClientWalletPageDocument, ClientTokensPageDocument]) {
        const { data } = await client.query({ query, variables: { chainId: '43114', address }, fetchPolicy: 'cache-only' });
        expect(data!.chain!.address.address).toBe(address);
      }
    }
    expect(upstreamRequests(h.sandbox)).toBe(0);
  });

  it('an account met as a sender, and refetched by its id, is the same record', async () => {
    const client = apolloClient();
    const chain = h.sandbox.world.evm.chain(43114)!;
    const tx = chain.transactions.at(-1)!;
    const page = await client.query({ query: ClientWalletPageDocument, variables: { chainId: '43114', address: tx.from } });
    const { id } = page.data!.chain!.address;
    const sender = await client.query({ query: ClientSenderDocument, variables: { chainId: '43114', hash: tx.hash } });
    expect(sender.data!.chain!.transaction!.from.id).toBe(id);

    h.sandbox.reset();
    const refetched = await client.query({ query: ClientAccountRefetchDocument, variables: { id }, fetchPolicy: 'network-only' });
    expect(refetched.data!.node).toEqual({ __typename: 'Account', id, address: tx.from });
    // The id is the account: its refetch reads nothing upstream.
    expect(upstreamRequests(h.sandbox)).toBe(0);
    const cache = client.cache.extract() as Record<string, Record<string, unknown>>;
    expect(Object.keys(cache).filter((key) => key.startsWith('Account:'))).toEqual([`Account:${id}`]);
    expect(cache[`Account:${id}`]).toMatchObject({ id, address: tx.from, nativeBalance: { balance: expect.any(String) } });
  });
});
