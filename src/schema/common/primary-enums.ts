/**
 * Enums of the primary-network lists. Output-only enums have an UNKNOWN member so that a value the
 * Data API adds later never fails a response; input-only enums list what the upstream accepts.
 */
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';
import { enumValues, upstreamEnum } from './enums.js';

export const DelegationStatus = upstreamEnum('DelegationStatus', {
  description: 'Where a delegation stands: waiting to start, staking now, or finished.',
  values: {
    pending: 'Accepted on the P-Chain; its staking period has not started yet.',
    active: 'In its staking period now.',
    completed: 'Its staking period has ended and its reward (if any) was paid.',
  },
  unknown: 'A status this gateway does not know yet (not accepted as a filter).',
});

/** A delegation-status filter; UNKNOWN exists for output only. */
export function delegationStatusArg(argument: string, value: ReturnType<typeof DelegationStatus.from> | null | undefined): string | undefined {
  if (value == null) return undefined;
  if (value === 'UNKNOWN') throw badInput(argument, 'UNKNOWN is not a status to filter by; use PENDING, ACTIVE or COMPLETED');
  return value;
}

export const RewardType = upstreamEnum('RewardType', {
  description: 'Why a staking reward was paid.',
  values: {
    VALIDATOR: 'For validating: paid to the validator\'s reward owner.',
    DELEGATOR: 'For delegating: paid to the delegator\'s reward owner (net of the validator\'s fee).',
    VALIDATOR_FEE: 'The validator\'s fee on a delegation to it.',
  },
  unknown: 'A reward type this gateway does not know yet.',
});

/** Currencies the Data API prices in (its `currency` parameter); an answer's other codes read as null. */
export const Currency = upstreamEnum('Currency', {
  description: 'A fiat currency for prices and values.',
  values: {
    usd: 'US dollar.',
    eur: 'Euro.',
    aud: 'Australian dollar.',
    cad: 'Canadian dollar.',
    chf: 'Swiss franc.',
    clp: 'Chilean peso.',
    cny: 'Chinese yuan.',
    czk: 'Czech koruna.',
    dkk: 'Danish krone.',
    gbp: 'Pound sterling.',
    hkd: 'Hong Kong dollar.',
    huf: 'Hungarian forint.',
    jpy: 'Japanese yen.',
    nzd: 'New Zealand dollar.',
  },
});

export const UtxoType = upstreamEnum('UtxoType', {
  description: 'What a UTXO is for.',
  values: {
    TRANSFER: 'Value (an amount, or an NFT) its owners can spend, possibly after a locktime.',
    STAKE: 'P-Chain: locked as stake by a validation or delegation.',
    MINT: 'X-Chain: the right to mint more of an asset.',
  },
  unknown: 'A UTXO type this gateway does not know yet.',
});

/** The P-Chain sends `STAKE`/`TRANSFER`, the X-Chain `transfer`/`mint`: one enum for both. */
export const utxoTypeOf = (value: string | undefined) => UtxoType.from(value?.toUpperCase());

export const UtxoSortBy = builder.enumType('UtxoSortBy', {
  description: 'The property UTXOs are sorted by (with `sortOrder`).',
  values: enumValues({
    timestamp: 'Creation time.',
    amount: 'Amount of the asset held.',
  }),
});

export const PrimaryNetworkAssetType = upstreamEnum('PrimaryNetworkAssetType', {
  description: 'The kind of an X-Chain asset (AVAX is SECP256K1).',
  values: {
    secp256k1: 'A fungible asset held by secp256k1 keys.',
    nft: 'A non-fungible asset (NFT feature extension).',
  },
  unknown: 'An asset kind this gateway does not know yet.',
});
