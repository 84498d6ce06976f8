/**
 * Transport: one undici Pool per upstream origin (keep-alive), a deadline on every call, retries of
 * idempotent calls after connection errors, a circuit breaker per origin and the `Retry-After`
 * windows of 429 answers, and the mapping of transport failures to UpstreamError. What an upstream
 * says in an error body reaches a client only as a cleaned, capped 4xx or JSON-RPC message; the raw
 * body (keys redacted) goes to the debug log.
 */
import { setMaxListeners } from 'node:events';
import { parse as parseLossless } from 'lossless-json';
// From their own files: undici's index loads its fetch, WebSocket and cache too (src/types/undici.d.ts).
import Pool from 'undici/lib/dispatcher/pool.js';
import poolRequest from 'undici/lib/api/api-request.js';
import type { Dispatcher } from 'undici';
import { UpstreamError, cleanUpstreamMessage, redact } from './errors.js';
import { OriginBreakers, RetryAfterWindows, type BreakerOptions, type SharedWindows } from './resilience.js';
import { answerTexts } from './cache.js';
import type { HttpCall, HttpObserver, Transport } from './call.js';

/** How close together calls must start to share one deadline signal (see `deadlineSignal`). */
const DEADLINE_GRAIN_MS = 50;

export interface TransportOptions {
  timeoutMs: number;
  connections: number;
  retries: number;
  /** The circuit breakers' threshold, cool-down and origin names (default: 5 failures, 10 s, no names). */
  breaker?: BreakerOptions;
  /** `Retry-After` windows shared with other replicas (Redis). */
  sharedWindows?: SharedWindows;
  /**
   * Makes the dispatcher of an origin in place of a Pool (called once per origin): tests hand the
   * calls to the simulated services in process. Unset in production.
   */
  dispatcher?: DispatcherFactory;
}

/** Makes the dispatcher that carries an origin's calls. */
export type DispatcherFactory = (origin: string) => Dispatcher;

const RATE_LIMIT_HEADER = /^(x-)?ratelimit-/i;

export class HttpTransport implements Transport {
  private readonly pools = new Map<string, Dispatcher>();
  private readonly windows: RetryAfterWindows;
  private readonly breakers: OriginBreakers;
  private closed = false;

  constructor(
    private readonly options: TransportOptions,
    private readonly observer: HttpObserver = {},
  ) {
    this.breakers = new OriginBreakers(options.breaker ?? { threshold: 5, cooldownMs: 10_000, targets: new Map() });
    this.windows = new RetryAfterWindows(options.sharedWindows);
  }

  /** The circuit breakers' states, by service and origin name. */
  breakerStates() {
    return this.breakers.states();
  }

  private shared: { signal: AbortSignal; until: number } | undefined;

  /**
   * The abort signal of a call's deadline. Calls that start within the same DEADLINE_GRAIN_MS share
   * one (a signal per call costs more than the rest of the call's bookkeeping), so a call's deadline
   * is UPSTREAM_TIMEOUT_MS plus at most DEADLINE_GRAIN_MS.
   */
  private deadlineSignal(): AbortSignal {
    const now = performance.now();
    if (!this.shared || now >= this.shared.until) {
      const signal = AbortSignal.timeout(this.options.timeoutMs + DEADLINE_GRAIN_MS);
      // Every call of the window listens to it: that many listeners are expected, not a leak.
      setMaxListeners(0, signal);
      this.shared = { signal, until: now + DEADLINE_GRAIN_MS };
    }
    return this.shared.signal;
  }

  /** Origin and base path of a base URL, parsed once (base URLs come from the configuration and chain records). */
  private readonly bases = new Map<string, { origin: string; path: string }>();

  private base(baseUrl: string): { origin: string; path: string } {
    let base = this.bases.get(baseUrl);
    if (!base) {
      const url = new URL(baseUrl);
      base = { origin: url.origin, path: url.pathname.replace(/\/+$/, '') };
      // Bounded like the breakers' targets: past it, parse each time rather than grow.
      if (this.bases.size < 1024) this.bases.set(baseUrl, base);
    }
    return base;
  }

  private pool(origin: string): Dispatcher {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = this.options.dispatcher?.(origin) ?? new Pool(origin, {
        connections: this.options.connections,
        keepAliveTimeout: 10_000,
        keepAliveMaxTimeout: 60_000,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
        connect: { timeout: Math.min(this.options.timeoutMs, 10_000) },
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  /** Sends the call and returns the parsed JSON body of a 2xx answer; anything else throws UpstreamError. */
  async json(call: HttpCall): Promise<unknown> {
    const { origin } = this.base(call.baseUrl);
    const partition = call.partition ?? 'anon';
    const wait = await this.windows.remainingShared(call.service, origin, partition);
    if (wait !== undefined) {
      this.observer.onRefusedCall?.({ service: call.service, route: call.route, reason: 'retry-after' });
      call.trace?.refused('retry-after');
      throw new UpstreamError({
        service: call.service,
        kind: 'rate-limited',
        route: call.route,
        retryAfter: wait,
        upstreamMessage: 'the service asked to wait (Retry-After) before calls with this key',
      });
    }
    let attempt = 0;
    for (;;) {
      if (call.trace) call.trace.attempt(attempt, this.breakers.state(call, origin));
      try {
        return await this.breakers.run(call, origin, () => this.once(call, attempt));
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        if (error.kind === 'unavailable') {
          this.observer.onRefusedCall?.({ service: call.service, route: call.route, reason: 'circuit-open' });
          call.trace?.refused('circuit-open');
        }
        if (error.isRateLimited) this.windows.limit(call.service, origin, partition, error.retryAfter);
        if (error.kind === 'connection' && call.idempotent && attempt < this.options.retries) {
          attempt++;
          continue;
        }
        throw error;
      }
    }
  }

  /** One attempt of `call`: 0 the first, 1 the first retry. */
  private async once(call: HttpCall, attempt: number): Promise<unknown> {
    if (this.closed) {
      throw new UpstreamError({ service: call.service, kind: 'connection', route: call.route, upstreamMessage: 'gateway is shutting down' });
    }
    // The request goes out (past its breaker): its operation counts it once, whatever its retries.
    if (attempt === 0 && call.usage) call.usage.requests++;
    const base = this.base(call.baseUrl);
    const path = base.path + call.pathAndQuery || '/';
    const started = performance.now();
    const signal = this.deadlineSignal();
    let status: number | 'error' = 'error';
    try {
      const headers: Record<string, string> = {
        accept: 'application/json',
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...call.headers,
      };
      call.trace?.inject(headers);
      const response = await poolRequest.call(this.pool(base.origin), {
        path,
        method: call.method,
        headers,
        body: call.body,
        signal,
      });
      status = response.statusCode;
      call.trace?.status(status);
      const text = await response.body.text();
      // Past MAX_OPERATION_BYTES the answer is dropped here, before it is parsed into objects.
      if (call.usage && !call.usage.hold(text.length)) throw call.usage.tooLarge(call.service, call.route);
      if (status < 200 || status >= 300) {
        const secrets = Object.values(call.headers ?? {});
        this.observer.onFailedAnswer?.({ service: call.service, route: call.route, status, body: redact(text.slice(0, 2000), secrets) });
        throw httpError(call, status, text, response.headers, secrets);
      }
      if (call.mayBeEmpty && text.trim() === '') return null;
      try {
        const parse = call.exactIntegers ? parseExact : JSON.parse;
        const value = parse(text);
        // The shared cache keeps an answer as its body instead of serialising it again.
        if (value !== null && typeof value === 'object') answerTexts.set(value, { text, parse });
        return value;
      } catch {
        throw new UpstreamError({ service: call.service, kind: 'invalid-json', route: call.route, status });
      }
    } catch (error) {
      throw toUpstreamError(call, error, signal);
    } finally {
      this.observer.onUpstreamCall?.({ service: call.service, route: call.route, status, ms: performance.now() - started });
    }
  }

  /** Closes the pools once their in-flight requests have finished. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.pools.values()].map((pool) => pool.close().catch(() => undefined)));
    this.pools.clear();
  }

  /** Aborts every in-flight request and closes the pools now (a shutdown past its deadline). */
  async destroy(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.pools.values()].map((pool) => pool.destroy().catch(() => undefined)));
    this.pools.clear();
  }
}

/** A bare JSON number of 16+ digits (outside a string) may not survive a JS number. */
const LONG_BARE_NUMBER = /[:,[]\s*-?\d{16,}/;

/** JSON.parse, except that integers a JS number cannot hold exactly become decimal strings. */
export function parseExact(text: string): unknown {
  if (!LONG_BARE_NUMBER.test(text)) return JSON.parse(text);
  return parseLossless(text, null, (digits: string) => {
    const value = Number(digits);
    return /^-?\d+$/.test(digits) && !Number.isSafeInteger(value) ? digits : value;
  });
}

/**
 * The error of a non-2xx answer. Only a 4xx's structured `message` is passed on (cleaned, capped,
 * keys redacted): it tells the caller what was wrong with the request. A 5xx body says nothing a
 * client can act on and may say much about the upstream's insides: it is dropped.
 */
function httpError(
  call: HttpCall,
  status: number,
  text: string,
  headers: Record<string, string | string[] | undefined>,
  secrets: readonly string[],
): UpstreamError {
  let upstreamMessage: string | undefined;
  if (status >= 400 && status < 500) {
    try {
      const body = JSON.parse(text) as { message?: unknown; error?: unknown };
      upstreamMessage = cleanUpstreamMessage(body?.message, secrets) ?? cleanUpstreamMessage(body?.error, secrets);
    } catch {
      upstreamMessage = undefined;
    }
  }
  let retryAfter: number | undefined;
  let rateLimit: Record<string, string> | undefined;
  if (status === 429) {
    retryAfter = parseRetryAfter(headerValue(headers['retry-after']));
    for (const [name, value] of Object.entries(headers)) {
      if (RATE_LIMIT_HEADER.test(name) && value !== undefined) (rateLimit ??= {})[name.toLowerCase()] = headerValue(value) ?? '';
    }
  }
  return new UpstreamError({ service: call.service, kind: 'http', route: call.route, status, upstreamMessage, retryAfter, rateLimit });
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `Retry-After` is either delta-seconds or an HTTP date; both become whole seconds from now. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function toUpstreamError(call: HttpCall, error: unknown, signal: AbortSignal): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const e = error as { name?: string; code?: string; cause?: { code?: string } };
  const base = { service: call.service, route: call.route };
  if (signal.aborted || e.name === 'TimeoutError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') {
    return new UpstreamError({ ...base, kind: 'timeout' });
  }
  const code = e.code ?? e.cause?.code;
  if (code && CONNECTION_CODES.has(code)) {
    return new UpstreamError({ ...base, kind: 'connection', upstreamMessage: code });
  }
  return new UpstreamError({ ...base, kind: 'connection', upstreamMessage: 'request failed' });
}
