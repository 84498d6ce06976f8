/**
 * Read-side helpers over one network's primary-network world, shared by the simulated Data API and
 * node: where a transaction was accepted, which UTXOs an address owns, what a UTXO set holds.
 */
import { WORLD_NOW } from './constants.js';
import type { ChainAlias, PrimaryNetwork, UtxoRecord } from './types.js';

export interface Placement {
  chain: 'X' | 'P';
  height: number;
  time: number;
}

/** The block (or vertex) and time at which an X- or P-Chain transaction was accepted. */
export function placementOf(net: PrimaryNetwork, txId: string): Placement | undefined {
  const p = net.p.txsById.get(txId);
  if (p) return { chain: 'P', height: p.blockHeight, time: net.p.blocks[p.blockHeight]?.time ?? p.time };
  const x = net.x.txsById.get(txId);
  if (x) return { chain: 'X', height: x.container.height, time: x.time };
  return undefined;
}

export function ownedByAny(utxo: UtxoRecord, keyHexes: ReadonlySet<string>): boolean {
  return utxo.output.owners.addrs.some((a) => keyHexes.has(a.hex));
}

/** Stake locked by a staking transaction that has not ended yet (or not started). */
export function isLockedStake(utxo: UtxoRecord): boolean {
  return utxo.staking !== undefined && utxo.staking.end > WORLD_NOW;
}

/**
 * Whether a UTXO is in `chain`'s own UTXO set (what getUTXOs/getBalance read without a source
 * chain): created there, held there, unspent, and not locked in an ongoing stake.
 */
export function inUtxoSet(utxo: UtxoRecord, chain: ChainAlias): boolean {
  return utxo.holder === chain && utxo.createdOn === chain && !utxo.spent && !isLockedStake(utxo);
}

/** Whether a UTXO waits in `chain`'s shared memory, exported to it by `source` and not yet imported. */
export function inSharedMemory(utxo: UtxoRecord, chain: ChainAlias, source: ChainAlias): boolean {
  return utxo.holder === chain && utxo.createdOn === source && !utxo.spent;
}

export function aliasOfChainId(net: PrimaryNetwork, id: string): ChainAlias | undefined {
  return (Object.keys(net.chainIds) as ChainAlias[]).find((alias) => net.chainIds[alias] === id);
}

export function assetOf(net: PrimaryNetwork, assetId: string) {
  return net.assets.find((a) => a.id === assetId);
}
