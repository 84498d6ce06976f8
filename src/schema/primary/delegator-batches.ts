/**
 * A validator's delegations (`Validator.delegators`): a first page through the delegator loader
 * (src/schema/loaders/delegators.ts), which reads the first pages of the validators of one operation
 * together; a later page (`after`) per validator.
 */
import type { Context } from '../../context.js';
import type { NetworkKey } from '../../lib/networks.js';
import type { WireDelegator } from '../../upstream/types/data-api-primary.js';
import type { ConnectionArgs, ConnectionResult } from '../connection.js';
import { networkName } from '../enums.js';
import { badInput } from '../../errors.js';
import { DELEGATOR_PAGE, delegatorsConnection } from './delegators.js';

/**
 * The delegations to one primary-network validator (a validated status), as a connection: a first
 * page through the batch of the operation, a later one (`after`) on its own.
 */
export async function validatorDelegators(
  ctx: Context,
  network: NetworkKey,
  nodeId: string,
  delegationStatus: string | undefined,
  args: ConnectionArgs,
): Promise<ConnectionResult<WireDelegator>> {
  if (args.after) return delegatorsConnection(ctx, networkName(network), { nodeIds: [nodeId], delegationStatus }, args);
  const first = args.first ?? DELEGATOR_PAGE.defaultSize;
  if (!Number.isInteger(first) || first < 1 || first > DELEGATOR_PAGE.maxSize) throw badInput('first', `must be between 1 and ${DELEGATOR_PAGE.maxSize}, got ${first}`);
  return ctx.loaders.delegatorFirstPage.load({ network, nodeId, delegationStatus, first });
}
