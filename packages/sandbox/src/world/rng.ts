/**
 * Deterministic randomness for the simulated world: sha256 in counter mode over a seed and a label,
 * so every part of the world is reproducible on its own (adding a chain does not move the others).
 */
import { sha256Bytes } from '@avalanche-graph/identity';

export class Rng {
  private counter = 0;
  private buffer: Uint8Array = new Uint8Array(0);
  private offset = 0;

  constructor(readonly seed: string) {}

  /** An independent stream for a part of the world. */
  fork(label: string): Rng {
    return new Rng(`${this.seed}/${label}`);
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (this.offset >= this.buffer.length) {
        this.buffer = sha256Bytes(`${this.seed}#${this.counter++}`);
        this.offset = 0;
      }
      out[i] = this.buffer[this.offset++]!;
    }
    return out;
  }

  /** A float in [0, 1). */
  next(): number {
    const b = this.bytes(6);
    let n = 0;
    for (const byte of b) n = n * 256 + byte;
    return n / 2 ** 48;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A bigint in [min, max]. */
  bigint(min: bigint, max: bigint): bigint {
    const span = max - min + 1n;
    let n = 0n;
    for (const byte of this.bytes(16)) n = (n << 8n) | BigInt(byte);
    return min + (n % span);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}
