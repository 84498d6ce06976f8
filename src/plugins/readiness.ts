/** `/ready`: the readiness probe's answer (the gateway's own state, its overload, and each upstream's breaker and checks). */
import type { Plugin } from 'graphql-yoga';
import type { AdmissionStats } from '../admission/admission.js';
import { HEALTH_SERVICES, type HealthProbe, type UpstreamHealth } from '../upstream/health/index.js';

/** Admission's state as `/ready` reports it: 503 once the process has been under pressure for UNREADY_AFTER_PRESSURE_MS. */
export interface OverloadReport {
  pressure: 'memory' | 'event-loop' | undefined;
  /** The pressure has lasted UNREADY_AFTER_PRESSURE_MS (never true when that is 0): the replica is unready. */
  sustained: boolean;
  stats: AdmissionStats;
}

/** How long `/ready` waits for health probes that are due before it answers with what it has. */
export const READY_PROBE_WAIT_MS = 500;

/** One check of a service as `/ready` reports it: the last probe's verdict and when it was made. */
function readyCheck(probe: HealthProbe | undefined) {
  if (!probe) return { status: 'unchecked', checkedAt: null };
  return { status: probe.status, checkedAt: new Date(probe.checkedAt).toISOString(), ...(probe.reason ? { reason: probe.reason } : {}) };
}

/**
 * `/ready`: 503 while starting, shutting down or under pressure for UNREADY_AFTER_PRESSURE_MS (a replica that
 * only sheds stays ready: see operations.md, "Shedding and unready"), 200 otherwise, whatever the upstreams say. The
 * detail lists each upstream's circuit breaker by service name (never its URL) and each service's
 * health and live checks (their last probe's status and time; see upstream/health/index.ts): an open
 * breaker or a sick service does not make the gateway unready, since every other upstream still
 * answers, but tells an operator which upstream is failing. Probes that are due are awaited up to
 * READY_PROBE_WAIT_MS; one that takes longer is reported from its previous answer (or `unchecked`)
 * and serves the next caller when it lands. `HEAD /ready` answers the same status with no detail
 * and no probe.
 */
export function readiness(isReady: () => boolean, health: UpstreamHealth, overload: (() => OverloadReport) | undefined): Plugin {
  return {
    // Synchronous for every other path: an async hook would make every request wait a tick.
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (url.pathname !== '/ready') return;
      // HEAD: the status alone, at once and with no probe, for balancers (deploy/haproxy.cfg), which
      // read nothing else and would otherwise keep the upstreams' health routes busy.
      if (request.method === 'HEAD') return endResponse(new fetchAPI.Response(null, { status: verdict().ready ? 200 : 503 }));
      return answer(endResponse, fetchAPI);
    },
  };

  function verdict() {
    const report = overload?.();
    return { report, ready: isReady() && !report?.sustained };
  }

  async function answer(endResponse: (response: Response) => void, fetchAPI: { Response: typeof Response }): Promise<void> {
    const { report, ready } = verdict();
    const upstreams = Object.fromEntries(health.breakers().map((b) => [b.target, b.state]));
    const due = HEALTH_SERVICES.flatMap((service) => (['health', 'live'] as const).map((check) => health.check(service, check)));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(due), new Promise((resolve) => (timer = setTimeout(resolve, READY_PROBE_WAIT_MS)))]);
    clearTimeout(timer);
    const checks = Object.fromEntries(
      HEALTH_SERVICES.map((service) => [service, { health: readyCheck(health.last(service, 'health')), live: readyCheck(health.last(service, 'live')) }]),
    );
    endResponse(
      new fetchAPI.Response(JSON.stringify({ status: ready ? 'ready' : report?.sustained ? 'overloaded' : 'not ready', ...(report ? { overload: overloadDetail(report) } : {}), upstreams, checks }), {
        status: ready ? 200 : 503,
        headers: { 'content-type': 'application/json' },
      }),
    );
  }
}

function overloadDetail({ pressure, sustained, stats }: OverloadReport) {
  return { pressure: pressure ?? null, sustained, inFlight: stats.inFlight, queued: stats.queued, inFlightBytes: stats.inFlightBytes, shed: stats.shed };
}

