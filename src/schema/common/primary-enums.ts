/**
 * Enums of the primary-network lists. Output-only enums have an UNKNOWN member so that a value the
 * Data API adds later never fails a response; input-only enums list what the upstream accepts.
 */
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';

export const DELEGATION_STATUSES = ['active', 'completed', 'pending'] as const;
export type DelegationStatusValue = (typeof DELEGATION_STATUSES)[number] | 'unknown';

export const DelegationStatus = builder.enumType('DelegationStatus', {
  description: 'Where a delegation stands: waiting to start, staking now, or finished.',
  values: {
    PENDING: { value: 'pending', description: 'Accepted on the P-Chain; its staking period has not started yet.' },
    ACTIVE: { value: 'active', description: 'In its staking period now.' },
    COMPLETED: { value: 'completed', description: 'Its staking period has ended and its reward (if any) was paid.' },
    UNKNOWN: { value: 'unknown', description: 'A status this gateway does not know yet (not accepted as a filter).' },
  } as const,
});

/** A delegation-status filter; UNKNOWN exists for output only. */
export function delegationStatusArg(argument: string, value: DelegationStatusValue | null | undefined): string | undefined {
  if (value == null) return undefined;
  if (value === 'unknown') throw badInput(argument, 'UNKNOWN is not a status to filter by; use PENDING, ACTIVE or COMPLETED');
  return value;
}

export const REWARD_TYPES = ['VALIDATOR', 'DELEGATOR', 'VALIDATOR_FEE'] as const;

export const RewardType = builder.enumType('RewardType', {
  description: 'Why a staking reward was paid.',
  values: {
    VALIDATOR: { description: 'For validating: paid to the validator\'s reward owner.' },
    DELEGATOR: { description: 'For delegating: paid to the delegator\'s reward owner (net of the validator\'s fee).' },
    VALIDATOR_FEE: { description: 'The validator\'s fee on a delegation to it.' },
    UNKNOWN: { description: 'A reward type this gateway does not know yet.' },
  } as const,
});

/** Currencies the Data API prices in (its `currency` parameter): the one list, for the enum and for checks. */
const CURRENCY_VALUES = {
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
} as const;

export const Currency = builder.enumType('Currency', {
  description: 'A fiat currency for prices and values.',
  values: CURRENCY_VALUES,
});

/** The Data API's currency codes, as `Currency` maps them (`usd`, `eur`, ...). */
export const CURRENCIES = Object.values(CURRENCY_VALUES).map((c) => c.value);

export const UTXO_TYPES = ['STAKE', 'TRANSFER', 'MINT'] as const;

export const UtxoType = builder.enumType('UtxoType', {
  description: 'What a UTXO is for.',
  values: {
    TRANSFER: { description: 'Value (an amount, or an NFT) its owners can spend, possibly after a locktime.' },
    STAKE: { description: 'P-Chain: locked as stake by a validation or delegation.' },
    MINT: { description: 'X-Chain: the right to mint more of an asset.' },
    UNKNOWN: { description: 'A UTXO type this gateway does not know yet.' },
  } as const,
});

/** The P-Chain sends `STAKE`/`TRANSFER`, the X-Chain `transfer`/`mint`: one enum for both. */
export function utxoTypeOf(value: string | undefined): (typeof UTXO_TYPES)[number] | 'UNKNOWN' {
  const upper = value?.toUpperCase();
  return (UTXO_TYPES as readonly string[]).includes(upper ?? '') ? (upper as (typeof UTXO_TYPES)[number]) : 'UNKNOWN';
}

export const UtxoSortBy = builder.enumType('UtxoSortBy', {
  description: 'The property UTXOs are sorted by (with `sortOrder`).',
  values: {
    TIMESTAMP: { value: 'timestamp', description: 'Creation time.' },
    AMOUNT: { value: 'amount', description: 'Amount of the asset held.' },
  } as const,
});

export const ASSET_TYPES = ['secp256k1', 'nft'] as const;

export const PrimaryNetworkAssetType = builder.enumType('PrimaryNetworkAssetType', {
  description: 'The kind of an X-Chain asset (AVAX is SECP256K1).',
  values: {
    SECP256K1: { value: 'secp256k1', description: 'A fungible asset held by secp256k1 keys.' },
    NFT: { value: 'nft', description: 'A non-fungible asset (NFT feature extension).' },
    UNKNOWN: { value: 'unknown', description: 'An asset kind this gateway does not know yet.' },
  } as const,
});
