/** `GET /v1/chains` and `GET /v1/chains/{chainId}`. */
import type { SandboxService } from '../http.js';
import type { World } from '../world/index.js';
import { enumParam, notFound } from './errors.js';

const NETWORKS = ['mainnet', 'fuji', 'testnet'] as const;
const FEATURES = ['nftIndexing', 'webhooks', 'teleporter'] as const;

export function chainRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/chains', ({ query }) => {
    const network = enumParam(query, 'network', NETWORKS);
    const feature = enumParam(query, 'feature', FEATURES);
    const chains = world.chains
      .filter((c) => !network || c.network === (network === 'testnet' ? 'fuji' : network))
      .filter((c) => !feature || (c.info.enabledFeatures ?? []).includes(feature))
      .map((c) => c.info);
    return { chains };
  });

  service.route('GET', '/v1/chains/{chainId}', ({ params }) => {
    const chain = world.chains.find((c) => c.info.chainId === params.chainId || c.blockchainId === params.chainId);
    if (!chain) throw notFound(`Chain ${params.chainId} not found`);
    return chain.info;
  });
}
