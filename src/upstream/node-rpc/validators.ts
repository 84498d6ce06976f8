/**
 * An L1's own validator set as its node reports it (`validators.getCurrentValidators`, served by
 * subnet-EVM beside its JSON-RPC: `.../validators`), each validator a view over the node's JSON.
 */
import type { JsonRpcClient, RpcEndpoint } from '../transport/json-rpc.js';
import type { WireGetCurrentValidatorsResponse, WireL1Validator } from './wire/evm.js';
import { CHAIN_VALIDATORS_TEMPLATE, noEndpoint } from './endpoints.js';

/** One validator of an L1, as its node reports it. Go's integers arrive as JSON numbers. */
export class L1NodeValidator {
  constructor(readonly wire: WireL1Validator) {}

  get validationId(): string {
    return this.wire.validationID;
  }

  get nodeId(): string {
    return this.wire.nodeID;
  }

  /** Undefined when the node sent none; throws when it sent something else than a number. */
  get weight(): bigint | undefined {
    const weight = this.wire.weight as number | null | undefined;
    return weight === undefined || weight === null ? undefined : BigInt(Math.trunc(weight));
  }

  /** Unix seconds. */
  get startTimestamp(): number {
    return this.wire.startTimestamp;
  }

  get isActive(): boolean {
    return this.wire.isActive;
  }

  get isL1Validator(): boolean {
    return this.wire.isL1Validator;
  }

  get isConnected(): boolean {
    return this.wire.isConnected;
  }

  get uptimePercentage(): number {
    return this.wire.uptimePercentage;
  }

  /** Throws when the node sent no integer. */
  get uptimeSeconds(): bigint {
    return BigInt(this.wire.uptimeSeconds);
  }
}

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
  async getCurrentValidators(nodeIds: readonly string[] = []): Promise<L1NodeValidator[]> {
    const method = 'validators.getCurrentValidators';
    if (!this.rpc || typeof this.endpoint === 'string') {
      throw noEndpoint(CHAIN_VALIDATORS_TEMPLATE, method, typeof this.endpoint === 'string' ? this.endpoint : 'no endpoint');
    }
    const { validators } = await this.rpc.call<WireGetCurrentValidatorsResponse>(this.endpoint, { method, params: { nodeIDs: [...nodeIds] } });
    return validators.map((v) => new L1NodeValidator(v));
  }
}
