/** The simulated Data API: every route of the mission over the world. */
import { SandboxService } from '../http.js';
import type { World } from '../world/index.js';
import { dataApiAccess, type DataApiAccessOptions } from './access.js';
import { AccountStore, accountRoutes } from './account/index.js';
import { chainRoutes } from './chains.js';
import { dataApiErrorBody } from './errors.js';
import { evmRoutes } from './evm/index.js';
import { dataApiHealthRoutes } from './health.js';
import { primaryRoutes } from './primary/index.js';

/** `access`: the opt-in simulation of API keys and rate limits (off when undefined). */
export function createDataApi(world: World, access?: DataApiAccessOptions): SandboxService {
  // Each key's account (webhooks, export jobs) and the log of its requests, for its usage and logs.
  const accounts = new AccountStore();
  const service = new SandboxService({
    name: 'data-api',
    errorBody: dataApiErrorBody,
    admit: dataApiAccess(access),
    observe: (request, status) => accounts.record(request, status),
  });
  chainRoutes(service, world);
  evmRoutes(service, world);
  primaryRoutes(service, world);
  dataApiHealthRoutes(service);
  accountRoutes(service, world, accounts);
  return service;
}
