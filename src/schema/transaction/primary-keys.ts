/**
 * Keys and shapes of primary-network transactions: what the transaction loader, the block and UTXO
 * links and the transaction types share (`<network>:<p|x|c>:<txHash>` local ids, the Data API's
 * record or the node's answer as one shape).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { isCb58Id, isNetworkKey, type NetworkKey, type PrimaryChainAlias } from '@avalanche-graph/identity';
import type { WirePChainUtxo, WireXChainUtxo } from '../../upstream/data-api/types/primary.js';
import type { PTx, XTx, XTxBytes } from '../../upstream/node-rpc/txs.js';
import type { WireCChainAtomicTransaction, WirePrimaryNetworkTransaction, WireXChainTransaction } from '../../upstream/data-api/types/primary-ledger.js';
import { type UtxoShape } from '../utxo/keys.js';

export type TxShape =
  | { network: NetworkKey; chain: 'P'; wire: DataApiSchema<'PChainTransaction'> }
  | { network: NetworkKey; chain: 'X'; wire: WireXChainTransaction }
  | { network: NetworkKey; chain: 'C'; wire: WireCChainAtomicTransaction };
export type Of<C extends PrimaryChainAlias> = Extract<TxShape, { chain: C }>;

/**
 * A P-Chain transaction as the node wrote it in a block (`PChainBlock.txs`): the Data API's record
 * of it is read by hash only when one of its members is selected (see `recorded`).
 */
export interface PNodeTxShape {
  network: NetworkKey;
  chain: 'P';
  txHash: string;
  wire?: undefined;
  node: PTx;
}

/**
 * An X-Chain transaction as the node answered it (`avm.getTx`, a block's `txs`), in the encoding(s)
 * the selection needed (the JSON, or only the hex bytes when only `txHash`, `type` and `raw` are
 * selected); the Data API's record is read by hash when one of its members is selected.
 */
export interface XNodeTxShape {
  network: NetworkKey;
  chain: 'X';
  txHash: string;
  wire?: undefined;
  json?: XTx;
  /** Node hex (with checksum). */
  hex?: XTxBytes;
}

/** A transaction as the node answered it, before the Data API's record is read. */
export type NodeTxShape = PNodeTxShape | XNodeTxShape;
/** A primary-network transaction from either source: the Data API's record, or (P- and X-Chain) the node's. */
export type AnyTxShape = TxShape | NodeTxShape;
/** What `PChainTransaction` holds: the Data API's record, or the node's. */
export type PTxShape = Of<'P'> | PNodeTxShape;
/** What `XChainTransaction` holds: the Data API's record, or the node's. */
export type XTxShape = Of<'X'> | XNodeTxShape;

/** The transaction id, whichever source it came from. */
export const hashOf = (tx: AnyTxShape): string => (tx.wire ? tx.wire.txHash : tx.txHash);

/** Local id of a transaction: `<network>:<p|x|c>:<txHash>`. */
export const txKey = (network: NetworkKey, chain: PrimaryChainAlias, txHash: string) => `${network}:${chain.toLowerCase()}:${txHash}`;

export function parseTxKey(key: string): { network: NetworkKey; chain: PrimaryChainAlias; txHash: string } | null {
  const [network, chain, txHash, extra] = key.split(':');
  if (!isNetworkKey(network) || extra !== undefined || !txHash || !isCb58Id(txHash)) return null;
  const alias = chain === 'p' ? 'P' : chain === 'x' ? 'X' : chain === 'c' ? 'C' : null;
  return alias ? { network, chain: alias, txHash } : null;
}

export function checkTxKey(chain: PrimaryChainAlias) {
  return (key: string): string | null => {
    const parsed = parseTxKey(key);
    if (!parsed) return 'expected <network>:<p|x|c>:<txHash> with a cb58 hash';
    return parsed.chain === chain ? null : `not a ${chain}-Chain transaction id`;
  };
}

/** Wraps a wire transaction of `chain` (what the endpoints of that chain answer). */
export function shapeTx(network: NetworkKey, chain: PrimaryChainAlias, wire: WirePrimaryNetworkTransaction): TxShape {
  return { network, chain, wire } as TxShape;
}

/** The UTXOs a transaction spent or created, as the `Utxo` type holds them. */
export const utxosOf = (tx: TxShape, which: 'consumedUtxos' | 'emittedUtxos'): UtxoShape[] => {
  if (tx.chain === 'P') return (tx.wire[which] ?? []).map((u: WirePChainUtxo) => ({ ...u, kind: 'P' as const }));
  return ((tx.wire[which] as WireXChainUtxo[] | undefined) ?? []).map((u) => ({ ...u, kind: 'X' as const }));
};

