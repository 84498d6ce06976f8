/**
 * Batched requests as Apollo Client sends them: `BatchHttpLink` puts the operations of one tick in
 * one POST with a JSON array body. Each operation of the batch is its own operation for the gateway
 * (guard, budget, client rate, errors), so a batch costs upstream exactly what the operations would
 * cost sent apart, and the cap on operations per request (MAX_BATCH_OPERATIONS) holds. The client's
 * cache is set up with the generated kit (clients/apollo.ts); a console warning fails a test.
 */
import { ApolloClient, ApolloLink, InMemoryCache, gql } from '@apollo/client';
import { BatchHttpLink } from '@apollo/client/link/batch-http';
import { describe, expect, it } from 'vitest';
import { possibleTypes, typePolicies } from '../../clients/apollo.js';
import { failOnConsoleWarnings } from '../support/console.js';
import { startSocketHarness, useSocketHarness } from '../support/harness.js';

const CHAINS = gql`
  query BatchChains {
    chains(network: MAINNET) {
      chainId
      chainName
    }
  }
`;
const LATEST_BLOCKS = gql`
  query BatchLatestBlocks($chainId: String!) {
    chain(id: $chainId) {
      chainId
      blocks(first: 2) {
        nodes {
          number
        }
      }
    }
  }
`;
const BAD_ADDRESS = gql`
  query BatchBadAddress {
    chain(id: "43114") {
      chainId
      address(address: "not-an-address") {
        address
      }
    }
  }
`;

/** An Apollo client whose link batches everything of one tick, counting the HTTP requests it sends. */
function batchingClient(url: string, headers: Record<string, string> = {}) {
  const posts: Array<{ operations: number }> = [];
  const link = new BatchHttpLink({
    uri: url,
    headers,
    batchMax: 10,
    batchInterval: 5,
    fetch: async (input, init) => {
      const body = JSON.parse(String(init?.body)) as unknown;
      posts.push({ operations: Array.isArray(body) ? body.length : 1 });
      return fetch(input, init);
    },
  });
  const client = new ApolloClient({ link: ApolloLink.from([link]), cache: new InMemoryCache({ possibleTypes, typePolicies }) });
  return { client, posts };
}

const shared = useSocketHarness({ keyPerTest: 'apollo-batch' });
failOnConsoleWarnings();
const { h, headers } = shared;

describe("Apollo Client's BatchHttpLink", () => {
  it('sends two queries in one request and gets both answers, at the upstream cost of two requests', async () => {
    const { client, posts } = batchingClient(h.url, headers);
    const [chains, blocks] = await Promise.all([
      client.query({ query: CHAINS, fetchPolicy: 'network-only' }),
      client.query({ query: LATEST_BLOCKS, variables: { chainId: '43114' }, fetchPolicy: 'network-only' }),
    ]);
    expect(posts).toEqual([{ operations: 2 }]);
    expect(chains.error).toBeUndefined();
    expect((chains.data as { chains: Array<{ chainId: string }> }).chains.map((c) => c.chainId)).toEqual(
      h.sandbox.world.chains.filter((c) => c.network === 'mainnet').map((c) => String(c.evmChainId ?? c.info.chainId)),
    );
    const head = h.sandbox.world.evm.chain(43114)!.latestBlockNumber();
    expect((blocks.data as { chain: { blocks: { nodes: Array<{ number: string }> } } }).chain.blocks.nodes.map((b) => b.number)).toEqual([
      String(head),
      String(head - 1),
    ]);
    // The chain list once (the second operation reads it too: the shared cache, same key), and the blocks.
    expect(shared.dataApi.counts()).toEqual({ 'GET /v1/chains': 1, 'GET /v1/chains/{chainId}/blocks': 1 });
  });

  it('refuses a bad operation of a batch on its own: the others answer, and it costs no call', async () => {
    const { client, posts } = batchingClient(h.url, headers);
    const [good, bad] = await Promise.all([
      client.query({ query: CHAINS, fetchPolicy: 'network-only' }),
      client.query({ query: BAD_ADDRESS, fetchPolicy: 'network-only', errorPolicy: 'all' }),
    ]);
    expect(posts).toEqual([{ operations: 2 }]);
    expect(good.error).toBeUndefined();
    expect(bad.error).toMatchObject({ errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', argument: 'address' }) })] });
    expect(shared.dataApi.counts()).toEqual({ 'GET /v1/chains': 1 });
  });
});

/** Posts a batch (a JSON array body) to a gateway started with `env`, and closes it after. */
async function postBatch(env: Record<string, string>, operations: string[], headers: Record<string, string> = {}) {
  const gateway = await startSocketHarness(env);
  try {
    const response = await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(operations.map((query) => ({ query }))),
    });
    return { status: response.status, body: (await response.json()) as unknown, upstreamCalls: gateway.sandbox.services.dataApi.total() };
  } finally {
    await gateway.close();
  }
}

describe('batches and their limits', () => {
  it('counts every operation of a batch against the client rate, as separate requests would', async () => {
    const blocksOf = (chainId: string) => `{ chain(id: "${chainId}") { blocks(first: 1) { nodes { number } } } }`;
    const { status, body } = await postBatch({ CLIENT_UPSTREAM_CALLS_PER_SECOND: '2' }, [blocksOf('43114'), blocksOf('779672'), blocksOf('432204')], {
      'x-data-api-key': 'batch-rate',
    });
    expect(status).toBe(200);
    const answers = body as Array<{ errors?: Array<{ extensions: { code: string } }> }>;
    expect(answers).toHaveLength(3);
    // Each operation needs the chain list (shared) and its blocks: 4 calls against a rate of 2 a second.
    const refused = answers.flatMap((a) => a.errors ?? []).filter((e) => e.extensions.code === 'RATE_LIMITED');
    expect(refused.length).toBeGreaterThan(0);
  });

  it('refuses a batch over MAX_BATCH_OPERATIONS with 413, before any call', async () => {
    const chains = '{ chains { chainId } }';
    const { status, body, upstreamCalls } = await postBatch({ MAX_BATCH_OPERATIONS: '2' }, [chains, chains, chains]);
    expect(status).toBe(413);
    expect((body as { errors: unknown[] }).errors[0]).toMatchObject({ message: 'Batching is limited to 2 operations per request.', extensions: { code: 'BAD_REQUEST' } });
    expect(upstreamCalls).toBe(0);
  });

  it('answers a batch with 400 when batching is off (MAX_BATCH_OPERATIONS=0)', async () => {
    const { status, upstreamCalls } = await postBatch({ MAX_BATCH_OPERATIONS: '0' }, ['{ chains { chainId } }']);
    expect(status).toBe(400);
    expect(upstreamCalls).toBe(0);
  });
});
