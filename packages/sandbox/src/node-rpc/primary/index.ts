/**
 * avm.* (X-Chain), platform.* (P-Chain) and validators.* (L1) methods of the simulated node. The
 * network's world is looked up on each call, so a node service never builds a network it is not
 * asked about.
 */
import type { SandboxChain } from '../../world/chains.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import type { World } from '../../world/index.js';
import type { RpcMethod } from '../json-rpc.js';
import { avmMethods as avm } from './avm.js';
import { platformMethods as platform } from './platform.js';
import { l1ValidatorsMethods } from './validators.js';

export function avmMethods(world: World, network: NetworkKey): Record<string, RpcMethod> {
  return avm(() => world.primary.networks[network]);
}

export function platformMethods(world: World, network: NetworkKey): Record<string, RpcMethod> {
  return platform(() => world.primary.networks[network]);
}

/** `validators.*` of an L1 chain, served on `/ext/bc/{blockchainId}/validators`. */
export function validatorsMethods(world: World, chain: SandboxChain): Record<string, RpcMethod> {
  return l1ValidatorsMethods(() => world.primary.networks[chain.network], chain);
}
