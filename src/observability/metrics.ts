/**
 * Prometheus metrics, served at `/metrics` (or on METRICS_PORT), every one the gateway defines named
 * `avalanche_graph_*` (prom-client's process_* and nodejs_* keep their standard names): yoga's
 * request/phase metrics (@graphql-yoga/plugin-prometheus, renamed), operations by a bounded set of names, the upstream calls the
 * gateway makes (count and duration by service, route template and status), requests the gateway
 * refused, and the upstream circuit breakers. One registry per gateway, so several gateways in one
 * process (tests) do not clash.
 *
 * Every label has a bounded set of values and none holds caller data: no URL (a GET carries the
 * operation and its variables in the query string), no error path (it has list indexes), and
 * operation names only from a capped set (OPERATION_NAME_LABELS, then "other").
 */
import { createCounter, usePrometheus, type FillLabelsFnParams } from '@graphql-yoga/plugin-prometheus';
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { HttpObserver } from '../upstream/http.js';
import { REDIS_OPS, type RedisOp } from '../redis/store.js';
import type { AccountedCache, CacheRegistry } from '../memory.js';
import { SHED_REASONS, type AdmissionStats, type ShedReason } from '../admission/admission.js';
import { CONNECTION_CLOSES, type ConnectionClose } from '../http/connections.js';
import { EXECUTORS, type Executor } from '../plugins/compiled-execution.js';
import { ERROR_CODES } from '../errors.js';

/** Why the gateway refused a request or a call without asking an upstream (a fixed set: a label). */
export type RejectionReason = 'bad-input' | 'estimate' | 'budget' | 'client-rate' | 'retry-after' | 'circuit-open' | 'operation-timeout' | 'unauthenticated';
const REJECTION_REASONS: readonly RejectionReason[] = ['bad-input', 'estimate', 'budget', 'client-rate', 'retry-after', 'circuit-open', 'operation-timeout', 'unauthenticated'];

/** Most distinct operation names that get a label value of their own; later names count as "other". */
export const OPERATION_NAME_LABELS = 50;
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

export interface BreakerState {
  service: string;
  /** The upstream origin (operator-configured, bounded). */
  target: string;
  state: 'closed' | 'half-open' | 'open';
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
  watchAdmission(report: () => { pressure: string | undefined; stats: AdmissionStats; utilization: number }): void;
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
  const calls = new Counter({
    name: 'avalanche_graph_upstream_requests_total',
    help: 'Requests the gateway sent to an upstream service, by service, route template and status (or "error").',
    labelNames: ['service', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'avalanche_graph_upstream_request_duration_seconds',
    help: 'Duration of upstream requests, by service and route template.',
    labelNames: ['service', 'route'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  let caches: CacheRegistry | undefined;
  /** A gauge with a value per in-process cache, read from each cache on each scrape. */
  const cacheGauge = (name: string, help: string, read: (cache: AccountedCache) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        for (const [cacheName, cache] of caches ?? []) this.set({ cache: cacheName }, read(cache));
      },
    });
  cacheGauge('avalanche_graph_cache_entries', 'Entries in an in-process cache: upstream (shared upstream answers), response, documents (parsed), apq.', (cache) => cache.size);
  cacheGauge('avalanche_graph_cache_bytes', 'Bytes an in-process cache holds, as it accounts them against its bound (docs/operations.md#caches-and-memory).', (cache) => cache.calculatedSize);
  let breakerStates: (() => BreakerState[]) | undefined;
  const BREAKER_VALUES = { closed: 0, 'half-open': 1, open: 2 } as const;
  new Gauge({
    name: 'avalanche_graph_upstream_circuit_state',
    help: 'State of the circuit breaker of an upstream origin: 0 closed, 1 half-open (probing), 2 open (failing fast).',
    labelNames: ['service', 'target'] as const,
    registers: [registry],
    collect() {
      if (!breakerStates) return;
      this.reset();
      for (const b of breakerStates()) this.set({ service: b.service, target: b.target }, BREAKER_VALUES[b.state]);
    },
  });
  const rejections = new Counter({
    name: 'avalanche_graph_rejections_total',
    help: `Requests or upstream calls the gateway refused without asking an upstream, by reason (${REJECTION_REASONS.join(', ')}).`,
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  for (const reason of REJECTION_REASONS) rejections.inc({ reason }, 0);
  let redisUp: (() => boolean) | undefined;
  const redisErrors = new Counter({
    name: 'avalanche_graph_redis_errors_total',
    help: `Redis commands that failed or timed out (the gateway went on without Redis), by what they were for (${REDIS_OPS.join(', ')}).`,
    labelNames: ['op'] as const,
    registers: [registry],
  });
  const shed = new Counter({
    name: 'avalanche_graph_shed_total',
    help: `Requests admission refused (503 OVERLOADED or 429 RATE_LIMITED, before anything was parsed), by reason (${SHED_REASONS.join(', ')}).`,
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  for (const reason of SHED_REASONS) shed.inc({ reason }, 0);
  const connectionCloses = new Counter({
    name: 'avalanche_graph_connections_closed_total',
    help: `Connections the gateway refused or closed for what their client did, by reason (${CONNECTION_CLOSES.join(', ')}): over MAX_CONNECTIONS_PER_ADDRESS or MAX_CONNECTIONS, too slow to send a request (408), or to read answers (WRITE_TIMEOUT_MS, MAX_UNSENT_BYTES).`,
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  for (const reason of CONNECTION_CLOSES) connectionCloses.inc({ reason }, 0);
  const executions = new Counter({
    name: 'avalanche_graph_executions_total',
    help: `Operations executed (not answered from the response cache), by executor (${EXECUTORS.join(', ')}): compiled queries, or graphql-js for the rest (COMPILED_EXECUTION).`,
    labelNames: ['executor'] as const,
    registers: [registry],
  });
  for (const executor of EXECUTORS) executions.inc({ executor }, 0);
  const subscriptionEvents = new Counter({
    name: 'avalanche_graph_subscription_events_total',
    help: 'Subscription events delivered, one per subscriber per event (compare avalanche_graph_subscription_executions_total: the events share executions).',
    registers: [registry],
  });
  const subscriptionExecutions = new Counter({
    name: 'avalanche_graph_subscription_executions_total',
    help: 'Executions run for subscription events: one per event for all the subscribers of the same operation, key partition and variables.',
    registers: [registry],
  });
  const deliveryLag = new Histogram({
    name: 'avalanche_graph_subscription_delivery_lag_seconds',
    help: 'For each subscription event delivered, the time from its arrival in this process (a poll, or the leader replica through Redis) to that subscriber\'s answer being ready to send: how long the fan-out made it wait.',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
    registers: [registry],
  });
  const subscriptionOverflows = new Counter({
    name: 'avalanche_graph_subscription_overflows_total',
    help: 'Subscribers ended because they did not read their events in time: 1,000 events waiting for one (it gets an error and the end of its stream), or, for a graphql-ws subscriber of a shared stream, over 1 MiB of answers unsent on its socket (closed with 1013).',
    registers: [registry],
  });
  const untrustedDocuments = new Counter({
    name: 'avalanche_graph_untrusted_documents_total',
    help: 'Documents run that are not in the trusted documents (TRUSTED_DOCUMENTS_MODE=log: they would be refused once enforced).',
    registers: [registry],
  });
  const trustedReloads = new Counter({
    name: 'avalanche_graph_trusted_documents_reloads_total',
    help: 'Reloads of the trusted documents (SIGHUP, a manifest changed), by outcome: loaded (the new set runs), kept (a manifest did not read or check, or its URL could not be fetched: the old set stays).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const callersReloads = new Counter({
    name: 'avalanche_graph_callers_reloads_total',
    help: 'Reloads of the consumers and plans files (AUTH_CONSUMERS, AUTH_PLANS: SIGHUP, a file changed), by outcome: loaded (the new ones hold), kept (a file did not read: the old ones stay).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  let openSubscriptions: (() => number) | undefined;
  new Gauge({
    name: 'avalanche_graph_subscriptions_open',
    help: 'Live subscriptions open in this process (over WebSocket and server-sent events), against MAX_SUBSCRIPTIONS.',
    registers: [registry],
    collect() {
      if (openSubscriptions) this.set(openSubscriptions());
    },
  });
  let admission: (() => { pressure: string | undefined; stats: AdmissionStats; utilization: number }) | undefined;
  new Gauge({
    name: 'avalanche_graph_operations_in_flight',
    help: 'GraphQL requests running (admitted), and waiting for a slot, by state (running, queued).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = admission?.().stats;
      if (!stats) return;
      this.set({ state: 'running' }, stats.inFlight);
      this.set({ state: 'queued' }, stats.queued);
    },
  });
  new Gauge({
    name: 'avalanche_graph_in_flight_bytes',
    help: 'Bytes of upstream answers the running operations hold, against MAX_IN_FLIGHT_BYTES.',
    registers: [registry],
    collect() {
      const stats = admission?.().stats;
      if (stats) this.set(stats.inFlightBytes);
    },
  });
  new Gauge({
    name: 'avalanche_graph_event_loop_utilization',
    help: 'The share of the last second the event loop was busy (0 to 1); past 0.8, clients past their share of the work wait for it (operations.md).',
    registers: [registry],
    collect() {
      if (admission) this.set(admission().utilization);
    },
  });
  new Gauge({
    name: 'avalanche_graph_overloaded',
    help: 'Whether admission is stopped by pressure: 0 no, 1 memory (heap or resident size), 2 event-loop delay.',
    registers: [registry],
    collect() {
      if (!admission) return;
      const pressure = admission().pressure;
      this.set(pressure === 'memory' ? 1 : pressure === 'event-loop' ? 2 : 0);
    },
  });
  const operations = new Histogram({
    name: 'avalanche_graph_operation_duration_seconds',
    help: `Duration of GraphQL operations by type and name (the first ${OPERATION_NAME_LABELS} names seen; later ones are "other").`,
    labelNames: ['operation_type', 'operation_name'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  // Errors in answers by phase and `extensions.code` (a fixed set: docs/errors.md; anything else is "other").
  const errors = createCounter<'parse' | 'validate' | 'context' | 'execute' | 'subscribe', 'operation_type' | 'phase' | 'code', ErrorLabelParams>({
    registry,
    counter: {
      name: 'avalanche_graph_errors_total',
      help: 'Errors in GraphQL answers, by operation type, phase (parse, validate, context, execute, subscribe) and extensions.code (docs/errors.md; "other" for any other).',
      labelNames: ['operation_type', 'phase', 'code'],
    },
    fillLabelsFn: (params) => ({ operation_type: params.operationType ?? 'unknown', phase: params.errorPhase ?? 'execute', code: errorCode(params) }),
  });
  if (options.memoryLimitBytes !== undefined) {
    new Gauge({
      name: 'avalanche_graph_memory_limit_bytes',
      help: 'MEMORY_LIMIT_MB in bytes: the budget caches, admission and the pressure guard derive from (compare process_resident_memory_bytes).',
      registers: [registry],
    }).set(options.memoryLimitBytes);
  }
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
    registry,
    observer: {
      onUpstreamCall({ service, route, status, ms }) {
        calls.inc({ service, route, status: String(status) });
        duration.observe({ service, route }, ms / 1000);
      },
      onRefusedCall({ reason }) {
        rejections.inc({ reason });
      },
    },
    plugin: {
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
    },
    watchCaches(watched) {
      caches = watched;
    },
    watchBreakers(states) {
      breakerStates = states;
    },
    reject(reason) {
      if (REJECTION_REASONS.includes(reason)) rejections.inc({ reason });
    },
    watchRedis(up) {
      // Only with REDIS_URL: without it there is no Redis to be up or down.
      if (!redisUp) {
        new Gauge({
          name: 'avalanche_graph_redis_up',
          help: 'Whether the shared Redis (REDIS_URL) is usable: 1 up, 0 down (shared caches and limits fall back to this process).',
          registers: [registry],
          collect() {
            if (redisUp) this.set(redisUp() ? 1 : 0);
          },
        });
      }
      redisUp = up;
      for (const op of REDIS_OPS) redisErrors.inc({ op }, 0);
    },
    redisError(op) {
      if (REDIS_OPS.includes(op)) redisErrors.inc({ op });
    },
    executed(executor) {
      executions.inc({ executor });
    },
    subscriptionEvent(executed, lagSeconds) {
      subscriptionEvents.inc();
      if (executed) subscriptionExecutions.inc();
      if (lagSeconds !== undefined) deliveryLag.observe(lagSeconds);
    },
    subscriptionOverflow() {
      subscriptionOverflows.inc();
    },
    untrustedDocument() {
      untrustedDocuments.inc();
    },
    trustedDocumentsReload(outcome) {
      trustedReloads.inc({ outcome });
    },
    callersReload(outcome) {
      callersReloads.inc({ outcome });
    },
    watchSubscriptions(open) {
      openSubscriptions = open;
    },
    shed(reason) {
      shed.inc({ reason });
    },
    connectionClosed(reason) {
      connectionCloses.inc({ reason });
    },
    watchAdmission(report) {
      admission = report;
    },
  };
}
