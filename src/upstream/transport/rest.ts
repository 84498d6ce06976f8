/**
 * A REST client over the transport. URLs are built only from a route template, encoded path
 * segments and typed query parameters: a value holding `../`, `?`, `#` or `%2F` can never change the
 * upstream path or query.
 */
import { UpstreamCache } from './cache.js';
import { cachedRead } from './call-tracing.js';
import { UpstreamError, type UpstreamService } from './errors.js';
import type { HttpCall, Transport } from './call.js';
import type { OperationUsage } from './request.js';

export type QueryScalar = string | number | boolean | bigint;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;
export type Query = Record<string, QueryValue>;
export type PathParams = Record<string, string | number | bigint>;

/** Encodes one path segment. Empty, `.` and `..` segments are refused: they would change the path. */
export function encodeSegment(value: string): string {
  if (value === '' || value === '.' || value === '..') {
    throw new Error(`path segment ${JSON.stringify(value)} is not allowed`);
  }
  return encodeURIComponent(value);
}

/** Fills `{name}` placeholders of a template with encoded segments. Every placeholder must be given. */
export function buildPath(template: string, params: PathParams = {}): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} is missing`);
    return encodeSegment(String(value));
  });
}

/** Serializes query parameters; arrays become comma-separated values, the services' convention. */
export function buildQuery(query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(name, Array.isArray(value) ? value.map(String).join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The longest path and query this gateway sends in a GET (the origin comes on top). 2048 is the
 * length every proxy, CDN and server in the path is known to take; past it, reads that have a POST
 * form (address lists of the Data API) send their list in the body instead (see `fitsGet`).
 */
export const MAX_GET_PATH_AND_QUERY = 2048;

/** Whether a GET of this route and query stays within `MAX_GET_PATH_AND_QUERY`. */
export function fitsGet(template: string, params?: PathParams, query?: Query): boolean {
  try {
    return buildPath(template, params).length + buildQuery(query).length <= MAX_GET_PATH_AND_QUERY;
  } catch {
    // A bad path segment: let the GET report it.
    return true;
  }
}

export interface RestCallOptions {
  /** Keep the answer in the shared cache this long; 0 (default) shares only while in flight. */
  ttlMs?: number;
  /**
   * Share the answer with the rest of the operation (default true). False for reads of what the
   * operation's own writes change (a webhook's addresses after a mutation adds some).
   */
  memo?: boolean;
}

export interface RestClientOptions {
  service: UpstreamService;
  baseUrl: string;
  transport: Transport;
  cache: UpstreamCache;
  /** Headers sent with every call (e.g. the Data API key). */
  headers?: Record<string, string>;
  /** Partitions the shared cache (the API-key fingerprint). */
  cachePartition: string;
  /** Per-request memo: the same GET is sent once per operation, even after the first has finished. */
  memo?: RequestMemo;
}

/** Bounds how long an operation waits for an answer (its deadline), without cancelling a shared call. */
export type WaitBound = <T>(answer: Promise<T>, service: UpstreamService, route: string) => Promise<T>;

/** Promises of the calls one GraphQL operation has made, by cache key, each bounded by the operation's deadline. */
export class RequestMemo extends Map<string, Promise<unknown>> {
  constructor(
    readonly bound: WaitBound = (answer) => answer,
    /** What the operation's calls cost upstream: its clients count their requests and cache answers there. */
    readonly usage?: OperationUsage,
  ) {
    super();
  }
}

/** Runs `fetch` once per key within one memo (one operation); without a memo, every time. */
export function memoize<T>(memo: RequestMemo | undefined, key: string, where: { service: UpstreamService; route: string }, fetch: () => Promise<T>): Promise<T> {
  if (!memo) return fetch();
  let promise = memo.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = memo.bound(fetch(), where.service, where.route);
    memo.set(key, promise);
  }
  return promise;
}

export class RestClient {
  constructor(private readonly options: RestClientOptions) {}

  get service(): UpstreamService {
    return this.options.service;
  }

  async get<T>(template: string, params?: PathParams, query?: Query, callOptions: RestCallOptions = {}): Promise<T> {
    return this.read('GET', template, params, query, undefined, callOptions);
  }

  /**
   * A read sent as POST because its input is too long for a URL (e.g. `POST .../utxos` with the
   * addresses in the body): cached, shared while in flight, sent once per operation and retried
   * like a GET, keyed by its body as well.
   */
  async postRead<T>(template: string, params: PathParams | undefined, body: unknown, query?: Query, callOptions: RestCallOptions = {}): Promise<T> {
    return this.read('POST', template, params, query, JSON.stringify(body), callOptions);
  }

  /** Sends a read: memoized per operation, shared while in flight, cached for `ttlMs`, retried. */
  private read<T>(method: 'GET' | 'POST', template: string, params: PathParams | undefined, query: Query | undefined, body: string | undefined, callOptions: RestCallOptions): Promise<T> {
    const route = `${method} ${template}`;
    const pathAndQuery = this.resolve(route, template, params) + buildQuery(query);
    // A GET's key is its path (as it always was); a POST read's adds the method and the body.
    const target = body === undefined ? pathAndQuery : `POST ${pathAndQuery}|${body}`;
    const key = `${this.options.service}|${this.options.cachePartition}|${target}`;
    const where = { service: this.options.service, route };
    return memoize(callOptions.memo === false ? undefined : this.options.memo, key, where, () => {
      const { transport, cache } = this.options;
      const ttlMs = callOptions.ttlMs ?? 0;
      const usage = this.options.memo?.usage;
      const fetch = async () => (await transport.json(this.call(method, route, pathAndQuery, body, true))) as T;
      return cachedRead(transport.tracer, { cache, key, ttlMs, where, fetch, usage });
    });
  }

  /** `options.mayBeEmpty`: the service may acknowledge with an empty 2xx body, which reads as null. */
  async post<T>(template: string, params: PathParams | undefined, body: unknown, query?: Query, options: { mayBeEmpty?: boolean } = {}): Promise<T> {
    return this.write('POST', template, params, body, query, options);
  }

  /** A PATCH: a write, like `post` (sent once, never retried, cached or shared). */
  async patch<T>(template: string, params: PathParams | undefined, body: unknown): Promise<T> {
    return this.write('PATCH', template, params, body);
  }

  /** A DELETE, with an optional JSON body: a write, like `post`. */
  async delete<T>(template: string, params: PathParams | undefined, body?: unknown): Promise<T> {
    return this.write('DELETE', template, params, body);
  }

  /** Sends a write: bounded by the operation's deadline, never memoized, cached or retried. */
  private async write<T>(
    method: 'POST' | 'PATCH' | 'DELETE',
    template: string,
    params: PathParams | undefined,
    body: unknown,
    query?: Query,
    options: { mayBeEmpty?: boolean } = {},
  ): Promise<T> {
    const route = `${method} ${template}`;
    const pathAndQuery = this.resolve(route, template, params) + buildQuery(query);
    const bound = this.options.memo?.bound ?? ((answer) => answer);
    const call = this.call(method, route, pathAndQuery, body === undefined ? undefined : JSON.stringify(body), false);
    if (options.mayBeEmpty) call.mayBeEmpty = true;
    return (await bound(this.options.transport.json(call), this.options.service, route)) as T;
  }

  /** The transport call of a request this client sends: its service, origin, headers, cache partition and the operation's usage. */
  private call(method: HttpCall['method'], route: string, pathAndQuery: string, body: string | undefined, idempotent: boolean): HttpCall {
    return {
      service: this.options.service,
      route,
      baseUrl: this.options.baseUrl,
      pathAndQuery,
      method,
      headers: this.options.headers,
      // Named, not spread: on Node 20 every property written after a spread costs ~0.7 µs.
      body,
      idempotent,
      partition: this.options.cachePartition,
      usage: this.options.memo?.usage,
    };
  }

  private resolve(route: string, template: string, params?: PathParams): string {
    try {
      return buildPath(template, params);
    } catch (error) {
      throw new UpstreamError({ service: this.options.service, kind: 'invalid-request', route, upstreamMessage: (error as Error).message });
    }
  }
}
