/**
 * Consumers (AUTH_CONSUMERS, src/auth/): server-to-server callers known by a static key, stored as its
 * SHA-256. Each is a client of its own with its own limits where the file gives them: two consumers
 * from one address hold independently (one saturating its operations never slows the other, and each
 * has its own subscription limit), over HTTP and graphql-ws; a key that is not a consumer's gets 401
 * before any upstream call; logs name the consumer, never its key.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { reloadOnHangup } from '../../src/http/server.js';
import { FOUR_CALL_WALLET, upstreamRequests } from '../support/counts.js';
import { startGateway, type SocketHarness } from '../support/harness.js';
import { useSandbox } from '../support/sandbox.js';
import { waitUntil } from '../support/sse.js';

const KEYS = { indexer: 'indexer-key-0123456789', dashboard: 'dashboard-key-9876543210', metered: 'metered-key-5555555555' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const QUERY = '{ chains(network: MAINNET) { chainId } }';

const sandbox = useSandbox();
const logLines: string[] = [];
let h: SocketHarness;
/** The AUTH_CONSUMERS file, and what it holds at start. */
const file = join(mkdtempSync(join(tmpdir(), 'consumers-')), 'consumers.json');
const CONSUMERS = [
  { name: 'indexer', keySha256: sha256(KEYS.indexer), limits: { operationsInFlight: 1, subscriptions: 1 } },
  { name: 'dashboard', keySha256: sha256(KEYS.dashboard), limits: { operationsInFlight: 8, subscriptions: 3 } },
  { name: 'metered', keySha256: sha256(KEYS.metered), limits: { upstreamCallsPerSecond: 2 } },
];
beforeAll(async () => {
  writeFileSync(file, JSON.stringify({ consumers: CONSUMERS }));
  h = await startGateway(sandbox, { AUTH_CONSUMERS: file, SUBSCRIPTION_POLL_MS: '20', LOG_LEVEL: 'info', RESPONSE_CACHE_MAX_ENTRIES: '0' }, (line) => void logLines.push(line));
});
afterAll(async () => {
  sandbox.setLatency(0);
  await h?.close();
  rmSync(dirname(file), { recursive: true, force: true });
});

async function post(headers: Record<string, string>, query = QUERY) {
  const response = await h.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
  return { status: response.status, body: (await response.json()) as { data?: any; errors?: { extensions: Record<string, unknown> }[] } };
}
const as = (name: keyof typeof KEYS) => ({ 'x-consumer-key': KEYS[name] });

describe('consumers', () => {
  it('serves a consumer by its key and refuses any other key, or none, with 401 before any upstream call', async () => {
    expect((await post(as('indexer'))).status).toBe(200);
    const before = upstreamRequests(sandbox);
    const unknown = await post({ 'x-consumer-key': 'not-a-consumer-key' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'unknown-consumer' });
    expect((await post({})).body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'missing' });
    expect(upstreamRequests(sandbox)).toBe(before);
  });

  it('holds each consumer to its own operations: one saturating its share never slows the other', async () => {
    // Every upstream answer takes 300 ms: the indexer may run 1 (and queue 1); the dashboard 8.
    sandbox.setLatency(300);
    try {
      const distinct = (i: number) => `{ chain(id: "43114") { chainName } a${i}: chains(network: FUJI) { chainId } }`;
      const indexer = Array.from({ length: 6 }, (_, i) => post(as('indexer'), distinct(i)));
      const dashboard = await Promise.all(Array.from({ length: 6 }, (_, i) => post(as('dashboard'), distinct(100 + i))));
      const indexed = await Promise.all(indexer);
      // The indexer: one ran, one waited, the rest were refused with its own limit named.
      const refused = indexed.filter((r) => r.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(4);
      expect(refused[0]!.body.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', reason: 'client' });
      // The dashboard, from the same address at the same time: every one served.
      expect(dashboard.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(dashboard.every((r) => r.body.data?.chain?.chainName)).toBe(true);
    } finally {
      sandbox.setLatency(0);
    }
  });

  it("holds a consumer to its own upstream calls per second, and no other to it", async () => {
    // Four Data API calls in one operation.
    const wallet = FOUR_CALL_WALLET;
    const metered = await post(as('metered'), wallet);
    const limited = (metered.body.errors ?? []).filter((e) => e.extensions.code === 'RATE_LIMITED');
    expect(limited.length).toBe(2);
    expect((metered.body.errors as any[])[0].message).toContain('upstreamCallsPerSecond');
    const dashboard = await post(as('dashboard'), wallet);
    expect(dashboard.body.errors).toBeUndefined();
  });

  it('holds each consumer to its own subscription limit over graphql-ws', async () => {
    const open = (name: keyof typeof KEYS) => {
      const client = createClient({ url: h.url.replace(/^http/, 'ws'), webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { 'x-consumer-key': KEYS[name] } });
      const outcome = { error: undefined as unknown, client };
      client.subscribe({ query: 'subscription { blockAdded(chainId: "43114") { number } }' }, { next: () => undefined, error: (e) => (outcome.error = e), complete: () => undefined });
      return outcome;
    };
    const dashboard = [open('dashboard'), open('dashboard'), open('dashboard')];
    const indexer = [open('indexer'), open('indexer')];
    try {
      await waitUntil(() => indexer.some((o) => o.error !== undefined), 5_000, "the indexer's second subscription to be refused");
      expect(indexer.filter((o) => o.error !== undefined)).toHaveLength(1);
      expect(JSON.stringify(indexer.find((o) => o.error)!.error)).toContain('TOO_MANY_SUBSCRIPTIONS');
      await waitUntil(() => h.server.live.hub.stats().subscriptions === 4, 5_000, "the dashboard's three and the indexer's one");
      expect(dashboard.every((o) => o.error === undefined)).toBe(true);
    } finally {
      await Promise.all([...dashboard, ...indexer].map((o) => o.client.dispose()));
    }
  });

  it('takes a consumers file changed on disk or on SIGHUP without a restart, and keeps the consumers when it is broken', async () => {
    const late = 'late-key-0000000000';
    const reloads = (outcome: string) => logLines.filter((line) => line.includes(`consumers and plans ${outcome}`)).length;
    const [loaded, kept] = [reloads('reloaded'), reloads('not reloaded')];
    expect((await post({ 'x-consumer-key': late })).status).toBe(401);
    writeFileSync(file, JSON.stringify({ consumers: [...CONSUMERS, { name: 'late', keySha256: sha256(late) }] }));
    await waitUntil(() => reloads('reloaded') > loaded, 10_000, 'the consumers file to be read again');
    expect((await post({ 'x-consumer-key': late })).status).toBe(200);
    // A broken file: every consumer before stays.
    writeFileSync(file, '{ "consumers": [');
    await waitUntil(() => reloads('not reloaded') > kept, 10_000, 'the broken file to be refused');
    expect((await post({ 'x-consumer-key': late })).status).toBe(200);
    // Removed, and read again at once on SIGHUP: refused from its next request.
    const others = process.rawListeners('SIGHUP') as ((...args: unknown[]) => void)[];
    process.removeAllListeners('SIGHUP');
    const stop = reloadOnHangup(undefined, h.server.callers);
    try {
      writeFileSync(file, JSON.stringify({ consumers: CONSUMERS }));
      process.emit('SIGHUP', 'SIGHUP');
      expect(logLines.some((line) => line.includes('consumers and plans reloaded (SIGHUP)'))).toBe(true);
      expect((await post({ 'x-consumer-key': late })).body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'unknown-consumer' });
      expect((await post(as('dashboard'))).status).toBe(200);
    } finally {
      stop();
      for (const listener of others) process.on('SIGHUP', listener);
    }
    const metrics = await (await h.fetch('/metrics')).text();
    expect(metrics).toMatch(/^avalanche_graph_callers_reloads_total\{outcome="kept"\} [1-9]/m);
    // No key, not even a hash, reaches the log.
    expect(logLines.join('\n')).not.toContain(late);
  }, 60_000);

  it('serves a caller that brings its own Data API key, where the operator allows it (AUTH_ALLOW_CALLER_KEYS)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'consumers-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'consumers.json');
    writeFileSync(file, JSON.stringify({ consumers: [{ name: 'indexer', keySha256: sha256(KEYS.indexer) }] }));
    const open = await startGateway(sandbox, { AUTH_CONSUMERS: file, AUTH_ALLOW_CALLER_KEYS: 'true' });
    try {
      const ask = async (headers: Record<string, string>) => {
        const response = await open.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query: QUERY }) });
        return { status: response.status, body: (await response.json()) as any };
      };
      const own = await ask({ 'x-data-api-key': 'my-own-data-api-key' });
      expect(own.status).toBe(200);
      expect(own.body.data.chains.length).toBeGreaterThan(0);
      // Without a key of its own, or with a consumer key that is no consumer's, still refused.
      expect((await ask({})).status).toBe(401);
      expect((await ask({ 'x-data-api-key': 'my-own-data-api-key', 'x-consumer-key': 'wrong' })).body.errors[0].extensions.reason).toBe('unknown-consumer');
    } finally {
      await open.close();
    }
  });

  it('logs the consumer by its name, never its key', () => {
    const text = logLines.join('\n');
    expect(text).toMatch(/"client":"consumer:indexer"/);
    expect(text).not.toContain(KEYS.indexer);
    expect(text).not.toContain(KEYS.dashboard);
  });
});
