/**
 * The primary-network world's transactions and blocks in the Data API's wire shapes: P-Chain
 * transactions with their staking, subnet and L1 details; X-Chain transactions with the vertex or
 * block that accepted them; the C-Chain's atomic exports; P-, X- and C-Chain blocks with the node
 * that proposed them. Ids, heights and UTXOs are the ones the simulated node RPC serves.
 *
 * The world keeps no proposer for its blocks: each block after genesis is attributed to one of the
 * primary-network validators staking at its time, picked by its id, so that the same block always
 * names the same node. The world's C-Chain atomic exports predate the C-Chain blocks it indexes:
 * they are attributed to the chain's first block.
 */
import { bytesToHex, cb58Decode, cb58Encode, sha256Bytes, toChecksumAddress, PRIMARY_NETWORK_SUBNET_ID, NETWORKS } from '@avalanche-graph/identity';
import type { World } from '../../world/index.js';
import type { EvmBlock, EvmChainWorld } from '../../world/evm/types.js';
import type { ChainAlias, PBlock, PrimaryNetwork, PTx, UtxoRecord, XBlock, XTx } from '../../world/primary/index.js';
import { assetOf } from '../../world/primary/queries.js';
import { bareAddress } from '../../world/primary/wallets.js';
import { assetWire, avmUtxo, listedAmount, pChainUtxo } from './utxos.js';

/** Where each UTXO came from and went, by transaction id (built once per network). */
export interface LedgerIndex {
  consumedBy: Map<string, UtxoRecord[]>;
  emittedBy: Map<string, UtxoRecord[]>;
  /** The C-Chain's atomic exports: the UTXOs each one put in another chain's shared memory. */
  cExports: Map<string, UtxoRecord[]>;
  /** Nodes validating the primary network, by period, for proposer attribution. */
  periods: { nodeId: string; start: number; end: number }[];
}

const indexes = new WeakMap<PrimaryNetwork, LedgerIndex>();

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function ledgerIndex(net: PrimaryNetwork): LedgerIndex {
  let index = indexes.get(net);
  if (index) return index;
  index = { consumedBy: new Map(), emittedBy: new Map(), cExports: new Map(), periods: [] };
  for (const u of net.utxos) {
    if (u.spent) push(index.consumedBy, u.spent.txId, u);
    if (u.createdOn === 'C') push(index.cExports, u.txId, u);
    else push(index.emittedBy, u.createdByTxId ?? u.txId, u);
  }
  for (const tx of net.p.txs) {
    if (tx.type === 'AddPermissionlessValidatorTx' && tx.validation) index.periods.push({ nodeId: tx.validation.nodeId, start: tx.validation.start, end: tx.validation.end });
  }
  index.periods.sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : a.start - b.start));
  indexes.set(net, index);
  return index;
}

const consumed = (net: PrimaryNetwork, txId: string) => ledgerIndex(net).consumedBy.get(txId) ?? [];
const emitted = (net: PrimaryNetwork, txId: string) => ledgerIndex(net).emittedBy.get(txId) ?? [];

/** Sums per asset, in first-seen order, as the Data API's `AssetAmount` lists (zero sums left out). */
export function assetAmounts(net: PrimaryNetwork, entries: Array<{ assetId: string; amount: bigint }>): Record<string, unknown>[] {
  const sums = new Map<string, bigint>();
  for (const e of entries) sums.set(e.assetId, (sums.get(e.assetId) ?? 0n) + e.amount);
  return [...sums]
    .filter(([, amount]) => amount > 0n)
    .map(([assetId, amount]) => {
      return { ...assetWire(assetOf(net, assetId)!), amount: amount.toString() };
    });
}

const held = (utxos: UtxoRecord[]) => utxos.map((u) => ({ assetId: u.assetId, amount: listedAmount(u) }));

/** Whether a transaction's UTXOs (or reward owners) include one of the keys (hex of the 20-byte key hashes). */
export function touches(utxos: UtxoRecord[], keys: ReadonlySet<string>): boolean {
  return utxos.some((u) => u.output.owners.addrs.some((a) => keys.has(a.hex)));
}

/** Every UTXO a transaction consumed or emitted. */
export function utxosOfTx(net: PrimaryNetwork, txId: string): UtxoRecord[] {
  return [...consumed(net, txId), ...emitted(net, txId)];
}

const STAKING_TYPES = new Set(['AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx']);

/** The end of the staking period a P-Chain staking transaction locked stake for (none for other types). */
export function stakingPeriod(tx: PTx): { start: number; end: number } | undefined {
  if (!STAKING_TYPES.has(tx.type)) return undefined;
  if (tx.delegation) return { start: tx.delegation.start, end: tx.delegation.end };
  return tx.validation ? { start: tx.validation.start, end: tx.validation.end } : undefined;
}

/** Reward owners of a staking transaction (bare bech32). */
export function rewardAddressesOf(net: PrimaryNetwork, tx: PTx): string[] {
  const owner = tx.delegation ? tx.delegation.rewardOwner : tx.type === 'AddPermissionlessValidatorTx' ? tx.validation?.validationRewardOwner : undefined;
  return owner ? owner.addrs.map((a) => bareAddress(net.hrp, a)) : [];
}

/** The 32 bytes behind a cb58 id (for the hex form of a validation id). */
const cb58Payload = (id: string) => cb58Decode(id) ?? new Uint8Array(32);

export function pTxBody(net: PrimaryNetwork, tx: PTx): Record<string, unknown> {
  const block = net.p.blocks[tx.blockHeight]!;
  const ins = consumed(net, tx.id);
  const outs = emitted(net, tx.id);
  const l1Balances = (tx.type === 'ConvertSubnetToL1Tx' ? tx.l1Validators ?? [] : []).reduce((s, v) => s + v.balance, 0n);
  const unlocked = ins.reduce((s, u) => s + listedAmount(u), 0n);
  const created = outs.reduce((s, u) => s + listedAmount(u), 0n);
  const burned = unlocked - created - l1Balances;
  const avax = (amount: bigint) => assetAmounts(net, [{ assetId: net.avaxAssetId, amount }]);
  const body: Record<string, unknown> = {
    txHash: tx.id,
    txType: tx.type,
    blockTimestamp: block.time,
    blockNumber: String(block.height),
    blockHash: block.id,
    consumedUtxos: ins.map((u) => pChainUtxo(net, u)),
    emittedUtxos: outs.map((u) => pChainUtxo(net, u)),
    value: assetAmounts(net, held(outs)),
    amountBurned: burned > 0n ? avax(burned) : [],
    amountStaked: assetAmounts(net, (tx.stake ?? []).map((o) => ({ assetId: o.assetId, amount: o.output.type === 'secpTransfer' || o.output.type === 'lockOut' ? o.output.amount : 0n }))),
    amountL1ValidatorBalanceBurned: l1Balances > 0n ? avax(l1Balances) : [],
  };
  if (tx.sourceChain) body.sourceChain = tx.sourceChain;
  const period = stakingPeriod(tx);
  if (period) {
    const v = tx.validation!;
    body.startTimestamp = period.start;
    body.endTimestamp = period.end;
    body.nodeId = v.nodeId;
    body.subnetId = PRIMARY_NETWORK_SUBNET_ID;
    body.rewardAddresses = rewardAddressesOf(net, tx);
    if (tx.delegation) {
      body.estimatedReward = (tx.delegation.grossReward - tx.delegation.feeReward).toString();
      if (tx.delegation.rewardTxId) body.rewardTxHash = tx.delegation.rewardTxId;
    } else {
      body.estimatedReward = v.potentialReward.toString();
      body.delegationFeePercent = (v.shares / 10_000).toFixed(4);
      if (v.rewardTxId) body.rewardTxHash = v.rewardTxId;
      if (v.signer) body.blsCredentials = { publicKey: bytesToHex(v.signer.publicKey), proofOfPossession: bytesToHex(v.signer.proofOfPossession) };
    }
  }
  if (tx.type === 'RewardValidatorTx' && tx.rewardedTxId) body.stakingTxHash = tx.rewardedTxId;
  if (tx.type === 'CreateSubnetTx') {
    body.subnetId = tx.id;
    if (tx.subnetOwner) {
      body.subnetOwnershipInfo = { locktime: Number(tx.subnetOwner.locktime), threshold: tx.subnetOwner.threshold, addresses: tx.subnetOwner.addrs.map((a) => bareAddress(net.hrp, a)) };
    }
  }
  if (tx.type === 'CreateChainTx' && tx.chain) {
    body.subnetId = tx.chain.subnetId;
    body.blockchainInfo = { chainName: tx.chain.name, vmId: tx.chain.vmId, genesisData: tx.chain.genesis };
  }
  if (tx.type === 'ConvertSubnetToL1Tx') {
    if (tx.subnetId) body.subnetId = tx.subnetId;
    body.l1ValidatorDetails = (tx.l1Validators ?? []).map((v) => ({
      validationId: v.validationId,
      validationIdHex: bytesToHex(cb58Payload(v.validationId)),
      nodeId: v.nodeId,
      subnetId: v.subnetId,
      weight: Number(v.weight),
      remainingBalance: Number(v.balance),
      balanceChange: Number(v.balance),
    }));
  }
  return body;
}

/** Asset details as `getAssetDetails` answers them; the cap is variable when its creation left a mint output. */
export function assetDetailsBody(net: PrimaryNetwork, assetId: string): Record<string, unknown> | undefined {
  const asset = assetOf(net, assetId);
  if (!asset) return undefined;
  const creation = net.x.txsById.get(assetId);
  const mintable = (creation?.asset?.initialStates ?? []).some((s) => s.outputs.some((o) => o.type === 'secpMint' || o.type === 'nftMint'));
  return {
    ...assetWire(asset),
    createdAtTimestamp: asset.createdTime,
    cap: mintable ? 'variable' : 'fixed',
  };
}

export function xTxBody(net: PrimaryNetwork, tx: XTx): Record<string, unknown> {
  const ins = consumed(net, tx.id);
  const outs = emitted(net, tx.id);
  const body: Record<string, unknown> = {
    txHash: tx.id,
    chainFormat: tx.container.kind === 'block' ? 'linear' : 'non-linear',
    timestamp: tx.time,
    txType: tx.type,
    memo: bytesToHex(tx.memo),
    consumedUtxos: ins.map((u) => avmUtxo(net, u)),
    emittedUtxos: outs.map((u) => avmUtxo(net, u)),
    amountUnlocked: assetAmounts(net, held(ins)),
    amountCreated: assetAmounts(net, held(outs)),
  };
  if (tx.sourceChain) body.sourceChain = tx.sourceChain;
  if (tx.destinationChain) body.destinationChain = tx.destinationChain;
  if (tx.type === 'CreateAssetTx') {
    const details = assetDetailsBody(net, tx.id);
    if (details) body.assetCreated = details;
  }
  if (tx.container.kind === 'block') {
    body.blockHeight = tx.container.height;
    body.blockHash = tx.container.id;
  } else {
    const vertex = tx.container.kind === 'vertex' ? net.x.vertices[tx.container.height] : undefined;
    body.vertices = vertex ? [{ hash: vertex.hash, height: vertex.height, timestamp: vertex.time }] : [];
  }
  return body;
}

/** The C-Chain of a network in the EVM world. */
export function cChainOf(world: World, net: PrimaryNetwork): EvmChainWorld {
  return world.evm.chain(Number(NETWORKS[net.network].cChainEvmId))!;
}

/** An EVM account standing for a key of the world (the world keeps no C-Chain key of its wallets). */
export const evmAccountOf = (keyBytes: Uint8Array) => toChecksumAddress(bytesToHex(keyBytes));

/** The C-Chain's atomic exports, oldest first. */
export function cExports(net: PrimaryNetwork): Array<{ id: string; time: number; utxos: UtxoRecord[] }> {
  return [...ledgerIndex(net).cExports].map(([id, utxos]) => ({ id, time: Math.min(...utxos.map((u) => u.createdTime)), utxos })).sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
}

export function cTxBody(world: World, net: PrimaryNetwork, exp: { id: string; time: number; utxos: UtxoRecord[] }): Record<string, unknown> {
  const first = cChainOf(world, net).blocks[0]!;
  const amounts = assetAmounts(net, held(exp.utxos));
  return {
    txHash: exp.id,
    blockHeight: first.number,
    blockHash: first.hash,
    timestamp: exp.time,
    memo: '0x',
    amountUnlocked: amounts,
    amountCreated: amounts,
    sourceChain: net.chainIds.C,
    destinationChain: net.chainIds[exp.utxos[0]!.holder],
    txType: 'ExportTx',
    evmInputs: exp.utxos.map((u) => ({
      fromAddress: evmAccountOf(u.output.owners.addrs[0]!.bytes),
      asset: assetAmounts(net, [{ assetId: u.assetId, amount: listedAmount(u) }])[0],
      credentials: [],
    })),
    emittedUtxos: exp.utxos.map((u) => avmUtxo(net, u)),
  };
}

/** A block of any primary chain, as the block routes list and look it up. */
export interface AnyBlock {
  chain: ChainAlias;
  height: number;
  id: string;
  parentId: string;
  time: number;
  txIds: string[];
  size: number;
}

export const fromPBlock = (b: PBlock): AnyBlock => ({ chain: 'P', height: b.height, id: b.id, parentId: b.parentId, time: b.time, txIds: b.txIds, size: b.bytes.length });
export const fromXBlock = (b: XBlock): AnyBlock => ({ chain: 'X', height: b.height, id: b.id, parentId: b.parentId, time: b.time, txIds: b.txIds, size: b.bytes.length });

export function fromCBlock(net: PrimaryNetwork, b: EvmBlock): AnyBlock {
  return { chain: 'C', height: b.number, id: b.hash, parentId: b.parentHash, time: b.timestamp, txIds: b.number === 0 ? cExports(net).map((e) => e.id) : [], size: b.size };
}

/** Every block of a chain, genesis first. */
export function blocksOf(world: World, net: PrimaryNetwork, chain: ChainAlias): AnyBlock[] {
  if (chain === 'P') return net.p.blocks.map(fromPBlock);
  if (chain === 'X') return net.x.blocks.map(fromXBlock);
  return cChainOf(world, net).blocks.map((b) => fromCBlock(net, b));
}

const BLOCK_TYPES: Record<ChainAlias, string> = { P: 'BanffStandardBlock', X: 'StandardBlock', C: 'StandardBlock' };

/** The node a block is attributed to: one validating at its time, picked by the block id. */
export function proposerOf(net: PrimaryNetwork, block: AnyBlock): string | undefined {
  if (block.height === 0) return undefined;
  const candidates = ledgerIndex(net).periods.filter((p) => p.start <= block.time && block.time < p.end);
  if (candidates.length === 0) return undefined;
  return candidates[sha256Bytes(`${block.chain}|${block.id}`)[0]! % candidates.length]!.nodeId;
}

const proposerIdOf = (block: AnyBlock) => cb58Encode(sha256Bytes(`proposer|${block.chain}|${block.id}`));

export function blockBody(net: PrimaryNetwork, block: AnyBlock): Record<string, unknown> {
  const body: Record<string, unknown> = {
    blockNumber: String(block.height),
    blockHash: block.id,
    parentHash: block.parentId,
    blockTimestamp: block.time,
    blockType: BLOCK_TYPES[block.chain],
    txCount: block.txIds.length,
    transactions: block.txIds,
    blockSizeBytes: block.size,
  };
  const proposer = proposerOf(net, block);
  if (proposer) {
    const pHeight = block.chain === 'P' ? block.height - 1 : Math.max(0, net.p.blocks.filter((b) => b.time <= block.time).length - 1);
    body.proposerDetails = {
      proposerId: proposerIdOf(block),
      proposerParentId: block.height > 1 ? proposerIdOf({ ...block, id: block.parentId }) : block.parentId,
      proposerNodeId: proposer,
      proposerPChainHeight: pHeight,
      proposerTimestamp: block.time,
    };
  }
  return body;
}
