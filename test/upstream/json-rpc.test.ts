import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxService, RpcError, rpcEndpoint, INVALID_PARAMS } from '@avalanche-graph/sandbox';
import { UpstreamCache } from '../../src/upstream/transport/cache.js';
import { UpstreamError } from '../../src/upstream/transport/errors.js';
import { HttpTransport, parseExact } from '../../src/upstream/transport/http.js';
import { JsonRpcClient } from '../../src/upstream/transport/json-rpc.js';

const service = new SandboxService({ name: 'rpc', errorBody: (status, message) => ({ message, status }) });
rpcEndpoint(
  service,
  '/ext/bc/{blockchainId}/rpc',
  () => ({
    echo: (params) => params,
    fail: () => {
      throw new RpcError(INVALID_PARAMS, 'invalid argument 0: hex string without 0x prefix');
    },
  }),
  { batch: true },
);
rpcEndpoint(service, '/ext/bc/X', () => ({ echo: (params) => params }), { batch: false });

let client: JsonRpcClient;
const transport = new HttpTransport({ timeoutMs: 1_000, connections: 2, retries: 0 });
const endpoint = { template: '/ext/bc/{blockchainId}/rpc', params: { blockchainId: 'abc' } };

beforeAll(async () => {
  client = new JsonRpcClient({ baseUrl: await service.listen(0), transport, cache: new UpstreamCache({ maxEntries: 10, maxBytes: 100_000 }) });
});
afterAll(async () => {
  await transport.close();
  await service.close();
});

describe('JSON-RPC client', () => {
  it('returns the result of a call', async () => {
    await expect(client.call(endpoint, { method: 'echo', params: ['0x1', true] })).resolves.toEqual(['0x1', true]);
  });

  it('maps an error object to an rpc error with the code and message', async () => {
    const error = (await client.call(endpoint, { method: 'fail', params: [] }).catch((e: unknown) => e)) as UpstreamError;
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ kind: 'rpc', rpcCode: INVALID_PARAMS, route: 'POST /ext/bc/{blockchainId}/rpc fail' });
    expect(error.message).toContain('hex string without 0x prefix');
  });

  it('maps an unknown method to an rpc error -32601', async () => {
    const error = (await client.call(endpoint, { method: 'nope' }).catch((e: unknown) => e)) as UpstreamError;
    expect(error.rpcCode).toBe(-32601);
  });

  it('sends a batch as one request and returns each answer in call order, failures in their own slot', async () => {
    service.resetCounters();
    const results = await client.batch(endpoint, [
      { method: 'echo', params: [1] },
      { method: 'fail', params: [] },
      { method: 'echo', params: [3] },
    ]);
    expect(results[0]).toEqual([1]);
    expect(results[1]).toBeInstanceOf(UpstreamError);
    expect((results[1] as UpstreamError).rpcCode).toBe(INVALID_PARAMS);
    expect(results[2]).toEqual([3]);
    expect(service.counts()['POST /ext/bc/{blockchainId}/rpc']).toBe(1);
  });

  it('gives every call the error of an endpoint that refuses batches', async () => {
    const results = await client.batch({ template: '/ext/bc/X' }, [{ method: 'echo' }, { method: 'echo' }]);
    expect(results).toHaveLength(2);
    for (const r of results) expect(r).toBeInstanceOf(UpstreamError);
  });
});

describe('exact integers', () => {
  it('keeps node amounts past 2^53 exact as decimal strings, leaves other numbers as they are', () => {
    const body = '{"jsonrpc":"2.0","id":1,"result":{"amount":12345678901234567890123,"list":[9007199254740993,5],"small":42,"price":1.5,"text":"99999999999999999999"}}';
    expect(parseExact(body)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { amount: '12345678901234567890123', list: ['9007199254740993', 5], small: 42, price: 1.5, text: '99999999999999999999' },
    });
    expect(parseExact('{"a":1}')).toEqual({ a: 1 });
  });
});
