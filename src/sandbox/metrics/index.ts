/** The simulated metrics service: `GET /v1/avg_tps/{chainId}`. */
import { SandboxService, statusText } from '../http.js';
import type { World } from '../world/index.js';

export function metricsErrorBody(status: number, message: string | string[]): unknown {
  return { message: Array.isArray(message) ? message : [message], error: statusText(status), statusCode: status };
}

export function createMetrics(_world: World): SandboxService {
  return new SandboxService({ name: 'metrics', errorBody: metricsErrorBody });
}
