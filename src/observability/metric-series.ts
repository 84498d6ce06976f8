/**
 * The gateway's own Prometheus series, as a table: each counter and histogram once (its name, help,
 * labels, buckets, and the label values it starts at 0 with, so a dashboard sees every reason before
 * the first), and each gauge with how it is read on a scrape from what the process watches
 * (src/observability/metrics.ts makes them and feeds them). Every label has a bounded set of values.
 */
import type { AdmissionStats } from '../admission/admission.js';
import { SHED_REASONS } from '../admission/admission.js';
import { CONNECTION_CLOSES } from '../http/connections.js';
import type { CacheRegistry } from '../memory.js';
import { EXECUTORS } from '../plugins/compiled-execution.js';
import { REDIS_OPS } from '../redis/store.js';

/** Why the gateway refused a request or a call without asking an upstream (a fixed set: a label). */
export type RejectionReason = 'bad-input' | 'estimate' | 'budget' | 'client-rate' | 'retry-after' | 'circuit-open' | 'operation-timeout' | 'unauthenticated';
export const REJECTION_REASONS: readonly RejectionReason[] = ['bad-input', 'estimate', 'budget', 'client-rate', 'retry-after', 'circuit-open', 'operation-timeout', 'unauthenticated'];

/** Most distinct operation names that get a label value of their own; later names count as "other". */
export const OPERATION_NAME_LABELS = 50;

export interface BreakerState {
  service: string;
  /** The upstream origin (operator-configured, bounded). */
  target: string;
  state: 'closed' | 'half-open' | 'open';
}

/** What admission reports on each scrape. */
export interface AdmissionReport {
  pressure: string | undefined;
  stats: AdmissionStats;
  utilization: number;
}

/** What the gauges read on each scrape, set as the process's parts are made (`watch*`). */
export interface Watched {
  caches?: CacheRegistry;
  breakers?: () => BreakerState[];
  subscriptions?: () => number;
  admission?: () => AdmissionReport;
}

interface Series {
  name: string;
  help: string;
  labelNames?: readonly string[];
}

/** A counter, and the label values it starts at 0 with (one label). */
interface CounterSeries extends Series {
  zeros?: { label: string; values: readonly string[] };
}

/** A histogram and its buckets (seconds). */
interface HistogramSeries extends Series {
  buckets: number[];
}

/** A gauge read on each scrape: the values to set, by labels (none when there is nothing to report yet); `reset` clears the old ones first. */
export interface GaugeSeries extends Series {
  read(watched: Watched): Array<[labels: Record<string, string>, value: number]>;
  reset?: boolean;
}

export const COUNTERS = {
  calls: {
    name: 'avalanche_graph_upstream_requests_total',
    help: 'Requests the gateway sent to an upstream service, by service, route template and status (or "error").',
    labelNames: ['service', 'route', 'status'],
  },
  rejections: {
    name: 'avalanche_graph_rejections_total',
    help: `Requests or upstream calls the gateway refused without asking an upstream, by reason (${REJECTION_REASONS.join(', ')}).`,
    labelNames: ['reason'],
    zeros: { label: 'reason', values: REJECTION_REASONS },
  },
  redisErrors: {
    name: 'avalanche_graph_redis_errors_total',
    help: `Redis commands that failed or timed out (the gateway went on without Redis), by what they were for (${REDIS_OPS.join(', ')}).`,
    labelNames: ['op'],
  },
  shed: {
    name: 'avalanche_graph_shed_total',
    help: `Requests admission refused (503 OVERLOADED or 429 RATE_LIMITED, before anything was parsed), by reason (${SHED_REASONS.join(', ')}).`,
    labelNames: ['reason'],
    zeros: { label: 'reason', values: SHED_REASONS },
  },
  connectionCloses: {
    name: 'avalanche_graph_connections_closed_total',
    help: `Connections the gateway refused or closed for what their client did, by reason (${CONNECTION_CLOSES.join(', ')}): over MAX_CONNECTIONS_PER_ADDRESS or MAX_CONNECTIONS, too slow to send a request (408), or to read answers (WRITE_TIMEOUT_MS, MAX_UNSENT_BYTES).`,
    labelNames: ['reason'],
    zeros: { label: 'reason', values: CONNECTION_CLOSES },
  },
  executions: {
    name: 'avalanche_graph_executions_total',
    help: `Operations executed (not answered from the response cache), by executor (${EXECUTORS.join(', ')}): compiled queries, or graphql-js for the rest (COMPILED_EXECUTION).`,
    labelNames: ['executor'],
    zeros: { label: 'executor', values: EXECUTORS },
  },
  subscriptionEvents: {
    name: 'avalanche_graph_subscription_events_total',
    help: 'Subscription events delivered, one per subscriber per event (compare avalanche_graph_subscription_executions_total: the events share executions).',
  },
  subscriptionExecutions: {
    name: 'avalanche_graph_subscription_executions_total',
    help: 'Executions run for subscription events: one per event for all the subscribers of the same operation, key partition and variables.',
  },
  subscriptionOverflows: {
    name: 'avalanche_graph_subscription_overflows_total',
    help: 'Subscribers ended because they did not read their events in time: 1,000 events waiting for one (it gets an error and the end of its stream), or, for a graphql-ws subscriber of a shared stream, over 1 MiB of answers unsent on its socket (closed with 1013).',
  },
  untrustedDocuments: {
    name: 'avalanche_graph_untrusted_documents_total',
    help: 'Documents run that are not in the trusted documents (TRUSTED_DOCUMENTS_MODE=log: they would be refused once enforced).',
  },
  trustedReloads: {
    name: 'avalanche_graph_trusted_documents_reloads_total',
    help: 'Reloads of the trusted documents (SIGHUP, a manifest changed), by outcome: loaded (the new set runs), kept (a manifest did not read or check, or its URL could not be fetched: the old set stays).',
    labelNames: ['outcome'],
  },
  callersReloads: {
    name: 'avalanche_graph_callers_reloads_total',
    help: 'Reloads of the consumers and plans files (AUTH_CONSUMERS, AUTH_PLANS: SIGHUP, a file changed), by outcome: loaded (the new ones hold), kept (a file did not read: the old ones stay).',
    labelNames: ['outcome'],
  },
} satisfies Record<string, CounterSeries>;

export const HISTOGRAMS = {
  duration: {
    name: 'avalanche_graph_upstream_request_duration_seconds',
    help: 'Duration of upstream requests, by service and route template.',
    labelNames: ['service', 'route'],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  },
  deliveryLag: {
    name: 'avalanche_graph_subscription_delivery_lag_seconds',
    help: 'For each subscription event delivered, the time from its arrival in this process (a poll, or the leader replica through Redis) to that subscriber\'s answer being ready to send: how long the fan-out made it wait.',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
  },
  operations: {
    name: 'avalanche_graph_operation_duration_seconds',
    help: `Duration of GraphQL operations by type and name (the first ${OPERATION_NAME_LABELS} names seen; later ones are "other").`,
    labelNames: ['operation_type', 'operation_name'],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  },
} satisfies Record<string, HistogramSeries>;

const BREAKER_VALUES = { closed: 0, 'half-open': 1, open: 2 } as const;

export const GAUGES: readonly GaugeSeries[] = [
  {
    name: 'avalanche_graph_cache_entries',
    help: 'Entries in an in-process cache: upstream (shared upstream answers), response, documents (parsed), apq.',
    labelNames: ['cache'],
    read: ({ caches }) => [...(caches ?? [])].map(([cache, entries]) => [{ cache }, entries.size]),
  },
  {
    name: 'avalanche_graph_cache_bytes',
    help: 'Bytes an in-process cache holds, as it accounts them against its bound (docs/operations.md#caches-and-memory).',
    labelNames: ['cache'],
    read: ({ caches }) => [...(caches ?? [])].map(([cache, entries]) => [{ cache }, entries.calculatedSize]),
  },
  {
    name: 'avalanche_graph_upstream_circuit_state',
    help: 'State of the circuit breaker of an upstream origin: 0 closed, 1 half-open (probing), 2 open (failing fast).',
    labelNames: ['service', 'target'],
    reset: true,
    read: ({ breakers }) => (breakers?.() ?? []).map((b) => [{ service: b.service, target: b.target }, BREAKER_VALUES[b.state]]),
  },
  {
    name: 'avalanche_graph_subscriptions_open',
    help: 'Live subscriptions open in this process (over WebSocket and server-sent events), against MAX_SUBSCRIPTIONS.',
    read: ({ subscriptions }) => (subscriptions ? [[{}, subscriptions()]] : []),
  },
  {
    name: 'avalanche_graph_operations_in_flight',
    help: 'GraphQL requests running (admitted), and waiting for a slot, by state (running, queued).',
    labelNames: ['state'],
    read: ({ admission }) => {
      const stats = admission?.().stats;
      return stats ? [[{ state: 'running' }, stats.inFlight], [{ state: 'queued' }, stats.queued]] : [];
    },
  },
  {
    name: 'avalanche_graph_in_flight_bytes',
    help: 'Bytes of upstream answers the running operations hold, against MAX_IN_FLIGHT_BYTES.',
    read: ({ admission }) => {
      const stats = admission?.().stats;
      return stats ? [[{}, stats.inFlightBytes]] : [];
    },
  },
  {
    name: 'avalanche_graph_event_loop_utilization',
    help: 'The share of the last second the event loop was busy (0 to 1); past 0.8, clients past their share of the work wait for it (operations.md).',
    read: ({ admission }) => (admission ? [[{}, admission().utilization]] : []),
  },
  {
    name: 'avalanche_graph_overloaded',
    help: 'Whether admission is stopped by pressure: 0 no, 1 memory (heap or resident size), 2 event-loop delay.',
    read: ({ admission }) => {
      if (!admission) return [];
      const { pressure } = admission();
      return [[{}, pressure === 'memory' ? 1 : pressure === 'event-loop' ? 2 : 0]];
    },
  },
];

/** Only with REDIS_URL (made when Redis is watched): without it there is no Redis to be up or down. */
export const REDIS_UP = {
  name: 'avalanche_graph_redis_up',
  help: 'Whether the shared Redis (REDIS_URL) is usable: 1 up, 0 down (shared caches and limits fall back to this process).',
};

/** MEMORY_LIMIT_MB in bytes (set once, when given). */
export const MEMORY_LIMIT = {
  name: 'avalanche_graph_memory_limit_bytes',
  help: 'MEMORY_LIMIT_MB in bytes: the budget caches, admission and the pressure guard derive from (compare process_resident_memory_bytes).',
};

/** The errors in answers, counted by yoga's Prometheus plugin with the gateway's labels. */
export const ERRORS = {
  name: 'avalanche_graph_errors_total',
  help: 'Errors in GraphQL answers, by operation type, phase (parse, validate, context, execute, subscribe) and extensions.code (docs/errors.md; "other" for any other).',
};
