/** `GET /v1/chains` and `GET /v1/chains/{chainId}`. */
import { NETWORK_VALUES, networkOfValue } from '@avalanche-graph/identity';
import type { SandboxService } from '../http.js';
import type { World } from '../world/index.js';
import { enumParam, notFound } from './errors.js';

const FEATURES = ['nftIndexing', 'webhooks', 'teleporter'] as const;

export function chainRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/chains', ({ query }) => {
    const network = enumParam(query, 'network', NETWORK_VALUES);
    const feature = enumParam(query, 'feature', FEATURES);
    const chains = world.chains
      .filter((c) => !network || c.network === networkOfValue(network))
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
