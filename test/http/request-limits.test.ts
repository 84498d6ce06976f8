/**
 * Request sizes: a body past MAX_BODY_BYTES is answered 413 without being buffered (announced or
 * chunked), a URL past MAX_URL_BYTES 414 and a header section past MAX_HEADER_BYTES 431: HTTP
 * answers, not reset connections, and no upstream call. And how deep values nest (MAX_VALUE_DEPTH):
 * in the document or in the variables, past the limit a client error says so, with no upstream call.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SELECTION_NESTING } from '../../src/plugins/value-depth.js';
import { startSocketHarness, useSocketHarness, type SocketHarness } from '../support/harness.js';

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

  it('answers 413 to each of 8 clients sending 20 MB bodies at once, announced or chunked: none sees a reset (EPIPE) instead', async () => {
    const { port } = new URL(h.url);
    const send = (chunked: boolean) =>
      new Promise<string>((resolve) => {
        const size = 20 * 1024 * 1024;
        const req = httpRequest(
          { host: '127.0.0.1', port, path: '/graphql', method: 'POST', headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': size }) } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(String(res.statusCode)));
            res.on('error', (error: NodeJS.ErrnoException) => resolve(`response ${error.code}`));
          },
        );
        req.on('error', (error: NodeJS.ErrnoException) => resolve(`error ${error.code}`));
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        const write = () => {
          while (sent < size) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', write);
          }
          req.end();
        };
        write();
      });
    for (const chunked of [false, true]) expect(await Promise.all(Array.from({ length: 8 }, () => send(chunked)))).toEqual(Array.from({ length: 8 }, () => '413'));
    expect(upstreamCalls()).toBe(0);
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

describe('value depth', () => {
  // The production defaults the harness changes (the response cache, whose key reads every variable),
  // and room for documents of many tokens: the depth limit answers, not the token limit.
  let deep: SocketHarness;
  beforeAll(async () => {
    deep = await startSocketHarness({ MAX_VALUE_DEPTH: '3', MAX_TOKENS: '100000', MAX_BODY_BYTES: '2000000', RESPONSE_CACHE_MAX_ENTRIES: '1000' });
  });
  afterAll(() => deep?.close());

  const WALLET = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
  const nested = (levels: number, open = '[', close = ']', inner = `"${WALLET}"`) => open.repeat(levels) + inner + close.repeat(levels);
  const balances = (value: string) => `{ chain(id: "43114") { address(address: "${WALLET}") { erc20Balances(first: 1, contractAddresses: ${value}) { nodes { symbol } } } } }`;
  const BY_VARIABLE = `query($c: [String!]) { chain(id: "43114") { address(address: "${WALLET}") { erc20Balances(first: 1, contractAddresses: $c) { nodes { symbol } } } } }`;
  /** Posts a body as text (a JSON.stringify of 100,000 levels would overflow the test's own stack); status and answer. */
  const send = async (body: string, accept = 'application/graphql-response+json, application/json') => {
    const response = await fetch(deep.url, { method: 'POST', headers: { 'content-type': 'application/json', accept, 'x-data-api-key': 'value-depth' }, body });
    return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: Array<{ message: string; extensions: Record<string, unknown> }> } };
  };
  const calls = () => deep.sandbox.services.dataApi.total();

  it('refuses a list or input object literal nested 3,000 deep (and 50,000, which overflowed the parser) with GRAPHQL_PARSE_FAILED, HTTP 400, no call', async () => {
    for (const [value, opener] of [[nested(3000), '['], [nested(3000, '{a: ', '}'), '{a: '], [nested(50_000), '[']] as const) {
      const query = balances(value);
      const { status, body } = await send(JSON.stringify({ query }));
      expect(status).toBe(400);
      expect(body.errors).toEqual([
        {
          message: 'Syntax Error: a value nests deeper than 3 levels of lists and input objects (MAX_VALUE_DEPTH).',
          // At the fourth level.
          locations: [{ line: 1, column: query.indexOf(value) + 3 * opener.length + 1 }],
          extensions: { code: 'GRAPHQL_PARSE_FAILED', requestId: expect.any(String) },
        },
      ]);
    }
    // As yoga answers a syntax error: 200 to a client that takes only plain JSON.
    expect((await send(JSON.stringify({ query: balances(nested(3000)) }), 'application/json')).status).toBe(200);
    expect(calls()).toBe(0);
  });

  it(`refuses selection sets nested past ${MAX_SELECTION_NESTING} levels (20,000 overflowed the parser) with GRAPHQL_PARSE_FAILED, HTTP 400; at the bound graphql-armor answers`, async () => {
    /** `levels` selection sets, one in another: the operation's, the chain's, then inline fragments. */
    const selections = (levels: number) => `{ chain(id: "43114") {${' ... on Chain {'.repeat(levels - 2)} chainName ${'}'.repeat(levels)}`;
    for (const levels of [MAX_SELECTION_NESTING + 1, 20_000]) {
      const query = selections(levels);
      const { status, body } = await send(JSON.stringify({ query }));
      expect(status).toBe(400);
      expect(body.errors).toEqual([
        {
          message: `Syntax Error: selection sets nest deeper than ${MAX_SELECTION_NESTING} levels.`,
          // At the brace one past the bound.
          locations: [{ line: 1, column: query.split('{', MAX_SELECTION_NESTING + 1).join('{').length + 1 }],
          extensions: { code: 'GRAPHQL_PARSE_FAILED', requestId: expect.any(String) },
        },
      ]);
    }
    // At the bound the document parses, and graphql-armor answers it as any other: fields that deep
    // are past MAX_DEPTH, inline fragments that deep past MAX_COST.
    for (const query of [`{${'a{'.repeat(MAX_SELECTION_NESTING - 1)}b${'}'.repeat(MAX_SELECTION_NESTING)}`, selections(MAX_SELECTION_NESTING)]) {
      const { status, body } = await send(JSON.stringify({ query }));
      expect(status).toBe(400);
      expect(body.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
    expect(calls()).toBe(0);
  });

  it('refuses a variable holding JSON nested 100,000 deep with BAD_USER_INPUT naming it, HTTP 400, no call', async () => {
    for (const value of [nested(100_000, '[', ']', '"x"'), nested(100_000, '{"a":', '}', '"x"')]) {
      // Declared and used, declared only, or not even declared: refused before anything reads it.
      for (const query of [BY_VARIABLE, 'query($c: [String!]) { chain(id: "43114") { chainName } }', '{ chain(id: "43114") { chainName } }']) {
        const { status, body } = await send(`{"query":${JSON.stringify(query)},"variables":{"c":${value}}}`);
        expect(status).toBe(400);
        expect(body).toEqual({
          errors: [{ message: 'Variable "$c" nests deeper than 3 levels of lists and input objects (MAX_VALUE_DEPTH).', extensions: { code: 'BAD_USER_INPUT', variable: 'c', requestId: expect.any(String) } }],
        });
      }
    }
    expect((await send(`{"query":${JSON.stringify(BY_VARIABLE)},"variables":{"c":${nested(10)}}}`, 'application/json')).status).toBe(200);
    expect(calls()).toBe(0);
  });

  it('lets a value at the limit through, in the document and in a variable: the graph\'s deepest argument, 3 levels', async () => {
    const input = { url: 'https://hooks.example/depth', evmAddressActivity: { chainId: '43114', addresses: [WALLET] } };
    const create = 'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { webhookId } }';
    const literal = `mutation { createWebhook(input: { url: "${input.url}", evmAddressActivity: { chainId: "43114", addresses: ["${WALLET}"] } }) { webhookId } }`;
    for (const body of [{ query: create, variables: { input } }, { query: literal }]) {
      const { body: answer } = await send(JSON.stringify(body));
      expect(answer.errors).toBeUndefined();
      expect(answer.data).toMatchObject({ createWebhook: { webhookId: expect.any(String) } });
    }
    expect(deep.sandbox.services.dataApi.counts()).toMatchObject({ 'POST /v1/webhooks': 2 });
    // Brackets in a string or a comment are no values.
    const quoted = await send(JSON.stringify({ query: `# [[[[[[\n${balances('["[[[[[["]')}` }));
    expect(quoted.body.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', argument: 'contractAddresses[0]', requestId: expect.any(String) });
    // One level more is refused, in either place.
    expect((await send(JSON.stringify({ query: balances(nested(4)) }))).body.errors?.[0]?.extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect((await send(JSON.stringify({ query: BY_VARIABLE, variables: { c: [[[[WALLET]]]] } }))).body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });
});
