/**
 * A UTXO's shape, below the builder: what the primary transactions' keys
 * (src/schema/transaction/primary-keys.ts) need of it without its GraphQL type.
 */
import type { WirePChainUtxo, WireXChainUtxo } from '../../upstream/data-api/types/primary.js';

export type UtxoShape = (WirePChainUtxo & { kind: 'P' }) | (WireXChainUtxo & { kind: 'X' });
