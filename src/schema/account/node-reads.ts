/**
 * Standard node reads a frontend needs where the Data API has no answer (or lags the tip): the
 * chain's head (`eth_blockNumber`) and an address's exact balance at any block (`eth_getBalance`).
 * Both go through the chain's batched node client, so a page asking for the head and many balances
 * makes one node request.
 */
import { builder } from '../../builder.js';
import { Account } from './account.js';
import { BLOCK_ARG_DESCRIPTION, blockSelector } from '../chain/block-arg.js';
import { notFound } from '../../errors.js';
import { Chain } from '../chain/chain.js';
import { fieldGuard } from '../common/guards.js';
import { loadersOf } from '../loaders/index.js';

builder.objectFields(Chain, (t) => ({
  latestBlockNumber: t.field({
    type: 'BigInt',
    nullable: true,
    description: 'Number of the last accepted block, read from the chain\'s node (`eth_blockNumber`); may be ahead of the Data API\'s index.',
    extensions: fieldGuard({ upstreamCost: 1 }),
    resolve: (chain, _args, ctx) => ctx.upstreams.nodeRpc.evm(chain).blockNumber(),
  }),
}));

// On Account rather than `Chain.balance(address, block)`: an address on a chain is already the
// Account, which holds its other balances; this field is the node's exact figure at any block.
builder.objectFields(Account, (t) => ({
  balanceAt: t.checkedField({
    type: 'BigInt',
    nullable: true,
    description:
      'Native balance in wei at a block, read from the chain\'s node (`eth_getBalance`): exact at any block, including the tip, with no price data (see `nativeBalance` for the Data API\'s view). Null when the node has no such block (an unknown hash, a number past its head).',
    args: { block: t.arg.string({ required: false, defaultValue: 'latest', description: BLOCK_ARG_DESCRIPTION }) },
    extensions: fieldGuard({ upstreamCost: 1 }),
    check: (args) => blockSelector('block', args.block),
    resolve: async (account, block, _args, ctx) => {
      const chain = await loadersOf(ctx).chainById.load(account.chainId);
      if (!chain) throw notFound(`Unknown chain ${account.chainId}`);
      return ctx.upstreams.nodeRpc.evm(chain).getBalance(account.address, block);
    },
  }),
}));
