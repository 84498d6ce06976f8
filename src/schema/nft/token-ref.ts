/**
 * The arguments that name NFTs, written once for the fields that take them: a token by the parts of
 * its ref (chain, contract, token id) that the field's parent does not give (`Chain.nftToken`,
 * `NftCollection.token`, `reindexNft`), and a balance list's collection filter. Each recipe gives a
 * `t.checkedField` its `args` and its `check`; the check returns the parts checked, and
 * `tokenRefKey` makes the token loader's key of them with the parent's.
 */
import type { ArgBuilder } from '@pothos/core';
import type { Types } from '../../builder.js';
import { badInput } from '../../errors.js';
import { upstreamAddress } from '../account/account.js';
import { evmAddress, evmChainId } from '../common/validate.js';
import { isTokenId, tokenKey, type TokenRef } from './keys.js';

/** A `tokenId` argument: a uint256 (the BigInt scalar takes any integer). */
function tokenIdArg(value: bigint): string {
  const text = value.toString();
  if (!isTokenId(text)) throw badInput('tokenId', 'must be a token id: a whole number between 0 and 2^256 - 1');
  return text;
}

const chainIdArgument = (arg: ArgBuilder<Types>) =>
  arg.string({ required: true, description: 'EVM chain id of the token\'s chain, as a decimal string (e.g. "43114").' });
const addressArgument = (arg: ArgBuilder<Types>) => arg.string({ required: true, description: 'The collection\'s 0x contract address.' });
const tokenIdArgument = (arg: ArgBuilder<Types>) => arg({ type: 'BigInt', required: true, description: 'The token id (a uint256, as a decimal string).' });

/** The token id, checked. */
const checkTokenId = (args: { tokenId: bigint }) => ({ tokenId: tokenIdArg(args.tokenId) });
/** The contract, then the token id, checked. */
const checkChainToken = (args: { address: string; tokenId: bigint }) => ({ address: evmAddress('address', args.address), ...checkTokenId(args) });
/** The chain, the contract, then the token id, checked. */
const checkToken = (args: { chainId: string; address: string; tokenId: bigint }): TokenRef => ({
  chainId: evmChainId('chainId', args.chainId),
  ...checkChainToken(args),
});

/** A token of the collection that is the field's parent: its `tokenId`. */
export const tokenOfCollection = (arg: ArgBuilder<Types>) => ({ args: { tokenId: tokenIdArgument(arg) }, check: checkTokenId });

/** A token of the chain that is the field's parent: its contract `address` and `tokenId`. */
export const tokenOfChain = (arg: ArgBuilder<Types>) => ({ args: { address: addressArgument(arg), tokenId: tokenIdArgument(arg) }, check: checkChainToken });

/** A token named by its arguments alone: `chainId`, contract `address` and `tokenId`. */
export const tokenByArgs = (arg: ArgBuilder<Types>) => ({
  args: { chainId: chainIdArgument(arg), address: addressArgument(arg), tokenId: tokenIdArgument(arg) },
  check: checkToken,
});

/** The token loader's key (`tokenKey`) of a ref: the parent's parts with the checked arguments. */
export const tokenRefKey = (ref: TokenRef) => tokenKey(ref.chainId, ref.address, ref.tokenId);

/** The check of a balance list's `contractAddress` filter: its part of the list's query, as the Data API is sent it. */
export const collectionFilter = (args: { contractAddress?: string | null }) => ({
  contractAddress: args.contractAddress == null ? undefined : upstreamAddress(evmAddress('contractAddress', args.contractAddress)),
});
