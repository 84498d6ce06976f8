/**
 * Request sizes: a body past MAX_BODY_BYTES is answered 413 without being buffered (announced or
 * chunked), a URL past MAX_URL_BYTES 414 and a header section past MAX_HEADER_BYTES 431: HTTP
 * answers, not reset connections, and no upstream call.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useSocketHarness } from '../support/harness.js';

const { h } = useSocketHarness({ env: { MAX_BODY_BYTES: '4096' } });

const QUERY = JSON.stringify({ query: '{ network { name } }' });
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, duplex: 'half' } as RequestInit);
const upstreamCalls = () => h.sandbox.services.dataApi.total() + h.sandbox.services.nodeMainnet.total();

/** Sends raw bytes and returns the status line of the answer (or what went wrong). */
function rawStatusLine(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(answer.split('\r\n')[0] || `error ${error.code}`));
    socket.on('close', () => resolve(answer.split('\r\n')[0] || 'closed without an answer'));
    socket.write(request);
  });
}

describe('request body', () => {
  it('answers 413 for a body announced past MAX_BODY_BYTES', async () => {
    const response = await post(JSON.stringify({ query: '{ network { name } }', variables: { pad: 'x'.repeat(20_000) } }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
    expect(upstreamCalls()).toBe(0);
  });

  it('answers 413 for a chunked body once it passes MAX_BODY_BYTES', async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Without a limit this would go on for 20 MB.
        if (sent >= 20_000_000) return controller.close();
        sent += 1024;
        controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
      },
    });
    const response = await post(stream);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(20_000_000);
  });

  it('still answers bodies within the limit', async () => {
    const response = await post(QUERY);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { network: { name: 'MAINNET' } } });
  });
});

describe('URL and headers', () => {
  const port = () => Number(new URL(h.url).port);
  const get = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${h.url}?query=${encodeURIComponent(query)}`, { headers: { 'x-graphql-yoga-csrf': '1', ...headers } });

  it('answers 414 for a URL past MAX_URL_BYTES, however long', async () => {
    for (const size of [20_000, 60_000]) {
      const response = await get(`{ network { name } } #${'x'.repeat(size)}`);
      expect(response.status, String(size)).toBe(414);
      expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: 'URI_TOO_LONG' } }] });
    }
    const raw = await rawStatusLine(port(), `GET /graphql?query=${'x'.repeat(60_000)} HTTP/1.1\r\nhost: localhost\r\n\r\n`);
    expect(raw).toBe('HTTP/1.1 414 URI Too Long');
  });

  it('answers 431 for headers past MAX_HEADER_BYTES, however large', async () => {
    for (const size of [40_000, 100_000]) {
      const response = await get('{ network { name } }', { 'x-padding': 'y'.repeat(size) });
      expect(response.status, String(size)).toBe(431);
    }
    const raw = await rawStatusLine(port(), `GET /graphql HTTP/1.1\r\nhost: localhost\r\nx-padding: ${'y'.repeat(100_000)}\r\n\r\n`);
    expect(raw).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(upstreamCalls()).toBe(0);
  });
});
