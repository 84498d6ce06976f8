/**
 * avm.* (X-Chain), platform.* (P-Chain) and validators.* methods (owned by the primary-network
 * sandbox work).
 */
import type { SandboxChain, SandboxNetwork } from '../world/chains.js';
import type { World } from '../world/index.js';
import type { RpcMethod } from './json-rpc.js';

export function avmMethods(_world: World, _network: SandboxNetwork): Record<string, RpcMethod> {
  return {};
}

export function platformMethods(_world: World, _network: SandboxNetwork): Record<string, RpcMethod> {
  return {};
}

/** `validators.*` of an L1 chain, served on `/ext/bc/{blockchainId}/validators`. */
export function validatorsMethods(_world: World, _chain: SandboxChain): Record<string, RpcMethod> {
  return {};
}
