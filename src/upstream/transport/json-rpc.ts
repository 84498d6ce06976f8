/**
 * JSON-RPC 2.0 over the transport: single calls and batch arrays, ids matched on the way back,
 * error objects mapped to UpstreamError with the RPC code. This is the one place that reads what a
 * node's error means: -32601 is `unsupported` (the node does not serve the method), a "not found"
 * of a block, transaction or asset is `not-found`, anything else stays `rpc`.
 */
import { UpstreamCache } from './cache.js';
import { cachedRead } from './call-tracing.js';
import { UpstreamError, cleanUpstreamMessage } from './errors.js';
import type { Transport } from './call.js';
import { buildPath, memoize, type PathParams, type RequestMemo } from './rest.js';

export interface RpcEndpoint {
  /**
   * Path template under the node base URL, e.g. `/ext/bc/X`; for a client whose base URL is the
   * whole endpoint (a chain's own RPC URL), a name such as `{chainRpcUrl}` with `path: ''`.
   */
  template: string;
  params?: PathParams;
  /** The path itself, when it is not built from the template. */
  path?: string;
}

export interface RpcCall {
  method: string;
  params?: unknown;
}

interface RpcResponse {
  jsonrpc?: string;
  id?: number | string | null;
  result?: unknown;
  error?: { code?: number; message?: string; data?: unknown };
}

export interface JsonRpcClientOptions {
  baseUrl: string;
  transport: Transport;
  cache: UpstreamCache;
  /** Per-request memo: the same call is sent once per operation. */
  memo?: RequestMemo;
  /** The breaker name of the base URL's origin when the configuration does not name it. */
  target?: string;
}

/** Process-wide so that ids stay unique across the per-request clients. */
let nextId = 1;

export class JsonRpcClient {

  constructor(private readonly options: JsonRpcClientOptions) {}

  /**
   * One call. `ttlMs` > 0 keeps the result in the shared cache (for immutable answers); identical
   * calls in flight are always shared.
   */
  async call<T>(endpoint: RpcEndpoint, call: RpcCall, ttlMs = 0): Promise<T> {
    const path = this.path(endpoint, call.method);
    return this.shared(endpoint, call, ttlMs, async () => {
      const id = nextId++;
      const route = `POST ${endpoint.template} ${call.method}`;
      const body = await this.send(route, path, { jsonrpc: '2.0', id, method: call.method, params: call.params ?? {} });
      return unwrap(route, body as RpcResponse) as T;
    });
  }

  /**
   * Runs `fetch`, which must produce the answer to `call` (e.g. through a batch), under the key
   * `call` uses: once per operation, shared while in flight across operations, and kept `ttlMs` in
   * the shared cache. This lets a batcher send calls together and still share their answers.
   */
  async shared<T>(endpoint: RpcEndpoint, call: RpcCall, ttlMs: number, fetch: () => Promise<T>): Promise<T> {
    const path = this.path(endpoint, call.method);
    const key = `node-rpc|${this.options.baseUrl}|${path}|${call.method}|${JSON.stringify(call.params ?? null)}`;
    const where = { service: 'node-rpc' as const, route: `POST ${endpoint.template} ${call.method}` };
    const { transport, cache } = this.options;
    const usage = this.options.memo?.usage;
    return memoize(this.options.memo, key, where, () => cachedRead(transport.tracer, { cache, key, ttlMs, where, fetch, usage }));
  }

  /**
   * A batch: one HTTP request whose body is an array of calls. Returns, in call order, each result or
   * the UpstreamError of that call alone. A failure of the whole request rejects.
   */
  async batch(endpoint: RpcEndpoint, calls: readonly RpcCall[]): Promise<Array<unknown | UpstreamError>> {
    if (calls.length === 0) return [];
    const path = this.path(endpoint, calls.map((c) => c.method).join(','));
    const first = nextId;
    nextId += calls.length;
    const route = `POST ${endpoint.template} batch`;
    const body = await this.send(
      route,
      path,
      calls.map((call, i) => ({ jsonrpc: '2.0', id: first + i, method: call.method, params: call.params ?? [] })),
    );
    if (!Array.isArray(body)) {
      // A node that refuses batches answers with one error object.
      const single = body as RpcResponse;
      const error = rpcError(route, single);
      return calls.map(() => error);
    }
    const byId = new Map<unknown, RpcResponse>();
    for (const item of body as RpcResponse[]) byId.set(item?.id, item);
    return calls.map((call, i) => {
      const response = byId.get(first + i);
      const itemRoute = `POST ${endpoint.template} ${call.method}`;
      if (!response) {
        return new UpstreamError({ service: 'node-rpc', kind: 'invalid-json', route: itemRoute, upstreamMessage: 'batch answer lacks this call' });
      }
      try {
        return unwrap(itemRoute, response);
      } catch (error) {
        return error as UpstreamError;
      }
    });
  }

  private path(endpoint: RpcEndpoint, method: string): string {
    if (endpoint.path !== undefined) return endpoint.path;
    try {
      return buildPath(endpoint.template, endpoint.params);
    } catch (error) {
      throw new UpstreamError({ service: 'node-rpc', kind: 'invalid-request', route: `POST ${endpoint.template} ${method}`, upstreamMessage: (error as Error).message });
    }
  }

  private send(route: string, pathAndQuery: string, body: unknown): Promise<unknown> {
    return this.options.transport.json({
      service: 'node-rpc',
      route,
      baseUrl: this.options.baseUrl,
      pathAndQuery,
      method: 'POST',
      body: JSON.stringify(body),
      // Node reads are side-effect free; the gateway sends no state-changing RPC.
      idempotent: true,
      target: this.options.target,
      exactIntegers: true,
      usage: this.options.memo?.usage,
    });
  }
}

/** JSON-RPC's "method not found". */
export const METHOD_NOT_FOUND = -32601;

/**
 * How nodes say that what a call names does not exist: AvalancheGo ("not found", "couldn't get
 * block"), geth-family EVMs ("header not found", "unknown block"), anvil ("block not found",
 * "BlockOutOfRange"), and AvalancheGo's answer for a tx id that created no asset.
 */
const NOT_FOUND = /not found|unknown block|no such|cannot find|couldn't find|out of range|outofrange|doesn't create an asset|expected tx type|greater than the last accepted|unknown height/i;

function rpcError(route: string, response: RpcResponse): UpstreamError {
  const code = typeof response?.error?.code === 'number' ? response.error.code : undefined;
  const message = typeof response?.error?.message === 'string' ? response.error.message : undefined;
  const kind = code === METHOD_NOT_FOUND ? 'unsupported' : message && NOT_FOUND.test(message) ? 'not-found' : 'rpc';
  return new UpstreamError({
    service: 'node-rpc',
    kind,
    route,
    rpcCode: code,
    // The node's own words, cleaned (no URLs or hosts, one line, capped): they say what was wrong with the call.
    upstreamMessage: message !== undefined ? (cleanUpstreamMessage(message) ?? 'error') : 'malformed JSON-RPC answer',
  });
}

function unwrap(route: string, response: RpcResponse): unknown {
  if (response && typeof response === 'object' && response.error) throw rpcError(route, response);
  if (!response || typeof response !== 'object' || !('result' in response)) {
    throw new UpstreamError({ service: 'node-rpc', kind: 'invalid-json', route, upstreamMessage: 'not a JSON-RPC answer' });
  }
  return response.result;
}
