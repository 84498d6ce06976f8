/**
 * A validator's delegations (`Validator.delegators`): a first page through the delegator loader
 * (src/schema/loaders/delegators.ts), which reads the first pages of the validators of one operation
 * together; any other page (`after`, `before`) per validator.
 */
import type { Context } from '../../context.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import { pageRequest, type ConnectionArgs, type ConnectionResult } from '../common/pagination.js';
import { networkName } from '../common/network-names.js';
import { DELEGATOR_PAGE, delegatorsConnection, type DelegatorShape } from './keys.js';
import { loadersOf } from '../loaders/index.js';

/**
 * The delegations to one primary-network validator (a validated status), as a connection: a first
 * page through the batch of the operation, any other (`after`, `before`) on its own.
 */
export async function validatorDelegators(
  ctx: Context,
  network: NetworkKey,
  nodeId: string,
  delegationStatus: string | undefined,
  args: ConnectionArgs,
): Promise<ConnectionResult<DelegatorShape>> {
  const request = pageRequest(args, DELEGATOR_PAGE);
  if (!request.forward || request.cursor) return delegatorsConnection(ctx, networkName(network), { nodeIds: [nodeId], delegationStatus }, args);
  return loadersOf(ctx).delegatorFirstPage.load({ network, nodeId, delegationStatus, first: request.count });
}
