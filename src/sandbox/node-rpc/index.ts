/**
 * The simulated AvalancheGo node: `/ext/bc/X` (avm.*), `/ext/bc/P` (platform.*),
 * `/ext/bc/{blockchainId}/rpc` (eth_*) and `/ext/bc/{blockchainId}/validators` (validators.*).
 * One service per network.
 */
import { SandboxService } from '../http.js';
import type { SandboxNetwork } from '../world/chains.js';
import type { World } from '../world/index.js';
import { rpcEndpoint, type RpcMethod } from './json-rpc.js';

function rpcErrorBody(status: number, message: string | string[]): unknown {
  return { jsonrpc: '2.0', id: null, error: { code: -32000, message: Array.isArray(message) ? message.join('; ') : message, data: { status } } };
}

export function createNodeRpc(world: World, network: SandboxNetwork): SandboxService {
  const service = new SandboxService({ name: `node-rpc-${network}`, errorBody: rpcErrorBody });
  const chains = world.chains.filter((c) => c.network === network);
  const evm = (blockchainId: string): Record<string, RpcMethod> | null => {
    const chain = chains.find((c) => c.blockchainId === blockchainId || (blockchainId === 'C' && c.isCChain));
    if (!chain) return null;
    return {
      eth_chainId: () => `0x${chain.evmChainId.toString(16)}`,
    };
  };
  rpcEndpoint(service, '/ext/bc/C/rpc', () => evm('C'), { batch: true });
  rpcEndpoint(service, '/ext/bc/{blockchainId}/rpc', ({ params }) => evm(params.blockchainId!), { batch: true });
  return service;
}
