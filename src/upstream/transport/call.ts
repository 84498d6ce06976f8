/**
 * What a call to an upstream is, and what carries it: the contract between the clients (rest.ts,
 * json-rpc.ts), the transport that sends (http.ts), an operation's view of it (request.ts) and
 * tracing (call-tracing.ts). Types only, so that each of those imports this one and none another's.
 */
import type { UpstreamError, UpstreamService } from './errors.js';
import type { BreakerStateName } from './resilience.js';

export interface HttpCall {
  service: UpstreamService;
  /** Route template for errors and metrics, e.g. `GET /v1/chains/{chainId}`. */
  route: string;
  /** Base URL of the service (origin plus optional base path, no trailing slash). */
  baseUrl: string;
  /** Encoded path and query, starting with `/` (empty when the base URL is the whole endpoint). */
  pathAndQuery: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** Safe to send again after a connection error (GETs, read-only JSON-RPC). */
  idempotent: boolean;
  /** The API-key partition the call is made for (a fingerprint; `anon` when no key is sent). */
  partition?: string;
  /**
   * The breaker name of an origin the configuration does not name (e.g. `chain-779672` for an L1's
   * own node); origins with neither share the breaker `other`.
   */
  target?: string;
  /**
   * The body may hold integers past 2^53 as bare JSON numbers (AvalancheGo writes amounts so):
   * keep such integers exact, as decimal strings, instead of rounding them through a JS number.
   */
  exactIntegers?: boolean;
  /** A 2xx answer may come without a body (e.g. a 201 that only acknowledges): it then reads as null. */
  mayBeEmpty?: boolean;
  /** The request's span, when the operation is traced (src/upstream/transport/call-tracing.ts). */
  trace?: CallTrace;
  /** Where the operation counts the requests it sends and the bytes it reads (its OperationUsage, src/upstream/transport/request.ts). */
  usage?: CallUsage;
}

/** What an operation counts of its calls (`OperationUsage`, request.ts): requests sent, and answer bytes held against its budget. */
export interface CallUsage {
  requests: number;
  /** Counts `bytes` read; false once the operation's budget is spent. */
  hold(bytes: number): boolean;
  /** The error of a call past the budget. */
  tooLarge(service: UpstreamService, route: string): UpstreamError;
}

/** Why a call was refused without being sent. */
export type RefusalReason = 'budget' | 'client-rate' | 'operation-timeout' | 'retry-after' | 'circuit-open';


export interface HttpObserver {
  /** Called once per attempt that reached the network, with its outcome. */
  onUpstreamCall?(event: { service: UpstreamService; route: string; status: number | 'error'; ms: number }): void;
  /** Called once per call refused without being sent. */
  onRefusedCall?(event: { service: UpstreamService; route: string; reason: RefusalReason }): void;
  /** Called with the body of a failed answer, truncated and with the call's keys redacted (for the debug log). */
  onFailedAnswer?(event: { service: UpstreamService; route: string; status: number; body: string }): void;
}

/** What clients send calls through: the shared transport, or a per-request view of it. */
export interface Transport {
  json(call: HttpCall): Promise<unknown>;
  /** The operation's tracer, when tracing is on (src/upstream/transport/call-tracing.ts). */
  readonly tracer?: UpstreamTracer;
}

/** How a call was answered without a request of its own: kept in the shared cache (memory or Redis), or joined in flight. */
export type ServedFrom = 'hit' | 'in-flight';

/** What the transport reports of one request it sends for a traced call (`HttpCall.trace`). */
export interface CallTrace {
  /** Adds the request's `traceparent` (and `tracestate`) to an attempt's headers. */
  inject(headers: Record<string, string>): void;
  /** An attempt goes out: 0 the first, 1 the first retry; with the state of the origin's breaker before it. */
  attempt(retry: number, breaker: BreakerStateName): void;
  /** The upstream answered this HTTP status. */
  status(code: number): void;
  /** The request was refused unsent. */
  refused(reason: RefusalReason): void;
}

/** A request's span, ended by the transport that started it. */
export interface RequestSpan extends CallTrace {
  end(error?: unknown): void;
}

/** One operation's tracer (src/observability/tracing.ts), given to its clients through their transport. */
export interface UpstreamTracer {
  /** Starts the span of a request; undefined while the operation has no span (before it runs, after it ended). */
  request(call: HttpCall): RequestSpan | undefined;
  /** Records a call answered without a request, from `startedAt` (`performance.now()`) to now. */
  served(where: { service: UpstreamService; route: string }, from: ServedFrom, startedAt: number, error?: unknown): void;
}
