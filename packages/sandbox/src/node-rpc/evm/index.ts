/**
 * The eth_* methods of one EVM chain, answering from the world's EVM data so the node and the Data
 * API agree on every block, transaction and balance.
 *
 * C-Chain vs L1: the C-Chain runs coreth, the L1s run subnet-EVM. Both serve the standard methods
 * and `eth_getChainConfig` (in their own shape, see chain-config.ts). `eth_feeConfig`,
 * `eth_getActiveRulesAt` and `eth_getActivePrecompilesAt` exist only in subnet-EVM, so the C-Chain
 * answers them with method-not-found, as a real C-Chain node does. Coreth block headers also carry
 * the atomic-transaction fields (`blockExtraData`, `extDataGasUsed`, `extDataHash`).
 */
import { RpcError, SERVER_ERROR, type RpcMethod } from '../json-rpc.js';
import type { SandboxChain } from '../../world/chains.js';
import type { EvmBlock, EvmChainWorld } from '../../world/evm/types.js';
import { feeConfigAt, type L1ChainConfig } from '../../world/evm/chain-config.js';
import type { World } from '../../world/index.js';
import { activePrecompilesAt, activeRulesAt, corethChainConfig, subnetEvmChainConfig } from './chain-config.js';
import { args, decode, type BlockRef } from './params.js';
import { formatBlock, formatReceipt, formatTransaction, qty, type EvmFlavor } from './wire.js';

/** Tables are pure functions of (world, chain): built once, reused by every request. */
const tables = new WeakMap<World, Map<string, Record<string, RpcMethod>>>();

export function evmMethods(world: World, chain: SandboxChain): Record<string, RpcMethod> {
  let perWorld = tables.get(world);
  if (!perWorld) {
    perWorld = new Map();
    tables.set(world, perWorld);
  }
  let table = perWorld.get(chain.blockchainId);
  if (!table) {
    table = buildMethods(world, chain);
    perWorld.set(chain.blockchainId, table);
  }
  return table;
}

function buildMethods(world: World, chain: SandboxChain): Record<string, RpcMethod> {
  const flavor: EvmFlavor = chain.isCChain ? 'coreth' : 'subnet-evm';
  const data = (): EvmChainWorld => {
    const evm = world.evm.chain(chain.evmChainId);
    if (!evm) throw new RpcError(SERVER_ERROR, 'chain data is not available');
    return evm;
  };
  const latest = (evm: EvmChainWorld): EvmBlock => evm.blockByNumber(evm.latestBlockNumber())!;
  /** The L1's chain config, precompiles and fee history (subnet-EVM only): the world's one description, also its genesis. */
  const l1Config = (): L1ChainConfig => {
    const config = world.evm.l1Config(chain.evmChainId);
    if (!config) throw new RpcError(SERVER_ERROR, 'chain config is not available');
    return config;
  };
  const latestTime = (): number => latest(data()).timestamp;

  /** A block selector to a block, or undefined when it names no block (eth_getBlockBy* answer null). */
  const findBlock = (evm: EvmChainWorld, ref: BlockRef): EvmBlock | undefined => {
    if ('tag' in ref) return ref.tag === 'earliest' ? evm.blockByNumber(0) : latest(evm);
    if ('number' in ref) return ref.number > BigInt(evm.latestBlockNumber()) ? undefined : evm.blockByNumber(ref.number);
    return evm.blockByHash(ref.hash);
  };
  /** A block selector for a state query: an unknown block is an error, as in geth. */
  const stateBlock = (evm: EvmChainWorld, ref: BlockRef): EvmBlock => {
    const block = findBlock(evm, ref);
    if (!block) throw new RpcError(SERVER_ERROR, 'hash' in ref ? 'header for hash not found' : 'header not found');
    return block;
  };

  const standard: Record<string, RpcMethod> = {
    eth_chainId: (params) => {
      args(params, []);
      return qty(chain.evmChainId);
    },
    net_version: (params) => {
      args(params, []);
      return String(chain.evmChainId);
    },
    eth_blockNumber: (params) => {
      args(params, []);
      return qty(data().latestBlockNumber());
    },
    eth_getBlockByNumber: (params) => {
      const [ref, full] = args<[BlockRef, boolean]>(params, [decode.blockNumber, decode.bool]);
      const evm = data();
      const block = findBlock(evm, ref);
      return block ? formatBlock(evm, block, full, flavor) : null;
    },
    eth_getBlockByHash: (params) => {
      const [hash, full] = args<[string, boolean]>(params, [decode.hash, decode.bool]);
      const evm = data();
      const block = evm.blockByHash(hash);
      return block ? formatBlock(evm, block, full, flavor) : null;
    },
    eth_getBlockTransactionCountByNumber: (params) => {
      const [ref] = args<[BlockRef]>(params, [decode.blockNumber]);
      const block = findBlock(data(), ref);
      return block ? qty(block.transactionHashes.length) : null;
    },
    eth_getBlockTransactionCountByHash: (params) => {
      const [hash] = args<[string]>(params, [decode.hash]);
      const block = data().blockByHash(hash);
      return block ? qty(block.transactionHashes.length) : null;
    },
    eth_getBalance: (params) => {
      const [address, ref] = args<[string, BlockRef]>(params, [decode.address, decode.blockNumberOrHash]);
      const evm = data();
      return qty(evm.nativeBalance(address, stateBlock(evm, ref).number));
    },
    eth_getTransactionCount: (params) => {
      const [address, ref] = args<[string, BlockRef]>(params, [decode.address, decode.blockNumberOrHash]);
      const evm = data();
      return qty(evm.nonce(address, stateBlock(evm, ref).number));
    },
    eth_getCode: (params) => {
      const [address, ref] = args<[string, BlockRef]>(params, [decode.address, decode.blockNumberOrHash]);
      const evm = data();
      stateBlock(evm, ref);
      return evm.code(address) ?? '0x';
    },
    eth_getTransactionByHash: (params) => {
      const [hash] = args<[string]>(params, [decode.hash]);
      const tx = data().transaction(hash);
      return tx ? formatTransaction(tx) : null;
    },
    eth_getTransactionByBlockNumberAndIndex: (params) => {
      const [ref, index] = args<[BlockRef, bigint]>(params, [decode.blockNumber, decode.quantity]);
      const evm = data();
      const block = findBlock(evm, ref);
      const tx = block && index < BigInt(block.transactionHashes.length) ? evm.blockTransactions(block)[Number(index)] : undefined;
      return tx ? formatTransaction(tx) : null;
    },
    eth_getTransactionByBlockHashAndIndex: (params) => {
      const [hash, index] = args<[string, bigint]>(params, [decode.hash, decode.quantity]);
      const evm = data();
      const block = evm.blockByHash(hash);
      const tx = block && index < BigInt(block.transactionHashes.length) ? evm.blockTransactions(block)[Number(index)] : undefined;
      return tx ? formatTransaction(tx) : null;
    },
    eth_getTransactionReceipt: (params) => {
      const [hash] = args<[string]>(params, [decode.hash]);
      const tx = data().transaction(hash);
      return tx ? formatReceipt(tx) : null;
    },
    eth_getBlockReceipts: (params) => {
      const [ref] = args<[BlockRef]>(params, [decode.blockNumberOrHash]);
      const evm = data();
      const block = findBlock(evm, ref);
      return block ? evm.blockTransactions(block).map(formatReceipt) : null;
    },
    eth_getChainConfig: (params) => {
      args(params, []);
      return chain.isCChain ? corethChainConfig(chain) : subnetEvmChainConfig(l1Config());
    },
  };
  if (chain.isCChain) return standard;

  return {
    ...standard,
    eth_feeConfig: (params) => {
      const [ref] = args<[], [BlockRef]>(params, [], [decode.blockNumberOrHash]);
      const evm = data();
      const block = ref === undefined ? latest(evm) : stateBlock(evm, ref);
      return feeConfigAt(l1Config(), block.number);
    },
    eth_getActiveRulesAt: (params) => {
      const [timestamp] = args<[], [number]>(params, [], [decode.uint64]);
      return activeRulesAt(l1Config(), timestamp ?? latestTime());
    },
    eth_getActivePrecompilesAt: (params) => {
      const [timestamp] = args<[], [number]>(params, [], [decode.uint64]);
      return activePrecompilesAt(l1Config(), timestamp ?? latestTime());
    },
  };
}
