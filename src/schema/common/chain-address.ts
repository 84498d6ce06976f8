/**
 * What an address is on one EVM chain (an account, a token contract, an NFT collection) as a node
 * that costs nothing until a field of it needs an upstream: its id is the chain and the address, a
 * refetch makes no upstream call, and a field of the chain reaches it by `address`.
 */
import type { ObjectRef } from '@pothos/core';
import { builder, type Types } from '../../builder.js';
import { loadEach } from './each-key.js';
import { chainAddress, chainAddressKey, checkChainAddressKey } from './global-ids.js';
import { typeGuard } from './guards.js';
import { evmAddress } from './validate.js';

/** A chain and an address on it, checksummed when the gateway made it. */
export interface ChainAddress {
  chainId: string;
  address: string;
}

/** The node of a kind of chain address: id `<chainId>:<address>` (`chainAddressKey`), loaded from the id alone. */
export function chainAddressNode<S extends ChainAddress>(name: string) {
  return builder.loadableNodeRef<S, string, string>(name, {
    id: { resolve: (a) => chainAddressKey(a.chainId, a.address) },
    load: (ids: string[]) => loadEach(ids, (id) => chainAddress(id) as S | null),
  });
}

/** The guard of such a node: a malformed id is refused before any resolver, and loading one costs no upstream call. */
export const CHAIN_ADDRESS_NODE = typeGuard({ checkId: checkChainAddressKey, loadCost: 0 });

/**
 * The field of a chain that reaches such a node by its `address` argument (described by `addressDescription`):
 * the address is checked before any call, and the field makes none itself.
 */
export function chainAddressField<P extends { chainId: string }>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, P>,
  type: ObjectRef<Types, ChainAddress | string>,
  description: string,
  addressDescription: string,
) {
  return t.checkedField({
    type,
    description,
    args: { address: t.arg.string({ required: true, description: addressDescription }) },
    check: (args) => evmAddress('address', args.address),
    resolve: (chain, address) => ({ chainId: chain.chainId, address }),
  });
}
