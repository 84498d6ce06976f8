/**
 * Subscriptions (and queries) over WebSocket with the real `graphql-ws` client on the `ws` package,
 * against the sandbox: `blockAdded` events in order, from blocks mined by hand and from a sandbox that
 * mines blocks by itself (also through Apollo Client's and urql's
 * set-ups from docs/clients.md), the operation guard and graphql-armor's limits
 * before any upstream call, trusted documents, the Origin check at the upgrade, the upgrade's size
 * limits, the message size and `connection_init` bounds, the per-client cap shared with SSE, the
 * caller's key (from `connection_init` or the upgrade's headers) partitioning pollers as over HTTP,
 * and shutdown closing the sockets.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { Client as UrqlClient, cacheExchange, fetchExchange, subscriptionExchange } from '@urql/core';
import { createClient, type Client, type ClientOptions } from 'graphql-ws';
import { OperationTypeNode, type GraphQLFormattedError } from 'graphql';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@avalanche-graph/sandbox';
import { breakUpstream } from '../support/broken-upstreams.js';
import { startGateway, startSocketHarness, useSocketHarness, type SocketHarness } from '../support/harness.js';
import { subscribe as openSse, waitUntil, type SseStream } from '../support/sse.js';
import { CONNECTION_INIT_TIMEOUT_MS } from '../../src/http/websocket.js';

const POLL_MS = 20;
const BLOCK_ADDED = 'subscription ($chainId: String!) { blockAdded(chainId: $chainId) { number hash parentHash } }';
/** The request id the gateway makes for an operation (src/observability/request-log.ts): a UUID. */
const MADE_REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The gateway's error lines (JSON). */
const logLines: string[] = [];
const shared = useSocketHarness({ env: { SUBSCRIPTION_POLL_MS: String(POLL_MS), MAX_SUBSCRIPTIONS_PER_CLIENT: '100', LOG_LEVEL: 'error' }, log: (line) => void logLines.push(line) });
const { h } = shared;

/** A `next` message's result. */
interface Result {
  data?: any;
  errors?: readonly GraphQLFormattedError[];
}

/** One operation's messages as the client's sink received them. */
interface WsOperation {
  results: Result[];
  /** The `error` message's errors, or the close event that ended the operation. */
  error: GraphQLFormattedError[] | { code: number; reason: string } | undefined;
  readonly ended: boolean;
  waitForResults(n: number): Promise<void>;
  waitForEnd(): Promise<void>;
  /** Completes the operation from the client's side. */
  stop(): void;
}

const wsUrl = (harness: SocketHarness) => harness.url.replace(/^http/, 'ws');

/** A `ws` WebSocket class that sends the upgrade with these options (origin, headers), for `webSocketImpl`. */
function webSocketWith(options: WebSocket.ClientOptions): unknown {
  return class extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, options);
    }
  };
}

const pollers = (harness: SocketHarness = h) => harness.server.live.hub.stats().pollers;

/** A WebSocket upgrade request for `target`, written by hand on a plain TCP socket. */
function rawUpgrade(harness: SocketHarness, target: string): Socket {
  const socket = connect(Number(new URL(harness.url).port), '127.0.0.1');
  socket.write(
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${Buffer.alloc(16, 1).toString('base64')}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n`,
  );
  return socket;
}

/** The status line of the first answer on a socket. */
const statusLine = (socket: Socket) => new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1').split('\r\n')[0]!)));

/** Every client and SSE stream a test opens, closed after it; then every watched gateway must have freed everything. */
const clients: Client[] = [];
const sseStreams: SseStream[] = [];
const watched = new Set<SocketHarness>();
afterEach(async () => {
  for (const client of clients.splice(0)) await client.dispose();
  for (const stream of sseStreams.splice(0)) stream.close();
  for (const harness of [h, ...watched]) {
    await waitUntil(() => pollers(harness).length === 0 && harness.server.live.hub.stats().subscriptions === 0, 5_000, 'every subscription and poller to stop');
  }
});

/** A gateway of a describe block (or test) of its own, over the shared sandbox or the one given, watched by the hook above until it is closed. */
async function startWatched(env: Record<string, string>, over?: Sandbox): Promise<SocketHarness> {
  const settings = { SUBSCRIPTION_POLL_MS: String(POLL_MS), ...env };
  const started = over ? await startGateway(over, settings) : await startSocketHarness(settings);
  watched.add(started);
  return started;
}

async function closeWatched(harness: SocketHarness | undefined): Promise<void> {
  if (!harness) return;
  watched.delete(harness);
  await harness.close();
}

function client(harness: SocketHarness, options: Partial<ClientOptions> & { upgrade?: WebSocket.ClientOptions } = {}): Client {
  const { upgrade, ...rest } = options;
  const made = createClient({ url: wsUrl(harness), webSocketImpl: upgrade ? webSocketWith(upgrade) : WebSocket, retryAttempts: 0, ...rest });
  clients.push(made);
  return made;
}

function operation(on: Client, query: string, variables?: Record<string, unknown>, extra: Record<string, unknown> = {}): WsOperation {
  const op = {
    results: [] as Result[],
    error: undefined as WsOperation['error'],
    ended: false,
  };
  const stop = on.subscribe(
    { query, variables, ...extra },
    {
      next: (result) => void op.results.push(result),
      error: (error) => {
        op.error = error as WsOperation['error'];
        op.ended = true;
      },
      complete: () => {
        op.ended = true;
      },
    },
  );
  return Object.assign(op, {
    waitForResults: (n: number) => waitUntil(() => op.results.length >= n, 5_000, `${n} results (got ${op.results.length})`),
    waitForEnd: () => waitUntil(() => op.ended, 5_000, 'the operation to end'),
    stop,
  });
}

/** The `error` message's errors of an operation refused before it ran. */
async function refusal(op: WsOperation): Promise<GraphQLFormattedError[]> {
  await op.waitForEnd();
  expect(op.results).toEqual([]);
  expect(Array.isArray(op.error), `an error message, got ${JSON.stringify(op.error)}`).toBe(true);
  return op.error as GraphQLFormattedError[];
}

async function sse(harness: SocketHarness, headers: Record<string, string> = {}, chainId = '43114'): Promise<SseStream> {
  const stream = await openSse(harness.url, BLOCK_ADDED, { chainId }, headers);
  sseStreams.push(stream);
  return stream;
}

/** What the server answered to an upgrade it refused: status and body. */
function refusedUpgrade(url: string, options: WebSocket.ClientOptions = {}): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'graphql-transport-ws', options);
    socket.on('open', () => reject(new Error('the upgrade was accepted')));
    socket.on('error', () => undefined);
    socket.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(body) }));
    });
  });
}


describe('blockAdded over graphql-ws', () => {
  it('receives each new block once, in order, and closing the client stops the poller', async () => {
    const chain = h.sandbox.world.evm.chain(43114)!;
    const op = operation(client(h), BLOCK_ADDED, { chainId: '43114' });
    await waitUntil(() => pollers().some((p) => p.subscribers === 1 && p.polls >= 2), 5_000, 'a poller that noted the head');
    const head = chain.latestBlockNumber();
    const mined = [chain.mineBlock(), chain.mineBlock(), chain.mineBlock()];
    await op.waitForResults(3);
    expect(op.results.map((r) => r.data?.blockAdded.number)).toEqual([String(head + 1), String(head + 2), String(head + 3)]);
    expect(op.results.map((r) => r.data?.blockAdded.hash)).toEqual(mined.map((b) => b.hash));
    expect(op.results[2]!.data!.blockAdded.parentHash).toBe(mined[1]!.hash);
    expect(op.results.every((r) => r.errors === undefined)).toBe(true);
    expect(op.ended).toBe(false);

    await clients.pop()!.dispose();
    await waitUntil(() => pollers().length === 0 && h.server.live.hub.stats().subscriptions === 0, 5_000, 'the poller to stop');
  });

  it('receives, in order and each once, the blocks a living sandbox mines by itself', async () => {
    const living = await startSandbox({ port: 0, life: { blockIntervalMs: 50 } });
    const gateway = await startWatched({}, living);
    try {
      const op = operation(client(gateway), BLOCK_ADDED, { chainId: '43114' });
      await waitUntil(() => op.results.length >= 5, 10_000, `5 blocks (got ${op.results.length})`);
      const chain = living.world.evm.chain(43114)!;
      const blocks = op.results.map((r) => {
        expect(r.errors).toBeUndefined();
        return r.data!.blockAdded as { number: string; hash: string; parentHash: string };
      });
      for (const [n, block] of blocks.entries()) {
        expect(block.hash).toBe(chain.blockByNumber(BigInt(block.number))!.hash);
        if (n > 0) {
          expect(BigInt(block.number)).toBe(BigInt(blocks[n - 1]!.number) + 1n);
          expect(block.parentHash).toBe(blocks[n - 1]!.hash);
        }
      }
      await clients.pop()!.dispose();
    } finally {
      await closeWatched(gateway);
      await living.close();
    }
  });

  it('answers queries on the same socket', async () => {
    const ws = client(h);
    const [chains, network] = [operation(ws, '{ chains(network: MAINNET) { chainId } }'), operation(ws, '{ network(name: FUJI) { name } }')];
    await Promise.all([chains.waitForEnd(), network.waitForEnd()]);
    expect(chains.results).toEqual([{ data: { chains: [{ chainId: '43114' }, { chainId: '779672' }, { chainId: '432204' }] } }]);
    expect(network.results).toEqual([{ data: { network: { name: 'FUJI' } } }]);
    expect(shared.dataApi.counts()).toEqual({ 'GET /v1/chains': 1 });
  });

  it("sends a deferred part's errors as over HTTP: with the operation's request id, an unexpected one masked and logged with it", async () => {
    const deferred = 'query Deferred { chain(id: "43114") { chainId ...Head @defer } } fragment Head on Chain { latestBlockNumber }';
    const ws = client(h);
    // An upstream failure in the deferred part: its typed error.
    shared.node.setFault('POST /ext/bc/{blockchainId}/rpc eth_blockNumber', { status: 500, body: { code: -32000, message: 'node is bootstrapping' } });
    const failing = operation(ws, deferred);
    await failing.waitForEnd();
    expect(failing.error).toBeUndefined();
    expect(failing.results[0]).toEqual({ data: { chain: { chainId: '43114' } }, hasNext: true });
    const [upstream] = (failing.results[1] as any).incremental[0].errors;
    expect(upstream.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', requestId: expect.stringMatching(MADE_REQUEST_ID) });

    // A bug in the deferred part's resolver: masked as over HTTP, with no extension only the server reads.
    const restore = breakUpstream(h.server.upstreams, 'nodeRpc', 'a bug in a deferred resolver');
    try {
      const broken = operation(ws, deferred);
      await broken.waitForEnd();
      expect(broken.error).toBeUndefined();
      const [part] = (broken.results[1] as any).incremental;
      expect(part.errors).toHaveLength(1);
      const [masked] = part.errors;
      expect(masked.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', requestId: expect.stringMatching(MADE_REQUEST_ID) });
      expect(JSON.stringify(broken.results)).not.toContain('a bug');
      const logged = logLines.map((line) => JSON.parse(line)).find((line) => line.msg === 'unexpected error' && line.requestId === masked.extensions.requestId);
      expect(logged?.err.stack).toMatch(/^TypeError: a bug in a deferred resolver\n\s+at /);
    } finally {
      restore();
    }
  });
});

describe('the set-ups docs/clients.md shows', () => {
  it('Apollo Client (GraphQLWsLink beside HttpLink) and urql (subscriptionExchange) receive blockAdded', async () => {
    const chain = h.sandbox.world.evm.chain(43114)!;
    const variables = { chainId: '43114' };

    const apolloWs = client(h);
    const link = ApolloLink.split(({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION, new GraphQLWsLink(apolloWs), new HttpLink({ uri: h.url }));
    const apollo = new ApolloClient({ link, cache: new InMemoryCache() });
    const apolloBlocks: string[] = [];
    const apolloSubscription = apollo.subscribe<{ blockAdded: { number: string } }>({ query: gql(BLOCK_ADDED), variables }).subscribe(({ data }) => apolloBlocks.push(data!.blockAdded.number));

    const urqlWs = client(h);
    const urql = new UrqlClient({
      url: h.url,
      exchanges: [
        cacheExchange,
        subscriptionExchange({
          forwardSubscription: (request) => ({
            subscribe: (sink) => ({ unsubscribe: urqlWs.subscribe({ ...request, query: request.query ?? '' }, sink) }),
          }),
        }),
        fetchExchange,
      ],
    });
    const urqlBlocks: string[] = [];
    const urqlSubscription = urql.subscription(BLOCK_ADDED, variables).subscribe(({ data }) => urqlBlocks.push(data.blockAdded.number));

    await waitUntil(() => pollers().some((p) => p.subscribers === 2 && p.polls >= 2), 5_000, 'both clients on one poller');
    const mined = [chain.mineBlock(), chain.mineBlock()].map((b) => String(b.number));
    await waitUntil(() => apolloBlocks.length === 2 && urqlBlocks.length === 2, 5_000, 'two blocks for each client');
    expect(apolloBlocks).toEqual(mined);
    expect(urqlBlocks).toEqual(mined);
    apolloSubscription.unsubscribe();
    urqlSubscription.unsubscribe();
  });
});

describe('the same checks as over HTTP', () => {
  it('refuses a bad argument with BAD_USER_INPUT before any upstream call, and starts nothing', async () => {
    const errors = await refusal(operation(client(h), BLOCK_ADDED, { chainId: 'c-chain/../x' }));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', argument: 'chainId', requestId: expect.stringMatching(MADE_REQUEST_ID) });
    expect(h.sandbox.counts().dataApi).toEqual({});
    expect(h.server.live.hub.stats()).toMatchObject({ pollers: [], subscriptions: 0 });
  });

  it('refuses an invalid subscription and one over graphql-armor\'s depth limit, with the HTTP answer\'s error shape', async () => {
    const ws = client(h);
    const [unknown] = await refusal(operation(ws, 'subscription { blockRemoved(chainId: "43114") { number } }'));
    expect(unknown!.message).toContain('blockRemoved');
    let selection = 'number';
    for (let depth = 0; depth < h.config.maxDepth; depth++) selection = `parent { ${selection} }`;
    const [tooDeep] = await refusal(operation(ws, `subscription { blockAdded(chainId: "43114") { ${selection} } }`));
    expect(tooDeep!.message).toMatch(/depth/i);
    // `http` (the status yoga answers with) is the server's own, never sent, as over HTTP; each
    // operation has a request id of its own, as each HTTP request has.
    expect(tooDeep!.extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED', requestId: expect.stringMatching(MADE_REQUEST_ID) });
    expect(tooDeep!.extensions!.requestId).not.toBe(unknown!.extensions!.requestId);
    expect(h.sandbox.counts().dataApi).toEqual({});
    expect(h.server.live.hub.stats().subscriptions).toBe(0);
  });

  it('refuses a variable nested past MAX_VALUE_DEPTH with BAD_USER_INPUT naming it, as over HTTP, and starts nothing', async () => {
    let chainId: unknown = '43114';
    for (let depth = 0; depth <= h.config.maxValueDepth; depth++) chainId = [chainId];
    const [tooDeep] = await refusal(operation(client(h), BLOCK_ADDED, { chainId }));
    expect(tooDeep).toEqual({
      message: `Variable "$chainId" nests deeper than ${h.config.maxValueDepth} levels of lists and input objects (MAX_VALUE_DEPTH).`,
      extensions: { code: 'BAD_USER_INPUT', variable: 'chainId', requestId: expect.stringMatching(MADE_REQUEST_ID) },
    });
    expect(h.sandbox.counts().dataApi).toEqual({});
    expect(h.server.live.hub.stats().subscriptions).toBe(0);
  });

  it('a failing upstream ends the stream with its typed error', async () => {
    const op = operation(client(h), BLOCK_ADDED, { chainId: '999999999' });
    await op.waitForEnd();
    expect(op.error).toBeUndefined();
    expect(op.results).toHaveLength(1);
    expect(op.results[0]!.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('the caller\'s key', () => {
  /** The keys the Data API received in the last calls of the blocks route. */
  const keysSeen = () => new Set(shared.dataApi.recent.filter((r) => r.url?.includes('/blocks')).map((r) => r.headers['x-data-api-key']));

  it('a key in connection_init or the upgrade is the caller\'s, as over SSE; live blocks are polled once for every key, with none of theirs', async () => {
    const ws = operation(client(h, { connectionParams: { 'x-data-api-key': 'ws-key-a' } }), BLOCK_ADDED, { chainId: '43114' });
    await sse(h, { 'x-data-api-key': 'ws-key-a' });
    operation(client(h, { upgrade: { headers: { 'x-glacier-api-key': 'ws-key-b' } } }), BLOCK_ADDED, { chainId: '43114' });
    // The two over graphql-ws share one stream (one subscriber of the poller); the SSE one has its own.
    await waitUntil(() => h.server.live.hub.stats().subscriptions === 3 && pollers().some((p) => p.subscribers === 2 && p.polls >= 2), 5_000, 'one poller for all three');
    expect(pollers()).toHaveLength(1);
    expect(keysSeen()).toEqual(new Set([undefined]));
    expect(ws.ended).toBe(false);
  });

  it('the connection_init key wins over the upgrade\'s header; a key that is not a string closes the socket with 4400', async () => {
    h.sandbox.reset();
    const op = operation(client(h, { connectionParams: { 'X-Data-Api-Key': 'from-init' }, upgrade: { headers: { 'x-data-api-key': 'from-upgrade' } } }), '{ chains(network: FUJI) { chainId } }');
    await op.waitForEnd();
    expect(op.results[0]!.errors).toBeUndefined();
    expect(new Set(shared.dataApi.recent.map((r) => r.headers['x-data-api-key']))).toEqual(new Set(['from-init']));

    const bad = operation(client(h, { connectionParams: { 'x-data-api-key': 42 } }), '{ __typename }');
    await bad.waitForEnd();
    expect(bad.error).toMatchObject({ code: 4400, reason: 'x-data-api-key in the connection_init payload must be a string of printable ASCII' });
  });
});

describe('upgrades, limits and caps', () => {
  let limited: SocketHarness;
  beforeAll(async () => {
    // Clients are addresses: behind a trusted (loopback) proxy, the forwarded ones.
    limited = await startWatched({ MAX_SUBSCRIPTIONS_PER_CLIENT: '2', CORS_ORIGINS: 'https://app.example,https://admin.example', MAX_BODY_BYTES: '2048', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => closeWatched(limited));

  it('refuses an upgrade from an origin not in CORS_ORIGINS with 403 before anything starts; a listed origin and no origin are served', async () => {
    const foreign = await refusedUpgrade(wsUrl(limited), { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(foreign.body.errors[0].message).toContain('CORS_ORIGINS');
    expect(limited.sandbox.counts().dataApi).toEqual({});

    for (const upgrade of [{ origin: 'https://admin.example' }, {}]) {
      const op = operation(client(limited, { upgrade }), '{ network(name: FUJI) { name } }');
      await op.waitForEnd();
      expect(op.results).toEqual([{ data: { network: { name: 'FUJI' } } }]);
    }
  });

  it('without CORS_ORIGINS any origin may connect', async () => {
    const op = operation(client(h, { upgrade: { origin: 'https://anywhere.example' } }), '{ network(name: FUJI) { name } }');
    await op.waitForEnd();
    expect(op.results).toEqual([{ data: { network: { name: 'FUJI' } } }]);
  });

  it('holds the URL and header limits at the upgrade, serves /graphql only, and closes a socket whose message is over MAX_BODY_BYTES', async () => {
    const headers = await refusedUpgrade(wsUrl(limited), { headers: { 'x-padding': 'x'.repeat(limited.config.maxHeaderBytes) } });
    expect(headers.status).toBe(431);
    expect(headers.body.errors[0].extensions.code).toBe('HEADERS_TOO_LARGE');
    const url = await refusedUpgrade(`${wsUrl(limited)}?pad=${'x'.repeat(limited.config.maxUrlBytes)}`);
    expect(url.status).toBe(414);
    const elsewhere = await refusedUpgrade(wsUrl(limited).replace(/\/graphql$/, '/health'));
    expect(elsewhere.status).toBe(404);
    // A request target no URL parser takes is another path too, and the gateway goes on serving.
    const unparsable = rawUpgrade(limited, 'http://[');
    expect(await statusLine(unparsable)).toBe('HTTP/1.1 404 Not Found');
    unparsable.destroy();
    expect((await limited.query('{ network(name: FUJI) { name } }')).data).toEqual({ network: { name: 'FUJI' } });

    const big = operation(client(limited), `{ ${'__typename '.repeat(250)}}`);
    await big.waitForEnd();
    expect(big.error).toMatchObject({ code: 1009 });
  });

  it(`closes a socket that sends no connection_init within ${CONNECTION_INIT_TIMEOUT_MS} ms with 4408`, async () => {
    const socket = new WebSocket(wsUrl(limited), 'graphql-transport-ws');
    const closed = await new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    expect(closed).toEqual({ code: 4408, reason: 'Connection initialisation timeout' });
  }, CONNECTION_INIT_TIMEOUT_MS + 5_000);

  it('MAX_SUBSCRIPTIONS_PER_CLIENT counts a client\'s subscriptions over WebSocket and SSE together', async () => {
    const address = { 'x-forwarded-for': '192.0.2.20' };
    const ws = client(limited, { upgrade: { headers: address } });
    const first = operation(ws, BLOCK_ADDED, { chainId: '43114' });
    await sse(limited, address, '43113');
    await waitUntil(() => limited.server.live.hub.stats().subscriptions === 2, 5_000, 'two subscriptions');

    const [overWs] = await refusal(operation(ws, BLOCK_ADDED, { chainId: '43114' }));
    expect(overWs).toMatchObject({ extensions: { code: 'TOO_MANY_SUBSCRIPTIONS', limit: 2 } });
    // A key of its own buys the same address no more.
    const overSse = await sse(limited, { ...address, 'x-data-api-key': 'made-up' });
    await overSse.waitForCompletion();
    expect(overSse.events[0]!.errors?.[0]?.extensions).toMatchObject({ code: 'TOO_MANY_SUBSCRIPTIONS', limit: 2 });

    // Another address is another client; completing one subscription frees its place.
    operation(client(limited, { upgrade: { headers: { 'x-forwarded-for': '192.0.2.21' } } }), BLOCK_ADDED, { chainId: '43114' });
    await waitUntil(() => limited.server.live.hub.stats().subscriptions === 3, 5_000, 'the other client\'s subscription');
    first.stop();
    await waitUntil(() => limited.server.live.hub.stats().subscriptions === 2, 5_000, 'a freed place');
    const again = operation(ws, BLOCK_ADDED, { chainId: '43114' });
    await waitUntil(() => limited.server.live.hub.stats().subscriptions === 3, 5_000, 'the place taken again');
    expect(again.ended).toBe(false);
  });
});

describe('trusted documents', () => {
  let trusted: SocketHarness;
  const SUBSCRIPTION_ID = 'sha256:' + 'a1'.repeat(32);
  const dir = mkdtempSync(join(tmpdir(), 'graphql-ws-'));
  beforeAll(async () => {
    const manifest = join(dir, 'manifest.json');
    writeFileSync(manifest, JSON.stringify({ [SUBSCRIPTION_ID]: 'subscription NewBlocks { blockAdded(chainId: "43114") { number } }' }));
    trusted = await startWatched({ TRUSTED_DOCUMENTS: manifest });
  });
  afterAll(async () => {
    await closeWatched(trusted);
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs a manifest subscription by its documentId and refuses any other document before anything starts', async () => {
    const ws = client(trusted);
    const [arbitrary] = await refusal(operation(ws, BLOCK_ADDED, { chainId: '43114' }));
    expect(arbitrary!.extensions).toEqual({ code: 'PERSISTED_QUERY_ONLY', requestId: expect.stringMatching(MADE_REQUEST_ID) });
    expect(trusted.server.live.hub.stats().subscriptions).toBe(0);

    // graphql-ws requires a query string: an empty one with the document id.
    const op = operation(ws, '', undefined, { documentId: SUBSCRIPTION_ID });
    await waitUntil(() => pollers(trusted).some((p) => p.polls >= 2), 5_000, 'the poller to note the head');
    const block = trusted.sandbox.world.evm.chain(43114)!.mineBlock();
    await op.waitForResults(1);
    expect(op.results[0]).toEqual({ data: { blockAdded: { number: String(block.number) } } });
  });
});

describe('shutdown', () => {
  it('closes every WebSocket with 1001, and cuts a client that does not answer the close at SHUTDOWN_TIMEOUT_MS', async () => {
    const closing = await startSocketHarness({ SUBSCRIPTION_POLL_MS: String(POLL_MS), SHUTDOWN_TIMEOUT_MS: '300' });
    try {
      const op = operation(client(closing), BLOCK_ADDED, { chainId: '43114' });
      await waitUntil(() => closing.server.live.hub.stats().subscriptions === 1, 5_000, 'the subscription');
      // A client that upgrades, then never reads or answers again.
      const mute = rawUpgrade(closing, '/graphql');
      expect(await statusLine(mute)).toBe('HTTP/1.1 101 Switching Protocols');
      mute.pause();
      const muteClosed = new Promise<void>((resolve) => mute.once('close', () => resolve()));

      // Settles: the test's own timeout would fail it if close() waited for the mute client.
      await closing.server.close();
      await op.waitForEnd();
      expect(op.error).toMatchObject({ code: 1001 });
      expect(closing.server.live.hub.stats()).toMatchObject({ pollers: [], subscriptions: 0 });
      mute.resume();
      await muteClosed;
    } finally {
      await closing.sandbox.close();
    }
  });
});
