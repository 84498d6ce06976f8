/**
 * ERC-20 balances of an address as an indexer derives them: the genesis holding, plus every transfer
 * the address received, minus every transfer it sent, up to a block. A failed transaction carries no
 * transfer, so it moves nothing.
 */
import type { Erc20Balance, Erc20Token, Erc20TransferRecord } from './types.js';

const k = (s: string) => s.toLowerCase();

export function erc20BalancesOf(
  tokens: readonly Erc20Token[],
  genesis: ReadonlyMap<string, ReadonlyMap<string, bigint>>,
  records: readonly Erc20TransferRecord[],
  holder: string,
  blockNumber: number,
): Erc20Balance[] {
  const me = k(holder);
  const balances = new Map<string, bigint>();
  for (const [token, holders] of genesis) {
    for (const [address, amount] of holders) if (k(address) === me) balances.set(k(token), amount);
  }
  for (const { tx, transfer } of records) {
    if (tx.blockNumber > blockNumber) continue;
    let delta = 0n;
    if (k(transfer.to) === me) delta += transfer.value;
    if (k(transfer.from) === me) delta -= transfer.value;
    balances.set(k(transfer.token), (balances.get(k(transfer.token)) ?? 0n) + delta);
  }
  return tokens.map((token) => ({ token, balance: balances.get(k(token.address)) ?? 0n }));
}
