/**
 * An L1's own validator set as its node reports it (`validators.getCurrentValidators`, served by
 * subnet-EVM beside its JSON-RPC: `.../validators`).
 */
import type { JsonRpcClient, RpcEndpoint } from '../transport/json-rpc.js';
import type { WireGetCurrentValidatorsResponse } from './wire/evm.js';
import { CHAIN_VALIDATORS_TEMPLATE, noEndpoint } from './endpoints.js';

export class L1ValidatorsRpc {
  /** With no client, `endpoint` says why the chain has no validators endpoint. */
  constructor(
    private readonly rpc: JsonRpcClient | null,
    private readonly endpoint: RpcEndpoint | string,
  ) {}

  /**
   * `validators.getCurrentValidators`. With node ids the node fails the whole call when one of them
   * is not a validator, so callers that want "these, if they validate" ask for all and filter.
   * Uptime and connectivity move: shared only while in flight.
   */
  getCurrentValidators(nodeIds: readonly string[] = []): Promise<WireGetCurrentValidatorsResponse> {
    const method = 'validators.getCurrentValidators';
    if (!this.rpc || typeof this.endpoint === 'string') {
      return Promise.reject(noEndpoint(CHAIN_VALIDATORS_TEMPLATE, method, typeof this.endpoint === 'string' ? this.endpoint : 'no endpoint'));
    }
    return this.rpc.call(this.endpoint, { method, params: { nodeIDs: [...nodeIds] } });
  }
}
