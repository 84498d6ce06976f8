/**
 * Relay, as a frontend uses it: relay-compiler compiles a small Relay app (test/fixtures/relay-app:
 * `@connection` on four connection types, one paged both ways, and `@refetchable` fragments on
 * `Chain`) against schema/schema.graphql, and relay-runtime runs the operations it generated against
 * the gateway over the sandbox. Relay's store normalizes every answer, merges the pages that the
 * generated pagination query reads (after the end, before the start) into one connection, and
 * refetches a fragment by its node id, as `usePaginationFragment` and `useRefetchableFragment` do.
 *
 * The compiler writes its artifacts to a temporary directory on each run rather than to a checked-in
 * `__generated__`: the test is that the compiler accepts the current schema and that what it
 * generates answers, and the artifacts are of use to nothing else (checked in, they would be one
 * more generated file to regenerate after every schema change).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createOperationDescriptor, Environment, getSelector, Network, RecordSource, Store } from 'relay-runtime';
import type { ConcreteRequest, ReaderFragment, SingularReaderSelector, Variables } from 'relay-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvmChainWorld } from '@avalanche-graph/sandbox';
import { useHarness, type GraphQLResponse } from '../support/harness.js';

const shared = useHarness({ keyPerTest: 'relay' });
const { h } = shared;

const APP = fileURLToPath(new URL('../fixtures/relay-app', import.meta.url));
const SCHEMA = fileURLToPath(new URL('../../schema/schema.graphql', import.meta.url));
const BLOCKS = 'GET /v1/chains/{chainId}/blocks';

let out: string;
/** The operations the gateway answered, with their answers, in order. */
let answers: Array<{ name: string; variables: Variables; answer: GraphQLResponse<unknown> }>;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'relay-app-'));
  mkdirSync(join(out, '__generated__'));
  const config = join(out, 'relay.config.json');
  writeFileSync(
    config,
    JSON.stringify({ src: APP, schema: SCHEMA, language: 'typescript', artifactDirectory: join(out, '__generated__'), useImportTypeSyntax: true, noSourceControl: true }),
  );
  // The npm package ships the compiler's native binary; its index names the one for this platform.
  const compiler = createRequire(import.meta.url)('relay-compiler') as string | null;
  if (!compiler) throw new Error(`relay-compiler ships no binary for ${process.platform} ${process.arch}`);
  // Throws with the compiler's report (it names each schema problem) when it refuses the app.
  execFileSync(compiler, [config], { stdio: 'pipe' });
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** A generated artifact (what babel-plugin-relay puts in place of a `graphql` tag). */
async function artifact<T extends ConcreteRequest | ReaderFragment>(name: string): Promise<T> {
  return ((await import(pathToFileURL(join(out, '__generated__', `${name}.graphql.ts`)).href)) as { default: T }).default;
}

/** A Relay environment whose network sends the generated query text and variables to the gateway. */
function environment(): Environment {
  answers = [];
  return new Environment({
    network: Network.create(async (params, variables) => {
      const answer = await shared.query(params.text!, variables);
      answers.push({ name: params.name, variables, answer });
      return answer as never;
    }),
    store: new Store(new RecordSource()),
  });
}

/** Runs an operation through the environment (fetch, normalize, publish) and returns its descriptor. */
async function execute(env: Environment, request: ConcreteRequest, variables: Variables) {
  const operation = createOperationDescriptor(request, variables);
  await env.execute({ operation }).toPromise();
  expect(answers.at(-1)!.answer.errors).toBeUndefined();
  return operation;
}

/** Reads a fragment from the store, through the fragment reference an operation's data holds. */
function reader<T>(env: Environment, fragment: ReaderFragment, ref: unknown): () => T {
  const selector = getSelector(fragment, ref) as SingularReaderSelector;
  return () => env.lookup(selector).data as T;
}

interface Connection<N> {
  edges: Array<{ cursor: string; node: N }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

interface ChainBlocks {
  id: string;
  chainId: string;
  blocks: Connection<{ number: string; hash: string }>;
}

let chain: EvmChainWorld;
/** Chain 43113's blocks as the list has them, newest first. */
const blockNumbers = () => [...chain.blocks].reverse().map((b) => String(b.number));

beforeAll(() => {
  chain = h.sandbox.world.evm.chain(43113)!;
});

describe('relay-compiler', () => {
  it('compiles the app against the schema: its queries, fragments and the pagination and refetch queries it derives', () => {
    expect(readdirSync(join(out, '__generated__')).sort()).toEqual(
      [
        'accountActivityPaginationQuery',
        'accountActivityQuery',
        'accountActivity_account',
        'accountActivity_balances',
        'chainBlocksPaginationQuery',
        'chainBlocksQuery',
        'chainBlocks_chain',
        'chainSummaryQuery',
        'chainSummaryRefetchQuery',
        'chainSummary_chain',
        'networkDelegatorsQuery',
      ].map((name) => `${name}.graphql.ts`),
    );
  });
});

describe('relay-runtime over the generated operations', () => {
  it('pages a chain\'s blocks forward with the generated pagination query: Relay merges the second page into the connection', async () => {
    const env = environment();
    const operation = await execute(env, await artifact('chainBlocksQuery'), { chainId: '43113', count: 5, cursor: null });
    const read = reader<ChainBlocks>(env, await artifact('chainBlocks_chain'), (env.lookup(operation.fragment).data as { chain: unknown }).chain);
    const first = read();
    expect(first.chainId).toBe('43113');
    expect(first.blocks.edges.map((e) => e.node.number)).toEqual(blockNumbers().slice(0, 5));
    expect(first.blocks.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

    // loadNext(5), as usePaginationFragment sends it: the fragment's node id, the count and end
    // cursor forward, the backward variables null.
    await execute(env, await artifact('chainBlocksPaginationQuery'), { id: first.id, count: 5, cursor: first.blocks.pageInfo.endCursor, last: null, before: null });
    expect(answers.map((a) => a.name)).toEqual(['chainBlocksQuery', 'chainBlocksPaginationQuery']);
    const merged = read();
    expect(merged.blocks.edges.map((e) => e.node.number)).toEqual(blockNumbers().slice(0, 10));
    expect(merged.blocks.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false, startCursor: first.blocks.pageInfo.startCursor });
  });

  it('goes back from a page opened at a cursor with the same query (loadPrevious): Relay puts the earlier page first', async () => {
    const start = environment();
    const opened = await execute(start, await artifact('chainBlocksQuery'), { chainId: '43113', count: 5, cursor: null });
    const fragment = await artifact<ReaderFragment>('chainBlocks_chain');
    const cursor = reader<ChainBlocks>(start, fragment, (start.lookup(opened.fragment).data as { chain: unknown }).chain)().blocks.pageInfo.endCursor;

    // A new page (say, a link that kept the cursor) opens after the first five blocks.
    const env = environment();
    const operation = await execute(env, await artifact('chainBlocksQuery'), { chainId: '43113', count: 5, cursor });
    const read = reader<ChainBlocks>(env, fragment, (env.lookup(operation.fragment).data as { chain: unknown }).chain);
    const middle = read();
    expect(middle.blocks.edges.map((e) => e.node.number)).toEqual(blockNumbers().slice(5, 10));
    expect(middle.blocks.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });

    // loadPrevious(5): the count and start cursor backward, the forward variables null. On a cold
    // cache it costs the chain list (the node lookup of the chain) and one upstream page, the
    // first, read again.
    shared.freshKey();
    h.sandbox.reset();
    await execute(env, await artifact('chainBlocksPaginationQuery'), { id: middle.id, count: null, cursor: null, last: 5, before: middle.blocks.pageInfo.startCursor });
    const merged = read();
    expect(merged.blocks.edges.map((e) => e.node.number)).toEqual(blockNumbers().slice(0, 10));
    expect(merged.blocks.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true, endCursor: middle.blocks.pageInfo.endCursor });
    expect(shared.dataApi.counts()).toEqual({ 'GET /v1/chains': 1, [BLOCKS]: 1 });
  });

  it('refetches a fragment by its node id with the generated refetch query', async () => {
    const env = environment();
    const operation = await execute(env, await artifact('chainSummaryQuery'), { chainId: '43114' });
    const read = reader<{ id: string; chainId: string; chainName: string; networkToken: { symbol: string } }>(
      env,
      await artifact('chainSummary_chain'),
      (env.lookup(operation.fragment).data as { chain: unknown }).chain,
    );
    const summary = read();
    expect(summary).toMatchObject({ chainId: '43114', chainName: 'Avalanche (C-Chain)', networkToken: { symbol: 'AVAX' } });
    const refetch = await artifact<ConcreteRequest>('chainSummaryRefetchQuery');
    expect(refetch.params.text).toContain('node(id: $id)');
    await execute(env, refetch, { id: summary.id });
    expect(answers.at(-1)!.answer.data).toMatchObject({ node: { __typename: 'Chain', id: summary.id, chainId: '43114', chainName: 'Avalanche (C-Chain)' } });
    expect(read()).toEqual(summary);
  });

  it('reads an account\'s transactions and ERC-20 balances, two more connection types, as the world holds them', async () => {
    const wallet = [...chain.wallets].sort((a, b) => chain.addressTransactions(b).length - chain.addressTransactions(a).length)[0]!;
    const env = environment();
    const operation = await execute(env, await artifact('accountActivityQuery'), { chainId: '43113', address: wallet });
    const ref = (env.lookup(operation.fragment).data as { chain: { address: unknown } }).chain.address;
    const account = reader<{ address: string; transactions: Connection<{ hash: string }> }>(env, await artifact('accountActivity_account'), ref)();
    const balances = reader<{ erc20Balances: Connection<{ symbol: string; balance: string }> }>(env, await artifact('accountActivity_balances'), ref)();
    expect(account.transactions.edges.map((e) => e.node.hash)).toEqual(chain.addressTransactions(wallet).slice(0, 3).map((t) => t.hash));
    expect(account.transactions.pageInfo).toMatchObject({ hasNextPage: true });
    expect(balances.erc20Balances.edges.length).toBeGreaterThan(0);
    for (const { node } of balances.erc20Balances.edges) expect(BigInt(node.balance)).toBeGreaterThanOrEqual(0n);
  });

  it('pages an account\'s transactions with the pagination query of its refetchable fragment: the account refetches by its node id at no call of its own', async () => {
    const wallet = [...chain.wallets].sort((a, b) => chain.addressTransactions(b).length - chain.addressTransactions(a).length)[0]!;
    const env = environment();
    const operation = await execute(env, await artifact('accountActivityQuery'), { chainId: '43113', address: wallet });
    const read = reader<{ id: string; address: string; transactions: Connection<{ hash: string }> }>(
      env,
      await artifact('accountActivity_account'),
      (env.lookup(operation.fragment).data as { chain: { address: unknown } }).chain.address,
    );
    const first = read();
    const pagination = await artifact<ConcreteRequest>('accountActivityPaginationQuery');
    expect(pagination.params.text).toContain('node(id: $id)');

    // loadNext(3): the account's node id, the count and the end cursor.
    shared.freshKey();
    h.sandbox.reset();
    await execute(env, pagination, { id: first.id, count: 3, cursor: first.transactions.pageInfo.endCursor });
    expect(answers.at(-1)!.answer.data).toMatchObject({ node: { __typename: 'Account', id: first.id } });
    const merged = read();
    expect(merged.address).toBe(wallet);
    expect(merged.transactions.edges.map((e) => e.node.hash)).toEqual(chain.addressTransactions(wallet).slice(0, 6).map((t) => t.hash));
    // The transactions alone (on a fresh key, the cursor's own page read again, then the next); the
    // account, by its id, costs nothing.
    expect(shared.dataApi.counts()).toEqual({ 'GET /v1/chains/{chainId}/addresses/{address}/transactions:listNative': 2 });
  });

  it('pages the network\'s delegations with a query-level connection: the page after the end cursor is appended', async () => {
    const env = environment();
    const query = await artifact<ConcreteRequest>('networkDelegatorsQuery');
    const operation = await execute(env, query, { first: 3, after: null });
    const read = () => (env.lookup(operation.fragment).data as { network: { delegators: Connection<{ txHash: string }> } }).network.delegators;
    const first = read();
    expect(first.edges).toHaveLength(3);
    await execute(env, query, { first: 3, after: first.pageInfo.endCursor });
    const whole = await shared.query(query.params.text!, { first: 6, after: null });
    const expected = (whole.data as { network: { delegators: { edges: Array<{ node: { txHash: string } }> } } }).network.delegators.edges.map((e) => e.node.txHash);
    expect(read().edges.map((e) => e.node.txHash)).toEqual(expected);
  });
});
