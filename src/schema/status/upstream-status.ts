/**
 * `Query.upstreamStatus`: each upstream service as the gateway sees it: its circuit breaker and,
 * for the Data API and the metrics service, their own health check (every component) and live
 * check (reads only). The checks are probed at most once per UPSTREAM_HEALTH_TTL_MS however many
 * callers ask (src/upstream/health/index.ts), and only when selected. A service that does not answer is
 * reported UNREACHABLE: the field itself never fails for it.
 */
import { NETWORK_KEYS } from '@avalanche-graph/identity';
import { builder } from '../../builder.js';
import { HEALTH_SERVICES, type HealthCheckKind, type HealthProbe, type HealthService } from '../../upstream/health/index.js';
import type { BreakerStateName } from '../../upstream/transport/resilience.js';
import { enumValues, upstreamEnum } from '../common/enums.js';
import { fieldGuard } from '../common/guards.js';
import { serves } from '../common/operations.js';

export const UpstreamHealthStatus = builder.enumType('UpstreamHealthStatus', {
  description: 'What a health or live check of an upstream service found.',
  values: enumValues({
    ok: 'The service says every component it checked is up.',
    error: 'The service says a component is down (or answered with a server error).',
    shutting_down: 'The service says it is shutting down.',
    unknown: 'The service answered without a verdict this gateway knows (a client error, a body that is not JSON, a new status).',
    unreachable: 'No answer: the call timed out or the connection failed.',
  }),
});

export const UpstreamComponentStatus = upstreamEnum('UpstreamComponentStatus', {
  description: 'The state of one component (database, cache, ...) a service reported.',
  values: {
    up: 'The component works.',
    down: 'The component fails.',
  },
  unknown: 'A state this gateway does not know yet.',
});

export const CircuitBreakerState = builder.enumType('CircuitBreakerState', {
  description: 'The gateway\'s circuit breaker for an upstream: whether calls to it go out.',
  values: enumValues({
    closed: 'Calls go out.',
    open: 'Calls fail fast after consecutive failures, until the cool-down ends.',
    'half-open': 'The cool-down ended: the next call probes the upstream and closes or reopens the breaker.',
  }),
});

const UpstreamHealthComponent = builder.objectRef<{ name: string; status: string }>('UpstreamHealthComponent').implement({
  description: 'One component a service\'s check reported.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The component\'s name, as the service gives it (e.g. "database").' }),
    status: t.field({ type: UpstreamComponentStatus, description: 'Its state.', resolve: (c) => UpstreamComponentStatus.from(c.status) }),
  }),
});

const UpstreamHealthCheck = builder.objectRef<HealthProbe>('UpstreamHealthCheck').implement({
  description: 'The answer of a service\'s health or live check, as last probed.',
  fields: (t) => ({
    status: t.expose('status', { type: UpstreamHealthStatus, description: 'What the check found.' }),
    checkedAt: t.field({
      type: 'Timestamp',
      description: 'When the probe was answered (or failed), Unix seconds. Answers are reused for UPSTREAM_HEALTH_TTL_MS.',
      resolve: (p) => Math.floor(p.checkedAt / 1000),
    }),
    httpStatus: t.exposeInt('httpStatus', { nullable: true, description: 'The HTTP status of the answer; null when none came.' }),
    reason: t.exposeString('reason', { nullable: true, description: 'Why the status is not the service\'s own verdict (e.g. "timeout", "connection", "HTTP 503"); null when it is.' }),
    components: t.expose('components', { type: [UpstreamHealthComponent], description: 'The components the service reported, in its order; empty when it sent none.' }),
  }),
});

interface ServiceShape {
  target: string;
  breaker: BreakerStateName;
}

/** The check of a service that has one (the Data API, the metrics service), else null. */
function probe(service: ServiceShape, check: HealthCheckKind, health: { check(s: HealthService, c: HealthCheckKind): Promise<HealthProbe> }) {
  const known = (HEALTH_SERVICES as readonly string[]).includes(service.target);
  return known ? health.check(service.target as HealthService, check) : null;
}

const UpstreamServiceStatus = builder.objectRef<ServiceShape>('UpstreamServiceStatus').implement({
  description: 'One upstream service (or node endpoint) as the gateway sees it.',
  fields: (t) => ({
    service: t.exposeString('target', { description: `The upstream's name, as \`/ready\` and the metrics label it: \`data-api\`, \`metrics\`, ${NETWORK_KEYS.map((key) => `\`node-rpc-${key}\``).join(', ')}, or an L1 node's endpoint (\`chain-<id>\`).` }),
    breaker: t.expose('breaker', { type: CircuitBreakerState, description: 'The gateway\'s circuit breaker for it, now.' }),
    health: t.field({
      type: UpstreamHealthCheck,
      nullable: true,
      description: 'The service\'s health check, of every component it depends on (`GET /v1/health-check` of the Data API, `GET /v2/health-check` of the metrics service); null for node endpoints, which have none.',
      extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:data-health-check', 'metrics:metrics-health-check') },
      resolve: (s, _, ctx) => probe(s, 'health', ctx.upstreams.health),
    }),
    live: t.field({
      type: UpstreamHealthCheck,
      nullable: true,
      description: 'The service\'s live check, of what its reads need (`GET /v1/live-check` of the Data API, `GET /v2/live-check` of the metrics service); null for node endpoints, which have none.',
      extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:live-check', 'metrics:metrics-live-check') },
      resolve: (s, _, ctx) => probe(s, 'live', ctx.upstreams.health),
    }),
  }),
});

builder.queryFields((t) => ({
  upstreamStatus: t.field({
    type: [UpstreamServiceStatus],
    description:
      'The upstream services as the gateway sees them: each one\'s circuit breaker and, for the Data API and the metrics service, their own health and live checks (probed at most once per UPSTREAM_HEALTH_TTL_MS, only when selected). A service that does not answer is reported UNREACHABLE, never an error.',
    resolve: (_, __, ctx) => ctx.upstreams.health.breakers().map((b) => ({ target: b.target, breaker: b.state })),
  }),
}));
