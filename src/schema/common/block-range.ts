/**
 * The block-range arguments of address and token lists (`startBlock` inclusive, `endBlock`
 * exclusive, either side open), checked before any upstream call.
 */
import type { ArgBuilder } from '@pothos/core';
import type { Types } from '../../builder.js';
import { badInput } from '../../errors.js';
import type { WireBlockRange } from '../../upstream/data-api/types/evm.js';


/** The upstream reads block numbers as JSON numbers: larger ones would be rounded. */
export const MAX_BLOCK = BigInt(Number.MAX_SAFE_INTEGER);

export function blockRangeArgs(t: { arg: ArgBuilder<Types> }) {
  return {
    startBlock: t.arg({ type: 'BigInt', required: false, description: 'First block of the range (inclusive); open when omitted.' }),
    endBlock: t.arg({
      type: 'BigInt',
      required: false,
      description: 'Block after the range (exclusive): must be greater than `startBlock`; open (up to the latest block) when omitted.',
    }),
  };
}

export function blockRange(args: { startBlock?: bigint | null; endBlock?: bigint | null }): WireBlockRange {
  const check = (name: 'startBlock' | 'endBlock', value: bigint | null | undefined) => {
    if (value == null) return undefined;
    if (value < 0n) throw badInput(name, 'must not be negative');
    if (value > MAX_BLOCK) throw badInput(name, `must be at most ${MAX_BLOCK}`);
    return value;
  };
  const startBlock = check('startBlock', args.startBlock);
  const endBlock = check('endBlock', args.endBlock);
  if (startBlock !== undefined && endBlock !== undefined && endBlock <= startBlock) {
    throw badInput('endBlock', 'must be greater than startBlock (the range excludes endBlock)');
  }
  return { startBlock, endBlock };
}
