/**
 * The P-Chain API of an AvalancheGo node (`platform.*` on `/ext/bc/P`): one method per RPC method,
 * typed params and answers. Blocks by id or height are immutable and cached; validators, balances,
 * supply and statuses move and are only shared per operation.
 */
import { UpstreamError } from '../errors.js';
import type { JsonRpcClient, RpcEndpoint } from '../json-rpc.js';
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
} from '../types/node-rpc-pchain.js';
import type { WireEncoding, WireGetBlockReply, WireHeightReply } from '../types/node-rpc-xchain.js';
import { wireUint } from './codec.js';
import { TTL } from '../ttl.js';

const P_CHAIN: RpcEndpoint = { template: '/ext/bc/P' };

type Encoded<E extends WireEncoding, T> = E extends 'json' ? T : string;

export class PChainRpc {
  constructor(private readonly rpc: JsonRpcClient) {}

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

  /** `platform.getBlock` by id. */
  getBlock<E extends WireEncoding>(blockId: string, encoding: E): Promise<Encoded<E, WirePBlock>> {
    return this.block('platform.getBlock', { blockID: blockId, encoding });
  }

  /** `platform.getBlockByHeight`; an accepted height never changes block. */
  getBlockByHeight<E extends WireEncoding>(height: bigint, encoding: E): Promise<Encoded<E, WirePBlock>> {
    return this.block('platform.getBlockByHeight', { height: height.toString(), encoding });
  }

  private async block<E extends WireEncoding>(method: string, params: Record<string, unknown>): Promise<Encoded<E, WirePBlock>> {
    const reply = await this.rpc.call<WireGetBlockReply<Encoded<E, WirePBlock>>>(P_CHAIN, { method, params }, TTL.immutableLong);
    return reply.block;
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

  /** `platform.getCurrentSupply`: an upper bound of the tokens that can stake the subnet. */
  async getCurrentSupply(subnetId?: string): Promise<bigint> {
    const reply = await this.rpc.call<WireCurrentSupplyReply>(P_CHAIN, {
      method: 'platform.getCurrentSupply',
      params: subnetId ? { subnetID: subnetId } : {},
    });
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
