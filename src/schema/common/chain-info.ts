/**
 * `chainInfo`: which primary-network chain and network a Data API list answered for (the UTXO and
 * vertex lists send it beside their items), so a client that passed a blockchain id learns its alias.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { ObjectRef } from '@pothos/core';
import { builder, type Types } from '../../builder.js';
import { NetworkName, upstreamEnum } from './enums.js';
import { NETWORK_ALIASES, networkNameOfValue } from './network-names.js';

export const PrimaryNetworkChainName = upstreamEnum('PrimaryNetworkChainName', {
  description: 'A chain of the primary network, by the Data API\'s alias.',
  values: {
    'p-chain': 'The P-Chain (platform chain: validators, subnets, L1s).',
    'x-chain': 'The X-Chain (asset exchange chain).',
    'c-chain': 'The C-Chain (the primary network\'s EVM chain).',
  },
  unknown: 'A chain name this gateway does not know yet.',
});

export const PrimaryNetworkChainInfo = builder.objectRef<DataApiSchema<'PrimaryNetworkChainInfo'>>('PrimaryNetworkChainInfo').implement({
  description: 'The primary-network chain and network a list answered for (the Data API\'s `chainInfo`).',
  fields: (t) => ({
    chainName: t.field({
      type: PrimaryNetworkChainName,
      description: 'The chain, by alias (p-chain, x-chain or c-chain).',
      resolve: (c) => PrimaryNetworkChainName.from(c.chainName?.toLowerCase()),
    }),
    network: t.field({
      type: NetworkName,
      nullable: true,
      description: `The network, as the service names it${NETWORK_ALIASES.map((a) => ` (${a.name} when asked as ${a.value})`).join('')}; null for a network this gateway does not know.`,
      resolve: (c) => networkNameOfValue(c.network) ?? null,
    }),
  }),
});

/** The `chainInfo` field of a list's connection: from the first page read (every page sends the same). */
export const CHAIN_INFO_DESCRIPTION =
  'The chain and network the Data API answered for (its `chainInfo`, sent with every page); null when the service sent none.';

/** Adds `chainInfo` to a list's connection type, from what its pages carry (`upstreamList`'s `extras`). */
export function withChainInfo(connection: ObjectRef<Types, { chainInfo?: DataApiSchema<'PrimaryNetworkChainInfo'> | null }>): void {
  builder.objectFields(connection, (t) => ({
    chainInfo: t.field({ type: PrimaryNetworkChainInfo, nullable: true, description: CHAIN_INFO_DESCRIPTION, resolve: (c) => c.chainInfo ?? null }),
  }));
}
