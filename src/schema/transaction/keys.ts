/**
 * Keys and shapes of EVM transactions: what the transaction loader and the Transaction type share
 * (`<chainId>:<hash>` local ids; a transaction as a list summary or as the full single read).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { WireNativeTransaction } from '../../upstream/data-api/types/evm.js';

export interface TransactionShape {
  chainId: string;
  /** The summary (list items) or the full record (single-transaction answer). */
  native: WireNativeTransaction;
  /** The single-transaction answer, when this shape came from it; else fetched when a field needs it. */
  full: DataApiSchema<'GetTransactionResponse'> | null;
}

/** Local id of a transaction: `<chainId>:<txHash>`. */
export const txKey = (chainId: string, txHash: string) => `${chainId}:${txHash.toLowerCase()}`;

export const fromSummary = (chainId: string, native: WireNativeTransaction): TransactionShape => ({ chainId, native, full: null });

export const fromFull = (chainId: string, full: DataApiSchema<'GetTransactionResponse'>): TransactionShape => ({ chainId, native: full.nativeTransaction, full });
