/**
 * The simulated AvalancheGo API node of a network: `/ext/bc/X` (avm.*), `/ext/bc/P` (platform.*)
 * and the C-Chain's `/ext/bc/{blockchainId}/rpc` (eth_*), as the public API nodes serve only the
 * primary network. Blockchain aliases X, P and C work as on a real node. The L1s' own nodes are
 * another service (`createL1Nodes`), at the `rpcUrl` of their chain records.
 */
import { SandboxService } from '../http.js';
import { P_CHAIN_BLOCKCHAIN_ID, X_CHAIN_BLOCKCHAIN_IDS, type SandboxChain } from '../world/chains.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import type { World } from '../world/index.js';
import { evmMethods } from './evm/index.js';
import { rpcEndpoint } from './json-rpc.js';
import { avmMethods, platformMethods, validatorsMethods } from './primary/index.js';

function rpcErrorBody(status: number, message: string | string[]): unknown {
  return { jsonrpc: '2.0', id: null, error: { code: -32000, message: Array.isArray(message) ? message.join('; ') : message, data: { status } } };
}

export function createNodeRpc(world: World, network: NetworkKey): SandboxService {
  const service = new SandboxService({ name: `node-rpc-${network}`, errorBody: rpcErrorBody });
  const cChain = world.chains.find((c) => c.network === network && c.isCChain)!;
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
  rpcEndpoint(
    service,
    '/ext/bc/{blockchainId}/rpc',
    ({ params }) => (params.blockchainId === cChain.blockchainId || params.blockchainId === 'C' ? evmMethods(world, cChain) : null),
    { batch: true },
  );
  return service;
}

/**
 * The simulated nodes of every L1, on one host as L1 RPC providers run them: an L1's JSON-RPC at
 * `/{l1}/{network}/rpc` (eth_*, batches) and its validators interface beside it at
 * `/{l1}/{network}/validators` (validators.*).
 */
export function createL1Nodes(world: World): SandboxService {
  const service = new SandboxService({ name: 'l1-nodes', errorBody: rpcErrorBody });
  const l1 = (params: Record<string, string | undefined>): SandboxChain | undefined =>
    world.chains.find((c) => !c.isCChain && c.slug === params.l1 && c.network === params.network);
  rpcEndpoint(service, '/{l1}/{network}/rpc', ({ params }) => {
    const chain = l1(params);
    return chain ? evmMethods(world, chain) : null;
  }, { batch: true });
  rpcEndpoint(service, '/{l1}/{network}/validators', ({ params }) => {
    const chain = l1(params);
    return chain ? validatorsMethods(world, chain) : null;
  }, { batch: false });
  return service;
}
