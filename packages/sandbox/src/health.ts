/**
 * The services' health and live checks, as both the Data API (`/v1/health-check`, `/v1/live-check`)
 * and the metrics service (`/v2/...`) answer them: a verdict (`ok`, `error`, `shutting_down`) and
 * the state of each component the check looks at (`info` for those up, `error` for those down,
 * `details` for all). The health check looks at every component (reads and writes); the live check
 * only at those a read needs. The answer is 200 whatever the verdict, as the descriptions give it;
 * a service that does not answer at all is simulated with the route faults of SandboxService.
 *
 * Tests make a service report unhealthy with `sandboxHealth(service).setDown('cache')` (or
 * `setShuttingDown(true)`), and restore it with `reset()`.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { SandboxService } from './http.js';

export interface HealthComponents {
  /** Components the health check reports (reads and writes). */
  health: readonly string[];
  /** Components the live check reports (reads only): a subset of `health`. */
  live: readonly string[];
}

export class SandboxHealth {
  private readonly down = new Set<string>();
  private shuttingDown = false;

  constructor(readonly components: HealthComponents) {}

  /** Marks a component down (or up again); an unknown name is a test's mistake, so it throws. */
  setDown(component: string, down = true): void {
    if (!this.components.health.includes(component)) throw new Error(`no health component "${component}" (have ${this.components.health.join(', ')})`);
    if (down) this.down.add(component);
    else this.down.delete(component);
  }

  /** Reports `shutting_down`, as a service draining before it stops does. */
  setShuttingDown(value: boolean): void {
    this.shuttingDown = value;
  }

  /** Every component up, not shutting down. */
  reset(): void {
    this.down.clear();
    this.shuttingDown = false;
  }

  /** The body of a health (`health`) or live (`live`) check. */
  report(check: keyof HealthComponents): DataApiSchema<'HealthCheckResultDto'> {
    const names = this.components[check];
    const state = (name: string): DataApiSchema<'HealthIndicatorResultDto'> => ({ status: this.down.has(name) ? 'down' : 'up' });
    const up = names.filter((n) => !this.down.has(n));
    const failing = names.filter((n) => this.down.has(n));
    const status = this.shuttingDown ? 'shutting_down' : failing.length > 0 ? 'error' : 'ok';
    return {
      status,
      info: Object.fromEntries(up.map((n) => [n, state(n)])),
      error: Object.fromEntries(failing.map((n) => [n, state(n)])),
      details: Object.fromEntries(names.map((n) => [n, state(n)])),
    };
  }
}

const registered = new WeakMap<SandboxService, SandboxHealth>();

/** Serves a service's two checks at `routes` and returns their state (also reachable by `sandboxHealth`). */
export function healthRoutes(service: SandboxService, routes: { health: string; live: string }, components: HealthComponents): SandboxHealth {
  const health = new SandboxHealth(components);
  registered.set(service, health);
  service.route('GET', routes.health, () => health.report('health'));
  service.route('GET', routes.live, () => health.report('live'));
  return health;
}

/** The health state of a service that serves the checks. */
export function sandboxHealth(service: SandboxService): SandboxHealth {
  const health = registered.get(service);
  if (!health) throw new Error(`the sandbox service ${service.options.name} serves no health checks`);
  return health;
}
