/**
 * The graph behind a real federation router: our subgraph SDL (read from `_service { sdl }` over
 * HTTP) is composed with a small second subgraph by @theguild/federation-composition, and Hive
 * Gateway's runtime (the engine of the `hive-gateway` CLI) serves the supergraph on a free port. One
 * query through it reads fields of both subgraphs, in both directions: our chains extended with the
 * other graph's `favourite`, and the other graph's watchlist items whose accounts, blocks and
 * validators our graph resolves through `_entities`. Our graph keeps its federation fields for the
 * router (FEDERATION_SECRET): the router and the composition send the secret; a caller without it
 * is refused before any upstream call.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { createGatewayRuntime, type GatewayRuntime } from '@graphql-hive/gateway-runtime';
import { composeServices } from '@theguild/federation-composition';
import { parse } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvmChainWorld } from '@avalanche-graph/sandbox';
import { useSocketHarness } from '../support/harness.js';

/** Shared by our subgraph and the router (FEDERATION_SECRET). */
const SECRET = 'router-secret-0123456789';
const shared = useSocketHarness({ keyPerTest: 'federation-router', env: { FEDERATION_SECRET: SECRET } });
const { h, headers } = shared;

const BLOCK = 'GET /v1/chains/{chainId}/blocks/{blockId}';
const BALANCE = 'GET /v1/chains/{chainId}/addresses/{address}/balances:getNative';
const CHAINS = 'GET /v1/chains';
const VALIDATORS = 'POST /ext/bc/P platform.getCurrentValidators';

/** The other team's subgraph: favourite chains, and a watchlist that refers to our entities by key. */
const WATCHLIST_SDL = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.6", import: ["@key"])

  scalar BigInt

  type Query {
    "Items a user watches."
    watchlist: [WatchedItem!]!
  }

  "One watched item."
  type WatchedItem {
    note: String!
    account: Account!
    block: Block!
    validator: Validator!
  }

  "Chains this graph adds a favourite flag to."
  type Chain @key(fields: "chainId") {
    chainId: String!
    favourite: Boolean!
  }

  type Account @key(fields: "chainId address", resolvable: false) {
    chainId: String!
    address: String!
  }

  type Block @key(fields: "chainId number", resolvable: false) {
    chainId: String!
    number: BigInt!
  }

  type Validator @key(fields: "nodeId", resolvable: false) {
    nodeId: String!
  }
`;

interface WatchedItem {
  note: string;
  account: { chainId: string; address: string };
  block: { chainId: string; number: string };
  validator: { nodeId: string };
}

let chain: EvmChainWorld;
let items: WatchedItem[];
let watchlist: Server;
let gateway: GatewayRuntime;
let router: Server;
let routerUrl: string;
let supergraphSdl: string;

const listen = (server: Server) =>
  new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`)));
const close = (server: Server | undefined) => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

beforeAll(async () => {
  chain = h.sandbox.world.evm.chain(43114)!;
  const validators = h.sandbox.world.primary.networks.mainnet.validators;
  items = Array.from({ length: 30 }, (_, i) => ({
    note: `item ${i}`,
    account: { chainId: '43114', address: chain.transactions[i]!.from },
    block: { chainId: '43114', number: String(chain.blocks[i + 1]!.number) },
    validator: { nodeId: validators[i % validators.length]!.nodeId },
  }));

  const schema = buildSubgraphSchema({
    typeDefs: parse(WATCHLIST_SDL),
    resolvers: {
      Query: { watchlist: () => items },
      Chain: { __resolveReference: (ref: { chainId: string }) => ({ chainId: ref.chainId, favourite: ref.chainId === '43114' }) },
    } as never,
  });
  watchlist = createServer(createYoga({ schema, logging: false }));
  const watchlistUrl = await listen(watchlist);

  // Composition reads each subgraph's SDL from `_service { sdl }`, as `rover` or Hive's registry would.
  const sdlOf = async (url: string) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-federation-secret': SECRET }, body: JSON.stringify({ query: '{ _service { sdl } }' }) });
    return ((await response.json()) as { data: { _service: { sdl: string } } }).data._service.sdl;
  };
  const composed = composeServices([
    { name: 'avalanche', typeDefs: parse(await sdlOf(h.url)), url: h.url },
    { name: 'watchlist', typeDefs: parse(await sdlOf(watchlistUrl)), url: watchlistUrl },
  ]);
  expect(composed.errors).toBeUndefined();
  supergraphSdl = composed.supergraphSdl!;

  gateway = createGatewayRuntime({
    supergraph: supergraphSdl,
    logging: false,
    // The caller's Data API key goes on to our subgraph (and its cache partition with it), with the router's secret.
    propagateHeaders: {
      fromClientToSubgraphs: ({ request, subgraphName }) => ({
        'x-data-api-key': request.headers.get('x-data-api-key'),
        ...(subgraphName === 'avalanche' ? { 'x-federation-secret': SECRET } : {}),
      }),
    },
  });
  router = createServer(gateway);
  routerUrl = await listen(router);
});

afterAll(async () => {
  await close(router);
  await gateway?.[Symbol.asyncDispose]();
  await close(watchlist);
});

const viaRouter = async <T,>(query: string) => {
  const response = await fetch(routerUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
  expect(response.status).toBe(200);
  return (await response.json()) as { data?: T; errors?: unknown[] };
};

describe('through a federation router (Hive Gateway)', () => {
  it('composes our subgraph with another into a supergraph that joins our entity types by their keys', () => {
    expect(supergraphSdl).toContain('@join__type(graph: AVALANCHE, key: "chainId")');
    expect(supergraphSdl).toContain('@join__type(graph: WATCHLIST, key: "chainId")');
    expect(supergraphSdl).toContain('@join__type(graph: AVALANCHE, key: "chainId number")');
    expect(supergraphSdl).toContain('@join__type(graph: AVALANCHE, key: "nodeId")');
  });

  it('answers one query with data from both subgraphs, in both directions', async () => {
    const { data, errors } = await viaRouter<{
      chains: Array<{ chainId: string; chainName: string; favourite: boolean }>;
      watchlist: Array<{ note: string; account: { address: string; nativeBalance: { balance: string } }; block: { number: string; hash: string; txCount: number }; validator: { nodeId: string; weight: string } | null }>;
    }>(`{
      chains(network: MAINNET) { chainId chainName favourite }
      watchlist {
        note
        account { address nativeBalance { balance } }
        block { number hash txCount }
        validator { nodeId weight }
      }
    }`);
    expect(errors).toBeUndefined();
    // Ours, extended by theirs.
    expect(data!.chains).toContainEqual({ chainId: '43114', chainName: 'Avalanche (C-Chain)', favourite: true });
    expect(data!.chains.filter((c) => c.favourite)).toHaveLength(1);
    // Theirs, extended by ours.
    expect(data!.watchlist).toHaveLength(items.length);
    const validators = h.sandbox.world.primary.networks.mainnet.validators;
    data!.watchlist.forEach((w, i) => {
      const block = chain.blockByNumber(Number(items[i]!.block.number))!;
      expect(w.note).toBe(`item ${i}`);
      expect(w.account).toEqual({ address: items[i]!.account.address, nativeBalance: { balance: chain.nativeBalance(items[i]!.account.address).toString() } });
      expect(w.block).toEqual({ number: String(block.number), hash: block.hash, txCount: block.transactionHashes.length });
      expect(w.validator).toEqual({ nodeId: items[i]!.validator.nodeId, weight: validators.find((v) => v.nodeId === items[i]!.validator.nodeId)!.current.stake.toString() });
    });

    // Our upstream calls are what the same links cost in one query: one block read per block, one
    // balance per distinct address, the chain list once, every validator in one node call.
    const addresses = new Set(items.map((i) => i.account.address));
    expect(shared.dataApi.counts()).toEqual({ [CHAINS]: 1, [BLOCK]: items.length, [BALANCE]: addresses.size });
    expect(shared.node.counts()).toEqual({ 'POST /ext/bc/P': 1, [VALIDATORS]: 1 });
  });

  it('passes our BAD_USER_INPUT through when a subgraph sends a malformed key', async () => {
    const broken = items[0]!;
    const saved = broken.block.number;
    broken.block.number = '-5';
    try {
      const { data, errors } = await viaRouter<{ watchlist: unknown[] }>('{ watchlist { note block { hash } } }');
      expect(JSON.stringify(errors)).toContain('BAD_USER_INPUT');
      expect(JSON.stringify(errors)).toContain('representations[0].number');
      expect(data?.watchlist ?? null).toBeNull();
      expect(shared.dataApi.total()).toBe(0);
    } finally {
      broken.block.number = saved;
    }
  });

  it('refuses _entities and _service to a caller without the secret, before any upstream call', async () => {
    const direct = (query: string, extra: Record<string, string> = {}) =>
      fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers, ...extra }, body: JSON.stringify({ query }) });
    for (const extra of [{}, { 'x-federation-secret': 'not-the-router-secret' }] as Array<Record<string, string>>) {
      for (const query of ['{ _entities(representations: [{ __typename: "Chain", chainId: "43114" }]) { ... on Chain { chainName } } }', '{ _service { sdl } }']) {
        const response = await direct(query, extra);
        expect(response.status).toBe(403);
        const body = (await response.json()) as { data?: unknown; errors: Array<{ extensions: Record<string, unknown> }> };
        expect(body.data).toBeUndefined();
        expect(body.errors[0]!.extensions).toEqual({ code: 'FORBIDDEN', reason: 'FEDERATION_SECRET_REQUIRED', requestId: response.headers.get('x-request-id') });
      }
    }
    expect(shared.dataApi.total()).toBe(0);
    // The rest of the graph answers everyone.
    const chains = (await (await direct('{ chains(network: MAINNET) { chainId } }')).json()) as { errors?: unknown };
    expect(chains.errors).toBeUndefined();
  });
});
