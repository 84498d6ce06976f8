/**
 * An L1's own validator set as its node reports it (`validators.getCurrentValidators` on
 * `/ext/bc/{blockchainId}/validators`, served by subnet-EVM).
 */
import type { JsonRpcClient } from '../json-rpc.js';
import type { WireGetCurrentValidatorsResponse } from '../types/node-rpc-evm.js';

export const L1_VALIDATORS_TEMPLATE = '/ext/bc/{blockchainId}/validators';

/**
 * `validators.getCurrentValidators`. With node ids the node fails the whole call when one of them
 * is not a validator, so callers that want "these, if they validate" ask for all and filter.
 * Uptime and connectivity move: shared only while in flight.
 */
export function getCurrentL1Validators(rpc: JsonRpcClient, blockchainId: string, nodeIds: readonly string[] = []): Promise<WireGetCurrentValidatorsResponse> {
  return rpc.call(
    { template: L1_VALIDATORS_TEMPLATE, params: { blockchainId } },
    { method: 'validators.getCurrentValidators', params: { nodeIDs: [...nodeIds] } },
  );
}
