/**
 * The `block` argument of node-backed reads: one string that names a block the way JSON-RPC users
 * know (a tag, a number or a hash), validated before any upstream call.
 */
import { badInput } from '../../errors.js';
import { BLOCK_TAGS, type BlockSelector, type BlockTag } from '../../upstream/node-rpc/evm.js';
import { hash32 } from '../common/validate.js';

export const BLOCK_ARG_DESCRIPTION =
  'The block to read at: "latest" (default), "earliest", "safe", "finalized", "pending", a block number in decimal (e.g. "1234"), or a block hash (0x and 64 hex digits).';

const MAX_INT64 = (1n << 63n) - 1n;

export function blockSelector(argument: string, value: string | null | undefined): BlockSelector {
  const text = (value ?? 'latest').trim();
  if ((BLOCK_TAGS as readonly string[]).includes(text)) return { tag: text as BlockTag };
  if (/^\d+$/.test(text)) {
    const number = BigInt(text);
    if (number > MAX_INT64) throw badInput(argument, 'block number is too large');
    return { number };
  }
  if (text.startsWith('0x') || text.startsWith('0X')) return { hash: hash32(argument, text) };
  throw badInput(argument, `"${text.slice(0, 80)}" is not a block tag, a decimal block number or a block hash`);
}
