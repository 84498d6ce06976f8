/**
 * Packs P-Chain transactions into Banff standard blocks: the genesis block holds the allocation
 * and the X- and C-Chain's creation; later transactions accepted within ten minutes of each other
 * share a block (up to three).
 */
import { idOf } from './bytes.js';
import { EMPTY_ID, HISTORY_START } from './constants.js';
import { encodePBlock } from './encode.js';
import type { PBlock, PTx } from './types.js';

const WINDOW = 600;

export function packPChain(txs: PTx[]): PBlock[] {
  const genesis = txs.filter((t) => t.time === HISTORY_START);
  const rest = txs.filter((t) => t.time !== HISTORY_START).sort((a, b) => a.time - b.time);
  const groups: PTx[][] = [genesis];
  for (const tx of rest) {
    const last = groups[groups.length - 1]!;
    if (groups.length > 1 && last.length < 3 && tx.time - last[0]!.time < WINDOW) last.push(tx);
    else groups.push([tx]);
  }
  const blocks: PBlock[] = [];
  let parentId = EMPTY_ID;
  for (const group of groups) {
    const height = blocks.length;
    const time = group[group.length - 1]!.time;
    const txIds = group.map((t) => t.id);
    const bytes = encodePBlock(parentId, height, time, txIds);
    const block: PBlock = { id: idOf(bytes), parentId, height, time, txIds, bytes };
    blocks.push(block);
    for (const tx of group) tx.blockHeight = height;
    parentId = block.id;
  }
  return blocks;
}
