/**
 * src/http/connections.ts on a plain HTTP server over real sockets, with the event loop's "busy"
 * under the test's control: while busy, an address refused for its bound of connections stays
 * refused below it until PAST_BOUND_MS have passed since its last refusal, while other addresses
 * connect; when not busy, a place its connections free is its own again at once. The bound itself,
 * its hold and its 503 on the whole gateway: test/http/hostile-clients.test.ts.
 */
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Connections, type ConnectionClose, isRefused, PAST_BOUND_MS } from '../../src/http/connections.js';

let server: Server;
let connections: Connections;
let port = 0;
let busy = true;
const refused: ConnectionClose[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  // As the gateway's handler does: a refused socket's requests are not served.
  server = createServer((req, res) => (isRefused(req.socket) ? undefined : res.end('ok')));
  const limits = { maxConnections: 100, maxConnectionsPerAddress: 2, writeTimeoutMs: 10_000, maxUnsentBytes: 1_000_000, maxUnreadConnectionsPerAddress: 8 };
  connections = new Connections(server, limits, () => false, (reason) => refused.push(reason), () => busy);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  connections.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  vi.useRealTimers();
});

/** A connection from `from` that asks for `/` once connected, and whether its answer came within 2 s (a refused one is held unread). */
async function ask(from: string): Promise<{ socket: Socket; answered: boolean }> {
  const socket = connect({ host: '127.0.0.1', port, localAddress: from });
  sockets.push(socket);
  socket.on('error', () => undefined);
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write('GET / HTTP/1.1\r\nhost: x\r\n\r\n');
  await vi.waitFor(() => expect(text).toMatch(/^HTTP\/1\.1 200/), { timeout: 2_000, interval: 20 }).catch(() => undefined);
  return { socket, answered: text.startsWith('HTTP/1.1 200') };
}

/** Closes `socket` and waits until the server has counted it gone (a new one from its address is then under the bound). */
async function closeAndWait(socket: Socket): Promise<void> {
  const before = await new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
  socket.destroy();
  await vi.waitFor(async () => expect(await new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)))).toBeLessThan(before), { timeout: 10_000 });
}

describe('an address refused for its bound of connections', () => {
  it('stays refused below the bound while busy, until PAST_BOUND_MS after its last refusal; others connect meanwhile', async () => {
    busy = true;
    const [first, second] = [await ask('127.0.0.7'), await ask('127.0.0.7')];
    expect([first.answered, second.answered]).toEqual([true, true]);
    // Past the bound: held, unanswered.
    expect((await ask('127.0.0.7')).answered).toBe(false);
    expect(refused).toEqual(['address']);
    // One of its places freed: while busy, a new connection is still refused, another address's is not.
    await closeAndWait(first.socket);
    expect((await ask('127.0.0.7')).answered).toBe(false);
    expect(refused).toEqual(['address', 'address']);
    expect((await ask('127.0.0.8')).answered).toBe(true);
    // Once PAST_BOUND_MS have passed since its last refusal, its place is its own again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PAST_BOUND_MS + 1 });
    expect((await ask('127.0.0.7')).answered).toBe(true);
    expect(refused).toHaveLength(2);
  });

  it('gets a place its connections free at once when the event loop is not busy', async () => {
    busy = true;
    const [first] = [await ask('127.0.0.9'), await ask('127.0.0.9')];
    expect((await ask('127.0.0.9')).answered).toBe(false);
    const before = refused.length;
    await closeAndWait(first.socket);
    busy = false;
    expect((await ask('127.0.0.9')).answered).toBe(true);
    expect(refused).toHaveLength(before);
  });
});
