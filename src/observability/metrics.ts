/**
 * Prometheus metrics, served at `/metrics` (or on METRICS_PORT), every one the gateway defines named
 * `avalanche_graph_*` (prom-client's process_* and nodejs_* keep their standard names): yoga's
 * request/phase metrics (@graphql-yoga/plugin-prometheus, renamed), operations by a bounded set of names, the upstream calls the
 * gateway makes (count and duration by service, route template and status), requests the gateway
 * refused, and the upstream circuit breakers. The series are declared as a table
 * (src/observability/metric-series.ts); here they are made and fed. One registry per gateway, so
 * several gateways in one process (tests) do not clash.
 *
 * Every label has a bounded set of values and none holds caller data: no URL (a GET carries the
 * operation and its variables in the query string), no error path (it has list indexes), and
 * operation names only from a capped set (OPERATION_NAME_LABELS, then "other").
 */
import { createCounter, usePrometheus, type FillLabelsFnParams } from '@graphql-yoga/plugin-prometheus';
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { HttpObserver } from '../upstream/transport/call.js';
import { REDIS_OPS, type RedisOp } from '../redis/store.js';
import type { CacheRegistry } from '../memory.js';
import type { ShedReason } from '../admission/admission.js';
import type { ConnectionClose } from '../http/connections.js';
import type { Executor } from '../plugins/compiled-execution.js';
import { ERROR_CODES } from '../errors.js';
import {
  COUNTERS,
  ERRORS,
  GAUGES,
  HISTOGRAMS,
  MEMORY_LIMIT,
  OPERATION_NAME_LABELS,
  REDIS_UP,
  REJECTION_REASONS,
  type AdmissionReport,
  type BreakerState,
  type RejectionReason,
  type Watched,
} from './metric-series.js';

export { OPERATION_NAME_LABELS, type BreakerState, type RejectionReason } from './metric-series.js';

const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;

/** A bounded label for an operation name: the first OPERATION_NAME_LABELS well-formed names, then "other". */
export class OperationNameLabels {
  private readonly seen = new Set<string>();

  constructor(private readonly max = OPERATION_NAME_LABELS) {}

  label(name: string | undefined | null): string {
    if (!name) return 'anonymous';
    if (this.seen.has(name)) return name;
    if (!OPERATION_NAME.test(name) || this.seen.size >= this.max) return 'other';
    this.seen.add(name);
    return name;
  }
}

export interface GatewayMetrics {
  registry: Registry;
  /** Feeds the upstream call metrics; give it to the upstream layer. */
  observer: HttpObserver;
  /** The yoga plugin that serves `/metrics` and records request metrics. */
  plugin: Plugin;
  /** Reports the shared cache's size on each scrape. */
  /** Reports each in-process cache's entries and accounted bytes on each scrape. */
  watchCaches(caches: CacheRegistry): void;
  /** Reports the upstream circuit breakers' states on each scrape. */
  watchBreakers(states: () => BreakerState[]): void;
  /** Counts a request or call the gateway refused without asking an upstream. */
  reject(reason: RejectionReason): void;
  /** Reports whether the shared Redis is usable on each scrape (REDIS_URL set). */
  watchRedis(up: () => boolean): void;
  /** Counts a failed Redis command by what it was for (a fixed set). */
  redisError(op: RedisOp): void;
  /** Counts a request admission refused, by why (a fixed set). */
  shed(reason: ShedReason): void;
  /** Counts a connection refused or closed for what its client did (a fixed set). */
  connectionClosed(reason: ConnectionClose): void;
  /** Counts an executed operation by the executor that ran it (a fixed set). */
  executed(executor: Executor): void;
  /**
   * Counts a subscription event delivered to a subscriber, whether an execution ran for it, and its
   * delivery lag in seconds (from the event's arrival in this process to that subscriber's answer) when known.
   */
  subscriptionEvent(executed: boolean, lagSeconds?: number): void;
  /** Counts a subscriber ended because it did not read its events in time. */
  subscriptionOverflow(): void;
  /** Counts a document run outside the trusted documents (TRUSTED_DOCUMENTS_MODE=log). */
  untrustedDocument(): void;
  /** Counts a reload of the trusted documents: the new set taken, or the old one kept. */
  trustedDocumentsReload(outcome: 'loaded' | 'kept'): void;
  /** Counts a reload of the consumers and plans files: the new ones taken, or the old ones kept. */
  callersReload(outcome: 'loaded' | 'kept'): void;
  /** Reports the live subscriptions open on each scrape. */
  watchSubscriptions(open: () => number): void;
  /** Reports admission's operations in flight, queued and their bytes, and the pressure, on each scrape. */
  watchAdmission(report: () => AdmissionReport): void;
}

export interface MetricsOptions {
  /** Serve `/metrics` from the GraphQL server (false when METRICS_PORT serves it instead). */
  endpoint: boolean;
  /** MEMORY_LIMIT_MB in bytes, reported as avalanche_graph_memory_limit_bytes (not reported when absent). */
  memoryLimitBytes?: number;
}

type ErrorLabelParams = FillLabelsFnParams & { errorPhase?: string; error?: unknown };

/** An error's `extensions.code` when it is one the gateway emits; parse and validate errors without one get theirs. */
function errorCode(params: ErrorLabelParams): string {
  const code = (params.error as { extensions?: { code?: unknown } } | undefined)?.extensions?.code;
  if (typeof code === 'string' && Object.hasOwn(ERROR_CODES, code)) return code;
  if (params.errorPhase === 'parse') return 'GRAPHQL_PARSE_FAILED';
  if (params.errorPhase === 'validate') return 'GRAPHQL_VALIDATION_FAILED';
  return 'other';
}

let processMetrics: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, event loop lag, GC), collected once per process: they
 * measure the process, not a gateway, and each collection keeps an event-loop monitor and a GC
 * observer alive for good, so a process running many gateways (tests) must not start one per gateway.
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

export function createMetrics(options: MetricsOptions = { endpoint: true }): GatewayMetrics {
  const registry = new Registry();
  const perProcess = processRegistry();
  for (const { name } of perProcess.getMetricsAsArray()) registry.registerMetric(perProcess.getSingleMetric(name)!);
  const counter = made(COUNTERS, ({ zeros, ...spec }: CounterSpec) => {
    const made = new Counter({ ...spec, labelNames: spec.labelNames ?? [], registers: [registry] });
    for (const value of zeros?.values ?? []) made.inc({ [zeros!.label]: value }, 0);
    return made;
  });
  const histogram = made(HISTOGRAMS, (spec: HistogramSpec) => new Histogram({ ...spec, labelNames: spec.labelNames ?? [], registers: [registry] }));
  const watched: Watched = {};
  for (const { read, reset, ...spec } of GAUGES) {
    new Gauge({
      ...spec,
      labelNames: spec.labelNames ?? [],
      registers: [registry],
      collect() {
        if (reset) this.reset();
        for (const [labels, value] of read(watched)) this.set(labels, value);
      },
    });
  }
  if (options.memoryLimitBytes !== undefined) new Gauge({ ...MEMORY_LIMIT, registers: [registry] }).set(options.memoryLimitBytes);
  let redisUp: (() => boolean) | undefined;
  const count = (series: keyof typeof COUNTERS, labels?: Record<string, string>) => (labels ? counter[series].inc(labels) : counter[series].inc());
  return {
    registry,
    observer: {
      onUpstreamCall({ service, route, status, ms }) {
        counter.calls.inc({ service, route, status: String(status) });
        histogram.duration.observe({ service, route }, ms / 1000);
      },
      onRefusedCall: ({ reason }) => count('rejections', { reason }),
    },
    plugin: prometheusPlugin(registry, options, histogram.operations),
    watchCaches: (caches) => void (watched.caches = caches),
    watchBreakers: (states) => void (watched.breakers = states),
    watchSubscriptions: (open) => void (watched.subscriptions = open),
    watchAdmission: (report) => void (watched.admission = report),
    reject: (reason) => void (REJECTION_REASONS.includes(reason) && count('rejections', { reason })),
    watchRedis(up) {
      if (!redisUp) {
        new Gauge({
          ...REDIS_UP,
          registers: [registry],
          collect() {
            if (redisUp) this.set(redisUp() ? 1 : 0);
          },
        });
      }
      redisUp = up;
      for (const op of REDIS_OPS) counter.redisErrors.inc({ op }, 0);
    },
    redisError: (op) => void (REDIS_OPS.includes(op) && count('redisErrors', { op })),
    executed: (executor) => count('executions', { executor }),
    subscriptionEvent(executed, lagSeconds) {
      count('subscriptionEvents');
      if (executed) count('subscriptionExecutions');
      if (lagSeconds !== undefined) histogram.deliveryLag.observe(lagSeconds);
    },
    subscriptionOverflow: () => count('subscriptionOverflows'),
    untrustedDocument: () => count('untrustedDocuments'),
    trustedDocumentsReload: (outcome) => count('trustedReloads', { outcome }),
    callersReload: (outcome) => count('callersReloads', { outcome }),
    shed: (reason) => count('shed', { reason }),
    connectionClosed: (reason) => count('connectionCloses', { reason }),
  };
}

type CounterSpec = (typeof COUNTERS)[keyof typeof COUNTERS] & { labelNames?: readonly string[]; zeros?: { label: string; values: readonly string[] } };
type HistogramSpec = (typeof HISTOGRAMS)[keyof typeof HISTOGRAMS] & { labelNames?: readonly string[] };

/** Each entry of a series table, made. */
function made<K extends string, S, M>(table: Record<K, S>, make: (spec: S) => M): Record<K, M> {
  return Object.fromEntries(Object.entries(table).map(([key, spec]) => [key, make(spec as S)])) as Record<K, M>;
}

/**
 * yoga's Prometheus plugin (`/metrics` when `options.endpoint`; its request and phase series, renamed
 * to the gateway's prefix, errors by code) and the operation timer (`operations`, by type and a
 * bounded name).
 */
function prometheusPlugin(registry: Registry, options: MetricsOptions, operations: Histogram<string>): Plugin {
  // Errors in answers by phase and `extensions.code` (a fixed set: docs/errors.md; anything else is "other").
  const errors = createCounter<'parse' | 'validate' | 'context' | 'execute' | 'subscribe', 'operation_type' | 'phase' | 'code', ErrorLabelParams>({
    registry,
    counter: { ...ERRORS, labelNames: ['operation_type', 'phase', 'code'] },
    fillLabelsFn: (params) => ({ operation_type: params.operationType ?? 'unknown', phase: params.errorPhase ?? 'execute', code: errorCode(params) }),
  });
  const names = new OperationNameLabels();
  const operationTimer: Plugin = {
    onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName);
      const labels = { operation_type: operation?.operation ?? 'unknown', operation_name: names.label(operation?.name?.value) };
      const end = operations.startTimer(labels);
      return { onExecuteDone: () => void end() };
    },
  };
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(
        usePrometheus({
          registry,
          endpoint: options.endpoint ? '/metrics' : false,
          // Bounded labels only: no URL, no free-text operation name (see avalanche_graph_operation_duration_seconds), no error path.
          labels: { url: false, operationName: false, path: false },
          metrics: {
            // Renamed to the gateway's prefix (a string names the metric); the help texts are yoga's and envelop's.
            graphql_yoga_http_duration: 'avalanche_graph_http_request_duration_seconds',
            graphql_envelop_request: 'avalanche_graph_requests_total',
            graphql_envelop_phase_execute: 'avalanche_graph_execute_duration_seconds',
            graphql_envelop_phase_subscribe: 'avalanche_graph_subscribe_duration_seconds',
            graphql_envelop_schema_change: 'avalanche_graph_schema_changes_total',
            graphql_envelop_error_result: errors,
            // Off: each observation costs a few µs of every request (label maps, object spreads), and
            // these measure nothing an operator lacks. The deprecated-field counter walked every
            // document (the schema has no deprecated fields); the request summary and duration
            // repeat the HTTP duration and avalanche_graph_operation_duration_seconds; parse and
            // validate are cache hits for all but a document's first request; context building is
            // a few object allocations. Kept: execute and subscribe phases, requests, errors, HTTP.
            graphql_envelop_deprecated_field: false,
            graphql_envelop_request_time_summary: false,
            graphql_envelop_request_duration: false,
            graphql_envelop_phase_parse: false,
            graphql_envelop_phase_validate: false,
            graphql_envelop_phase_context: false,
          },
        }),
      );
      addPlugin(operationTimer);
    },
  };
}
