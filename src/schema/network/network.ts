/**
 * Network: the primary network of MAINNET or FUJI, the root of P-Chain, X-Chain and Data API
 * primary-network reads.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import { Chain } from '../chain/chain.js';
import { NetworkName } from '../common/enums.js';
import type { NetworkNameValue } from '../common/network-names.js';
import { dataApiNetwork, DEFAULT_NETWORK_NAME } from '../common/network-names.js';
import { fieldGuard } from '../common/guards.js';
import { serves } from '../common/operations.js';

export interface NetworkShape {
  name: NetworkNameValue;
}

export const Network = builder.objectRef<NetworkShape>('Network').implement({
  description: 'An Avalanche network (mainnet or Fuji): its primary network, P-Chain and X-Chain reads, and its EVM chains.',
  fields: (t) => ({
    name: t.expose('name', { type: NetworkName, description: 'Which network.' }),
    chains: t.field({
      type: [Chain],
      nullable: true,
      description: 'The EVM chains of this network that the Data API indexes. Null, with an error, when the Data API fails.',
      extensions: { ...fieldGuard({ upstreamCost: 1, upstreamCostPerItem: 0, listSize: () => 100 }), ...serves('data:supportedChains') },
      resolve: async (n, _, ctx): Promise<DataApiSchema<'ChainInfo'>[]> =>
        (await ctx.upstreams.dataApi.evmChains.supportedChains({ network: dataApiNetwork(n.name) })).chains,
    }),
  }),
});

builder.queryFields((t) => ({
  network: t.field({
    type: Network,
    description: 'A network by name; the entry to primary-network, P-Chain and X-Chain reads.',
    args: { name: t.arg({ type: NetworkName, required: false, defaultValue: DEFAULT_NETWORK_NAME, description: 'Which network.' }) },
    resolve: (_, args) => ({ name: args.name ?? DEFAULT_NETWORK_NAME }),
  }),
}));
