/**
 * An account's ERC-20 balances (`listErc20Balances`): a connection of balances, each linked to its
 * token contract, priced in the requested currency, with the native balance the same answer carries.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import { Chain } from '../chain/chain.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { upstreamList } from '../common/upstream-list.js';
import { maxItems } from '../common/guards.js';
import { serves } from '../common/operations.js';
import { Money } from '../common/money.js';
import { Currency } from '../common/primary-enums.js';
import { evmAddress, list } from '../common/validate.js';
import { Account, addressPath, blockNumberArg, NativeBalance, upstreamAddress } from '../account/account.js';
import { TokenReputation } from './reputation.js';
import { TokenContract, type TokenContractShape } from './transfers.js';


export const Erc20Balance = builder.objectRef<DataApiSchema<'Erc20TokenBalance'>>('Erc20Balance').implement({
  description: 'How much of one ERC-20 token an address holds, with the token\'s price and the balance\'s value when known.',
  fields: (t) => ({
    chain: t.expose('chainId', { type: Chain, description: 'The chain of the balance.' }),
    token: t.field({
      type: TokenContract,
      description: 'The token contract (its facts come with the balance: no further call).',
      resolve: (b): TokenContractShape => ({
        chainId: b.chainId,
        address: b.address,
        info: { ercType: b.ercType, name: b.name, symbol: b.symbol, decimals: b.decimals, logoUri: b.logoUri, price: b.price },
      }),
    }),
    address: t.exposeString('address', { description: 'The token contract address.' }),
    name: t.exposeString('name', { description: 'Token name.' }),
    symbol: t.exposeString('symbol', { description: 'Token symbol.' }),
    decimals: t.exposeInt('decimals', { description: 'Decimal places between the smallest unit and one token.' }),
    logoUri: t.exposeString('logoUri', { nullable: true, description: 'Token logo URL.' }),
    balance: t.expose('balance', { type: 'BigInt', description: 'Balance in the token\'s smallest unit.' }),
    price: t.expose('price', { type: Money, nullable: true, description: 'Price of one whole token in the requested currency, when known.' }),
    balanceValue: t.expose('balanceValue', { type: Money, nullable: true, description: 'Value of the balance in the requested currency, when the price is known.' }),
    tokenReputation: t.field({
      type: TokenReputation,
      nullable: true,
      description: 'The token\'s security rating; null when unrated (tokens outside the C-Chain are not rated).',
      resolve: (b) => (b.tokenReputation == null ? null : TokenReputation.from(b.tokenReputation)),
    }),
  }),
});

export const Erc20BalanceConnection = connectionType<DataApiSchema<'Erc20TokenBalance'>, { nativeTokenBalance: DataApiSchema<'NativeTokenBalance'> | null }>(
  'Erc20Balance',
  Erc20Balance,
  'A page of the ERC-20 balances of an address.',
);

builder.objectFields(Erc20BalanceConnection, (t) => ({
  nativeBalance: t.expose('nativeTokenBalance', { type: NativeBalance, nullable: true, description: 'The native balance at the same block and in the same currency, sent with the first page read (no extra call); null when no page was read.' }),
}));

const ERC20_BALANCE_PAGE = { defaultSize: 10, maxSize: 500 };
/** Most contracts one `contractAddresses` filter takes (they travel in the URL). */
const MAX_CONTRACTS = 50;

interface Erc20BalanceArgs {
  blockNumber?: bigint | null;
  contractAddresses?: readonly string[] | null;
}

/** Checks the block and the contract filter; both as the upstream is sent them. */
function erc20BalanceFilter(args: Erc20BalanceArgs): { blockNumber: string | undefined; contractAddresses: string[] | undefined } {
  blockNumberArg(args.blockNumber);
  const contracts = args.contractAddresses;
  return {
    blockNumber: args.blockNumber == null ? undefined : args.blockNumber.toString(),
    contractAddresses: contracts == null ? undefined : list('contractAddresses', contracts, MAX_CONTRACTS, evmAddress).map(upstreamAddress),
  };
}

builder.objectFields(Account, (t) => ({
  erc20Balances: t.checkedField({
    type: Erc20BalanceConnection,
    nullable: true,
    description:
      'The ERC-20 tokens this address holds on this chain, with prices (`GET .../addresses/{address}/balances:listErc20`), latest or after a given block.',
    args: {
      blockNumber: t.arg({ type: 'BigInt', required: false, description: 'Balances after this block; latest when omitted.' }),
      contractAddresses: t.arg.stringList({
        required: false,
        extensions: maxItems(MAX_CONTRACTS),
        description: `Only these token contracts (0x addresses, at most ${MAX_CONTRACTS}).`,
      }),
      currency: t.arg({ type: Currency, required: false, description: 'Currency of prices and values; the Data API\'s default (USD) when omitted.' }),
      filterSpamTokens: t.arg.boolean({ required: false, description: 'Leave out tokens the Data API flags as spam; the Data API\'s default (true) when omitted.' }),
      ...connectionArgs(t, ERC20_BALANCE_PAGE),
    },
    extensions: serves('data:listErc20Balances'),
    check: erc20BalanceFilter,
    resolve: (account, filter, args, ctx) => {
      const query = { ...filter, currency: args.currency ?? undefined, filterSpamTokens: args.filterSpamTokens ?? undefined };
      return upstreamList(args, {
        name: 'erc20Balances',
        page: ERC20_BALANCE_PAGE,
        path: addressPath(account),
        query,
        read: (chainId, address, query) => ctx.upstreams.dataApi.evmBalances.listErc20Balances(chainId, address, query),
        items: (page) => page.erc20TokenBalances.map((b) => ({ ...b, chainId: b.chainId ?? account.chainId })),
        extras: (page) => ({ nativeTokenBalance: page.nativeTokenBalance }),
      });
    },
  }),
}));
