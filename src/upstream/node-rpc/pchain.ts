/**
 * The P-Chain API of an AvalancheGo node (`platform.*` on `/ext/bc/P`): one method per RPC method,
 * typed params and answers. Blocks by id or height are immutable and cached; validators, balances,
 * supply and statuses move and are only shared per operation.
 */
import { nullIfNotFound, UpstreamError } from '../transport/errors.js';
import type { JsonRpcClient, RpcEndpoint } from '../transport/json-rpc.js';
import type {
  WireBlockchain,
  WireBlockchainStatusReply,
  WireCurrentSupplyReply,
  WireCurrentValidator,
  WireGetBlockchainsReply,
  WireGetCurrentValidatorsParams,
  WireGetCurrentValidatorsReply,
  WireGetPBalanceReply,
  WirePBlock,
} from './wire/pchain.js';
import type { WireHeightReply } from './wire/xchain.js';
import { NodeBlocks } from './blocks.js';
import { wireUint } from './codec.js';
import { TTL } from '../transport/ttl.js';

const P_CHAIN: RpcEndpoint = { template: '/ext/bc/P' };


export class PChainRpc {
  /** `platform.getBlock` and `platform.getBlockByHeight`. */
  readonly blocks: NodeBlocks<WirePBlock>;

  constructor(private readonly rpc: JsonRpcClient) {
    this.blocks = new NodeBlocks(rpc, P_CHAIN, 'platform');
  }

  /** `platform.getHeight`: height of the last accepted block. */
  async getHeight(): Promise<bigint> {
    const reply = await this.rpc.call<WireHeightReply>(P_CHAIN, { method: 'platform.getHeight', params: {} });
    const height = wireUint(reply?.height);
    if (height === null) throw invalid('platform.getHeight', 'no height in the answer');
    return height;
  }

  /** `platform.getBalance` (deprecated by AvalancheGo v1.9.12): AVAX and other assets of the addresses. */
  getBalance(addresses: string[]): Promise<WireGetPBalanceReply> {
    return this.rpc.call<WireGetPBalanceReply>(P_CHAIN, { method: 'platform.getBalance', params: { addresses } });
  }


  /** `platform.getBlockchains` (deprecated by AvalancheGo v1.9.12): every blockchain but the P-Chain. */
  async getBlockchains(): Promise<WireBlockchain[]> {
    const reply = await this.rpc.call<WireGetBlockchainsReply>(P_CHAIN, { method: 'platform.getBlockchains', params: {} }, TTL.registry);
    return reply.blockchains ?? [];
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
  async getCurrentValidators(params: WireGetCurrentValidatorsParams): Promise<WireCurrentValidator[]> {
    const wire: WireGetCurrentValidatorsParams = {};
    if (params.subnetID) wire.subnetID = params.subnetID;
    if (params.nodeIDs && params.nodeIDs.length > 0) wire.nodeIDs = [...params.nodeIDs].sort();
    const reply = await this.rpc.call<WireGetCurrentValidatorsReply>(P_CHAIN, { method: 'platform.getCurrentValidators', params: wire });
    return reply.validators ?? [];
  }
}

function invalid(method: string, message: string): UpstreamError {
  return new UpstreamError({ service: 'node-rpc', kind: 'invalid-json', route: `POST ${P_CHAIN.template} ${method}`, upstreamMessage: message });
}
