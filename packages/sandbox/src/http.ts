/**
 * A tiny HTTP service for the simulated upstreams: route templates, per-route request counters and
 * per-route fault injection (latency, error status, 429, malformed JSON, connection reset, hang), and
 * a service-wide added latency (every answer waits that long on a timer, for benchmarks).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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
  private readonly hanging = new Set<ServerResponse>();
  /**
   * The most recent requests (route, raw URL, headers, arrival time in `performance.now()` ms),
   * newest last, for tests that check what was sent and when.
   */
  readonly recent: Array<{ route: string; url: string; headers: IncomingMessage['headers']; at: number }> = [];
  private server: Server | undefined;
  private latency = 0;
  private delayedAnswers = 0;
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
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) this.send(res, 500, this.options.errorBody(500, String((error as Error)?.message ?? error)));
      });
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

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
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

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    if (this.latency > 0) {
      this.delayedAnswers++;
      await new Promise((resolve) => setTimeout(resolve, this.latency));
    }
    const found = this.match(method, url.pathname);
    if (found === undefined) return this.send(res, 404, this.options.errorBody(404, `Cannot ${method} ${url.pathname}`));
    if (found === 'method') return this.send(res, 405, this.options.errorBody(405, `Cannot ${method} ${url.pathname}`));
    const { route, params } = found;
    const key = `${route.method} ${route.template}`;
    this.count(key);
    this.recent.push({ route: key, url: req.url ?? '', headers: req.headers, at: performance.now() });
    if (this.recent.length > 200) this.recent.shift();
    const admission = this.options.admit?.(req.headers) ?? {};
    if (admission.refuse) return this.send(res, admission.refuse.status, admission.refuse.body, admission.refuse.headers);
    const extra = admission.headers ?? {};
    const fault = this.takeFault(key);
    if (fault && (await this.applyFault(fault, res))) return;
    let body: unknown;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw);
      } catch {
        return this.send(res, 400, this.options.errorBody(400, 'Request body is not valid JSON'), extra);
      }
    }
    const request: SandboxRequest = { method, params, query: url.searchParams, body, headers: req.headers, route: key, path: url.pathname };
    const answered = (status: number) => this.options.observe?.(request, status);
    try {
      const result = await route.handler(request, this);
      if (result instanceof SandboxResponse) {
        answered(result.status);
        return this.send(res, result.status, result.body, { ...extra, ...result.headers });
      }
      answered(200);
      return this.send(res, 200, result, extra);
    } catch (error) {
      if (error instanceof SandboxHttpError) {
        answered(error.status);
        return this.send(res, error.status, this.options.errorBody(error.status, error.detail), extra);
      }
      throw error;
    }
  }

  /** Applies a fault; returns true when the fault answered (or dropped) the request itself. */
  async applyFault(fault: Fault, res: ServerResponse): Promise<boolean> {
    if (fault.latencyMs) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
    if (fault.hang) {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return true;
    }
    if (fault.reset) {
      res.socket?.destroy();
      return true;
    }
    if (fault.malformed) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"this is": not json');
      return true;
    }
    if (fault.status !== undefined) {
      const headers: Record<string, string> = { ...fault.headers };
      if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
      this.send(res, fault.status, fault.body ?? this.options.errorBody(fault.status, statusText(fault.status)), headers);
      return true;
    }
    return false;
  }

  send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    if (body === NO_BODY) {
      res.writeHead(status, { 'content-length': 0, ...headers });
      res.end();
      return;
    }
    const text = JSON.stringify(body ?? null);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
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
