/**
 * The links between UTXOs and the transactions that created, spent or hold them: a transaction's
 * consumed and emitted UTXOs, and a UTXO's creating and consuming transactions (read by hash).
 */
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { isCb58Id, parseBech32Address, networkOfHrp, primaryChainOf, type NetworkKey } from '@avalanche-graph/identity';
import { fieldGuard } from '../common/guards.js';
import { serves } from '../common/operations.js';
import { Utxo } from './utxo.js';
import { type UtxoShape } from './keys.js';
import { utxosOf, type TxShape } from '../transaction/primary-keys.js';
import { PrimaryNetworkTransaction, recorded, loadTransaction } from '../transaction/primary-transaction.js';

builder.interfaceFields(PrimaryNetworkTransaction, (t) => ({
  consumedUtxos: t.field({ type: [Utxo], description: 'The UTXOs it spent (for an import, those of the source chain\'s shared memory).', resolve: recorded((tx) => utxosOf(tx, 'consumedUtxos')) }),
  emittedUtxos: t.field({ type: [Utxo], description: 'The UTXOs it created (for an export, those it put in the destination chain\'s shared memory).', resolve: recorded((tx) => utxosOf(tx, 'emittedUtxos')) }),
}));

/**
 * The network of a UTXO of the Data API, read from its owners' bech32 prefix (the wire record does
 * not name it, and the P-Chain's id is the same on both networks).
 */
function networkOfUtxo(u: UtxoShape): NetworkKey | null {
  const first = u.addresses[0];
  const parsed = first ? parseBech32Address(first) : null;
  return (parsed && networkOfHrp(parsed.hrp)) ?? null;
}

/** The transaction on a chain (by blockchain id) of a UTXO's network; null when either is unknown. */
async function utxoTransaction(ctx: Context, u: UtxoShape, blockchainId: string, txHash: string | undefined): Promise<TxShape | null> {
  const network = networkOfUtxo(u);
  const chain = network && primaryChainOf(blockchainId, network);
  if (!network || !chain || !txHash || !isCb58Id(txHash)) return null;
  return loadTransaction(ctx, network, chain, txHash);
}

builder.interfaceFields(Utxo, (t) => ({
  creationTransaction: t.field({
    type: PrimaryNetworkTransaction,
    nullable: true,
    description: 'The transaction that created it, on `createdOnChainId` (for a P-Chain reward, the staking transaction it rewards).',
    extensions: { ...fieldGuard({ upstreamCostPerItem: 1 }), ...serves('data:getTxByHash') },
    resolve: (u, _, ctx) => utxoTransaction(ctx, u, u.createdOnChainId, u.kind === 'P' ? u.txHash : u.creationTxHash),
  }),
  consumingTransaction: t.field({
    type: PrimaryNetworkTransaction,
    nullable: true,
    description: 'The transaction that spent it, on `consumedOnChainId`; null while unspent.',
    extensions: { ...fieldGuard({ upstreamCostPerItem: 1 }), ...serves('data:getTxByHash') },
    resolve: (u, _, ctx) => utxoTransaction(ctx, u, u.consumedOnChainId, u.consumingTxHash),
  }),
}));
