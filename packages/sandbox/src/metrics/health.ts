/** The metrics service's health (`GET /v2/health-check`: database and cache) and live (`GET /v2/live-check`: reads only) checks. */
import { healthRoutes, type SandboxHealth } from '../health.js';
import type { SandboxService } from '../http.js';

export function metricsHealthRoutes(service: SandboxService): SandboxHealth {
  return healthRoutes(service, { health: '/v2/health-check', live: '/v2/live-check' }, { health: ['database', 'cache'], live: ['database'] });
}
