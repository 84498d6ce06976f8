/** eth_* methods of one EVM chain (owned by the EVM sandbox work). */
import type { SandboxChain } from '../world/chains.js';
import type { World } from '../world/index.js';
import type { RpcMethod } from './json-rpc.js';

export function evmMethods(_world: World, chain: SandboxChain): Record<string, RpcMethod> {
  return {
    eth_chainId: () => `0x${chain.evmChainId.toString(16)}`,
  };
}
