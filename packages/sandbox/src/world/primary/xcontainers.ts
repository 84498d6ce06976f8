/**
 * Packs X-Chain transactions into what accepted them: DAG vertices before the chain's
 * linearization, linear blocks after it (block 0's parent is the last, "stop", vertex).
 */
import type { Rng } from '../rng.js';
import { EMPTY_ID, HISTORY_START, X_LINEARIZATION_TIME } from './constants.js';
import { idOf } from './bytes.js';
import { encodeVertex, encodeXBlock } from './encode.js';
import type { XBlock, XTx, XVertex } from './types.js';

function chunks<T>(rng: Rng, items: T[], max: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; ) {
    const n = rng.int(1, max);
    out.push(items.slice(i, i + n));
    i += n;
  }
  return out;
}

export function packXChain(rng: Rng, chainId: string, txs: XTx[]): { vertices: XVertex[]; blocks: XBlock[] } {
  // The AVAX genesis transaction (at the history's start) belongs to no container.
  const ordered = txs.filter((t) => t.time > HISTORY_START).sort((a, b) => a.time - b.time);
  const dagTxs = ordered.filter((t) => t.time < X_LINEARIZATION_TIME);
  const linearTxs = ordered.filter((t) => t.time >= X_LINEARIZATION_TIME);

  const vertices: XVertex[] = [];
  for (const group of chunks(rng, dagTxs, 3)) {
    const height = vertices.length;
    const parents: string[] = [];
    if (height > 0) parents.push(vertices[height - 1]!.hash);
    if (height > 1 && rng.chance(0.35)) parents.push(vertices[height - 2]!.hash);
    const bytes = encodeVertex(chainId, height, parents, group.map((t) => t.bytes));
    const vertex: XVertex = { hash: idOf(bytes), parentHashes: parents, height, index: height, time: group[group.length - 1]!.time, txIds: group.map((t) => t.id), bytes };
    vertices.push(vertex);
    for (const tx of group) tx.container = { kind: 'vertex', id: vertex.hash, height };
  }

  const blocks: XBlock[] = [];
  let parentId = vertices.length > 0 ? vertices[vertices.length - 1]!.hash : EMPTY_ID;
  for (const group of chunks(rng, linearTxs, 3)) {
    const height = blocks.length;
    const time = group[group.length - 1]!.time;
    const bytes = encodeXBlock(parentId, height, time, group.map((t) => t.bytes));
    const block: XBlock = { id: idOf(bytes), parentId, height, time, txIds: group.map((t) => t.id), bytes };
    blocks.push(block);
    for (const tx of group) tx.container = { kind: 'block', id: block.id, height };
    parentId = block.id;
  }
  return { vertices, blocks };
}
