/**
 * Running state of one chain while its blocks are generated: native balances (with their history,
 * so a balance at any block is a lookup), nonces, ERC-20 balances and NFT ownership.
 */

const key = (address: string) => address.toLowerCase();

/** Values per address that change block by block, with the value after every block kept. */
export class History {
  private readonly current = new Map<string, bigint>();
  private readonly history = new Map<string, { blocks: number[]; values: bigint[] }>();

  constructor(initial: ReadonlyMap<string, bigint> = new Map()) {
    for (const [address, value] of initial) this.add(address, value, 0);
  }

  get(address: string): bigint {
    return this.current.get(key(address)) ?? 0n;
  }

  add(address: string, delta: bigint, block: number): void {
    const k = key(address);
    const value = (this.current.get(k) ?? 0n) + delta;
    if (value < 0n) throw new Error(`balance of ${address} would go negative at block ${block}`);
    this.current.set(k, value);
    let h = this.history.get(k);
    if (!h) this.history.set(k, (h = { blocks: [], values: [] }));
    if (h.blocks[h.blocks.length - 1] === block) h.values[h.values.length - 1] = value;
    else {
      h.blocks.push(block);
      h.values.push(value);
    }
  }

  /** Value after block `block`. */
  at(address: string, block: number): bigint {
    const h = this.history.get(key(address));
    if (!h) return 0n;
    const i = lastAtOrBefore(h.blocks, block);
    return i < 0 ? 0n : h.values[i]!;
  }
}

/** Index of the last element ≤ target in an ascending array, or -1. */
export function lastAtOrBefore(sorted: readonly number[], target: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= target) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Nonces: the blocks in which each address sent its transactions. */
export class Nonces {
  private readonly sent = new Map<string, number[]>();

  next(address: string): number {
    return this.sent.get(key(address))?.length ?? 0;
  }

  record(address: string, block: number): void {
    const k = key(address);
    const list = this.sent.get(k) ?? [];
    list.push(block);
    this.sent.set(k, list);
  }

  /** Transactions sent up to and including `block`. */
  at(address: string, block: number): number {
    const list = this.sent.get(key(address));
    return list ? lastAtOrBefore(list, block) + 1 : 0;
  }
}

/** Balances of fungible holdings keyed by (contract, holder), without history. */
export class Holdings {
  private readonly balances = new Map<string, bigint>();

  get(contract: string, holder: string): bigint {
    return this.balances.get(`${key(contract)}|${key(holder)}`) ?? 0n;
  }

  move(contract: string, from: string | null, to: string | null, amount: bigint): void {
    if (from) this.set(contract, from, this.get(contract, from) - amount);
    if (to) this.set(contract, to, this.get(contract, to) + amount);
  }

  private set(contract: string, holder: string, value: bigint): void {
    if (value < 0n) throw new Error(`holding of ${holder} in ${contract} would go negative`);
    this.balances.set(`${key(contract)}|${key(holder)}`, value);
  }
}
