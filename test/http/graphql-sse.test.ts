/**
 * GraphQL over SSE with the protocol's own client, `graphql-sse`'s `createClient`, against a gateway
 * on a socket over the sandbox: single connection mode (a reserving PUT, one stream, operations in
 * POSTs with the token) and distinct connections mode, both on `/graphql`. Operations over the single
 * connection go through the gateway's plugins as a POST's do: the CSRF check, the operation guard,
 * subscription limits.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type Client, type ExecutionResult } from 'graphql-sse';
import { breakUpstream } from '../support/broken-upstreams.js';
import { startSocketHarness, useSocketHarness } from '../support/harness.js';
import { waitUntil } from '../support/sse.js';

const POLL_MS = 20;
const BLOCK_ADDED = 'subscription ($chainId: String!) { blockAdded(chainId: $chainId) { number hash } }';
const CSRF = { 'x-graphql-yoga-csrf': '1' };

const RESERVATION_TTL_MS = 300;

const shared = useSocketHarness({ env: { SUBSCRIPTION_POLL_MS: String(POLL_MS), MAX_SUBSCRIPTIONS_PER_CLIENT: '2', SSE_RESERVATION_TTL_MS: String(RESERVATION_TTL_MS) } });
const { h } = shared;

const clients: Client[] = [];
function client(singleConnection: boolean, headers: Record<string, string> = CSRF, fetchFn?: (url: RequestInfo | URL, init?: RequestInit) => Promise<Response>): Client {
  // A copy: in single connection mode the client writes its token into the headers object it is given.
  const made = createClient({ url: h.url, singleConnection, headers: { ...headers }, retryAttempts: 0, ...(fetchFn ? { fetchFn } : {}) });
  clients.push(made);
  return made;
}
afterEach(async () => {
  for (const c of clients.splice(0)) c.dispose();
  await waitUntil(() => h.server.live.hub.stats().pollers.length === 0 && h.server.live.hub.stats().subscriptions === 0, 5_000, 'every subscription to end');
});

const pollers = () => h.server.live.hub.stats().pollers;

/** Collects an operation's results as they arrive; `stop` disposes of it (the client's DELETE in single connection mode). */
function collect(c: Client, query: string, variables?: Record<string, unknown>) {
  const results: ExecutionResult<any, any>[] = [];
  let completed = false;
  let failure: unknown;
  const stop = c.subscribe<any>({ query, variables }, { next: (r) => void results.push(r), error: (e) => void ((failure = e), (completed = true)), complete: () => void (completed = true) });
  return {
    results,
    stop,
    get completed() {
      return completed;
    },
    get failure() {
      return failure;
    },
    waitFor: (n: number) => waitUntil(() => results.length >= n || failure !== undefined, 5_000, `${n} results (got ${results.length})`),
    waitForCompletion: () => waitUntil(() => completed, 5_000, 'completion'),
  };
}

describe('single connection mode', () => {
  it('two subscriptions over one reservation each get the new blocks in order; disposing stops them', async () => {
    const chain = h.sandbox.world.evm.chain(43114)!;
    const c = client(true);
    const first = collect(c, BLOCK_ADDED, { chainId: '43114' });
    const second = collect(c, BLOCK_ADDED, { chainId: '43114' });
    await waitUntil(() => pollers().some((p) => p.subscribers === 2 && p.polls >= 2), 5_000, 'two subscribers on a poller that polled');
    const head = chain.latestBlockNumber();
    const mined = [chain.mineBlock(), chain.mineBlock(), chain.mineBlock()];
    await Promise.all([first.waitFor(3), second.waitFor(3)]);
    for (const s of [first, second]) {
      expect(s.failure).toBeUndefined();
      expect(s.results.map((r) => r.data.blockAdded.number)).toEqual([String(head + 1), String(head + 2), String(head + 3)]);
      expect(s.results.map((r) => r.data.blockAdded.hash)).toEqual(mined.map((b) => b.hash));
    }
    // One stop (a DELETE of one operation) ends that subscription only; disposing ends the rest.
    first.stop();
    await waitUntil(() => h.server.live.hub.stats().subscriptions === 1, 5_000, 'one subscription left');
    chain.mineBlock();
    await second.waitFor(4);
    expect(first.results).toHaveLength(3);
    c.dispose();
    await waitUntil(() => h.server.live.hub.stats().subscriptions === 0 && pollers().length === 0, 5_000, 'the poller to stop');
  });

  it('a query over the single connection returns its data, beside a subscription', async () => {
    const c = client(true);
    const live = collect(c, BLOCK_ADDED, { chainId: '43114' });
    const query = collect(c, '{ chains(network: MAINNET) { chainId } }');
    await query.waitForCompletion();
    expect(query.failure).toBeUndefined();
    expect(query.results).toEqual([{ data: { chains: [{ chainId: '43114' }, { chainId: '779672' }, { chainId: '432204' }] } }]);
    await waitUntil(() => h.server.live.hub.stats().subscriptions === 1, 5_000, 'the subscription to be open');
    expect(live.failure).toBeUndefined();
  });

  it('refuses a bad argument with a GraphQL error naming it, before any upstream call', async () => {
    const c = client(true);
    h.sandbox.reset();
    const bad = collect(c, BLOCK_ADDED, { chainId: 'c-chain/../x' });
    await bad.waitForCompletion();
    expect(bad.failure).toBeUndefined();
    expect(bad.results).toHaveLength(1);
    expect(bad.results[0]!.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'chainId' });
    // As over HTTP: the request's id, and none of the extensions only the server reads.
    expect(bad.results[0]!.errors?.[0]?.extensions).toHaveProperty('requestId');
    expect(bad.results[0]!.errors?.[0]?.extensions).not.toHaveProperty('http');
    expect(h.sandbox.counts().dataApi).toEqual({});
  });

  it('serves operation after operation from a client set up as documented (a headers object, lazy mode): each reservation gets a new token', async () => {
    // The client writes each token it gets into the headers object, so its next PUT (lazy mode
    // reserves anew once its last operation ended) carries the old one.
    const puts: Array<{ sent: string | null; got: string }> = [];
    const fetchFn = async (url: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetch(url, init);
      if (init?.method === 'PUT') puts.push({ sent: new Headers(init.headers).get('x-graphql-event-stream-token'), got: await response.clone().text() });
      return response;
    };
    const c = client(true, CSRF, fetchFn);
    for (let i = 0; i < 5; i++) {
      const query = collect(c, '{ chains(network: MAINNET) { chainId } }');
      await query.waitForCompletion();
      expect(query.failure, `operation ${i + 1}`).toBeUndefined();
      expect(query.results).toEqual([{ data: { chains: expect.arrayContaining([{ chainId: '43114' }]) } }]);
    }
    expect(puts.length).toBeGreaterThan(1);
    expect(puts[0]!.sent).toBeNull();
    expect(puts.slice(1).every((put, i) => put.sent === puts[i]!.got)).toBe(true);
    expect(new Set(puts.map((put) => put.got)).size).toBe(puts.length);
  });

  it("sends a deferred part's errors as over HTTP: with the request's id, an unexpected one masked", async () => {
    const deferred = 'query Deferred { chain(id: "43114") { chainId ...Head @defer } } fragment Head on Chain { latestBlockNumber }';
    const c = client(true);
    shared.node.setFault('POST /ext/bc/{blockchainId}/rpc eth_blockNumber', { status: 500, body: { code: -32000, message: 'node is bootstrapping' } });
    const failing = collect(c, deferred);
    await failing.waitForCompletion();
    expect(failing.failure).toBeUndefined();
    expect(failing.results[0]).toEqual({ data: { chain: { chainId: '43114' } }, hasNext: true });
    const [upstream] = (failing.results[1] as any).incremental[0].errors;
    expect(upstream.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', requestId: expect.any(String) });

    const restore = breakUpstream(h.server.upstreams, 'nodeRpc', 'a bug in a deferred resolver');
    try {
      const broken = collect(c, deferred);
      await broken.waitForCompletion();
      const [masked] = (broken.results[1] as any).incremental[0].errors;
      expect(masked.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', requestId: expect.any(String) });
      expect(JSON.stringify(broken.results)).not.toContain('a bug');
    } finally {
      restore();
    }
  });

  it('holds the per-client subscription limit across the operations of one connection', async () => {
    const c = client(true);
    const open = [collect(c, BLOCK_ADDED, { chainId: '43114' }), collect(c, BLOCK_ADDED, { chainId: '779672' })];
    await waitUntil(() => h.server.live.hub.stats().subscriptions === 2, 5_000, 'two subscriptions');
    const third = collect(c, BLOCK_ADDED, { chainId: '432204' });
    await third.waitForCompletion();
    expect(third.results[0]!.errors?.[0]).toMatchObject({ extensions: { code: 'TOO_MANY_SUBSCRIPTIONS', limit: 2 } });
    expect(open.every((s) => s.failure === undefined && !s.completed)).toBe(true);
  });

  it('the reservation PUT needs the CSRF header: refused with 403 without it, 201 and a token with it', async () => {
    const refused = await fetch(h.url, { method: 'PUT' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toMatch(/CSRF/);
    // A client without the header is refused the same way.
    const bare = collect(client(true, {}), '{ chains(network: MAINNET) { chainId } }');
    await bare.waitForCompletion();
    expect(String((bare.failure as Error | undefined)?.message ?? bare.failure)).toMatch(/403/);

    const reserved = await fetch(h.url, { method: 'PUT', headers: CSRF });
    expect(reserved.status).toBe(201);
    const token = await reserved.text();
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    // An operation POST without the header but with a JSON body passes the CSRF check, as a POST to /graphql does.
    const posted = await fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-graphql-event-stream-token': token },
      body: JSON.stringify({ query: '{ chains(network: MAINNET) { chainId } }', extensions: { operationId: '1' } }),
    });
    expect(posted.status).toBe(202);
  });
});

describe('reservations', () => {
  it('drops one whose stream does not open within SSE_RESERVATION_TTL_MS, and keeps one whose stream is open', async () => {
    const reserve = async () => (await fetch(h.url, { method: 'PUT', headers: CSRF })).text();
    const kept = await reserve();
    const left = await reserve();
    const stream = await fetch(h.url, { headers: { ...CSRF, accept: 'text/event-stream', 'x-graphql-event-stream-token': kept } });
    expect(stream.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, RESERVATION_TTL_MS * 2));
    const send = (token: string) =>
      fetch(h.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-graphql-event-stream-token': token },
        body: JSON.stringify({ query: '{ chains(network: MAINNET) { chainId } }', extensions: { operationId: '1' } }),
      });
    expect((await send(kept)).status).toBe(202);
    const dropped = await send(left);
    expect(dropped.status).toBe(404);
    expect(await dropped.json()).toEqual({ errors: [{ message: 'Stream not found' }] });
    await stream.body?.cancel();
  });
});

describe('reservations past SSE_MAX_RESERVATIONS', () => {
  it('answer 503 OVERLOADED with Retry-After while that many wait for their stream, and 201 again once one opens', async () => {
    const capped = await startSocketHarness({ SSE_MAX_RESERVATIONS: '2', SSE_RESERVATION_TTL_MS: '5000' });
    try {
      const reserve = () => fetch(capped.url, { method: 'PUT', headers: CSRF });
      const first = await reserve();
      expect(first.status).toBe(201);
      const token = await first.text();
      expect((await reserve()).status).toBe(201);
      const refused = await reserve();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect((await refused.json()).errors[0].extensions).toEqual({ code: 'OVERLOADED', retryAfter: 5, reason: 'sse-reservations' });
      // Counted as admission's own refusals are: in /metrics and in /ready.
      expect(await (await capped.fetch('/metrics')).text()).toMatch(/^avalanche_graph_shed_total\{reason="sse-reservations"\} 1$/m);
      expect((await (await capped.fetch('/ready')).json()).overload.shed).toMatchObject({ 'sse-reservations': 1, 'sse-streams': 0 });
      // The first reservation's stream opens: it no longer waits, and a new reservation fits.
      const stream = await fetch(capped.url, { headers: { ...CSRF, accept: 'text/event-stream', 'x-graphql-event-stream-token': token } });
      expect(stream.status).toBe(200);
      expect((await reserve()).status).toBe(201);
      await stream.body?.cancel();
    } finally {
      await capped.close();
    }
  });
});

describe('event streams past SSE_MAX_STREAMS', () => {
  it('refuse the GET that would open one more with 503 OVERLOADED and Retry-After, and open it once another closed', async () => {
    const capped = await startSocketHarness({ SSE_MAX_STREAMS: '2' });
    const opened: Response[] = [];
    try {
      const reserve = async () => (await fetch(capped.url, { method: 'PUT', headers: CSRF })).text();
      const open = (token: string) => fetch(capped.url, { headers: { ...CSRF, accept: 'text/event-stream', 'x-graphql-event-stream-token': token } });
      const [first, second, third] = [await reserve(), await reserve(), await reserve()];
      for (const token of [first, second]) {
        const stream = await open(token);
        expect(stream.status).toBe(200);
        opened.push(stream);
        // A GET that opens nothing (its stream is open already: 409) takes no place: else the second would be refused.
        if (token === first) expect((await open(first)).status).toBe(409);
      }
      const refused = await open(third);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect((await refused.json()).errors[0]).toEqual({ message: expect.stringContaining('SSE_MAX_STREAMS'), extensions: { code: 'OVERLOADED', retryAfter: 5, reason: 'sse-streams' } });
      expect(await (await capped.fetch('/metrics')).text()).toMatch(/^avalanche_graph_shed_total\{reason="sse-streams"\} 1$/m);
      // A client goes away: its stream's place is free again, and the waiting reservation opens.
      await opened.shift()!.body!.cancel();
      let retried = await open(third);
      for (const deadline = Date.now() + 5_000; retried.status !== 200 && Date.now() < deadline; retried = await open(third)) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(retried.status).toBe(200);
      opened.push(retried);
    } finally {
      for (const stream of opened) await stream.body?.cancel();
      await capped.close();
    }
  });
});

describe('distinct connections mode', () => {
  it('the same client library, one connection per operation, gets new blocks in order', async () => {
    const chain = h.sandbox.world.evm.chain(779672)!;
    const c = client(false);
    const stream = collect(c, BLOCK_ADDED, { chainId: '779672' });
    await waitUntil(() => pollers().some((p) => p.subscribers === 1 && p.polls >= 2), 5_000, 'a poller that polled');
    const head = chain.latestBlockNumber();
    chain.mineBlock();
    chain.mineBlock();
    await stream.waitFor(2);
    expect(stream.results.map((r) => r.data.blockAdded.number)).toEqual([String(head + 1), String(head + 2)]);
    const query = collect(c, '{ chains(network: MAINNET) { chainId } }');
    await query.waitForCompletion();
    expect(query.results[0]!.data.chains).toHaveLength(3);
    stream.stop();
    await waitUntil(() => h.server.live.hub.stats().subscriptions === 0, 5_000, 'the subscription to end');
  });
});
