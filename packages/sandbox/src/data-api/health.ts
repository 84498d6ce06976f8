/** The Data API's health (`GET /v1/health-check`: database and cache) and live (`GET /v1/live-check`: reads only) checks. */
import { healthRoutes, type SandboxHealth } from '../health.js';
import type { SandboxService } from '../http.js';

export function dataApiHealthRoutes(service: SandboxService): SandboxHealth {
  return healthRoutes(service, { health: '/v1/health-check', live: '/v1/live-check' }, { health: ['database', 'cache'], live: ['database'] });
}
