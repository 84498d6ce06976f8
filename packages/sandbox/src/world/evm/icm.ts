/**
 * ICM (Teleporter) messages between the EVM chains of one network, planned before any block exists:
 * each message is pinned to a source block (and, once delivered, a destination block a few seconds
 * later) with its transaction hashes and gas fixed here, so the messages are complete without
 * generating the chains and the generator places exactly these transactions.
 */
import { hex } from '@scure/base';
import { bytesToHex, keccakHex, type NetworkKey, NETWORKS } from '@avalanche-graph/identity';
import type { Rng } from '../rng.js';
import { TELEPORTER_ADDRESS } from './constants.js';
import { word } from './abi.js';
import { units, type ChainPlan } from './plan.js';
import type { IcmMessage } from './types.js';
import { addressedCall, idBytes, unsignedWarpMessage } from './warp.js';

/** One ICM transaction a chain's block must contain. */
export interface PlannedIcm {
  role: 'send' | 'receive';
  message: IcmMessage;
  txHash: string;
  gasUsed: bigint;
}

interface Draft {
  source: ChainPlan;
  destination: ChainPlan;
  sourceBlock: number;
  sourceTs: number;
  destinationBlock: number | undefined;
}

function firstBlockAfter(plan: ChainPlan, ms: number): number | undefined {
  for (let n = 1; n < plan.blockCount; n++) if (plan.timestampsMs[n]! >= ms) return n;
  return undefined;
}

function messageId(source: ChainPlan, destination: ChainPlan, nonce: bigint): string {
  const bytes = Uint8Array.from([
    ...hex.decode(TELEPORTER_ADDRESS.slice(2).toLowerCase()),
    ...idBytes(source.chain.blockchainId),
    ...idBytes(destination.chain.blockchainId),
    ...hex.decode(word(nonce)),
  ]);
  // Without 0x, as the Data API prints Teleporter message ids.
  return keccakHex(bytes).slice(2);
}

/** The Teleporter message as the warp payload carries it (static fields ABI-encoded, then data). */
function teleporterPayload(m: IcmMessage, destinationId: Uint8Array): Uint8Array {
  const words = [m.messageNonce, m.from, bytesToHex(destinationId), m.to, 200_000n].map(word).join('');
  return Uint8Array.from([...hex.decode(words), ...hex.decode(m.data.slice(2))]);
}

/** Plans the messages of one network and records their transactions in the chains' plans. */
export function planIcmMessages(rng: Rng, network: NetworkKey, plans: ChainPlan[]): IcmMessage[] {
  if (plans.length < 2) return [];
  const drafts: Draft[] = [];
  for (const source of plans) {
    for (const destination of plans) {
      if (source === destination) continue;
      const count = rng.int(4, 8);
      for (let i = 0; i < count; i++) {
        const sourceBlock = rng.int(2, source.blockCount - 1);
        const sourceTs = source.timestampsMs[sourceBlock]!;
        const nearTip = sourceBlock > source.blockCount - 6;
        const stuck = rng.chance(0.12);
        const destinationBlock = nearTip || stuck ? undefined : firstBlockAfter(destination, sourceTs + rng.int(1500, 8000));
        drafts.push({ source, destination, sourceBlock, sourceTs, destinationBlock });
      }
    }
  }
  drafts.sort((a, b) => a.sourceTs - b.sourceTs || a.source.chain.evmChainId - b.source.chain.evmChainId);

  const nonces = new Map(plans.map((p) => [p.chain.evmChainId, BigInt(rng.int(1, 400))]));
  /** Receipts waiting on chain B to travel back to chain A: key `B>A`. */
  const outstanding = new Map<string, { message: IcmMessage; deliveredTs: number }[]>();
  const messages: IcmMessage[] = [];
  for (const d of drafts) {
    const nonce = nonces.get(d.source.chain.evmChainId)!;
    nonces.set(d.source.chain.evmChainId, nonce + 1n);
    const senders = d.source.wallets.filter((w) => !d.source.relayers.includes(w));
    const rewardToken = rng.chance(0.6) ? rng.pick(d.source.tokens) : d.source.tokens[0]!;
    const rewardValue = rewardToken === d.source.tokens[0] && rng.chance(0.5) ? 0n : units(rng.int(1, 500) / 100, rewardToken.decimals);
    const relayer = rng.pick(d.destination.relayers);
    const delivered = d.destinationBlock !== undefined;
    const sourceGas = BigInt(rng.int(140_000, 240_000));
    const message: IcmMessage = {
      messageId: messageId(d.source, d.destination, nonce),
      network,
      teleporterAddress: TELEPORTER_ADDRESS,
      sourceEvmChainId: d.source.chain.evmChainId,
      destinationEvmChainId: d.destination.chain.evmChainId,
      sourceBlockchainId: d.source.chain.blockchainId,
      destinationBlockchainId: d.destination.chain.blockchainId,
      messageNonce: nonce,
      // Cross-chain users are mostly the wallets active on several chains.
      from: rng.chance(0.3) ? d.source.sharedWallets[0]! : rng.chance(0.4) ? rng.pick(d.source.sharedWallets) : rng.pick(senders),
      to: rng.pick(d.destination.icmApps),
      data: bytesToHex(rng.bytes(32 * rng.int(2, 6))),
      status: delivered ? 'delivered' : 'pending',
      messageExecuted: delivered && rng.chance(0.95),
      receipts: [],
      receiptDelivered: false,
      reward: { token: rewardToken.address, value: rewardValue },
      source: { txHash: keccakHex(rng.bytes(32)), blockNumber: d.sourceBlock, timestamp: Math.floor(d.sourceTs / 1000), gasSpent: sourceGas },
      unsignedWarpMessage: '',
    };
    if (delivered) {
      const destinationTs = d.destination.timestampsMs[d.destinationBlock!]!;
      message.destination = {
        txHash: keccakHex(rng.bytes(32)),
        blockNumber: d.destinationBlock!,
        timestamp: Math.floor(destinationTs / 1000),
        gasSpent: BigInt(rng.int(180_000, 420_000)),
        rewardRedeemer: relayer,
        delivererAddress: relayer,
      };
    }
    // Receipts of earlier messages B→A (this message goes A→B) already delivered on A ride along.
    const back = `${d.source.chain.evmChainId}>${d.destination.chain.evmChainId}`;
    const queue = outstanding.get(back) ?? [];
    const ready = queue.filter((o) => o.deliveredTs <= d.sourceTs).slice(0, 3);
    for (const o of ready) {
      queue.splice(queue.indexOf(o), 1);
      message.receipts.push({ receivedMessageNonce: o.message.messageNonce, relayerRewardAddress: o.message.destination!.rewardRedeemer });
      if (delivered) o.message.receiptDelivered = true;
    }
    if (message.destination) {
      const key = `${d.destination.chain.evmChainId}>${d.source.chain.evmChainId}`;
      const list = outstanding.get(key) ?? [];
      list.push({ message, deliveredTs: d.destination.timestampsMs[message.destination.blockNumber]! });
      outstanding.set(key, list);
    }
    const payload = addressedCall(TELEPORTER_ADDRESS, teleporterPayload(message, idBytes(d.destination.chain.blockchainId)));
    message.unsignedWarpMessage = unsignedWarpMessage(NETWORKS[network].networkId, idBytes(d.source.chain.blockchainId), payload);

    addPlanned(d.source, d.sourceBlock, { role: 'send', message, txHash: message.source.txHash, gasUsed: sourceGas });
    if (message.destination) {
      addPlanned(d.destination, message.destination.blockNumber, { role: 'receive', message, txHash: message.destination.txHash, gasUsed: message.destination.gasSpent });
    }
    messages.push(message);
  }
  return messages;
}

function addPlanned(plan: ChainPlan, block: number, planned: PlannedIcm): void {
  const list = plan.icmByBlock.get(block) ?? [];
  list.push(planned);
  plan.icmByBlock.set(block, list);
}
