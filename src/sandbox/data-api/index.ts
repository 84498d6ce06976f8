/** The simulated Data API: every route of the mission over the world. */
import { SandboxService } from '../http.js';
import type { World } from '../world/index.js';
import { chainRoutes } from './chains.js';
import { dataApiErrorBody } from './errors.js';
import { evmRoutes } from './evm/index.js';
import { primaryRoutes } from './primary/index.js';

export function createDataApi(world: World): SandboxService {
  const service = new SandboxService({ name: 'data-api', errorBody: dataApiErrorBody });
  chainRoutes(service, world);
  evmRoutes(service, world);
  primaryRoutes(service, world);
  return service;
}
