/**
 * The chains an address has been active on (`listAddressChains`), from any chain's view of it: a
 * wallet page's chain switcher. One call, shared by both fields.
 */
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { Chain } from '../chain/chain.js';
import { fieldGuard } from '../common/guards.js';
import { serves } from '../common/operations.js';
import { Account, upstreamAddress, type AccountShape } from './account.js';

const addressChains = (account: AccountShape, ctx: Context) => ctx.upstreams.dataApi.evmChains.listAddressChains(upstreamAddress(account.address));

builder.objectFields(Account, (t) => ({
  chains: t.field({
    type: [Chain],
    description:
      'The chains the Data API indexes where this address sent or received a transaction or a token transfer, on any network (`GET /v1/address/{address}/chains`; the Data API refreshes it every 15 minutes).',
    // The chain records come with the answer: no chain-list call.
    extensions: { ...fieldGuard({ upstreamCost: 1, upstreamCostPerItem: 0, listSize: () => 20 }), ...serves('data:listAddressChains') },
    resolve: async (account, _, ctx) => (await addressChains(account, ctx)).indexedChains ?? [],
  }),
  unindexedChainIds: t.stringList({
    description: 'Ids of chains where this address was active that the Data API does not index (same call as `chains`).',
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:listAddressChains') },
    resolve: async (account, _, ctx) => (await addressChains(account, ctx)).unindexedChains ?? [],
  }),
}));
