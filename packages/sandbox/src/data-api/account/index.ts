/**
 * The account owner's routes of the simulated Data API: webhooks, usage metrics and logs, export
 * jobs. They need a key (401 without one; with SANDBOX_API_KEYS, one of those, as every route);
 * each key is its own account.
 */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { operationRoutes } from './operations.js';
import type { AccountStore } from './store.js';
import { usageRoutes } from './usage.js';
import { webhookRoutes } from './webhooks.js';

export { AccountStore } from './store.js';

export function accountRoutes(service: SandboxService, world: World, store: AccountStore): void {
  webhookRoutes(service, world, store);
  usageRoutes(service, world, store);
  operationRoutes(service, world, store);
}
