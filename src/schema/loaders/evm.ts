/** EVM reads of the Data API shared within a request: chains, blocks and transactions. */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { Context } from '../../context.js';
import { isHash32 } from '@avalanche-graph/identity';
import { fromFull, type TransactionShape } from '../transaction/keys.js';
import { eachKey, type BatchRead } from '../common/each-key.js';

/** Chains by id, as `chainById` answers them. */
export interface ChainLookup {
  load(id: string): Promise<DataApiSchema<'ChainInfo'> | null>;
  loadMany(ids: readonly string[]): Promise<Array<DataApiSchema<'ChainInfo'> | null>>;
}

/**
 * EVM chains by EVM chain id or blockchain id, all from one chain list (`supportedChains`), read
 * once per request; null for an id the list lacks. Not a DataLoader: one list answers every id, so
 * there is nothing to batch, and a lookup waits for no batch tick (the node reads that follow it,
 * e.g. balances, still go out in the same JSON-RPC batch as the chain's other node reads).
 */
export const chainById = (ctx: Context): ChainLookup => {
  let index: Promise<Map<string, DataApiSchema<'ChainInfo'>>> | undefined;
  const read = async () => {
    const { chains } = await ctx.upstreams.dataApi.evmChains.supportedChains();
    const byId = new Map<string, DataApiSchema<'ChainInfo'>>();
    for (const chain of chains) {
      byId.set(chain.chainId, chain);
      if (chain.platformChainId) byId.set(chain.platformChainId, chain);
    }
    return byId;
  };
  const lookup: ChainLookup = {
    load: async (id) => (await (index ??= read())).get(id) ?? null,
    loadMany: (ids) => Promise.all(ids.map(lookup.load)),
  };
  return lookup;
};

/** EVM blocks by `<chainId>:<blockHash>` (`getBlock`), the `Block` ref's read: one call per distinct block; null when unknown or not a block id. */
export const blocksByHash: BatchRead<DataApiSchema<'EvmBlock'>> = (keys, ctx) =>
    eachKey(keys, async (key) => {
      const [chainId, hash, extra] = key.split(':');
      if (!chainId || !hash || extra !== undefined || !isHash32(hash)) return null;
      return ctx.upstreams.dataApi.evmBlocks.getBlock(chainId, hash);
    });

/**
 * EVM transactions by `<chainId>:<txHash>`, the `Transaction` ref's read: the single-transaction
 * answer (`getTransaction`, one call per distinct hash). Lists prime the ref's loader with their
 * summaries (see `transactionDetails`). Null when unknown or not a transaction id.
 */
export const transactionsByHash: BatchRead<TransactionShape> = (keys, ctx) =>
    eachKey(keys, async (key) => {
      const [chainId, hash, extra] = key.split(':');
      if (!chainId || !hash || extra !== undefined || !isHash32(hash)) return null;
      const full = await ctx.upstreams.dataApi.evmTransactions.getTransaction(chainId, hash);
      return full && fromFull(chainId, full);
    });
