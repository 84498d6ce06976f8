/**
 * Enums of the primary-network lists. Output-only enums have an UNKNOWN member so that a value the
 * Data API adds later never fails a response; input-only enums list what the upstream accepts.
 */
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';
import { upstreamEnum } from './enums.js';

export const DelegationStatus = upstreamEnum('DelegationStatus', {
  description: 'Where a delegation stands: waiting to start, staking now, or finished.',
  values: {
    PENDING: { value: 'pending', description: 'Accepted on the P-Chain; its staking period has not started yet.' },
    ACTIVE: { value: 'active', description: 'In its staking period now.' },
    COMPLETED: { value: 'completed', description: 'Its staking period has ended and its reward (if any) was paid.' },
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
    VALIDATOR: { description: 'For validating: paid to the validator\'s reward owner.' },
    DELEGATOR: { description: 'For delegating: paid to the delegator\'s reward owner (net of the validator\'s fee).' },
    VALIDATOR_FEE: { description: 'The validator\'s fee on a delegation to it.' },
  },
  unknown: 'A reward type this gateway does not know yet.',
});

/** Currencies the Data API prices in (its `currency` parameter); an answer's other codes read as null. */
export const Currency = upstreamEnum('Currency', {
  description: 'A fiat currency for prices and values.',
  values: {
    USD: { value: 'usd', description: 'US dollar.' },
    EUR: { value: 'eur', description: 'Euro.' },
    AUD: { value: 'aud', description: 'Australian dollar.' },
    CAD: { value: 'cad', description: 'Canadian dollar.' },
    CHF: { value: 'chf', description: 'Swiss franc.' },
    CLP: { value: 'clp', description: 'Chilean peso.' },
    CNY: { value: 'cny', description: 'Chinese yuan.' },
    CZK: { value: 'czk', description: 'Czech koruna.' },
    DKK: { value: 'dkk', description: 'Danish krone.' },
    GBP: { value: 'gbp', description: 'Pound sterling.' },
    HKD: { value: 'hkd', description: 'Hong Kong dollar.' },
    HUF: { value: 'huf', description: 'Hungarian forint.' },
    JPY: { value: 'jpy', description: 'Japanese yen.' },
    NZD: { value: 'nzd', description: 'New Zealand dollar.' },
  },
});

export const UtxoType = upstreamEnum('UtxoType', {
  description: 'What a UTXO is for.',
  values: {
    TRANSFER: { description: 'Value (an amount, or an NFT) its owners can spend, possibly after a locktime.' },
    STAKE: { description: 'P-Chain: locked as stake by a validation or delegation.' },
    MINT: { description: 'X-Chain: the right to mint more of an asset.' },
  },
  unknown: 'A UTXO type this gateway does not know yet.',
});

/** The P-Chain sends `STAKE`/`TRANSFER`, the X-Chain `transfer`/`mint`: one enum for both. */
export const utxoTypeOf = (value: string | undefined) => UtxoType.from(value?.toUpperCase());

export const UtxoSortBy = builder.enumType('UtxoSortBy', {
  description: 'The property UTXOs are sorted by (with `sortOrder`).',
  values: {
    TIMESTAMP: { value: 'timestamp', description: 'Creation time.' },
    AMOUNT: { value: 'amount', description: 'Amount of the asset held.' },
  } as const,
});

export const PrimaryNetworkAssetType = upstreamEnum('PrimaryNetworkAssetType', {
  description: 'The kind of an X-Chain asset (AVAX is SECP256K1).',
  values: {
    SECP256K1: { value: 'secp256k1', description: 'A fungible asset held by secp256k1 keys.' },
    NFT: { value: 'nft', description: 'A non-fungible asset (NFT feature extension).' },
  },
  unknown: 'An asset kind this gateway does not know yet.',
});
