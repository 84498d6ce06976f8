/**
 * The geth / coreth / subnet-EVM JSON wire shapes of blocks, transactions, receipts and logs: hex
 * quantities, 0x hashes, and addresses in lower case as Go's common.Address marshals them (the world
 * keeps EIP-55 forms, which the Data API serves; clients compare addresses case-insensitively).
 */
import type { EvmBlock, EvmChainWorld, EvmLog, EvmTransaction } from '../../world/evm/types.js';
import { isEtna, isGranite } from './upgrades.js';

export const qty = (n: bigint | number): string => `0x${n.toString(16)}`;
const addr = (a: string): string => a.toLowerCase();
const addrOrNull = (a: string | null): string | null => (a === null ? null : a.toLowerCase());

const ZERO_HASH = `0x${'0'.repeat(64)}`;
/** keccak256(rlp([])): the uncle hash of a block without uncles. */
const EMPTY_UNCLE_HASH = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347';
/** The empty trie root: coreth's extDataHash when a block carries no atomic transactions. */
const EMPTY_ROOT_HASH = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';

/** Which node software serves the chain: the header carries different extra fields. */
export type EvmFlavor = 'coreth' | 'subnet-evm';

export function formatLog(log: EvmLog, tx: EvmTransaction): Record<string, unknown> {
  return {
    address: addr(log.address),
    topics: log.topics,
    data: log.data,
    blockNumber: qty(tx.blockNumber),
    transactionHash: tx.hash,
    transactionIndex: qty(tx.index),
    blockHash: tx.blockHash,
    logIndex: qty(log.logIndex),
    removed: false,
  };
}

export function formatTransaction(tx: EvmTransaction): Record<string, unknown> {
  const out: Record<string, unknown> = {
    blockHash: tx.blockHash,
    blockNumber: qty(tx.blockNumber),
    from: addr(tx.from),
    gas: qty(tx.gas),
    gasPrice: qty(tx.gasPrice),
  };
  if (tx.type === 2) {
    out.maxFeePerGas = qty(tx.maxFeePerGas ?? tx.gasPrice);
    out.maxPriorityFeePerGas = qty(tx.maxPriorityFeePerGas ?? 0n);
  }
  Object.assign(out, {
    hash: tx.hash,
    input: tx.input,
    nonce: qty(tx.nonce),
    to: addrOrNull(tx.to),
    transactionIndex: qty(tx.index),
    value: qty(tx.value),
    type: qty(tx.type),
  });
  if (tx.type === 2) {
    out.accessList = [];
    out.chainId = qty(tx.chainId);
  } else if (BigInt(tx.v) >= 35n) {
    // An EIP-155 protected legacy transaction names its chain.
    out.chainId = qty(tx.chainId);
  }
  out.v = tx.v;
  out.r = tx.r;
  out.s = tx.s;
  if (tx.type === 2) out.yParity = tx.v;
  return out;
}

export function formatReceipt(tx: EvmTransaction): Record<string, unknown> {
  return {
    blockHash: tx.blockHash,
    blockNumber: qty(tx.blockNumber),
    contractAddress: addrOrNull(tx.contractAddress),
    cumulativeGasUsed: qty(tx.cumulativeGasUsed),
    effectiveGasPrice: qty(tx.effectiveGasPrice),
    from: addr(tx.from),
    gasUsed: qty(tx.gasUsed),
    logs: tx.logs.map((log) => formatLog(log, tx)),
    logsBloom: tx.logsBloom,
    status: tx.status === 'success' ? '0x1' : '0x0',
    to: addrOrNull(tx.to),
    transactionHash: tx.hash,
    transactionIndex: qty(tx.index),
    type: qty(tx.type),
  };
}

export function formatBlock(evm: EvmChainWorld, block: EvmBlock, fullTransactions: boolean, flavor: EvmFlavor): Record<string, unknown> {
  const out: Record<string, unknown> = {
    baseFeePerGas: qty(block.baseFeePerGas),
    blockGasCost: '0x0',
    difficulty: block.number === 0 ? '0x0' : '0x1',
    extraData: block.extraData,
    gasLimit: qty(block.gasLimit),
    gasUsed: qty(block.gasUsed),
    hash: block.hash,
    logsBloom: block.logsBloom,
    miner: addr(block.miner),
    mixHash: ZERO_HASH,
    nonce: '0x0000000000000000',
    number: qty(block.number),
    parentHash: block.parentHash,
    receiptsRoot: block.receiptsRoot,
    sha3Uncles: EMPTY_UNCLE_HASH,
    size: qty(block.size),
    stateRoot: block.stateRoot,
    timestamp: qty(block.timestamp),
    // Every block after genesis has difficulty 1, so the running total is the block number.
    totalDifficulty: qty(block.number),
    transactions: fullTransactions ? evm.blockTransactions(block).map(formatTransaction) : block.transactionHashes,
    transactionsRoot: block.transactionsRoot,
    uncles: [],
  };
  if (flavor === 'coreth') {
    // Coreth headers carry the atomic (import/export) transactions of the C-Chain; none here.
    out.blockExtraData = '0x';
    out.extDataGasUsed = '0x0';
    out.extDataHash = EMPTY_ROOT_HASH;
  }
  if (isEtna(evm.chain.network, block.timestamp)) {
    // Cancun (activated with Etna) adds the blob gas fields and the beacon root, always empty here.
    out.blobGasUsed = '0x0';
    out.excessBlobGas = '0x0';
    out.parentBeaconBlockRoot = ZERO_HASH;
  }
  if (isGranite(evm.chain.network, block.timestamp)) out.timeMilliseconds = qty(block.timestampMs);
  return out;
}
