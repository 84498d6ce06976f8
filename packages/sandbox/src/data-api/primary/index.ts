/** Data API routes over the primary-network world, one file per resource. */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { addressRoutes } from './addresses.js';
import { blockchainRoutes } from './blockchains.js';
import { blockRoutes } from './blocks.js';
import { delegatorRoutes } from './delegators.js';
import { rewardRoutes } from './rewards.js';
import { stakingRoutes } from './staking.js';
import { subnetRoutes } from './subnets.js';
import { utxoRoutes } from './utxos.js';
import { validatorRoutes } from './validators.js';
import { transactionRoutes } from './transactions.js';
import { vertexLookupRoutes } from './vertex-lookup.js';
import { vertexRoutes } from './vertices.js';

export function primaryRoutes(service: SandboxService, world: World): void {
  blockchainRoutes(service, world);
  utxoRoutes(service, world);
  rewardRoutes(service, world);
  delegatorRoutes(service, world);
  vertexRoutes(service, world);
  addressRoutes(service, world);
  stakingRoutes(service, world);
  validatorRoutes(service, world);
  subnetRoutes(service, world);
  vertexLookupRoutes(service, world);
  transactionRoutes(service, world);
  blockRoutes(service, world);
}
