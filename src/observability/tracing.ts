/**
 * OpenTelemetry traces, on when an OTLP endpoint is configured (`OTEL_*`, src/config/sections/traces.ts). Off, the
 * OpenTelemetry packages are never loaded: this module imports only their types, and
 * src/observability/tracing-sdk.ts, which builds the SDK, is imported at start only when tracing is on. An
 * operation's context then carries no trace, and the hot path's one check of it is all tracing costs.
 *
 * The spans (docs/operations.md#traces): one per GraphQL operation (src/observability/tracing-plugin.ts), the
 * child of the caller's `traceparent` when it sent one, and one per upstream call the operation
 * makes (src/upstream/transport/call-tracing.ts), each request carrying its span as `traceparent` upstream.
 */
import type { Config } from '../config/index.js';
import type { Logger } from './logger.js';
import type { UpstreamTracer } from '../upstream/transport/call.js';
import type { OperationUsage } from '../upstream/transport/request.js';

/** The gateway's tracing, when on. */
export interface Tracing {
  /** The trace of one operation's context; its span starts when the operation runs (`OperationTrace.start`). */
  operation(): OperationTrace;
  /** Exports the spans ended so far (a failure is logged, never thrown). */
  flush(): Promise<void>;
  /** Exports the spans ended so far (within `timeoutMs`), then stops exporting. */
  shutdown(timeoutMs: number): Promise<void>;
}

export type OperationType = 'query' | 'mutation' | 'subscription';

/** What an operation's span reports of its upstream calls: the counts its access line reports too. */
export type UpstreamCounts = Pick<OperationUsage, 'requests' | 'cacheAnswers'>;

/**
 * One operation's trace: its span, the parent of its upstream calls' spans. Each event of a
 * subscription runs in a context of its own, without one (see docs/operations.md#traces).
 */
export interface OperationTrace extends UpstreamTracer {
  /**
   * Starts the operation's span: a child of the `traceparent` (and `tracestate`) among `headers`,
   * else a new trace; with the request's id (src/observability/request-log.ts).
   */
  start(type: OperationType, name: string | undefined, headers: { get(name: string): string | null }, requestId: string): void;
  /**
   * Ends it: `ok` without error codes, else `error` with them (distinct, as GraphQL's
   * `extensions.code`); with what the operation cost upstream (its OperationUsage).
   */
  end(errorCodes: readonly string[], usage: UpstreamCounts | undefined): void;
}

/** Starts tracing when the configuration turns it on; undefined (and nothing loaded) otherwise. */
export async function startTracing(config: Config, logger: Logger): Promise<Tracing | undefined> {
  if (!config.traces) return undefined;
  const { createTracing } = await import('./tracing-sdk.js');
  return createTracing(config.traces, logger);
}
