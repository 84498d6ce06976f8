/**
 * A tiny HTTP service for the simulated upstreams: route templates, per-route request counters and
 * per-route fault injection (latency, error status, 429, malformed JSON, connection reset, hang), and
 * a service-wide added latency (every answer waits that long on a timer, for benchmarks).
 *
 * The service answers a transport-neutral exchange (`answer`); its node:http listener (`listen`),
 * its fetch-shaped entry point (`fetch`) and any in-process transport are thin adapters over it, so
 * counters, faults and latency behave the same however a request arrives.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SandboxRequest {
  method: string;
  /** Decoded path parameters of the matched template. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body (undefined when absent); a body that is not JSON answers 400 before the handler. */
  body: unknown;
  headers: IncomingMessage['headers'];
  /** The matched route template, e.g. `GET /v1/chains/{chainId}`. */
  route: string;
  /** The request's path, as sent (e.g. `/v1/chains/43114`). */
  path?: string;
}

/** What a handler returns: a JSON body (status 200) or an explicit response. */
export type HandlerResult = unknown;
export type Handler = (request: SandboxRequest, service: SandboxService) => HandlerResult | Promise<HandlerResult>;

/** The body of a `SandboxResponse` that has none (e.g. a 201 that only acknowledges). */
export const NO_BODY = Symbol('no body');

export class SandboxResponse {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** Thrown by handlers: answers with `status` and the service's error body. */
export class SandboxHttpError extends Error {
  constructor(
    readonly status: number,
    message: string | string[],
  ) {
    super(Array.isArray(message) ? message.join('; ') : message);
    this.detail = message;
  }
  readonly detail: string | string[];
}

export interface Fault {
  /** Added delay before answering, in ms. */
  latencyMs?: number;
  /** Answer with this status and body instead of the handler's. */
  status?: number;
  body?: unknown;
  /** With status 429: the Retry-After header (seconds), and `ratelimit-*` headers. */
  retryAfter?: number;
  headers?: Record<string, string>;
  /** Answer 200 with a body that is not JSON. */
  malformed?: boolean;
  /** Destroy the connection without an answer. */
  reset?: boolean;
  /** Never answer (until the client gives up). */
  hang?: boolean;
  /** Apply to this many requests, then clear (default: until cleared). */
  times?: number;
}

/** A request as a transport hands it to the service. */
export interface SandboxExchange {
  method: string;
  /** Path and query, as sent (e.g. `/v1/chains?pageSize=10`). */
  url: string;
  /** Header names in lower case, as node:http gives them. */
  headers: IncomingHttpHeaders;
  /** The raw body ('' when none). */
  body: string;
  /** Aborted when the caller gives up: a hanging request then ends. */
  signal?: AbortSignal;
}

/**
 * The service's answer: a response, or `dropped` when the connection ends without one (a `reset`
 * fault, or a `hang` that ended because the caller gave up or the service closed).
 */
export type SandboxAnswer = { status: number; headers: Record<string, string>; body: string } | { dropped: true };

interface Route {
  method: string;
  template: string;
  segments: string[];
  handler: Handler;
}

/** What an admission check decides for a request: refuse it with an answer, or let it through, adding headers to the answer. */
export interface Admission {
  refuse?: SandboxResponse;
  headers?: Record<string, string>;
}

export interface SandboxServiceOptions {
  name: string;
  /** Builds the service's error body from a status and message. */
  errorBody: (status: number, message: string | string[]) => unknown;
  /** Checks a routed request before its handler (and before faults): API keys and rate limits. */
  admit?: (headers: IncomingMessage['headers']) => Admission;
  /** Told of each request a handler answered (after admission and faults), with the status it answered. */
  observe?: (request: SandboxRequest, status: number) => void;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? 'Error';
}

export class SandboxService {
  private readonly routes: Route[] = [];
  private readonly counters = new Map<string, number>();
  private readonly faults = new Map<string, Fault>();
  /** Ends each hanging request (as dropped) when the service closes. */
  private readonly hanging = new Set<() => void>();
  /**
   * The most recent requests (route, raw URL, headers, arrival time in `performance.now()` ms),
   * newest last, for tests that check what was sent and when.
   */
  readonly recent: Array<{ route: string; url: string; headers: IncomingMessage['headers']; at: number }> = [];
  private server: Server | undefined;
  private latency = 0;
  private delayedAnswers = 0;
  /** Where the service answers: its listener's origin, or the origin an in-process transport routes to it (`serveAt`). */
  url = '';

  constructor(readonly options: SandboxServiceOptions) {}

  route(method: string, template: string, handler: Handler): this {
    this.routes.push({ method, template, segments: template.split('/').slice(1), handler });
    return this;
  }

  /** The routes this service serves, as `METHOD /template`. */
  routeTemplates(): string[] {
    return this.routes.map((r) => `${r.method} ${r.template}`);
  }

  /** Counts one more request under `key` (route templates are counted automatically). */
  count(key: string, by = 1): void {
    this.counters.set(key, (this.counters.get(key) ?? 0) + by);
  }

  /** Requests per route template (and per JSON-RPC method, as `<template> <method>`). */
  counts(): Record<string, number> {
    return Object.fromEntries(this.counters);
  }

  /** Total requests, or those whose key starts with `prefix`. */
  total(prefix = ''): number {
    let sum = 0;
    for (const [key, n] of this.counters) if (key.startsWith(prefix)) sum += n;
    return sum;
  }

  resetCounters(): void {
    this.counters.clear();
    this.recent.length = 0;
  }

  /** Sets a fault on a route template key (e.g. `GET /v1/chains`) or a JSON-RPC method key. */
  setFault(key: string, fault: Fault): void {
    this.faults.set(key, { ...fault });
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** Takes the fault for a key, consuming one of its `times`. */
  takeFault(key: string): Fault | undefined {
    const fault = this.faults.get(key);
    if (!fault) return undefined;
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) this.faults.delete(key);
    }
    return fault;
  }

  /** Delays every answer of this service by `ms` (0: none), on a timer, from the next request on. */
  setLatency(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`latency must be a non-negative number of ms, not ${ms}`);
    this.latency = ms;
  }

  /** The added latency, and how many answers were delayed by it since the service started. */
  latencyStats(): { latencyMs: number; delayedAnswers: number } {
    return { latencyMs: this.latency, delayedAnswers: this.delayedAnswers };
  }

  async listen(port: number, host = '127.0.0.1'): Promise<string> {
    this.server = createServer((req, res) => {
      // A response's close (sent, or the client went away) ends a hanging answer.
      const gone = new AbortController();
      res.on('close', () => gone.abort());
      readBody(req)
        .then((body) => this.answer({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body, signal: gone.signal }))
        .then(
          (answer) => {
            if ('dropped' in answer) {
              res.destroy();
              return;
            }
            res.writeHead(answer.status, answer.headers);
            res.end(answer.body);
          },
          () => res.destroy(),
        );
    });
    this.server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, () => resolve());
    });
    const address = this.server.address() as AddressInfo;
    this.url = `http://${host}:${address.port}`;
    return this.url;
  }

  /**
   * Answers at `origin` without a listener: for an in-process transport that routes that origin's
   * requests to `answer` (its URLs, e.g. a job's status link, then use this origin).
   */
  serveAt(origin: string): string {
    this.url = new URL(origin).origin;
    return this.url;
  }

  /**
   * The service as a fetch function (no socket): a `reset` rejects as undici's fetch does when the
   * connection closes, a `hang` waits for the request's signal. For clients that take a fetch.
   */
  async fetch(input: Request | string | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: IncomingHttpHeaders = { host: url.host };
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = request.body ? await request.text() : '';
    const answer = await this.answer({ method: request.method, url: url.pathname + url.search, headers, body, signal: request.signal });
    if ('dropped' in answer) {
      if (request.signal.aborted) throw request.signal.reason;
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    }
    return new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, { status: answer.status, headers: answer.headers });
  }

  async close(): Promise<void> {
    for (const end of this.hanging) end();
    this.hanging.clear();
    if (!this.server) return;
    const server = this.server;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private match(method: string, path: string): { route: Route; params: Record<string, string> } | 'method' | undefined {
    const segments = path.split('/').slice(1);
    let methodMismatch = false;
    for (const route of this.routes) {
      if (route.segments.length !== segments.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segments.length && ok; i++) {
        const pattern = route.segments[i]!;
        const actual = segments[i]!;
        // `{name}` or `{name}:suffix` (a custom method, e.g. `{tokenId}:reindex`).
        const param = /^\{([A-Za-z0-9_]+)\}(:[A-Za-z0-9_]+)?$/.exec(pattern);
        if (param) {
          const suffix = param[2] ?? '';
          const value = actual.endsWith(suffix) ? actual.slice(0, actual.length - suffix.length) : '';
          try {
            params[param[1]!] = decodeURIComponent(value);
          } catch {
            ok = false;
          }
          if (value === '') ok = false;
        } else if (pattern !== actual) {
          ok = false;
        }
      }
      if (!ok) continue;
      if (route.method !== method) {
        methodMismatch = true;
        continue;
      }
      return { route, params };
    }
    return methodMismatch ? 'method' : undefined;
  }

  /** Answers one request: routing, counters, admission, faults, latency and the handler. Never throws. */
  async answer(exchange: SandboxExchange): Promise<SandboxAnswer> {
    try {
      return await this.answerRouted(exchange);
    } catch (error) {
      return this.respond(500, this.options.errorBody(500, String((error as Error)?.message ?? error)));
    }
  }

  private async answerRouted(exchange: SandboxExchange): Promise<SandboxAnswer> {
    const url = new URL(exchange.url, 'http://sandbox');
    const { method, headers } = exchange;
    if (this.latency > 0) {
      this.delayedAnswers++;
      await new Promise((resolve) => setTimeout(resolve, this.latency));
    }
    const found = this.match(method, url.pathname);
    if (found === undefined) return this.respond(404, this.options.errorBody(404, `Cannot ${method} ${url.pathname}`));
    if (found === 'method') return this.respond(405, this.options.errorBody(405, `Cannot ${method} ${url.pathname}`));
    const { route, params } = found;
    const key = `${route.method} ${route.template}`;
    this.count(key);
    this.recent.push({ route: key, url: exchange.url, headers, at: performance.now() });
    if (this.recent.length > 200) this.recent.shift();
    const admission = this.options.admit?.(headers) ?? {};
    if (admission.refuse) return this.respond(admission.refuse.status, admission.refuse.body, admission.refuse.headers);
    const extra = admission.headers ?? {};
    const fault = this.takeFault(key);
    if (fault) {
      const faulted = await this.applyFault(fault, exchange.signal);
      if (faulted) return faulted;
    }
    let body: unknown;
    if (exchange.body.length > 0) {
      try {
        body = JSON.parse(exchange.body);
      } catch {
        return this.respond(400, this.options.errorBody(400, 'Request body is not valid JSON'), extra);
      }
    }
    const request: SandboxRequest = { method, params, query: url.searchParams, body, headers, route: key, path: url.pathname };
    const answered = (status: number) => this.options.observe?.(request, status);
    try {
      const result = await route.handler(request, this);
      if (result instanceof SandboxResponse) {
        answered(result.status);
        return this.respond(result.status, result.body, { ...extra, ...result.headers });
      }
      answered(200);
      return this.respond(200, result, extra);
    } catch (error) {
      if (error instanceof SandboxHttpError) {
        answered(error.status);
        return this.respond(error.status, this.options.errorBody(error.status, error.detail), extra);
      }
      throw error;
    }
  }

  /** Applies a fault: the answer it gives instead of the handler's, or undefined when it only delayed. */
  async applyFault(fault: Fault, signal?: AbortSignal): Promise<SandboxAnswer | undefined> {
    if (fault.latencyMs) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
    if (fault.hang) return this.hang(signal);
    if (fault.reset) return { dropped: true };
    if (fault.malformed) return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"this is": not json' };
    if (fault.status !== undefined) {
      const headers: Record<string, string> = { ...fault.headers };
      if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
      return this.respond(fault.status, fault.body ?? this.options.errorBody(fault.status, statusText(fault.status)), headers);
    }
    return undefined;
  }

  /** Never answers: ends (as dropped) when the caller gives up or the service closes. */
  private hang(signal: AbortSignal | undefined): Promise<SandboxAnswer> {
    return new Promise((resolve) => {
      const end = () => {
        this.hanging.delete(end);
        signal?.removeEventListener('abort', end);
        resolve({ dropped: true });
      };
      if (signal?.aborted) return end();
      this.hanging.add(end);
      signal?.addEventListener('abort', end, { once: true });
    });
  }

  /** A JSON answer (or an empty one for NO_BODY). */
  respond(status: number, body: unknown, headers: Record<string, string> = {}): SandboxAnswer {
    if (body === NO_BODY) return { status, headers: { 'content-length': '0', ...headers }, body: '' };
    const text = JSON.stringify(body ?? null);
    return { status, headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...headers }, body: text };
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
