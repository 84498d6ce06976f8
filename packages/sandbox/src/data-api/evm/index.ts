/** Data API routes over the EVM world: chains' blocks, transactions (latest, by address), addresses, balances, contracts, tokens, ICM. */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { addressRoutes } from './addresses.js';
import { balanceRoutes } from './balances.js';
import { blockRoutes } from './blocks.js';
import { contractRoutes } from './contracts.js';
import { historyRoutes } from './history.js';
import { icmRoutes } from './icm.js';
import { latestRoutes } from './latest.js';
import { icmMessageListRoutes } from './icm-messages.js';
import { nftDetailRoutes } from './nft-details.js';
import { signatureRoutes } from './signatures.js';
import { tokenRoutes } from './tokens.js';
import { transactionRoutes } from './transactions.js';

export function evmRoutes(service: SandboxService, world: World): void {
  blockRoutes(service, world);
  transactionRoutes(service, world);
  addressRoutes(service, world);
  latestRoutes(service, world);
  historyRoutes(service, world);
  tokenRoutes(service, world);
  balanceRoutes(service, world);
  contractRoutes(service, world);
  nftDetailRoutes(service, world);
  icmRoutes(service, world);
  icmMessageListRoutes(service, world);
  signatureRoutes(service, world);
}
