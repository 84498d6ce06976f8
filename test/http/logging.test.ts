/**
 * The gateway's log as an operator reads it: JSON lines, a request id taken or made and found in
 * every line and error of its request, one access line per operation with what it cost upstream,
 * unexpected errors with their stack, and no key anywhere.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { createGatewayLogger } from '../../src/observability/logger.js';
import { breakUpstream } from '../support/broken-upstreams.js';
import { startHarness, useHarness, type Harness } from '../support/harness.js';

const SERVER_KEY = 'server-key-for-logs-0123456789';
const FEDERATION_SECRET = 'router-secret-for-logs-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Line {
  level: string;
  time: string;
  msg: string;
  requestId?: string;
  [field: string]: unknown;
}

const lines: string[] = [];
const shared = useHarness({
  env: { LOG_LEVEL: 'debug', DATA_API_KEY: SERVER_KEY, DATA_API_KEY_HEADER: 'x-custom-api-key', FEDERATION_SECRET },
  keyPerTest: 'logs',
  log: (line) => void lines.push(line),
});
const { h, headers } = shared;
beforeEach(() => {
  lines.length = 0;
});

const logged = (): Line[] => lines.map((line) => JSON.parse(line) as Line);
const accessLines = () => logged().filter((line) => line.msg === 'access');

/** POSTs a body to /graphql with the test's key and `extra` headers; the response and its parsed body. */
async function post(body: unknown, extra: Record<string, string> = {}) {
  const response = await h.fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', ...headers, ...extra },
    body: JSON.stringify(body),
  });
  return { response, body: (await response.json()) as any };
}

const TX_ROUTE = 'GET /v1/chains/{chainId}/transactions/{txHash}';
const KNOWN = 'query Known($hash: String!) { chains(network: MAINNET) { chainId } chain(id: "43114") { transaction(hash: $hash) { hash } } }';
const txHash = () => h.sandbox.world.evm.chain(43114)!.transactions[7]!.hash;

describe('log lines', () => {
  it('are JSON lines with a level name, an ISO time and a message', async () => {
    await post({ query: '{ chains(network: MAINNET) { chainId } }' });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.endsWith('\n')).toBe(true);
      const parsed = JSON.parse(line) as Line;
      expect(['debug', 'info', 'warn', 'error']).toContain(parsed.level);
      expect(new Date(parsed.time).toISOString()).toBe(parsed.time);
      expect(typeof parsed.msg).toBe('string');
    }
  });
});

describe('request id', () => {
  it("takes the caller's x-request-id when it is sane, answers it back and logs it", async () => {
    const given = 'trace-4bf92f3577b34da6.a3ce929d:0e0e=4736/ff+1_x';
    const { response } = await post({ query: '{ chains(network: MAINNET) { chainId } }' }, { 'x-request-id': given });
    expect(response.headers.get('x-request-id')).toBe(given);
    expect(accessLines()).toEqual([expect.objectContaining({ requestId: given })]);
  });

  it('makes one when there is none, or when the given one is malformed or oversized', async () => {
    const refused = ['has a space', 'semi;colon', '<script>', 'ünïcode', 'a'.repeat(129), 'line\tbreak'];
    const made = new Set<string>();
    for (const given of [undefined, ...refused]) {
      lines.length = 0;
      const { response } = await post({ query: '{ chains(network: MAINNET) { chainId } }' }, given === undefined ? {} : { 'x-request-id': given });
      const id = response.headers.get('x-request-id')!;
      expect(id, given).toMatch(UUID);
      expect(accessLines(), given).toEqual([expect.objectContaining({ requestId: id })]);
      if (given) expect(lines.join(''), given).not.toContain(JSON.stringify(given).slice(1, -1));
      made.add(id);
    }
    expect(made.size).toBe(refused.length + 1);
    // 128 characters are still taken.
    const longest = 'b'.repeat(128);
    expect((await post({ query: '{ __typename }' }, { 'x-request-id': longest })).response.headers.get('x-request-id')).toBe(longest);
  });

  it('is in every line of its request and in every error of its answer, with the stack of an unexpected one', async () => {
    // Every Data API read of this test fails as a bug would: neither an upstream failure nor a GraphQL error.
    const restore = breakUpstream(h.server.upstreams, 'dataApi', 'a bug in a resolver');
    try {
      const { response, body } = await post([
        { query: 'query Broken { chains(network: FUJI) { chainId } }' },
        { query: 'query Refused { chain(id: "43114") { block(hash: "not-a-hash") { number } } }' },
      ]);
      const id = response.headers.get('x-request-id')!;
      expect(id).toMatch(UUID);
      expect(body.map((answer: any) => answer.errors.map((error: any) => [error.extensions.code, error.extensions.requestId]))).toEqual([
        [['INTERNAL_SERVER_ERROR', id]],
        [['BAD_USER_INPUT', id]],
      ]);
      const text = JSON.stringify(body);
      expect(text).not.toContain('a bug in a resolver');
      expect(text).not.toContain('stack');

      const all = logged();
      expect(all.map((line) => [line.msg, line.requestId])).toEqual([
        ['unexpected error', id],
        ['access', id],
        ['access', id],
      ]);
      const [unexpected] = all as Array<Line & { err: { type: string; stack: string } }>;
      expect(unexpected!.level).toBe('error');
      expect(unexpected!.err.stack).toMatch(/^TypeError: a bug in a resolver\n\s+at /);
    } finally {
      restore();
    }
  });
});

describe('access line', () => {
  it('tells each operation: name, type, status, upstream requests as the services counted them, cache answers, outcome, client', async () => {
    const hash = txHash();
    const first = await post({ query: KNOWN, variables: { hash } });
    expect(first.body.errors).toBeUndefined();
    expect(shared.dataApi.counts()).toEqual({ 'GET /v1/chains': 1, [TX_ROUTE]: 1 });
    const [line] = accessLines();
    expect(line).toEqual({
      level: 'info',
      time: expect.any(String),
      msg: 'access',
      requestId: first.response.headers.get('x-request-id'),
      operationName: 'Known',
      operationType: 'query',
      transport: 'http',
      status: 200,
      durationMs: expect.any(Number),
      upstreamRequests: 2,
      cacheAnswers: 0,
      outcome: 'ok',
      // The client as the per-client bounds count it: its address (none in process), never its key.
      client: expect.stringMatching(/^ip:/),
    });

    // Again: both answers come from the shared cache, and the services see no call.
    h.sandbox.reset();
    lines.length = 0;
    await post({ query: KNOWN, variables: { hash } });
    expect(h.sandbox.services.dataApi.total()).toBe(0);
    expect(accessLines()).toEqual([expect.objectContaining({ operationName: 'Known', upstreamRequests: 0, cacheAnswers: 2, client: line!.client })]);
  });

  it('tells a failed operation with its codes and status, and a request refused before any operation', async () => {
    await post({ query: 'query Refused { chain(id: "43114") { block(hash: "not-a-hash") { number } } }' });
    await post({ query: '{ chains(network: MAINNET) { noSuchField } }' });
    h.sandbox.services.dataApi.setFault('GET /v1/chains', { status: 503, times: 5 });
    await post({ query: 'query Sick { chains(network: MAINNET) { chainId } }' });
    // A form post: refused by CSRF prevention before any operation.
    const form = await h.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{ __typename }' });
    expect(form.status).toBe(403);
    const [refused, invalid, sick, csrf] = accessLines();
    expect(refused).toMatchObject({ operationName: 'Refused', status: 200, upstreamRequests: 0, outcome: 'errors', errorCodes: ['BAD_USER_INPUT'] });
    expect(invalid).toMatchObject({ status: 400, upstreamRequests: 0, outcome: 'errors', errorCodes: ['GRAPHQL_VALIDATION_FAILED'] });
    expect(sick).toMatchObject({ operationName: 'Sick', status: 200, upstreamRequests: h.sandbox.services.dataApi.total(), outcome: 'errors', errorCodes: ['UPSTREAM_ERROR'] });
    expect(csrf).toMatchObject({ requestId: form.headers.get('x-request-id'), status: 403, outcome: 'errors', errorCodes: ['FORBIDDEN'] });
    expect(csrf).not.toHaveProperty('operationName');
  });

  it('counts a call refused unsent (an upstream\'s Retry-After window) as no request', async () => {
    h.sandbox.services.dataApi.setFault('GET /v1/chains', { status: 429, retryAfter: 30, times: 1 });
    await post({ query: 'query Limited { chains(network: MAINNET) { chainId } }' });
    // The window is open for this key: the next call is refused before it is sent.
    await post({ query: 'query Waiting { chains(network: MAINNET) { chainId } }' });
    expect(shared.dataApi.counts()).toEqual({ 'GET /v1/chains': 1 });
    expect(accessLines()).toEqual([
      expect.objectContaining({ operationName: 'Limited', upstreamRequests: 1, cacheAnswers: 0, outcome: 'errors', errorCodes: ['RATE_LIMITED'] }),
      expect.objectContaining({ operationName: 'Waiting', upstreamRequests: 0, cacheAnswers: 0, outcome: 'errors', errorCodes: ['RATE_LIMITED'] }),
    ]);
  });

  it('tells a query answered in payloads (@defer) once its last payload is sent, with the deferred part\'s requests', async () => {
    const response = await h.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed', ...headers },
      body: JSON.stringify({ query: 'query DeferredHead { chain(id: "43114") { chainId ... @defer(label: "head") { latestBlockNumber } } }' }),
    });
    expect(response.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    expect(await response.text()).toContain('latestBlockNumber');
    // The chain's head comes from its node, in the deferred payload (one request, whatever the methods it carries).
    const node = h.sandbox.services.nodeMainnet.recent.length;
    expect(node).toBeGreaterThan(0);
    expect(accessLines()).toEqual([
      expect.objectContaining({
        requestId: response.headers.get('x-request-id'),
        operationName: 'DeferredHead',
        status: 200,
        upstreamRequests: h.sandbox.services.dataApi.total() + node,
        outcome: 'ok',
      }),
    ]);
  });

  it("keeps at most 64 characters of an operation's name, as the span does", async () => {
    const name = `Long${'x'.repeat(300)}`;
    await post({ query: `query ${name} { __typename }` });
    expect(accessLines()).toEqual([expect.objectContaining({ operationName: name.slice(0, 64), outcome: 'ok' })]);
  });
});

describe('keys', () => {
  it('never writes a key, a secret or a credential header into a line', async () => {
    const callerKey = 'caller-key-for-logs-9876543210';
    const credentials = {
      'x-data-api-key': callerKey,
      'x-glacier-api-key': `${callerKey}-glacier`,
      'x-custom-api-key': `${callerKey}-custom`,
      authorization: `Bearer ${callerKey}-bearer`,
      cookie: `session=${callerKey}-cookie`,
      'x-federation-secret': FEDERATION_SECRET,
    };
    const { 'x-data-api-key': _key, 'x-glacier-api-key': _glacier, ...keyless } = credentials;
    // The Data API echoes the key it was sent, as a real service's 401 may: the caller's, then the gateway's.
    for (const [sent, sentHeaders] of [[callerKey, credentials], [SERVER_KEY, keyless]] as const) {
      h.sandbox.services.dataApi.setFault('GET /v1/chains', { status: 401, body: { message: `invalid key ${sent}` }, times: 1 });
      const response = await h.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...sentHeaders },
        body: JSON.stringify({ query: '{ chains(network: MAINNET) { chainId } }' }),
      });
      expect(((await response.json()) as any).errors[0].extensions).toMatchObject({ code: 'UPSTREAM_ERROR', status: 401 });
    }
    expect(h.sandbox.services.dataApi.recent.map((r) => r.headers['x-custom-api-key'])).toEqual([callerKey, SERVER_KEY]);
    // What a careless line would write: every header, and the configured values themselves.
    h.server.logger.info({ headers: credentials, req: { headers: credentials } }, 'request headers');
    h.server.logger.warn(`configured: ${SERVER_KEY} ${FEDERATION_SECRET}`);

    const text = lines.join('');
    expect(logged().some((line) => typeof line.msg === 'string' && line.msg.includes('answered 401'))).toBe(true);
    for (const value of [callerKey, SERVER_KEY, FEDERATION_SECRET]) expect(text).not.toContain(value);
    const careless = logged().find((line) => line.msg === 'request headers') as Line & { headers: Record<string, string>; req: { headers: Record<string, string> } };
    for (const name of Object.keys(credentials)) {
      expect(careless.headers[name], name).toBe('[redacted]');
      expect(careless.req.headers[name], name).toBe('[redacted]');
    }
    expect(logged().find((line) => line.level === 'warn')!.msg).toBe('configured: [redacted] [redacted]');
  });
});

describe('REDIS_URL', () => {
  it.each([
    ['one server', 'redis://:server%2Fpass-0123@redis:6379/0', ['server/pass-0123']],
    ['a Sentinel group', 'redis+sentinel://:node-pass-0123@s1:26379,s2/mymaster?sentinel_password=sentinel-pass-0123', ['node-pass-0123', 'sentinel-pass-0123']],
    ['a Cluster', 'redis+cluster://user:cluster-pass-0123@n1:6379,n2:6379', ['cluster-pass-0123']],
  ])('gives passwords no line holds: %s', (_form, url, passwords) => {
    const written: string[] = [];
    const logger = createGatewayLogger(loadConfig({ REDIS_URL: url }), (line) => void written.push(line));
    for (const password of passwords) logger.warn({ err: new Error(`AUTH ${password} refused`) }, `connecting with ${password}`);
    expect(written).toHaveLength(passwords.length);
    for (const password of passwords) expect(written.join('')).not.toContain(password);
    expect(written.join('')).toContain('connecting with [redacted]');
  });
});

describe('with the response cache', () => {
  let cached: Harness;
  const cachedLines: string[] = [];
  beforeEach(async () => {
    cached = await startHarness({ LOG_LEVEL: 'info', RESPONSE_CACHE_MAX_ENTRIES: '100', RESPONSE_CACHE_KNOWN_KEYS: '0' }, { logger: (line) => void cachedLines.push(line) });
  });
  afterEach(() => cached.close());

  it('says when the whole answer came from it, with the operation it answered', async () => {
    const query = 'query Chains { chains(network: MAINNET) { chainId } }';
    const key = { 'x-data-api-key': 'response-cache-logs' };
    expect((await cached.query(query, {}, key)).errors).toBeUndefined();
    expect((await cached.query(query, {}, key)).extensions?.responseCache).toMatchObject({ hit: true });
    const [miss, hit] = cachedLines.map((line) => JSON.parse(line) as Line).filter((line) => line.msg === 'access');
    expect(miss).toMatchObject({ operationName: 'Chains', operationType: 'query', upstreamRequests: 1, cacheAnswers: 0, outcome: 'ok' });
    expect(miss).not.toHaveProperty('responseCache');
    expect(hit).toMatchObject({ operationName: 'Chains', operationType: 'query', upstreamRequests: 0, cacheAnswers: 0, responseCache: 'hit', outcome: 'ok' });
    expect(cached.sandbox.services.dataApi.total()).toBe(1);
  });
});

describe('above info', () => {
  let quiet: Harness;
  const quietLines: string[] = [];
  beforeEach(async () => {
    quiet = await startHarness({ LOG_LEVEL: 'warn' }, { logger: (line) => void quietLines.push(line) });
  });
  afterEach(() => quiet.close());

  it('writes no access line, and still answers and stamps the request id', async () => {
    const response = await quiet.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'quiet-1' },
      body: JSON.stringify({ query: '{ chain(id: "43114") { block(hash: "nope") { number } } }' }),
    });
    expect(response.headers.get('x-request-id')).toBe('quiet-1');
    expect(((await response.json()) as any).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', requestId: 'quiet-1' });
    expect(quietLines).toEqual([]);
  });
});
