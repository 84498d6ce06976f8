/**
 * Clients that lie about their pace or their name, over real sockets with short deadlines: a head or
 * a body sent too slowly is answered 408 and its socket closed by its deadline; a body still arriving
 * holds no admission slot, so the clients that have sent theirs are served meanwhile; one address's
 * half-sent bodies take at most its share of the bytes being read; an address past its connections
 * gets a 503 before anything is read (and nothing it sends is served), while other addresses connect; a client that stops reading its
 * answers is cut after WRITE_TIMEOUT_MS and holds no slot meanwhile; an address whose connections
 * leave answers unread gets its new connections refused. Made-up keys buying no share:
 * test/http/admission.test.ts. The same attacks at scale, beside an honest client: `npm run bench:hostile`.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressGroup } from '../../src/lib/client-ip.js';
import { startSocketHarness, type SocketHarness } from '../support/harness.js';
import { HEAVY_QUERY } from '../support/crowd.js';

const QUERY = JSON.stringify({ query: '{ chain(id: "43114") { chainId } }' });

/** A raw connection from `from` (a loopback address), what the server sent on it, and when it closed. */
interface Raw {
  socket: Socket;
  received: () => string;
  closed: Promise<number>;
}

function open(url: string, from = '127.0.0.1'): Promise<Raw> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress: from });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done) => socket.once('close', () => done(performance.now())));
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

const head = (length: number, extra = '') =>
  `POST /graphql HTTP/1.1\r\nhost: gateway\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n${extra}\r\n`;

const statusOf = (raw: Raw) => raw.received().split('\r\n')[0];
const bodyOf = (raw: Raw) => JSON.parse(raw.received().slice(raw.received().indexOf('\r\n\r\n') + 4)) as { errors: Array<{ extensions: Record<string, unknown> }> };

describe('deadlines of what a client sends', () => {
  let h: SocketHarness;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    h = await startSocketHarness({ HEADERS_TIMEOUT_MS: '1000', BODY_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '3000', MAX_OPERATIONS_IN_FLIGHT: '1', MAX_QUEUED_OPERATIONS: '0' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await h.close();
  });
  const track = (raw: Raw) => (sockets.push(raw.socket), raw);

  it('answers a head not finished within HEADERS_TIMEOUT_MS with 408 REQUEST_TIMEOUT and closes its socket', async () => {
    const raw = track(await open(h.url));
    const start = performance.now();
    raw.socket.write('POST /graphql HTTP/1.1\r\nhost: gateway\r\n');
    const closedAt = await raw.closed;
    expect(statusOf(raw)).toBe('HTTP/1.1 408 Request Timeout');
    expect(bodyOf(raw).errors[0]!.extensions).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    // The deadline, checked every second, plus room for a busy machine; Node's default was 60-90 s.
    expect(closedAt - start).toBeLessThan(6_000);
  });

  it('serves other clients while bodies trickle in (they hold no slot), then answers each trickle 408 after a BODY_TIMEOUT_MS gap', async () => {
    // One slot and no queue: were a slow body holding the slot, the next request would get 503.
    const slow = await Promise.all([1, 2, 3].map(async () => track(await open(h.url, '127.0.0.2'))));
    const start = performance.now();
    for (const raw of slow) raw.socket.write(`${head(100_000)}{"query":`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: QUERY });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ data: { chain: { chainId: '43114' } } });
    }
    expect(h.server.admission.stats().inFlight).toBe(0);
    for (const raw of slow) {
      const closedAt = await raw.closed;
      expect(statusOf(raw)).toBe('HTTP/1.1 408 Request Timeout');
      expect(bodyOf(raw).errors[0]!.extensions).toMatchObject({ code: 'REQUEST_TIMEOUT' });
      expect(closedAt - start).toBeLessThan(6_000);
    }
    const metrics = await (await h.fetch('/metrics')).text();
    expect(metrics).toMatch(/^avalanche_graph_connections_closed_total\{reason="body-timeout"\} 3$/m);
  });

  it('answers a body that keeps trickling (no gap past BODY_TIMEOUT_MS) 408 at REQUEST_TIMEOUT_MS', async () => {
    const raw = track(await open(h.url, '127.0.0.3'));
    const start = performance.now();
    raw.socket.write(head(1000));
    const drip = setInterval(() => raw.socket.writable && raw.socket.write(' '), 300);
    try {
      const closedAt = await raw.closed;
      expect(statusOf(raw)).toBe('HTTP/1.1 408 Request Timeout');
      // Not before the whole request's deadline (3 s): no gap was long enough.
      expect(closedAt - start).toBeGreaterThan(2_500);
      expect(closedAt - start).toBeLessThan(8_000);
    } finally {
      clearInterval(drip);
    }
  });
});

describe('what one address may hold', () => {
  let h: SocketHarness;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // One address may hold a quarter of 1 MiB of bodies being read, and three connections.
    h = await startSocketHarness({ MAX_BODY_BYTES: '200000', MAX_BODY_BYTES_READING: String(1024 * 1024), MAX_CONNECTIONS_PER_ADDRESS: '3', BODY_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await h.close();
  });
  const track = (raw: Raw) => (sockets.push(raw.socket), raw);

  it('refuses a body past its address\'s share of MAX_BODY_BYTES_READING with 429, while another address sends its own', async () => {
    const first = track(await open(h.url, '127.0.0.4'));
    first.socket.write(head(200_000) + 'x'.repeat(190_000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The same address: 190 KB held, 100 KB more passes its 256 KiB.
    const second = track(await open(h.url, '127.0.0.4'));
    second.socket.write(head(200_000) + 'x'.repeat(100_000));
    await second.closed;
    expect(statusOf(second)).toBe('HTTP/1.1 429 Too Many Requests');
    expect(bodyOf(second).errors[0]!.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(second.received()).toMatch(/\r\nretry-after: \d+\r\n/i);
    // Another address's body is read, and its operation runs.
    const other = track(await open(h.url, '127.0.0.5'));
    other.socket.write(head(Buffer.byteLength(QUERY)) + QUERY);
    await expect.poll(() => statusOf(other), { timeout: 30_000 }).toBe('HTTP/1.1 200 OK');
    first.socket.destroy();
  });

  it('holds a connection past MAX_CONNECTIONS_PER_ADDRESS unread, then answers it 503 and closes it, and lets other addresses connect', async () => {
    const held = await Promise.all([1, 2, 3].map(async () => track(await open(h.url, '127.0.0.6'))));
    const fourth = track(await open(h.url, '127.0.0.6'));
    // What it sends is not served. It is held first, not answered at once (a client reconnecting
    // upon each refusal would otherwise make one per round trip); the 503 ends the hold.
    fourth.socket.write(head(Buffer.byteLength(QUERY)) + QUERY);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(fourth.received()).toBe('');
    expect(fourth.socket.destroyed).toBe(false);
    await fourth.closed;
    expect(statusOf(fourth)).toBe('HTTP/1.1 503 Service Unavailable');
    expect(fourth.received().match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(bodyOf(fourth).errors[0]!.extensions).toMatchObject({ code: 'OVERLOADED', reason: 'connections' });
    const answer = await fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: QUERY });
    expect(answer.status).toBe(200);
    // A connection closed gives its place back (once the server has seen it close; an attempt before
    // that is refused, and while the event loop is busy, so are the next for PAST_BOUND_MS).
    held[0]!.socket.destroy();
    await expect
      .poll(async () => {
        const again = track(await open(h.url, '127.0.0.6'));
        again.socket.write(head(Buffer.byteLength(QUERY)) + QUERY);
        await Promise.race([again.closed, new Promise((resolve) => setTimeout(resolve, 500))]);
        again.socket.destroy();
        return statusOf(again);
      }, { timeout: 30_000 })
      .toBe('HTTP/1.1 200 OK');
    const metrics = await (await h.fetch('/metrics')).text();
    expect(metrics).toMatch(/^avalanche_graph_connections_closed_total\{reason="address"\} [1-9]\d*$/m);
  });
});

describe('a client that stops reading', () => {
  let h: SocketHarness;
  beforeAll(async () => {
    h = await startSocketHarness({ WRITE_TIMEOUT_MS: '1000' });
  });
  afterAll(() => h.close());

  it('is cut after WRITE_TIMEOUT_MS without taking a byte, and holds no admission slot while its answers wait', async () => {
    const raw = await open(h.url, '127.0.0.7');
    raw.socket.pause();
    // Many large answers asked for at once, none read: more than the kernel's buffers take.
    const body = JSON.stringify({ query: HEAVY_QUERY });
    raw.socket.write(Array.from({ length: 300 }, () => head(Buffer.byteLength(body)) + body).join(''));
    // Its answers are written out: no operation of it is left running on the slot while it waits.
    await expect.poll(() => h.server.admission.stats().inFlight, { timeout: 30_000 }).toBe(0);
    // The gateway cuts it (its own count says so); read at last, the socket ends.
    await expect
      .poll(async () => (await (await h.fetch('/metrics')).text()).match(/^avalanche_graph_connections_closed_total\{reason="write-timeout"\} (\d+)$/m)?.[1], { timeout: 30_000 })
      .toBe('1');
    raw.socket.resume();
    await raw.closed;
    // Everyone else is served meanwhile and after.
    expect((await fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: QUERY })).status).toBe(200);
  }, 60_000);
});

describe('an address that leaves its answers unread', () => {
  let h: SocketHarness;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    h = await startSocketHarness({ MAX_UNREAD_CONNECTIONS_PER_ADDRESS: '2', WRITE_TIMEOUT_MS: '30000' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await h.close();
  });
  const track = (raw: Raw) => (sockets.push(raw.socket), raw);

  it('gets its new connections refused 429 unread, while its reading connection and other addresses are served', async () => {
    // A neighbour behind the same address, on a keep-alive connection that reads its answers.
    const neighbour = track(await open(h.url, '127.0.0.8'));
    const answers = () => neighbour.received().match(/HTTP\/1\.1 200 OK/g)?.length ?? 0;
    neighbour.socket.write(head(Buffer.byteLength(QUERY)) + QUERY);
    // Bounds generous enough for a loaded machine: the address's own heavy work runs beside these.
    await expect.poll(answers, { timeout: 30_000 }).toBe(1);
    // It goes on asking every 2 s: an idle keep-alive connection is closed after 5 s, and the looks below may take longer.
    const asking = setInterval(() => neighbour.socket.write(head(Buffer.byteLength(QUERY)) + QUERY), 2_000);
    try {
      // Two connections of it ask for many large answers and read none.
      const body = JSON.stringify({ query: HEAVY_QUERY });
      for (let i = 0; i < 2; i++) {
        const raw = track(await open(h.url, '127.0.0.8'));
        raw.socket.pause();
        raw.socket.write(Array.from({ length: 300 }, () => head(Buffer.byteLength(body)) + body).join(''));
      }
      // Within a couple of looks, a new connection from the address is answered before it is read.
      await expect
        .poll(
          async () => {
            const again = track(await open(h.url, '127.0.0.8'));
            again.socket.write(head(Buffer.byteLength(QUERY)) + QUERY);
            await Promise.race([again.closed, new Promise((resolve) => setTimeout(resolve, 500))]);
            again.socket.destroy();
            return statusOf(again);
          },
          { timeout: 30_000 },
        )
        .toBe('HTTP/1.1 429 Too Many Requests');
      const refused = track(await open(h.url, '127.0.0.8'));
      refused.socket.write(head(Buffer.byteLength(QUERY)) + QUERY);
      await expect.poll(() => statusOf(refused), { timeout: 30_000 }).toBe('HTTP/1.1 429 Too Many Requests');
      expect(bodyOf(refused).errors[0]!.extensions).toMatchObject({ code: 'RATE_LIMITED', reason: 'unread' });
      expect(refused.received()).toMatch(/\r\nretry-after: 60\r\n/i);
      // The neighbour's connection goes on, and another address connects.
      const answered = answers();
      await expect.poll(answers, { timeout: 30_000 }).toBeGreaterThan(answered);
    } finally {
      clearInterval(asking);
    }
    const other = track(await open(h.url, '127.0.0.9'));
    other.socket.write(head(Buffer.byteLength(QUERY)) + QUERY);
    await expect.poll(() => statusOf(other), { timeout: 30_000 }).toBe('HTTP/1.1 200 OK');
    const metrics = await (await h.fetch('/metrics')).text();
    expect(metrics).toMatch(/^avalanche_graph_connections_closed_total\{reason="unread"\} [1-9]\d*$/m);
  }, 60_000);
});

describe('addressGroup', () => {
  it('counts an IPv6 client by its /64, an IPv4-mapped one as IPv4', () => {
    expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe(addressGroup('2001:db8:1:2:bbbb::9'));
    expect(addressGroup('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(addressGroup('2001:db8:1:2::1'));
    expect(addressGroup('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressGroup('192.0.2.1')).toBe('192.0.2.1');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80::/64');
  });
});
