/**
 * The latest transactions of one chain, and the latest blocks and transactions of every chain of a
 * network (all networks when none is given), newest first. Across chains, items are ordered by block
 * time (milliseconds), ties by EVM chain id, each chain keeping its own order.
 */
import { NETWORK_VALUES, networkOfValue, type NetworkValue } from '@avalanche-graph/identity';
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import type { EvmBlock, EvmChainWorld, EvmTransaction } from '../../world/evm/index.js';
import { enumParam } from '../errors.js';
import { chainParam, pageSizeParam, paginate } from './params.js';
import { wireBlock, wireNativeTransaction } from './wire.js';

const STATUSES = ['failed', 'success'] as const;
const PAGE = { min: 1, max: 100, fallback: 10 };

/** A chain's transactions newest first (block, then position in the block, descending). */
const newestFirst = (chain: EvmChainWorld) => [...chain.transactions].reverse();

const withStatus = (status: (typeof STATUSES)[number] | undefined) => (tx: EvmTransaction) => !status || tx.status === status;

/** The chains of a network (`testnet` is Fuji), or of every network. */
function chainsOf(world: World, network: NetworkValue | undefined): EvmChainWorld[] {
  const key = networkOfValue(network);
  return world.chains.filter((c) => !key || c.network === key).map((c) => world.evm.chain(c.evmChainId)!);
}

/** Merges per-chain newest-first lists by time, newest first; ties by chain id (the sort is stable). */
function merged<T>(lists: { chainId: number; items: T[] }[], timeMs: (item: T, chainId: number) => number): { chainId: number; item: T }[] {
  const all = lists.flatMap(({ chainId, items }) => items.map((item) => ({ chainId, item, at: timeMs(item, chainId) })));
  all.sort((a, b) => b.at - a.at || a.chainId - b.chainId);
  return all.map(({ chainId, item }) => ({ chainId, item }));
}

const txTimeMs = (world: World) => (tx: EvmTransaction, chainId: number) => world.evm.chain(chainId)!.blockByNumber(tx.blockNumber)!.timestampMs;

export function latestRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/chains/{chainId}/transactions', ({ params, query }) => {
    const pageSize = pageSizeParam(query, PAGE);
    const status = enumParam(query, 'status', STATUSES);
    const chain = chainParam(world, params.chainId!);
    const txs = newestFirst(chain).filter(withStatus(status));
    const { page, nextPageToken } = paginate(txs, query, pageSize, ['latest-txs', chain.evmChainId, status]);
    return { ...(nextPageToken ? { nextPageToken } : {}), transactions: page.map((tx) => wireNativeTransaction(chain, tx)) };
  });

  service.route('GET', '/v1/blocks', ({ query }) => {
    const pageSize = pageSizeParam(query, PAGE);
    const network = enumParam(query, 'network', NETWORK_VALUES);
    const chains = chainsOf(world, network);
    const blocks = merged<EvmBlock>(
      chains.map((c) => ({ chainId: c.evmChainId, items: [...c.blocks].reverse() })),
      (b) => b.timestampMs,
    );
    const { page, nextPageToken } = paginate(blocks, query, pageSize, ['latest-blocks', networkOfValue(network)]);
    return { ...(nextPageToken ? { nextPageToken } : {}), blocks: page.map(({ item }) => wireBlock(item)) };
  });

  service.route('GET', '/v1/transactions', ({ query }) => {
    const pageSize = pageSizeParam(query, PAGE);
    const network = enumParam(query, 'network', NETWORK_VALUES);
    const status = enumParam(query, 'status', STATUSES);
    const chains = chainsOf(world, network);
    const txs = merged(
      chains.map((c) => ({ chainId: c.evmChainId, items: newestFirst(c).filter(withStatus(status)) })),
      txTimeMs(world),
    );
    const { page, nextPageToken } = paginate(txs, query, pageSize, ['latest-txs-all', networkOfValue(network), status]);
    return { ...(nextPageToken ? { nextPageToken } : {}), transactions: page.map(({ chainId, item }) => wireNativeTransaction(world.evm.chain(chainId)!, item)) };
  });
}
