/**
 * Account: one address on one EVM chain, the hub of a wallet page (balances, transactions,
 * transfers, messages). Its fields are added by the domain files that own each list.
 */
import { builder } from '../../builder.js';
import { Chain } from '../chain.js';
import { evmAddress } from '../validate.js';

export interface AccountShape {
  chainId: string;
  /** As the caller or the upstream wrote it (checksummed when the upstream checksums). */
  address: string;
}

export const Account = builder.objectRef<AccountShape>('Account').implement({
  description: 'An address on one EVM chain: its balances, transactions, transfers and interchain messages there.',
  fields: (t) => ({
    chain: t.field({ type: Chain, description: 'The chain this account view belongs to.', resolve: (a) => a.chainId }),
    address: t.exposeString('address', { description: 'The 0x address.' }),
  }),
});

builder.objectFields(Chain, (t) => ({
  address: t.field({
    type: Account,
    description: 'An address on this chain (no upstream call until a field of it is asked for).',
    args: { address: t.arg.string({ required: true, description: 'A 0x EVM address (EIP-55 checksum if mixed case).' }) },
    resolve: (chain, args) => ({ chainId: chain.chainId, address: evmAddress('address', args.address) }),
  }),
}));
