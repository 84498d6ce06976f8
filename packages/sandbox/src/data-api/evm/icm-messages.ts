/**
 * `GET /v1/icm/messages`: every ICM message of the world, newest first, narrowed by the filters of
 * the description (source, destination or either chain, sender, recipient, network). A chain filter
 * names a chain by its cb58 blockchain id or, for source and destination, its EVM chain id too.
 */
import { isCb58Id, NETWORK_VALUES, networkOfValue } from '@avalanche-graph/identity';
import type { SandboxService } from '../../http.js';
import type { IcmMessage } from '../../world/evm/index.js';
import type { World } from '../../world/index.js';
import { badRequest, enumParam } from '../errors.js';
import { wireIcmMessage } from './icm.js';
import { optionalAddress, pageSizeParam, paginate } from './params.js';


/** A blockchain id (cb58) or, where `evm` allows it, a decimal EVM chain id; 400 otherwise. */
function chainFilter(query: URLSearchParams, name: string, evm: boolean): string | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (isCb58Id(value) || (evm && /^\d{1,20}$/.test(value))) return value;
  throw badRequest(evm ? `${name} must be a base58 blockchain ID or an EVM chain ID` : `${name} must be a base58 blockchain ID`);
}

export function icmMessageListRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/icm/messages', ({ query }) => {
    const networkParam = enumParam(query, 'network', NETWORK_VALUES);
    const network = networkOfValue(networkParam);
    const pageSize = pageSizeParam(query, { min: 1, max: 100, fallback: 10 });
    const source = chainFilter(query, 'sourceBlockchainId', true);
    const destination = chainFilter(query, 'destinationBlockchainId', true);
    const either = chainFilter(query, 'blockchainId', false);
    const from = optionalAddress(query, 'from')?.toLowerCase();
    const to = optionalAddress(query, 'to')?.toLowerCase();
    const isSource = (m: IcmMessage, id: string) => m.sourceBlockchainId === id || String(m.sourceEvmChainId) === id;
    const isDestination = (m: IcmMessage, id: string) => m.destinationBlockchainId === id || String(m.destinationEvmChainId) === id;
    const messages = world.evm
      .icmMessages()
      .filter(
        (m) =>
          (!network || m.network === network) &&
          (!source || isSource(m, source)) &&
          (!destination || isDestination(m, destination)) &&
          (!either || m.sourceBlockchainId === either || m.destinationBlockchainId === either) &&
          (!from || m.from.toLowerCase() === from) &&
          (!to || m.to.toLowerCase() === to),
      )
      // The world keeps messages oldest first; the service lists newest first.
      .reverse();
    const { page, nextPageToken } = paginate(messages, query, pageSize, ['icm-all', network, source, destination, either, from, to]);
    return { ...(nextPageToken ? { nextPageToken } : {}), messages: page.map((m) => wireIcmMessage(world, m)) };
  });
}
