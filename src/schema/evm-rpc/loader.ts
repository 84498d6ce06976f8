/**
 * The EVM batch loader: every `eth_*` call a GraphQL operation makes to one chain's node endpoint in
 * the same tick goes out as one JSON-RPC batch request (split at `RPC_BATCH_MAX` calls). One
 * DataLoader per (network, blockchain) and operation; identical calls (method + params) are made
 * once; a call's own JSON-RPC error fails only the fields that asked for it.
 */
import DataLoader from 'dataloader';
import { GraphQLError } from 'graphql';
import type { Context } from '../../context.js';
import { UpstreamError } from '../../upstream/errors.js';
import type { RpcCall } from '../../upstream/json-rpc.js';
import type { NetworkKey } from '../../lib/networks.js';
import { EvmRpc, evmRpcEndpoint } from '../../upstream/node-rpc/evm.js';
import type { WireChainInfo } from '../../upstream/types/data-api-chains.js';
import { chainIndex } from '../chain.js';

/** Per operation (the context object lives as long as one request): network|blockchainId → client. */
const perRequest = new WeakMap<Context, Map<string, EvmRpc>>();

const callKey = (call: RpcCall) => `${call.method}|${JSON.stringify(call.params ?? [])}`;

export function chainRpcNetwork(chain: WireChainInfo): NetworkKey {
  return chain.isTestnet ? 'fuji' : 'mainnet';
}

/** The blockchain id whose node endpoints serve the chain. */
export function chainBlockchainId(chain: WireChainInfo): string {
  if (!chain.platformChainId) {
    throw new GraphQLError(`Chain ${chain.chainId} has no blockchain id in the Data API, so its node cannot be reached`, {
      extensions: { code: 'NOT_FOUND' },
    });
  }
  return chain.platformChainId;
}

/** The batched `eth_*` client of a chain for this operation. */
export function evmRpc(ctx: Context, chain: WireChainInfo): EvmRpc {
  const network = chainRpcNetwork(chain);
  const blockchainId = chainBlockchainId(chain);
  let clients = perRequest.get(ctx);
  if (!clients) {
    clients = new Map();
    perRequest.set(ctx, clients);
  }
  const key = `${network}|${blockchainId}`;
  let client = clients.get(key);
  if (!client) {
    const rpc = ctx.upstreams.nodeRpc.network(network);
    const endpoint = evmRpcEndpoint(blockchainId);
    const loader = new DataLoader<RpcCall, unknown, string>(
      // Slots holding an UpstreamError reject only their own load.
      (calls) => rpc.batch(endpoint, calls),
      { maxBatchSize: ctx.config.rpcBatchMax, cacheKeyFn: callKey },
    );
    // The client's shared layer sits in front of the loader: a call already answered in this
    // operation, cached (immutable answers) or in flight for another operation is not sent again.
    client = new EvmRpc((call, ttlMs) => rpc.shared(endpoint, call, ttlMs, () => loader.load(call)));
    clients.set(key, client);
  }
  return client;
}

/** The batched client of the chain with this EVM chain id (for objects that know only the id). */
export async function evmRpcByChainId(ctx: Context, chainId: string): Promise<EvmRpc> {
  const chain = (await chainIndex(ctx)).get(chainId);
  if (!chain) throw new GraphQLError(`Unknown chain ${chainId}`, { extensions: { code: 'NOT_FOUND' } });
  return evmRpc(ctx, chain);
}

/** JSON-RPC's "method not found": the chain's node software does not serve the method. */
const METHOD_NOT_FOUND = -32601;

/**
 * Null when the node does not implement the method (coreth, the C-Chain's VM, lacks subnet-EVM's
 * `eth_feeConfig`, `eth_getActiveRulesAt` and `eth_getActivePrecompilesAt`); other failures stay
 * errors.
 */
export async function unlessUnsupported<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'rpc' && error.rpcCode === METHOD_NOT_FOUND) return null;
    throw error;
  }
}
