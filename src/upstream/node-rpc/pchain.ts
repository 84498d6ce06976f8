/**
 * The P-Chain API of an AvalancheGo node (`platform.*` on `/ext/bc/P`): one method per RPC method,
 * typed params and decoded answers (integers as bigint, or number where bounded; blocks and
 * validators as views over their JSON). Blocks by id or height are immutable and cached as the node
 * sent them; validators, balances, supply and statuses move and are only shared per operation.
 */
import { nullIfNotFound, UpstreamError } from '../transport/errors.js';
import type { JsonRpcClient, RpcEndpoint } from '../transport/json-rpc.js';
import type {
  WireBlockchain,
  WireBlockchainStatusReply,
  WireCurrentSupplyReply,
  WireGetBlockchainsReply,
  WireGetCurrentValidatorsParams,
  WireGetCurrentValidatorsReply,
  WireGetPBalanceReply,
} from './wire/pchain.js';
import type { WireHeightReply, WireUint } from './wire/xchain.js';
import { NodeBlocks, PBlock } from './blocks.js';
import { utxoRefOf, wireUint, type NodeUtxoRef } from './codec.js';
import { PValidator } from './staking.js';
import { TTL } from '../transport/ttl.js';

const P_CHAIN: RpcEndpoint = { template: '/ext/bc/P' };

/** How much of one asset addresses hold, by lock state, in its smallest unit (0 where the node sent none). */
export interface PAssetBalance {
  assetId: string;
  balance: bigint;
  unlocked: bigint;
  lockedStakeable: bigint;
  lockedNotStakeable: bigint;
}

/** `platform.getBalance`: AVAX totals by lock state (null where the node sent no integer), every asset, the UTXOs. */
export interface PBalance {
  balance: bigint | null;
  unlocked: bigint | null;
  lockedStakeable: bigint | null;
  lockedNotStakeable: bigint | null;
  assets: PAssetBalance[];
  utxoIds: NodeUtxoRef[];
}

/** A blockchain the P-Chain created. */
export interface PBlockchain {
  id: string;
  name: string;
  subnetId: string;
  vmId: string;
}

const amountOf = (map: Record<string, WireUint> | null | undefined, assetId: string) => wireUint(map?.[assetId]) ?? 0n;

function balanceOf(reply: WireGetPBalanceReply): PBalance {
  return {
    balance: wireUint(reply.balance),
    unlocked: wireUint(reply.unlocked),
    lockedStakeable: wireUint(reply.lockedStakeable),
    lockedNotStakeable: wireUint(reply.lockedNotStakeable),
    assets: Object.keys(reply.balances ?? {}).map((assetId) => ({
      assetId,
      balance: amountOf(reply.balances, assetId),
      unlocked: amountOf(reply.unlockeds, assetId),
      lockedStakeable: amountOf(reply.lockedStakeables, assetId),
      lockedNotStakeable: amountOf(reply.lockedNotStakeables, assetId),
    })),
    utxoIds: (reply.utxoIDs ?? []).map(utxoRefOf),
  };
}

export class PChainRpc {
  /** `platform.getBlock` and `platform.getBlockByHeight`. */
  readonly blocks: NodeBlocks<PBlock>;

  constructor(private readonly rpc: JsonRpcClient) {
    this.blocks = new NodeBlocks(rpc, P_CHAIN, 'platform', (wire) => new PBlock(wire));
  }

  /** `platform.getHeight`: height of the last accepted block. */
  async getHeight(): Promise<bigint> {
    const reply = await this.rpc.call<WireHeightReply>(P_CHAIN, { method: 'platform.getHeight', params: {} });
    const height = wireUint(reply?.height);
    if (height === null) throw invalid('platform.getHeight', 'no height in the answer');
    return height;
  }

  /** `platform.getBalance` (deprecated by AvalancheGo v1.9.12): AVAX and other assets of the addresses. */
  async getBalance(addresses: string[]): Promise<PBalance> {
    return balanceOf(await this.rpc.call<WireGetPBalanceReply>(P_CHAIN, { method: 'platform.getBalance', params: { addresses } }));
  }


  /** `platform.getBlockchains` (deprecated by AvalancheGo v1.9.12): every blockchain but the P-Chain. */
  async getBlockchains(): Promise<PBlockchain[]> {
    const reply = await this.rpc.call<WireGetBlockchainsReply>(P_CHAIN, { method: 'platform.getBlockchains', params: {} }, TTL.registry);
    return (reply.blockchains ?? []).map((b: WireBlockchain) => ({ id: b.id, name: b.name, subnetId: b.subnetID, vmId: b.vmID }));
  }

  /** `platform.getBlockchainStatus`. */
  async getBlockchainStatus(blockchainId: string): Promise<string> {
    const reply = await this.rpc.call<WireBlockchainStatusReply>(P_CHAIN, {
      method: 'platform.getBlockchainStatus',
      params: { blockchainID: blockchainId },
    });
    return reply.status;
  }

  /** `platform.getCurrentSupply`: an upper bound of the tokens that can stake the subnet; null for an unknown subnet. */
  async getCurrentSupply(subnetId?: string): Promise<bigint | null> {
    const reply = await nullIfNotFound(
      this.rpc.call<WireCurrentSupplyReply>(P_CHAIN, { method: 'platform.getCurrentSupply', params: subnetId ? { subnetID: subnetId } : {} }),
    );
    if (reply === null) return null;
    const supply = wireUint(reply?.supply);
    if (supply === null) throw invalid('platform.getCurrentSupply', 'no supply in the answer');
    return supply;
  }

  /**
   * `platform.getCurrentValidators` of a subnet (the primary network when omitted), optionally only
   * the given node ids. The node lists a validator's delegators only when exactly one node id is given.
   */
  async getCurrentValidators(params: WireGetCurrentValidatorsParams): Promise<PValidator[]> {
    const wire: WireGetCurrentValidatorsParams = {};
    if (params.subnetID) wire.subnetID = params.subnetID;
    if (params.nodeIDs && params.nodeIDs.length > 0) wire.nodeIDs = [...params.nodeIDs].sort();
    const reply = await this.rpc.call<WireGetCurrentValidatorsReply>(P_CHAIN, { method: 'platform.getCurrentValidators', params: wire });
    return (reply.validators ?? []).map((v) => new PValidator(v));
  }
}

function invalid(method: string, message: string): UpstreamError {
  return new UpstreamError({ service: 'node-rpc', kind: 'invalid-json', route: `POST ${P_CHAIN.template} ${method}`, upstreamMessage: message });
}
