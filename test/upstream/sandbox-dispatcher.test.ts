/**
 * The in-process tier's promise: a call through the sandbox dispatcher (no socket) ends as the same
 * call over a socket does. Each case sends one call both ways to the same service and compares the
 * outcome (the answer, or the UpstreamError's kind, status, message and 429 details) and the calls
 * the service counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxResponse, SandboxService, type Fault } from '@avalanche-graph/sandbox';
import { UpstreamError } from '../../src/upstream/transport/errors.js';
import { HttpTransport } from '../../src/upstream/transport/http.js';
import type { HttpCall } from '../../src/upstream/transport/call.js';
import { sandboxDispatchers } from '../support/sandbox-dispatcher.js';

const OK = 'GET /v1/ok';
const service = new SandboxService({ name: 'test', errorBody: (status, message) => ({ message, statusCode: status }) });
service.route('GET', '/v1/ok', () => ({ ok: true }));
service.route('GET', '/v1/slow', () => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), 1_000)));
service.route('GET', '/v1/refused', () => new SandboxResponse(400, { message: 'pageSize must be at most 100', statusCode: 400 }));
service.route('POST', '/v1/echo', ({ body, headers }) => ({ body, key: headers['x-key'], type: headers['content-type'] }));

const IN_PROCESS = 'http://test.sandbox.invalid';
const options = { timeoutMs: 250, connections: 4, retries: 1, breaker: { threshold: 1000, cooldownMs: 1000, targets: new Map() } };
let socketUrl: string;
const overSocket = new HttpTransport(options);
const inProcess = new HttpTransport({ ...options, dispatcher: sandboxDispatchers((origin) => (origin === IN_PROCESS ? service : undefined)) });

beforeAll(async () => {
  socketUrl = await service.listen(0);
});
afterAll(async () => {
  await Promise.all([overSocket.close(), inProcess.close()]);
  await service.close();
});

let partitions = 0;
// A partition per call: a 429's Retry-After window would refuse the next calls of its partition.
const call = (path: string, extra: Partial<HttpCall> = {}): Omit<HttpCall, 'baseUrl'> => ({
  partition: `p${++partitions}`,
  service: 'data-api',
  route: `GET ${path}`,
  pathAndQuery: path,
  method: 'GET',
  idempotent: true,
  ...extra,
});

/** What a caller can tell of a call's end. */
async function outcome(transport: HttpTransport, baseUrl: string, sent: Omit<HttpCall, 'baseUrl'>) {
  try {
    return { answer: await transport.json({ ...sent, baseUrl }) };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const { kind, status, upstreamMessage, retryAfter, rateLimit } = error;
    return { error: { kind, status, upstreamMessage, retryAfter, rateLimit } };
  }
}

/** The call over both transports, each after the same fault: their outcomes and the service's counts. */
async function both(sent: Omit<HttpCall, 'baseUrl'>, fault?: Fault) {
  const run = async (transport: HttpTransport, baseUrl: string) => {
    service.resetCounters();
    service.clearFaults();
    if (fault) service.setFault(OK, fault);
    const result = await outcome(transport, baseUrl, sent);
    return { ...result, counts: service.counts() };
  };
  return { socket: await run(overSocket, socketUrl), inProcess: await run(inProcess, IN_PROCESS) };
}

describe('the sandbox dispatcher ends a call as a socket does', () => {
  it.each<[string, Fault | undefined, unknown]>([
    ['an answer', undefined, { answer: { ok: true } }],
    ['a 503', { status: 503 }, { error: { kind: 'http', status: 503 } }],
    ['a 429 with Retry-After and rate-limit headers', { status: 429, retryAfter: 7, headers: { 'ratelimit-limit': '5' } }, { error: { kind: 'http', status: 429, retryAfter: 7, rateLimit: { 'ratelimit-limit': '5' } } }],
    ['a body that is not JSON', { malformed: true }, { error: { kind: 'invalid-json', status: 200 } }],
    ['one reset (retried once)', { reset: true, times: 1 }, { answer: { ok: true }, counts: { [OK]: 2 } }],
    ['resets past the retries', { reset: true }, { error: { kind: 'connection', upstreamMessage: 'UND_ERR_SOCKET' }, counts: { [OK]: 2 } }],
    ['a hang (until the deadline)', { hang: true }, { error: { kind: 'timeout' }, counts: { [OK]: 1 } }],
    ['added latency under the deadline', { latencyMs: 50 }, { answer: { ok: true } }],
  ])('%s', async (_, fault, expected) => {
    const { socket, inProcess } = await both(call('/v1/ok'), fault);
    expect(inProcess).toEqual(socket);
    expect(inProcess).toMatchObject(expected as object);
  });

  it('a 4xx with its message, a missed deadline, and a POST with its body and headers', async () => {
    for (const sent of [
      call('/v1/refused'),
      call('/v1/slow'),
      call('/v1/echo', { method: 'POST', body: JSON.stringify({ a: [1, 2] }), headers: { 'X-Key': 'k1' }, idempotent: false }),
    ]) {
      const { socket, inProcess } = await both(sent);
      expect(inProcess).toEqual(socket);
    }
    expect((await both(call('/v1/refused'))).inProcess).toMatchObject({ error: { kind: 'http', status: 400, upstreamMessage: 'pageSize must be at most 100' } });
    expect((await both(call('/v1/echo', { method: 'POST', body: '{"a":1}', headers: { 'X-Key': 'k1' } }))).inProcess.answer).toEqual({
      body: { a: 1 },
      key: 'k1',
      type: 'application/json',
    });
  });

  it('an origin nothing answers, as a refused connection', async () => {
    const refused = await outcome(inProcess, 'http://nothing.sandbox.invalid', call('/v1/ok'));
    expect(refused).toEqual(await outcome(overSocket, 'http://127.0.0.1:1', call('/v1/ok')));
    expect(refused).toMatchObject({ error: { kind: 'connection', upstreamMessage: 'ECONNREFUSED' } });
  });
});

describe('SandboxService.fetch', () => {
  it('answers as the listener does, and fails a reset and a hang as fetch fails a dropped connection and an abort', async () => {
    service.clearFaults();
    const direct = await service.fetch(`${IN_PROCESS}/v1/ok`);
    const listened = await fetch(`${socketUrl}/v1/ok`);
    expect([direct.status, await direct.json()]).toEqual([listened.status, await listened.json()]);

    service.setFault(OK, { reset: true, times: 1 });
    const reset = await service.fetch(`${IN_PROCESS}/v1/ok`).catch((e: unknown) => e);
    expect(reset).toBeInstanceOf(TypeError);
    expect((reset as TypeError & { cause: { code: string } }).cause.code).toBe('UND_ERR_SOCKET');

    service.setFault(OK, { hang: true, times: 1 });
    const hung = await service.fetch(`${IN_PROCESS}/v1/ok`, { signal: AbortSignal.timeout(50) }).catch((e: unknown) => e);
    expect((hung as Error).name).toBe('TimeoutError');
  });
});
