/**
 * What one address took part in on a chain, derived from the chain's transactions (no new data):
 * the transactions of its full history, its NFT transfers and the internal transactions the Data API
 * lists. Built once per chain on first use; mined blocks carry no transactions, so it never goes stale.
 */
import type { EvmChainWorld, EvmTransaction, InternalCall, NftTransferEvent } from './types.js';

export interface NftTransferRecord {
  tx: EvmTransaction;
  transfer: NftTransferEvent;
}

export interface InternalCallRecord {
  tx: EvmTransaction;
  call: InternalCall;
}

export interface AddressActivity {
  /**
   * Transactions the address took part in, newest first: as sender, recipient or created contract,
   * or as a party of one of its token transfers or listed internal transactions.
   */
  transactions(address: string): readonly EvmTransaction[];
  /** ERC-721 transfers from or to the address, newest first. */
  erc721Transfers(address: string): readonly NftTransferRecord[];
  /** ERC-1155 transfers from or to the address, newest first. */
  erc1155Transfers(address: string): readonly NftTransferRecord[];
  /** Listed internal transactions (see `isListedInternalCall`) from or to the address, newest first. */
  internalCalls(address: string): readonly InternalCallRecord[];
}

/**
 * The internal transactions the Data API indexes: CALL and CALLCODE that move value, and contract
 * creations. Other calls are only in a node's debug trace.
 */
export function isListedInternalCall(call: InternalCall): boolean {
  const type: string = call.type;
  if (type === 'CALL' || type === 'CALLCODE') return call.value > 0n;
  return type === 'CREATE' || type === 'CREATE2' || type === 'CREATE3';
}

const k = (s: string) => s.toLowerCase();

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const built = new WeakMap<EvmChainWorld, AddressActivity>();

export function addressActivity(chain: EvmChainWorld): AddressActivity {
  let activity = built.get(chain);
  if (activity) return activity;
  const txs = new Map<string, EvmTransaction[]>();
  const erc721 = new Map<string, NftTransferRecord[]>();
  const erc1155 = new Map<string, NftTransferRecord[]>();
  const internal = new Map<string, InternalCallRecord[]>();
  // Newest first, as the Data API lists; within a transaction, events in log order reversed like the other indexes.
  for (let i = chain.transactions.length - 1; i >= 0; i--) {
    const tx = chain.transactions[i]!;
    const parties = new Set([k(tx.from), ...(tx.to ? [k(tx.to)] : []), ...(tx.contractAddress ? [k(tx.contractAddress)] : [])]);
    for (const t of tx.erc20Transfers) parties.add(k(t.from)).add(k(t.to));
    for (let j = tx.nftTransfers.length - 1; j >= 0; j--) {
      const transfer = tx.nftTransfers[j]!;
      parties.add(k(transfer.from)).add(k(transfer.to));
      for (const party of new Set([k(transfer.from), k(transfer.to)])) push(transfer.standard === 'ERC-721' ? erc721 : erc1155, party, { tx, transfer });
    }
    for (let j = tx.internalCalls.length - 1; j >= 0; j--) {
      const call = tx.internalCalls[j]!;
      if (!isListedInternalCall(call)) continue;
      parties.add(k(call.from)).add(k(call.to));
      for (const party of new Set([k(call.from), k(call.to)])) push(internal, party, { tx, call });
    }
    for (const party of parties) push(txs, party, tx);
  }
  activity = {
    transactions: (address) => txs.get(k(address)) ?? [],
    erc721Transfers: (address) => erc721.get(k(address)) ?? [],
    erc1155Transfers: (address) => erc1155.get(k(address)) ?? [],
    internalCalls: (address) => internal.get(k(address)) ?? [],
  };
  built.set(chain, activity);
  return activity;
}
