/**
 * Account: one address on one EVM chain, the hub of a wallet page (balances, transactions,
 * transfers, messages). Its lists are added by the domain files that own each list; the native
 * balance lives here.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';
import { toChecksumAddress } from '@avalanche-graph/identity';
import type { WireRichAddress } from '../../upstream/data-api/types/evm.js';
import { Chain } from '../chain/chain.js';
import { evmAddress } from '../common/validate.js';
import { Currency } from '../common/primary-enums.js';
import { Money } from '../common/money.js';
import { fieldGuard } from '../common/guards.js';
import { MAX_BLOCK } from '../common/block-range.js';
import { entity, keyChainId, keyString } from '../common/federation.js';
import { serves } from '../common/operations.js';
import { CHAIN_ADDRESS_NODE, chainAddressField, chainAddressNode } from '../common/chain-address.js';

export interface AccountShape {
  chainId: string;
  /** As the caller or the upstream wrote it (checksummed when the upstream checksums). */
  address: string;
  /** What the indexer told about the address where it was met (a token contract's name...). */
  label?: Omit<WireRichAddress, 'address'>;
}

/** An account from an address the upstream sent with its token facts. */
export function accountFrom(chainId: string, rich: WireRichAddress): AccountShape {
  const { address, ...label } = rich;
  return { chainId, address, label };
}

/**
 * The address as the upstream calls are made with: one spelling per address, so the same address
 * met in different cases costs one call.
 */
export const upstreamAddress = (address: string) => toChecksumAddress(address);

/** The path of the Data API's routes under an address of a chain (`/chains/{chainId}/addresses/{address}/...`, `/tokens/{address}/...`). */
export const addressPath = (at: { chainId: string; address: string }): [chainId: string, address: string] => [at.chainId, upstreamAddress(at.address)];

// The id is the whole account, as `Chain.address` makes it: no upstream call (the address checksummed).
export const Account = chainAddressNode<AccountShape>('Account');

Account.implement({
  extensions: CHAIN_ADDRESS_NODE,
  description:
    'An address on one EVM chain: its balances, transactions, transfers and interchain messages there. A node: its id is the chain and the address (any spelling), refetched with no upstream call.',
  fields: (t) => ({
    chain: t.expose('chainId', { type: Chain, description: 'The chain this account view belongs to.' }),
    chainId: t.exposeString('chainId', { description: 'EVM chain id of the account\'s chain, as a decimal string (e.g. "43114"); with `address`, the account\'s federation key.' }),
    address: t.exposeString('address', { description: 'The 0x address.' }),
    name: t.string({
      nullable: true,
      description: 'Name the indexer knows for this address (a token contract\'s name), when it was reached from a transaction or transfer.',
      resolve: (a) => a.label?.name ?? null,
    }),
    symbol: t.string({
      nullable: true,
      description: 'Token symbol of this address, when it is a token contract reached from a transaction or transfer.',
      resolve: (a) => a.label?.symbol ?? null,
    }),
    decimals: t.int({
      nullable: true,
      description: 'Token decimals of this address, when it is a token contract reached from a transaction or transfer.',
      resolve: (a) => a.label?.decimals ?? null,
    }),
    logoUri: t.string({
      nullable: true,
      description: 'Logo of this address, when it is a token contract reached from a transaction or transfer.',
      resolve: (a) => a.label?.logoUri ?? null,
    }),
  }),
});

// Federation: an account is its chain and address, as `Chain.address(address:)` makes it: no upstream
// call until a field of it is asked for.
entity(Account, {
  keys: ['chainId address'],
  read: (rep, at): AccountShape => ({ chainId: keyChainId(rep, at), address: evmAddress(`${at}.address`, keyString(rep, 'address', at)) }),
  resolve: (account) => account,
});

export const NativeBalance = builder.objectRef<DataApiSchema<'NativeTokenBalance'>>('NativeBalance').implement({
  description: 'The native-token balance of an address (latest or at a block), with its fiat price and value when known.',
  fields: (t) => ({
    chain: t.expose('chainId', { type: Chain, description: 'The chain of the balance.' }),
    name: t.exposeString('name', { description: 'Native token name.' }),
    symbol: t.exposeString('symbol', { description: 'Native token symbol.' }),
    decimals: t.exposeInt('decimals', { description: 'Decimal places between the smallest unit and one token.' }),
    logoUri: t.exposeString('logoUri', { nullable: true, description: 'Native token logo URL.' }),
    balance: t.expose('balance', { type: 'BigInt', description: 'Balance in the smallest unit (wei).' }),
    price: t.expose('price', { type: Money, nullable: true, description: 'Price of one token in the requested currency.' }),
    balanceValue: t.expose('balanceValue', { type: Money, nullable: true, description: 'Value of the balance in the requested currency.' }),
  }),
});

/** A `blockNumber` argument: a block the upstream can read (it takes JSON numbers); undefined when omitted. */
export function blockNumberArg(value: bigint | null | undefined): bigint | undefined {
  if (value != null && (value < 0n || value > MAX_BLOCK)) throw badInput('blockNumber', `must be between 0 and ${MAX_BLOCK}`);
  return value ?? undefined;
}

builder.objectFields(Account, (t) => ({
  nativeBalance: t.checkedField({
    type: NativeBalance,
    nullable: true,
    description: 'The native-token balance (`GET .../balances:getNative`), latest or after a given block.',
    args: {
      blockNumber: t.arg({ type: 'BigInt', required: false, description: 'Balance after this block; latest when omitted.' }),
      currency: t.arg({ type: Currency, required: false, description: 'Currency of the price and value; the upstream\'s default (USD) when omitted.' }),
    },
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getNativeBalance') },
    check: (args) => blockNumberArg(args.blockNumber),
    resolve: async (account, blockNumber, args, ctx) => {
      const { nativeTokenBalance } = await ctx.upstreams.dataApi.evmBalances.getNativeBalance(account.chainId, upstreamAddress(account.address), {
        blockNumber,
        currency: args.currency ?? undefined,
      });
      return nativeTokenBalance;
    },
  }),
}));

builder.objectFields(Chain, (t) => ({
  address: chainAddressField(
    t,
    Account,
    'An address on this chain (no upstream call until a field of it is asked for).',
    'A 0x EVM address (EIP-55 checksum if mixed case).',
  ),
}));
