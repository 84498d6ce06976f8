/**
 * Generates the blocks of one chain from its plan: genesis, then blocks of 0-6 transactions drawn
 * from the builders plus the ICM transactions planned for that block. Every value move and fee goes
 * through the running state, so balances at any block follow from the history; the same state goes
 * on generating the blocks mined later (`mine`).
 */
import { hex } from '@scure/base';
import { bytesToHex, keccakHex } from '@avalanche-graph/identity';
import { createAddress, logsBloom, orBlooms } from './abi.js';
import { feeConfigAt } from './chain-config.js';
import { BLACKHOLE_ADDRESS, EMPTY_TRIE_ROOT, GWEI, TELEPORTER_ADDRESS } from './constants.js';
import type { TxDraft } from './draft.js';
import {
  deployContract,
  erc1155Mint,
  erc1155Transfer,
  erc20Approve,
  erc20Transfer,
  erc721Mint,
  erc721Transfer,
  icmTransaction,
  nativeTransfer,
  swap,
  unknownCall,
  type Builder,
  type GenContext,
} from './kinds.js';
import type { PlannedIcm } from './icm.js';
import type { ChainPlan } from './plan.js';
import { History, Holdings, Nonces } from './state.js';
import type { EvmBlock, EvmTransaction, NftToken } from './types.js';

export interface GeneratedChain {
  blocks: EvmBlock[];
  transactions: EvmTransaction[];
  native: History;
  nonces: Nonces;
  nftTokens: Map<string, NftToken[]>;
  code: Map<string, string>;
  /**
   * Appends a block two seconds after the head holding exactly these ICM transactions (none: an
   * empty block), through the same running state and randomness as the generated blocks: the same
   * calls give the same blocks. Returns the block and its transactions, already in `blocks` and
   * `transactions`.
   */
  mine(planned: readonly PlannedIcm[]): { block: EvmBlock; transactions: EvmTransaction[] };
}

const TX_COUNT_WEIGHTS = [14, 24, 22, 16, 11, 8, 5];

const KINDS: { builder: Builder; weight: number; earlyWeight: number }[] = [
  { builder: nativeTransfer, weight: 30, earlyWeight: 10 },
  { builder: erc20Transfer, weight: 22, earlyWeight: 10 },
  { builder: erc20Approve, weight: 5, earlyWeight: 2 },
  { builder: swap, weight: 10, earlyWeight: 4 },
  { builder: erc721Mint, weight: 6, earlyWeight: 30 },
  { builder: erc721Transfer, weight: 7, earlyWeight: 2 },
  { builder: erc1155Mint, weight: 5, earlyWeight: 20 },
  { builder: erc1155Transfer, weight: 6, earlyWeight: 2 },
  { builder: deployContract, weight: 2, earlyWeight: 4 },
  { builder: unknownCall, weight: 3, earlyWeight: 1 },
];

function weighted<T>(rng: GenContext['rng'], items: readonly T[], weightOf: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  let roll = rng.next() * total;
  for (const item of items) {
    roll -= weightOf(item);
    if (roll < 0) return item;
  }
  return items[items.length - 1]!;
}

function fakeCode(rng: GenContext['rng']): string {
  return `0x6080604052${bytesToHex(rng.bytes(rng.int(200, 600))).slice(2)}`;
}

function listRoot(prefix: string, hashes: string[]): string {
  return hashes.length === 0 ? EMPTY_TRIE_ROOT : keccakHex(prefix + hashes.join(''));
}

export function generateChain(plan: ChainPlan): GeneratedChain {
  const rng = plan.rng;
  const chainId = plan.chain.evmChainId;
  const code = new Map<string, string>();
  for (const address of [...plan.tokens.map((t) => t.address), ...plan.collections.map((c) => c.address), plan.router, plan.pool, TELEPORTER_ADDRESS, ...plan.icmApps]) {
    code.set(address.toLowerCase(), fakeCode(rng));
  }
  const erc20 = new Holdings();
  for (const [token, holders] of plan.tokenAlloc) for (const [holder, amount] of holders) erc20.move(token, null, holder, amount);
  const ctx: GenContext = {
    plan,
    rng,
    block: 0,
    timestamp: 0,
    native: new History(plan.genesisAlloc),
    nonces: new Nonces(),
    erc20,
    erc1155: new Holdings(),
    erc721Owner: new Map(),
    nftTokens: new Map(plan.collections.map((c) => [c.address.toLowerCase(), []])),
    deployed: [],
    code,
    senders: plan.wallets.filter((w) => !plan.relayers.includes(w)),
  };

  const blocks: EvmBlock[] = [];
  const transactions: EvmTransaction[] = [];
  /** The lowest base fee at a block: an L1's fee config in force there (its minBaseFee), 1 gwei on the C-Chain. */
  const minBaseFee = (block: number): bigint => (plan.l1Config ? BigInt(feeConfigAt(plan.l1Config, block).feeConfig.minBaseFee) : GWEI);
  let baseFee = plan.baseFeeWei;
  let parentHash = `0x${'0'.repeat(64)}`;
  let cumulative = 0;
  /** Moves to block `n` at `timestampMs`: its base fee follows the parent's. */
  const enter = (n: number, timestampMs: number) => {
    ctx.block = n;
    ctx.timestamp = Math.floor(timestampMs / 1000);
    baseFee = clamp(n > 0 ? (baseFee * BigInt(rng.int(880, 1125))) / 1000n : baseFee, minBaseFee(n), 200n * GWEI);
  };
  /** Seals block `ctx.block` with `drafts`, in order. */
  const seal = (timestampMs: number, drafts: TxDraft[]) => {
    const n = ctx.block;
    const txs: EvmTransaction[] = [];
    let gasUsed = 0n;
    let logCount = 0;
    let fees = 0n;
    for (const draft of drafts) {
      const tx = finalize(ctx, draft, { baseFee, index: txs.length, logBase: logCount, cumulativeGas: gasUsed });
      txs.push(tx);
      gasUsed += tx.gasUsed;
      logCount += tx.logs.length;
      fees += tx.fee;
    }
    const hashes = txs.map((t) => t.hash);
    const stateRoot = bytesToHex(rng.bytes(32));
    const transactionsRoot = listRoot('txs', hashes);
    const receiptsRoot = listRoot('receipts', hashes);
    const hash = keccakHex(`${chainId}|${n}|${parentHash}|${timestampMs}|${stateRoot}|${transactionsRoot}`);
    for (const tx of txs) tx.blockHash = hash;
    cumulative += txs.length;
    const block: EvmBlock = {
      chainId,
      number: n,
      hash,
      parentHash,
      timestamp: ctx.timestamp,
      timestampMs,
      miner: BLACKHOLE_ADDRESS,
      gasLimit: plan.gasLimit,
      gasUsed,
      baseFeePerGas: baseFee,
      feesSpent: fees,
      cumulativeTransactions: cumulative,
      stateRoot,
      transactionsRoot,
      receiptsRoot,
      logsBloom: orBlooms(txs.map((t) => t.logsBloom)),
      extraData: '0x',
      size: 600 + txs.reduce((sum, t) => sum + 110 + (t.input.length - 2) / 2, 0),
      transactionHashes: hashes,
    };
    blocks.push(block);
    transactions.push(...txs);
    parentHash = hash;
    return { block, transactions: txs };
  };
  for (let n = 0; n < plan.blockCount; n++) {
    enter(n, plan.timestampsMs[n]!);
    const drafts: TxDraft[] = [];
    if (n > 0) {
      const count = weighted(rng, TX_COUNT_WEIGHTS.map((w, i) => [i, w] as const), ([, w]) => w)[0];
      for (let i = 0; i < count; i++) {
        const kind = weighted(rng, KINDS, (k) => (n <= 20 ? k.earlyWeight : k.weight));
        const draft = kind.builder(ctx) ?? nativeTransfer(ctx);
        if (draft) drafts.push(draft);
      }
      for (const planned of plan.icmByBlock.get(n) ?? []) drafts.splice(rng.int(0, drafts.length), 0, icmTransaction(ctx, planned));
    }
    seal(plan.timestampsMs[n]!, drafts);
  }
  const mine = (planned: readonly PlannedIcm[]) => {
    const timestampMs = blocks[blocks.length - 1]!.timestampMs + 2_000;
    enter(blocks.length, timestampMs);
    return seal(timestampMs, planned.map((p) => icmTransaction(ctx, p)));
  };
  return { blocks, transactions, native: ctx.native, nonces: ctx.nonces, nftTokens: ctx.nftTokens, code, mine };
}

function clamp(value: bigint, min: bigint, max: bigint): bigint {
  return value < min ? min : value > max ? max : value;
}

interface Slot {
  baseFee: bigint;
  index: number;
  logBase: number;
  cumulativeGas: bigint;
}

function finalize(ctx: GenContext, draft: TxDraft, slot: Slot): EvmTransaction {
  const { rng, plan } = ctx;
  const chainId = plan.chain.evmChainId;
  const type: 0 | 2 = rng.chance(0.8) ? 2 : 0;
  const tip = BigInt(rng.int(0, 20)) * 100_000_000n;
  const gasPrice = type === 2 ? slot.baseFee + tip : ((slot.baseFee + tip + GWEI - 1n) / GWEI) * GWEI;
  const fee = draft.gasUsed * gasPrice;
  const nonce = ctx.nonces.next(draft.from);
  ctx.nonces.record(draft.from, ctx.block);
  const contractAddress = draft.to === null ? createAddress(draft.from, nonce) : null;
  const hash = draft.hash ?? keccakHex(Uint8Array.from([...hex.decode(draft.from.slice(2).toLowerCase()), ...rng.bytes(32), nonce & 0xff, chainId & 0xff]));

  ctx.native.add(draft.from, -fee, ctx.block);
  if (!draft.failed) {
    if (draft.value > 0n) {
      ctx.native.add(draft.from, -draft.value, ctx.block);
      ctx.native.add(draft.to ?? contractAddress!, draft.value, ctx.block);
    }
    for (const call of draft.internal) {
      if (call.value === 0n) continue;
      ctx.native.add(call.from, -call.value, ctx.block);
      ctx.native.add(call.to, call.value, ctx.block);
    }
  }
  const logs = draft.logs.map((log, pos) => ({ ...log, logIndex: slot.logBase + pos }));
  const yParity = rng.int(0, 1);
  return {
    chainId,
    hash,
    blockNumber: ctx.block,
    blockHash: '',
    blockTimestamp: ctx.timestamp,
    index: slot.index,
    type,
    from: draft.from,
    to: draft.to,
    value: draft.value,
    nonce,
    gas: draft.gasLimit,
    gasPrice,
    ...(type === 2 ? { maxFeePerGas: slot.baseFee * 2n + tip, maxPriorityFeePerGas: tip } : {}),
    input: draft.input,
    method: draft.method,
    v: `0x${(type === 2 ? yParity : chainId * 2 + 35 + yParity).toString(16)}`,
    r: bytesToHex(rng.bytes(32)),
    s: bytesToHex(rng.bytes(32)),
    status: draft.failed ? 'failed' : 'success',
    gasUsed: draft.gasUsed,
    cumulativeGasUsed: slot.cumulativeGas + draft.gasUsed,
    effectiveGasPrice: gasPrice,
    fee,
    contractAddress,
    logs,
    logsBloom: logsBloom(logs),
    erc20Transfers: draft.erc20.map(({ pos, ...t }) => ({ ...t, logIndex: slot.logBase + pos })),
    nftTransfers: draft.nft.map(({ pos, ...t }) => ({ ...t, logIndex: slot.logBase + pos })),
    internalCalls: draft.internal,
    ...(draft.icm ? { icm: draft.icm } : {}),
  };
}
