/** `GET /v1/networks/{network}/blockchains` and `GET /v1/networks/{network}/blockchains/{blockchainId}`. */
import { isCb58Id } from '@avalanche-graph/identity';
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import type { BlockchainRecord, PrimaryNetwork } from '../../world/primary/index.js';
import { enumParam, badRequest, notFound } from '../errors.js';
import { paginate, sortBy } from './paging.js';
import { networkParam, SORT_ORDERS } from './params.js';

export function blockchainBody(record: BlockchainRecord): Record<string, unknown> {
  return {
    createBlockTimestamp: record.createdTime,
    createBlockNumber: String(record.createBlockHeight),
    blockchainId: record.id,
    vmId: record.vmId,
    subnetId: record.subnetId,
    blockchainName: record.name,
    ...(record.evmChainId !== undefined ? { evmChainId: record.evmChainId } : {}),
    genesisData: record.genesis,
  };
}

/** A registered blockchain by id, or by the `x-chain` / `c-chain` alias (the P-Chain is no registered chain). */
function findBlockchain(net: PrimaryNetwork, value: string): BlockchainRecord | undefined {
  const id = value === 'x-chain' ? net.chainIds.X : value === 'c-chain' ? net.chainIds.C : value;
  return net.blockchains.find((b) => b.id === id);
}

export function blockchainRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/networks/{network}/blockchains', ({ params, query }) => {
    const { net, network } = networkParam(world, params.network);
    const sortOrder = enumParam(query, 'sortOrder', SORT_ORDERS) ?? 'asc';
    const ordered = sortBy(net.blockchains, (b) => b.createdTime, (b) => b.id, sortOrder);
    const page = paginate(ordered, query, { scope: `blockchains|${network}|${sortOrder}`, defaultSize: 10, maxSize: 10_000 });
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), blockchains: page.items.map(blockchainBody) };
  });

  service.route('GET', '/v1/networks/{network}/blockchains/{blockchainId}', ({ params }) => {
    const { net } = networkParam(world, params.network);
    const value = params.blockchainId!;
    if (value !== 'x-chain' && value !== 'c-chain' && value !== 'p-chain' && !isCb58Id(value)) throw badRequest('blockchainId must be a valid cb58 blockchain id or a primary-network chain alias');
    const record = findBlockchain(net, value);
    if (!record) throw notFound(`Blockchain ${value} not found on ${net.network}`);
    return blockchainBody(record);
  });
}
