/**
 * One stream for the whole audience of a graphql-ws subscription (src/http/shared-streams.ts), with
 * the `graphql-ws` client over real sockets against the sandbox: subscribers from many addresses
 * (TRUST_PROXY, a forwarded address each) of an operation that reads no upstream share one stream of
 * the live hub (one poller, one subscriber on it) and one execution per block, while each still holds
 * its own subscription slot, is counted per event, gets every block and leaves on its own. Other keys
 * share it too (the blocks are polled with no caller's key), except callers served on their own key
 * (AUTH_ALLOW_CALLER_KEYS), polled apart; operations that read an upstream each keep their own
 * stream; a client's limit holds for the subscribers that join. Then the fan-out itself, over stand-in sockets: the same text for everyone
 * but the id, errors with each subscriber's own request id, and a subscriber that does not read closed
 * with 1013 while the others go on.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import { GraphQLError, type ExecutionResult, type GraphQLFormattedError } from 'graphql';
import { pino } from 'pino';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startGateway, type SocketHarness } from '../support/harness.js';
import { useSandbox } from '../support/sandbox.js';
import { waitUntil } from '../support/sse.js';
import { SHARED_MAX_UNSENT_BYTES, SharedStreams } from '../../src/http/shared-streams.js';
import { RequestLog } from '../../src/observability/request-log.js';

const POLL_MS = 20;
const BLOCK_ADDED = 'subscription ($chainId: String!) { blockAdded(chainId: $chainId) { number hash } }';
const KEYS = ['key-one', 'key-two'];

const sandbox = useSandbox({ dataApiAccess: { apiKeys: KEYS } });
let h: SocketHarness;
beforeAll(async () => {
  h = await startGateway(sandbox, { SUBSCRIPTION_POLL_MS: String(POLL_MS), MAX_SUBSCRIPTIONS_PER_CLIENT: '3', TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await h?.close();
});

const clients: Client[] = [];
const hub = () => h.server.live.hub.stats();
afterEach(async () => {
  for (const client of clients.splice(0)) await client.dispose();
  await waitUntil(() => hub().pollers.length === 0 && hub().subscriptions === 0, 5_000, 'every subscription and poller to stop');
});

/** A graphql-ws client whose upgrade comes from `address` (forwarded by the trusted loopback proxy), with `key` in its `connection_init` if given. */
function clientFrom(address: string, key?: string): Client {
  const made = createClient({
    url: h.url.replace(/^http/, 'ws'),
    webSocketImpl: class extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers: { 'x-forwarded-for': address } });
      }
    },
    connectionParams: key ? { 'x-data-api-key': key } : undefined,
    retryAttempts: 0,
  });
  clients.push(made);
  return made;
}

interface Watch {
  results: { data?: any; errors?: readonly GraphQLFormattedError[] }[];
  error: unknown;
  ended: boolean;
  stop(): void;
}

function watch(client: Client, query = BLOCK_ADDED, variables: Record<string, unknown> = { chainId: '43114' }): Watch {
  const w: Watch = { results: [], error: undefined, ended: false, stop: () => {} };
  w.stop = client.subscribe(
    { query, variables },
    {
      next: (result) => void w.results.push(result),
      error: (error) => {
        w.error = error;
        w.ended = true;
      },
      complete: () => void (w.ended = true),
    },
  );
  return w;
}

async function metrics(...names: string[]): Promise<number[]> {
  const text = await (await h.fetch('/metrics')).text();
  return names.map((name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]));
}
async function counts(): Promise<{ events: number; executions: number }> {
  const [events, executions] = await metrics('avalanche_graph_subscription_events_total', 'avalanche_graph_subscription_executions_total');
  return { events: events!, executions: executions! };
}

/** Waits until `n` subscriptions are open and every poller has polled twice (noted the head). */
async function settled(n: number): Promise<void> {
  await waitUntil(() => hub().subscriptions === n && hub().pollers.length > 0 && hub().pollers.every((p) => p.polls >= 2), 5_000, `${n} subscriptions on pollers that polled`);
}

/** The keys the Data API's block reads carried (since the sandbox's last reset). */
const polledWith = () => new Set(sandbox.services.dataApi.recent.filter((r) => r.url.includes('/blocks')).map((r) => r.headers['x-data-api-key']));

const hashes = (w: Watch) => w.results.map((r) => r.data?.blockAdded?.hash);

describe('one stream for an audience', () => {
  it('serves twenty clients of one operation from one stream: one poller subscriber, one execution per block, every block to each', async () => {
    const chain = sandbox.world.evm.chain(43114)!;
    const watches: Watch[] = [];
    // One first, so that the others find its stream running.
    watches.push(watch(clientFrom('192.0.2.1')));
    await settled(1);
    for (let i = 2; i <= 20; i++) watches.push(watch(clientFrom(`192.0.2.${i}`)));
    await settled(20);
    // Twenty slots held, one stream on the hub.
    expect(hub().pollers).toEqual([expect.objectContaining({ subscribers: 1 })]);
    const before = await counts();
    const mined = [chain.mineBlock(), chain.mineBlock()];
    await waitUntil(() => watches.every((w) => w.results.length >= 2), 5_000, 'every client to see both blocks');
    for (const w of watches) expect(hashes(w)).toEqual(mined.map((b) => b.hash));
    const after = await counts();
    expect({ events: after.events - before.events, executions: after.executions - before.executions }).toEqual({ events: 40, executions: 2 });
  });

  it('goes on for the others when subscribers leave, the first one too, and stops its poller when the last one does', async () => {
    const chain = sandbox.world.evm.chain(43114)!;
    const watches = [watch(clientFrom('192.0.2.30'))];
    await settled(1);
    for (let i = 31; i < 36; i++) watches.push(watch(clientFrom(`192.0.2.${i}`)));
    await settled(6);
    // The first subscriber (whose stream it is) and another leave.
    watches[0]!.stop();
    watches[3]!.stop();
    await waitUntil(() => hub().subscriptions === 4, 5_000, 'the two slots freed');
    const staying = watches.filter((_, i) => i !== 0 && i !== 3);
    const block = chain.mineBlock();
    await waitUntil(() => staying.every((w) => hashes(w).includes(block.hash)), 5_000, 'the others to see the next block');
    expect(hashes(watches[3]!)).not.toContain(block.hash);
    for (const w of staying) w.stop();
    await waitUntil(() => hub().pollers.length === 0 && hub().subscriptions === 0, 5_000, 'the stream and its poller to stop');
  });

  it('shares one stream across keys for an answer read from the event alone, polled with no caller\'s key', async () => {
    const chain = sandbox.world.evm.chain(43114)!;
    sandbox.reset();
    const watches = [watch(clientFrom('192.0.2.40', KEYS[0]))];
    await settled(1);
    watches.push(watch(clientFrom('192.0.2.41', KEYS[0])), watch(clientFrom('192.0.2.42', KEYS[1])), watch(clientFrom('192.0.2.43')));
    // A key the Data API refuses: the blocks are public and were not read with it, so it sees them too.
    watches.push(watch(clientFrom('192.0.2.44', 'not-a-key-the-data-api-knows')));
    await settled(5);
    expect(hub().pollers).toEqual([expect.objectContaining({ subscribers: 1 })]);
    const before = await counts();
    const block = chain.mineBlock();
    await waitUntil(() => watches.every((w) => hashes(w).includes(block.hash)), 5_000, 'every key to see the block');
    const after = await counts();
    expect({ events: after.events - before.events, executions: after.executions - before.executions }).toEqual({ events: 5, executions: 1 });
    expect(watches.every((w) => !w.ended && w.results.every((r) => !r.errors))).toBe(true);
    // The poll read with the configured key (none here), never with a caller's.
    expect(polledWith()).toEqual(new Set([undefined]));
  });

  it('with AUTH_ALLOW_CALLER_KEYS, polls for a caller on its own key, apart, and shares nothing across keys', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shared-streams-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'consumers.json'), JSON.stringify({ consumers: [{ name: 'ops', keySha256: createHash('sha256').update('ops-key-0000000').digest('hex') }] }));
    const own = await startGateway(sandbox, {
      SUBSCRIPTION_POLL_MS: String(POLL_MS),
      TRUST_PROXY: 'loopback',
      AUTH_CONSUMERS: join(dir, 'consumers.json'),
      AUTH_ALLOW_CALLER_KEYS: 'true',
    });
    const made: Client[] = [];
    const from = (address: string, key: string) => {
      const client = createClient({
        url: own.url.replace(/^http/, 'ws'),
        webSocketImpl: class extends WebSocket {
          constructor(url: string, protocols?: string | string[]) {
            super(url, protocols, { headers: { 'x-forwarded-for': address } });
          }
        },
        connectionParams: { 'x-data-api-key': key },
        retryAttempts: 0,
      });
      made.push(client);
      return client;
    };
    try {
      sandbox.reset();
      const one = watch(from('192.0.2.70', KEYS[0]!));
      const two = watch(from('192.0.2.71', KEYS[1]!));
      // A key the Data API refuses: its own poll is refused, and only its stream ends.
      const refused = watch(from('192.0.2.72', 'not-a-key-the-data-api-knows'));
      await waitUntil(() => refused.ended, 5_000, 'the refused key to end');
      expect(refused.results[0]?.errors?.[0]?.extensions?.code).toBe('UPSTREAM_ERROR');
      const ownHub = () => own.server.live.hub.stats();
      await waitUntil(() => ownHub().pollers.length === 2 && ownHub().pollers.every((p) => p.polls >= 2), 5_000, 'a poller for each key');
      const block = sandbox.world.evm.chain(43114)!.mineBlock();
      await waitUntil(() => [one, two].every((w) => hashes(w).includes(block.hash)), 5_000, 'both keys to see the block');
      expect(polledWith()).toEqual(
        new Set([KEYS[0], KEYS[1], 'not-a-key-the-data-api-knows']),
      );
      expect(one.ended || two.ended).toBe(false);
    } finally {
      for (const client of made) await client.dispose();
      await own.close();
    }
  });

  it('keeps its own stream for each client of an operation that reads an upstream', async () => {
    // `amountStaked` is read from the Data API with each caller's key and limits: not shared across clients.
    const query = 'subscription { validatorSetChanged { added { nodeId amountStaked } } }';
    watch(clientFrom('192.0.2.50'), query, {});
    watch(clientFrom('192.0.2.51'), query, {});
    await settled(2);
    expect(hub().pollers).toEqual([expect.objectContaining({ subscribers: 2 })]);
  });

  it("holds each joining subscriber to its client's limit", async () => {
    const first = watch(clientFrom('192.0.2.60'));
    await settled(1);
    const client = clientFrom('192.0.2.61');
    const mine = [watch(client), watch(client), watch(client), watch(client)];
    await waitUntil(() => mine.some((w) => w.ended), 5_000, 'one past the limit to be refused');
    const refused = mine.filter((w) => w.ended);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.error).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'TOO_MANY_SUBSCRIPTIONS', limit: 3 }) })]);
    await settled(4);
    expect(hub().pollers).toEqual([expect.objectContaining({ subscribers: 1 })]);
    expect(first.ended).toBe(false);
  });
});

/** A stand-in for a `ws` socket: what was sent, how it was closed, and how much it holds unsent. */
function fakeSocket() {
  return { OPEN: 1, readyState: 1, bufferedAmount: 0, sent: [] as string[], closed: undefined as { code: number; reason: string } | undefined,
    send(text: string) { this.sent.push(text); },
    close(code: number, reason: string) { this.closed = { code, reason }; this.readyState = 3; },
  };
}

/** A source of results the test pushes. */
function pushable() {
  const queue: ExecutionResult[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  let returned = false;
  const iterable: AsyncIterable<ExecutionResult> = {
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        while (!queue.length && !ended) await new Promise<void>((resolve) => (wake = resolve));
        return queue.length ? { value: queue.shift()!, done: false } : { value: undefined, done: true };
      },
      return: async () => {
        returned = true;
        ended = true;
        wake?.();
        return { value: undefined, done: true };
      },
    }),
  };
  return { iterable, push: (r: ExecutionResult) => { queue.push(r); wake?.(); }, get returned() { return returned; } };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the fan-out', () => {
  const logger = pino({ level: 'silent' });
  /** Three subscribers of one key on one stream: the first opens it, two join. */
  function audience(options: ConstructorParameters<typeof SharedStreams>[0] = {}) {
    const streams = new SharedStreams(options);
    const source = pushable();
    const sockets = [fakeSocket(), fakeSocket(), fakeSocket()];
    const slots = [0, 0, 0];
    const seats = sockets.map((socket, i) => {
      const sharing = streams.sharing();
      if (i > 0) expect(sharing.pin('k')).toBe(true);
      Object.assign(sharing, { key: 'k', slot: () => void slots[i]!++, joined: i > 0 });
      const member = { id: `op-${i}`, socket: socket as never, log: new RequestLog(`request-${i}`, logger, 'ws', undefined) };
      return streams.attach(sharing, i === 0 ? source.iterable : (async function* () {})(), member)!;
    });
    return { streams, source, sockets, slots, seats };
  }

  it('sends each answer to every subscriber as graphql-ws would, the same text but for the id', async () => {
    const events: boolean[] = [];
    const { source, sockets, streams } = audience({ onEvent: (executed) => void events.push(executed) });
    source.push({ data: { blockAdded: { number: '7' } } });
    await flush();
    expect(sockets.map((s) => s.sent.map((text) => JSON.parse(text)))).toEqual(
      [0, 1, 2].map((i) => [{ id: `op-${i}`, type: 'next', payload: { data: { blockAdded: { number: '7' } } } }]),
    );
    // One execution, three events delivered.
    expect(events).toEqual([true, false, false]);
    expect(streams.stats()).toEqual({ streams: 1, subscribers: 3 });
  });

  it("gives each subscriber an error with its own request id", async () => {
    const { source, sockets } = audience();
    source.push({ data: { blockAdded: null }, errors: [new GraphQLError('gone', { extensions: { code: 'NOT_FOUND' } })] });
    await flush();
    expect(sockets.map((s) => JSON.parse(s.sent[0]!).payload.errors[0].extensions)).toEqual([0, 1, 2].map((i) => ({ code: 'NOT_FOUND', requestId: `request-${i}` })));
  });

  it('closes a subscriber that does not read with 1013, counts it, and goes on for the others', async () => {
    let overflows = 0;
    const { source, sockets } = audience({ onOverflow: () => void overflows++ });
    sockets[1]!.bufferedAmount = SHARED_MAX_UNSENT_BYTES + 1;
    source.push({ data: { blockAdded: { number: '8' } } });
    await flush();
    expect(sockets[1]!.closed).toEqual({ code: 1013, reason: expect.stringContaining('fell behind') });
    expect(overflows).toBe(1);
    expect([sockets[0]!.sent.length, sockets[1]!.sent.length, sockets[2]!.sent.length]).toEqual([1, 0, 1]);
  });

  it('gives back each slot as its subscriber leaves, and stops the source with the last', async () => {
    const { source, seats, slots, streams } = audience();
    await seats[0]!.return!();
    expect(slots).toEqual([1, 0, 0]);
    expect(source.returned).toBe(false);
    await Promise.all(seats.slice(1).map((seat) => seat.return!()));
    expect(slots).toEqual([1, 1, 1]);
    expect(source.returned).toBe(true);
    expect(streams.stats()).toEqual({ streams: 0, subscribers: 0 });
  });
});
