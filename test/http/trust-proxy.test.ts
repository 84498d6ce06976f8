/**
 * TRUST_PROXY: which client per-client limits and the log see. Every request here comes from
 * loopback, as it would from a balancer on the same host; the forwarding headers say who is behind.
 * The client a gateway saw is read from its access line, and the limits are proved with the
 * per-client subscription cap (MAX_SUBSCRIPTIONS_PER_CLIENT=1), which holds no time window.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, MAX_FORWARDED_HOPS } from '../../src/config/index.js';
import { startGateway, type SocketHarness } from '../support/harness.js';
import { useSandbox } from '../support/sandbox.js';
import { subscribe, waitUntil, type SseStream } from '../support/sse.js';

const BLOCK_ADDED = 'subscription { blockAdded(chainId: "43114") { number } }';

interface Gateway {
  h: SocketHarness;
  lines: string[];
}

const sandbox = useSandbox();
/** No TRUST_PROXY: the socket's address is the client. */
let untrusted: Gateway;
/** A balancer on loopback in front of proxies in 10.0.0.0/8, with headers large enough for 10,000 hops. */
let trusted: Gateway;
/** The two nearest hops, whatever their address. */
let twoHops: Gateway;
/** A balancer on loopback that writes RFC 7239's `Forwarded`. */
let rfc7239: Gateway;
const streams: SseStream[] = [];

async function gateway(env: Record<string, string>): Promise<Gateway> {
  const lines: string[] = [];
  const h = await startGateway(sandbox, { LOG_LEVEL: 'info', MAX_SUBSCRIPTIONS_PER_CLIENT: '1', SUBSCRIPTION_POLL_MS: '50', ...env }, (line) => void lines.push(line));
  return { h, lines };
}

beforeAll(async () => {
  [untrusted, trusted, twoHops, rfc7239] = await Promise.all([
    gateway({}),
    gateway({ TRUST_PROXY: 'loopback, 10.0.0.0/8', MAX_HEADER_BYTES: '200000' }),
    gateway({ TRUST_PROXY: '2' }),
    gateway({ TRUST_PROXY: 'loopback', TRUST_PROXY_HEADER: 'forwarded' }),
  ]);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all([untrusted, trusted, twoHops, rfc7239].map((g) => g?.h.close()));
});

/** The client the gateway's access line names for a keyless query sent with `headers`. */
async function clientSeen(g: Gateway, headers: Record<string, string>): Promise<string> {
  g.lines.length = 0;
  const { status } = await g.h.request('{ __typename }', {}, headers);
  expect(status).toBe(200);
  const access = g.lines.map((line) => JSON.parse(line) as { msg: string; client?: string }).filter((line) => line.msg === 'access');
  expect(access).toHaveLength(1);
  return access[0]!.client!;
}

/** Opens a keyless subscription as `headers` say; resolves to the error code it was refused with, or 'open'. */
async function subscribeAs(g: Gateway, headers: Record<string, string>): Promise<string> {
  const before = g.h.server.live.hub.stats().subscriptions;
  const stream = await subscribe(g.h.url, BLOCK_ADDED, undefined, headers);
  streams.push(stream);
  await waitUntil(() => g.h.server.live.hub.stats().subscriptions > before || stream.events.length > 0 || stream.completed, 5_000, 'the subscription to open or be refused');
  if (g.h.server.live.hub.stats().subscriptions > before) return 'open';
  await stream.waitForEvents(1);
  return String(stream.events[0]!.errors?.[0]?.extensions?.code);
}

const xff = (value: string) => ({ 'x-forwarded-for': value });

describe('without TRUST_PROXY', () => {
  it('reads no forwarding header: the socket is the client, and its limits hold for every forged address', async () => {
    expect(await clientSeen(untrusted, xff('203.0.113.7'))).toBe('ip:127.0.0.1');
    expect(await clientSeen(untrusted, { forwarded: 'for=203.0.113.7' })).toBe('ip:127.0.0.1');
    expect(await subscribeAs(untrusted, xff('198.51.100.1'))).toBe('open');
    expect(await subscribeAs(untrusted, xff('198.51.100.2'))).toBe('TOO_MANY_SUBSCRIPTIONS');
  });
});

describe('behind trusted proxies', () => {
  it('gives each forwarded client its own limits, shared by its own requests', async () => {
    expect(await subscribeAs(trusted, xff('198.51.100.1'))).toBe('open');
    expect(await subscribeAs(trusted, xff('198.51.100.2'))).toBe('open');
    expect(await subscribeAs(trusted, xff('198.51.100.1'))).toBe('TOO_MANY_SUBSCRIPTIONS');
  });

  it('walks back through trusted hops only: an untrusted hop is the client, whatever it says is behind it', async () => {
    expect(await clientSeen(trusted, xff('203.0.113.7'))).toBe('ip:203.0.113.7');
    expect(await clientSeen(trusted, xff('192.0.2.66, 203.0.113.7, 10.1.2.3'))).toBe('ip:203.0.113.7');
    expect(await clientSeen(trusted, xff('10.9.9.9, 203.0.113.7, 10.1.2.3'))).toBe('ip:203.0.113.7');
    expect(await clientSeen(trusted, { 'x-forwarded-for': '10.0.0.1, 2001:db8::5' })).toBe('ip:2001:db8::/64');
    // A hop that is no address is never the client: the nearest trusted address before it is.
    expect(await clientSeen(trusted, xff('unknown, 10.1.2.3'))).toBe('ip:10.1.2.3');
    expect(await clientSeen(trusted, xff('203.0.113.7:4711'))).toBe('ip:127.0.0.1');
    // The other header is not read: the balancer does not write it, so a client may have.
    expect(await clientSeen(trusted, { forwarded: 'for=203.0.113.7' })).toBe('ip:127.0.0.1');
  });

  it(`reads at most ${MAX_FORWARDED_HOPS} hops of a header holding 10,000`, async () => {
    const hops = Array.from({ length: 10_000 }, (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    // All trusted: the client is the farthest hop read, not the farthest written.
    expect(await clientSeen(trusted, xff(hops.join(', ')))).toBe(`ip:${hops[hops.length - MAX_FORWARDED_HOPS]}`);
  });

  it('with a hop count, trusts that many nearest hops whatever their address', async () => {
    expect(await clientSeen(twoHops, xff('192.0.2.1, 198.51.100.2, 203.0.113.3'))).toBe('ip:198.51.100.2');
    expect(await clientSeen(twoHops, xff('203.0.113.3'))).toBe('ip:203.0.113.3');
    expect(await clientSeen(twoHops, {})).toBe('ip:127.0.0.1');
  });

  it('reads RFC 7239 `Forwarded` when TRUST_PROXY_HEADER says so, and then ignores X-Forwarded-For', async () => {
    expect(await clientSeen(rfc7239, { forwarded: 'for=192.0.2.60;proto=https, for="[2001:db8:cafe::17]:4711"' })).toBe('ip:2001:db8:cafe::/64');
    expect(await clientSeen(rfc7239, { forwarded: 'for="198.51.100.17:8080";by=10.0.0.1' })).toBe('ip:198.51.100.17');
    expect(await clientSeen(rfc7239, { forwarded: 'for=_hidden' })).toBe('ip:127.0.0.1');
    expect(await clientSeen(rfc7239, { forwarded: 'for=198.51.100.17, this is not RFC 7239' })).toBe('ip:127.0.0.1');
    expect(await clientSeen(rfc7239, xff('203.0.113.7'))).toBe('ip:127.0.0.1');
  });

  it('reads the client of a WebSocket from its upgrade request', async () => {
    trusted.lines.length = 0;
    const socket = new WebSocket(trusted.h.url.replace(/^http/, 'ws'), 'graphql-transport-ws', { headers: xff('203.0.113.99') });
    const messages: Array<{ type: string }> = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as { type: string }));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    await waitUntil(() => messages.some((m) => m.type === 'connection_ack'), 5_000, 'connection_ack');
    socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: '{ __typename }' } }));
    await waitUntil(() => messages.some((m) => m.type === 'complete'), 5_000, 'the operation to complete');
    socket.close();
    const access = trusted.lines.map((line) => JSON.parse(line) as { msg: string }).filter((line) => line.msg === 'access');
    expect(access).toEqual([expect.objectContaining({ transport: 'ws', client: 'ip:203.0.113.99', outcome: 'ok' })]);
  });
});

describe('TRUST_PROXY values', () => {
  it('reads false, hop counts, and lists of addresses, CIDRs and named ranges', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '3' }).trustProxy).toEqual({ hops: 3 });
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 192.168.0.0/16,fd00::/8 , ::1, loopback, uniquelocal' }).trustProxy).toEqual({
      addresses: ['10.0.0.5', '192.168.0.0/16', 'fd00::/8', '::1', 'loopback', 'uniquelocal'],
    });
    expect(loadConfig({}).trustProxyHeader).toBe('x-forwarded-for');
    expect(loadConfig({ TRUST_PROXY_HEADER: 'Forwarded' }).trustProxyHeader).toBe('forwarded');
  });

  it.each([
    ['TRUST_PROXY', 'true', /hop count or the proxies' addresses/],
    ['TRUST_PROXY', '33', /outside 0\.\.32/],
    ['TRUST_PROXY', '10.0.0.256', /"10\.0\.0\.256" is not an IP address/],
    ['TRUST_PROXY', '10.0.0.0/33', /"10\.0\.0\.0\/33"/],
    ['TRUST_PROXY', 'loopback,,10.0.0.1', /"" is not an IP address/],
    ['TRUST_PROXY', 'balancer.internal', /"balancer\.internal" is not an IP address/],
    ['TRUST_PROXY_HEADER', 'x-real-ip', /"x-real-ip" is not one of x-forwarded-for, forwarded/],
  ])('refuses %s=%s at startup, naming the variable', (name, value, message) => {
    const load = () => loadConfig({ [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^${name}: .*${message.source}`));
  });
});
