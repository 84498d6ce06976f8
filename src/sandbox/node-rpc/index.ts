/**
 * The simulated AvalancheGo node: `/ext/bc/X` (avm.*), `/ext/bc/P` (platform.*),
 * `/ext/bc/{blockchainId}/rpc` (eth_*) and `/ext/bc/{blockchainId}/validators` (validators.*).
 * One service per network. Blockchain aliases X, P and C work as on a real node.
 */
import { SandboxService } from '../http.js';
import { P_CHAIN_BLOCKCHAIN_ID, X_CHAIN_BLOCKCHAIN_IDS, type SandboxChain } from '../world/chains.js';
import type { NetworkKey } from '../../lib/networks.js';
import type { World } from '../world/index.js';
import { evmMethods } from './evm.js';
import { rpcEndpoint } from './json-rpc.js';
import { avmMethods, platformMethods, validatorsMethods } from './primary.js';

function rpcErrorBody(status: number, message: string | string[]): unknown {
  return { jsonrpc: '2.0', id: null, error: { code: -32000, message: Array.isArray(message) ? message.join('; ') : message, data: { status } } };
}

export function createNodeRpc(world: World, network: NetworkKey): SandboxService {
  const service = new SandboxService({ name: `node-rpc-${network}`, errorBody: rpcErrorBody });
  const chains = world.chains.filter((c) => c.network === network);
  const chainFor = (id: string): SandboxChain | undefined => chains.find((c) => c.blockchainId === id || (id === 'C' && c.isCChain));
  const avm = avmMethods(world, network);
  const platform = platformMethods(world, network);

  rpcEndpoint(service, '/ext/bc/X', () => avm, { batch: false });
  rpcEndpoint(service, '/ext/bc/P', () => platform, { batch: false });
  rpcEndpoint(
    service,
    '/ext/bc/{blockchainId}',
    // The X- and P-Chain also answer under their blockchain ids, as on a real node.
    ({ params }) => (params.blockchainId === X_CHAIN_BLOCKCHAIN_IDS[network] ? avm : params.blockchainId === P_CHAIN_BLOCKCHAIN_ID ? platform : null),
    { batch: false },
  );
  rpcEndpoint(service, '/ext/bc/{blockchainId}/rpc', ({ params }) => {
    const chain = chainFor(params.blockchainId!);
    return chain ? evmMethods(world, chain) : null;
  }, { batch: true });
  rpcEndpoint(service, '/ext/bc/{blockchainId}/validators', ({ params }) => {
    const chain = chainFor(params.blockchainId!);
    return chain && !chain.isCChain ? validatorsMethods(world, chain) : null;
  }, { batch: false });
  return service;
}
