/**
 * Admission over real sockets, with small bounds: a request past the slots and the queue is answered
 * 503 OVERLOADED with Retry-After before any upstream call (and a browser can read it); a hot client
 * gets 429 while a quiet one is served; an operation past MAX_OPERATION_BYTES fails its fields with
 * UPSTREAM_BUDGET_EXCEEDED naming it and keeps the rest; WebSockets and subscriptions have their own
 * bounds; a heavy client is charged more of the work than a light one; an event loop past MAX_EVENT_LOOP_DELAY_MS sheds at once and turns `/ready` 503 once that has lasted UNREADY_AFTER_PRESSURE_MS, until it has been calm for 5 s.
 * The crowd itself, against the compiled gateway: test/http/overload.test.ts.
 */
import { createClient, type Client } from 'graphql-ws';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAVY_QUERY } from '../support/crowd.js';
import { startSocketHarness, type SocketHarness } from '../support/harness.js';

const BLOCKS = '{ chain(id: "43114") { blocks(first: 2) { nodes { number } } } }';

/** The close a raw WebSocket to `url` gets (code and reason), once its handshake is through. */
function closeOf(url: string): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    socket.on('error', () => undefined);
  });
}
/** Headers of a request from `address`, as a trusted (loopback) proxy forwards it. */
const from = (address: string) => ({ 'x-forwarded-for': address });
/** Operations the gateway has executed so far (its `avalanche_graph_executions_total`, every executor). */
const executed = async (h: SocketHarness) =>
  [...(await (await h.fetch('/metrics')).text()).matchAll(/^avalanche_graph_executions_total\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
const post = (h: SocketHarness, query: string, headers: Record<string, string> = {}) =>
  fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });

describe('the share of the work', () => {
  let h: SocketHarness;
  beforeAll(async () => {
    h = await startSocketHarness({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => h.close());

  it('charges each client what its operations ask for and read, so that a heavy client weighs more than a light one', async () => {
    expect((await post(h, '{ chain(id: "43114") { chainName } }', from('192.0.2.20'))).status).toBe(200);
    expect((await post(h, HEAVY_QUERY, from('192.0.2.21'))).status).toBe(200);
    const light = h.server.admission.fairShare.costOf('ip:192.0.2.20');
    const heavy = h.server.admission.fairShare.costOf('ip:192.0.2.21');
    expect(light).toBeGreaterThan(0);
    // 40 blocks' transactions: some 40 upstream calls asked for, and their answers read.
    expect(heavy).toBeGreaterThan(20 * light);
  });
});

describe('slots, the queue and each client\'s share', () => {
  let h: SocketHarness;
  beforeAll(async () => {
    // Clients are told apart by their address: behind a trusted (loopback) proxy, the forwarded one.
    h = await startSocketHarness({ MAX_OPERATIONS_IN_FLIGHT: '2', MAX_OPERATIONS_PER_CLIENT: '1', MAX_QUEUED_OPERATIONS: '2', ADMISSION_QUEUE_MS: '300', CORS_ORIGINS: 'https://app.example', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => h.close());

  it('answers past the slots and the queue with 503 OVERLOADED and Retry-After, readable cross-origin, with no upstream call', async () => {
    h.sandbox.setLatency(600);
    try {
      // Two run (one per client), two wait: the fifth request is refused at once, the waiting ones
      // after ADMISSION_QUEUE_MS, as no slot frees within it.
      // Waited for, not timed: on a busy machine each step may take longer than a fixed pause.
      const executedBefore = await executed(h);
      const running = [post(h, BLOCKS, from('192.0.2.1')), post(h, BLOCKS, from('192.0.2.2'))];
      await expect.poll(() => h.server.admission.stats().inFlight, { timeout: 10_000 }).toBe(2);
      const waiting = [post(h, BLOCKS, from('192.0.2.3')), post(h, BLOCKS, from('192.0.2.4'))];
      await expect.poll(() => h.server.admission.stats().queued, { timeout: 10_000 }).toBe(2);
      const refused = await post(h, BLOCKS, { ...from('192.0.2.5'), origin: 'https://app.example', 'x-request-id': 'shed-1' });
      expect(refused.status).toBe(503);
      // One second, or two: spread at random so that the refused do not all come back at once.
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect([1, 2]).toContain(retryAfter);
      expect(refused.headers.get('access-control-allow-origin')).toBe('https://app.example');
      expect(refused.headers.get('x-request-id')).toBe('shed-1');
      expect(await refused.json()).toMatchObject({ errors: [{ message: expect.stringContaining('MAX_QUEUED_OPERATIONS'), extensions: { code: 'OVERLOADED', retryAfter, reason: 'queue-full', requestId: 'shed-1' } }] });
      for (const answer of await Promise.all(waiting)) {
        expect(answer.status).toBe(503);
        expect(await answer.json()).toMatchObject({ errors: [{ extensions: { code: 'OVERLOADED', reason: 'queue-timeout' } }] });
      }
      for (const answer of await Promise.all(running)) expect((await answer.json()).data.chain.blocks.nodes).toHaveLength(2);
      // The two that ran were executed; none of the refused ones was, so none reached an upstream.
      expect(await executed(h)).toBe(executedBefore + 2);
    } finally {
      h.sandbox.setLatency(0);
    }
    const ready = (await (await h.fetch('/ready')).json()) as { overload: { shed: Record<string, number>; inFlight: number } };
    expect(ready.overload).toMatchObject({ inFlight: 0, shed: { 'queue-full': 1, 'queue-timeout': 2 } });
    const metrics = await (await h.fetch('/metrics')).text();
    expect(metrics).toMatch(/^avalanche_graph_shed_total\{reason="queue-timeout"\} 2$/m);
  });

  it('keeps a hot client to its share, however many keys it makes up: its extra requests get 429 RATE_LIMITED while a quiet client is served', async () => {
    h.sandbox.setLatency(120);
    try {
      // A new key on every request buys no more than the address's share.
      const hot = Array.from({ length: 6 }, (_, i) => post(h, BLOCKS, { ...from('198.51.100.7'), 'x-data-api-key': `made-up-${i}` }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const quiet = await post(h, BLOCKS, from('203.0.113.9'));
      expect(quiet.status).toBe(200);
      expect((await quiet.json()).data.chain.blocks.nodes).toHaveLength(2);
      const statuses = await Promise.all(hot.map(async (r) => ({ status: (await r).status, retryAfter: (await r).headers.get('retry-after') })));
      // One runs, one waits (its share of each), the other four are refused as the client's own excess.
      const refused = statuses.filter((s) => s.status === 429);
      expect(refused).toHaveLength(4);
      for (const { retryAfter } of refused) expect(['1', '2']).toContain(retryAfter);
      expect(statuses.filter((s) => s.status === 200)).toHaveLength(2);
    } finally {
      h.sandbox.setLatency(0);
    }
  });
});

describe('bytes, WebSockets and subscriptions', () => {
  let h: SocketHarness;
  const clients: Client[] = [];
  beforeAll(async () => {
    h = await startSocketHarness({ MAX_OPERATION_BYTES: '65536', MAX_WEBSOCKETS: '1', MAX_SUBSCRIPTIONS: '1' });
  });
  afterAll(async () => {
    for (const client of clients) await client.dispose();
    await h.close();
  });

  it('fails the fields past MAX_OPERATION_BYTES with UPSTREAM_BUDGET_EXCEEDED naming it, and keeps the answers read before', async () => {
    // Each block's transactions page is a few KB of JSON: 40 of them pass 64 KiB.
    const body = await h.query<any>('{ chain(id: "43114") { blocks(first: 40) { nodes { number transactions(first: 50) { nodes { hash } } } } } }');
    const nodes = body.data.chain.blocks.nodes as { transactions: unknown }[];
    expect(nodes).toHaveLength(40);
    const failed = nodes.filter((n) => n.transactions === null).length;
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(40);
    expect(body.errors).toHaveLength(failed);
    expect(body.errors![0]).toMatchObject({ message: expect.stringContaining('MAX_OPERATION_BYTES'), extensions: { code: 'UPSTREAM_BUDGET_EXCEEDED' } });
  });

  it('closes a WebSocket past MAX_WEBSOCKETS with 1013, and refuses a subscription past MAX_SUBSCRIPTIONS with OVERLOADED', async () => {
    const url = h.url.replace(/^http/, 'ws');
    const first = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false });
    clients.push(first);
    const events: unknown[] = [];
    const firstDone = new Promise<void>((resolve) => first.subscribe({ query: 'subscription { blockAdded(chainId: "43114") { number } }' }, { next: (e) => events.push(e), error: () => resolve(), complete: () => resolve() }));
    // The live hub has the one subscription MAX_SUBSCRIPTIONS allows.
    await expect.poll(() => h.server.live.hub.stats().subscriptions).toBe(1);

    // Past MAX_WEBSOCKETS: through the handshake and closed at once with 1013 (try again later),
    // which graphql-ws clients retry with backoff (an HTTP 503 on the upgrade would end them).
    expect(await closeOf(url)).toEqual({ code: 1013, reason: 'over MAX_WEBSOCKETS (1): retry in 5 s' });

    // Over SSE, a second subscription of another client is past the process's bound.
    const sse = await fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription { blockAdded(chainId: "43114") { number } }' }),
    });
    const text = await sse.text();
    expect(text).toContain('OVERLOADED');
    expect(text).toContain('MAX_SUBSCRIPTIONS');
    await first.dispose();
    await firstDone;
    await expect.poll(() => h.server.live.hub.stats().subscriptions).toBe(0);
  });
});

describe('pressure', () => {
  let h: SocketHarness;
  beforeAll(async () => {
    // 400 ms, so the calm mark is 200 ms: far above what a loop sharing two cores with the rest of
    // the suite (other workers, browsers, tsc) is held for, and far below the 1.5 s held below.
    // UNREADY_AFTER_PRESSURE_MS 2.5 s: pressure lasts at least the 5 s of calm after the loop is free, so
    // /ready turns 503 within it; before that the replica sheds but stays ready.
    h = await startSocketHarness({ MAX_EVENT_LOOP_DELAY_MS: '400', UNREADY_AFTER_PRESSURE_MS: '2500' });
  });
  afterAll(() => h.close());

  it('an event loop lagging past MAX_EVENT_LOOP_DELAY_MS sheds new requests at once, turns /ready 503 only once that has lasted UNREADY_AFTER_PRESSURE_MS, and back when calm for 5 s', async () => {
    expect((await h.fetch('/ready')).status).toBe(200);
    // A synchronous 1.5 s: the gateway's loop (this process's) cannot turn.
    const until = performance.now() + 1500;
    while (performance.now() < until) {
      // busy
    }
    await expect.poll(() => h.server.pressure.state, { interval: 50, timeout: 2000 }).toBe('event-loop');
    // Shedding, still ready: a balancer keeps sending, and gets refusals with Retry-After.
    const refused = await post(h, BLOCKS);
    expect(refused.status).toBe(503);
    expect(['5', '6', '7', '8', '9', '10']).toContain(refused.headers.get('retry-after'));
    expect(await refused.json()).toMatchObject({ errors: [{ extensions: { code: 'OVERLOADED', reason: 'event-loop' } }] });
    const shedding = await h.fetch('/ready');
    expect({ status: shedding.status, held: h.server.pressure.heldMs() < 2500 }).toEqual({ status: 200, held: true });
    expect(await shedding.json()).toMatchObject({ status: 'ready', overload: { pressure: 'event-loop', sustained: false } });
    // Sustained: unready.
    await expect.poll(async () => (await h.fetch('/ready', { method: 'HEAD' })).status, { interval: 100, timeout: 4000 }).toBe(503);
    const ready = await h.fetch('/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'overloaded', overload: { pressure: 'event-loop', sustained: true } });
    // Calm: after 5 s of readings under the low mark, ready and admitting again. The wait allows a
    // few noisy readings (each restarts the 5 s) on a busy machine; a failure shows the last reading.
    const { pressure } = h.server;
    await expect.poll(() => (pressure.state ? `${pressure.state}, last reading ${JSON.stringify(pressure.reading)}` : 'calm'), { interval: 250, timeout: 20_000 }).toBe('calm');
    expect((await h.fetch('/ready')).status).toBe(200);
    expect((await h.fetch('/ready', { method: 'HEAD' })).status).toBe(200);
    expect((await post(h, BLOCKS)).status).toBe(200);
  }, 40_000);

  it('under pressure a new WebSocket and a socket whose only subscription is shed are closed with 1013, and graphql-ws retries them until it is served', async () => {
    const { pressure } = h.server;
    await expect.poll(() => pressure.state ?? 'calm', { interval: 250, timeout: 20_000 }).toBe('calm');
    const url = h.url.replace(/^http/, 'ws');
    const closes: number[] = [];
    const errors: unknown[] = [];
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      lazy: false,
      onNonLazyError: () => undefined,
      retryAttempts: 200,
      retryWait: () => new Promise((resolve) => setTimeout(resolve, 200)),
      on: { closed: (event) => void closes.push((event as { code: number }).code) },
    });
    try {
      await new Promise<void>((resolve) => {
        const off = client.on('connected', () => {
          off();
          resolve();
        });
      });
      const until = performance.now() + 1500;
      while (performance.now() < until) {
        // busy: the loop lags
      }
      await expect.poll(() => pressure.state, { interval: 50, timeout: 2000 }).toBe('event-loop');
      // A new WebSocket: closed with 1013 as its handshake ends, before graphql-ws sees it.
      expect(await closeOf(url)).toEqual({ code: 1013, reason: expect.stringMatching(/^overloaded \(event-loop\): retry in (5|6|7|8|9|10) s$/) });
      // The open socket's only subscription is shed: its socket closes with 1013, which the client retries.
      const blocks: unknown[] = [];
      client.subscribe({ query: 'subscription { blockAdded(chainId: "43114") { number } }' }, { next: (e) => blocks.push(e), error: (e) => errors.push(e), complete: () => undefined });
      await expect.poll(() => closes, { interval: 50, timeout: 5000 }).toContain(1013);
      // Calm again: the client is back and subscribed, without an error.
      const chain = h.sandbox.world.evm.chain(43114)!;
      await expect.poll(() => (chain.mineBlock(), blocks.length), { interval: 300, timeout: 30_000 }).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await client.dispose();
    }
  }, 60_000);
});
