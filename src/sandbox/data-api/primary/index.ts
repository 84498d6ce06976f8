/** Data API routes over the primary-network world, one file per resource. */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { blockchainRoutes } from './blockchains.js';
import { blockRoutes } from './blocks.js';
import { delegatorRoutes } from './delegators.js';
import { rewardRoutes } from './rewards.js';
import { transactionRoutes } from './transactions.js';
import { utxoRoutes } from './utxos.js';
import { vertexLookupRoutes } from './vertex-lookup.js';
import { vertexRoutes } from './vertices.js';

export function primaryRoutes(service: SandboxService, world: World): void {
  blockchainRoutes(service, world);
  utxoRoutes(service, world);
  rewardRoutes(service, world);
  delegatorRoutes(service, world);
  vertexRoutes(service, world);
  vertexLookupRoutes(service, world);
  transactionRoutes(service, world);
  blockRoutes(service, world);
}
