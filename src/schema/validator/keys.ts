/**
 * A validator's shape and local id, below the builder: what the loaders (src/schema/loaders) and
 * the other validator files need of it without its GraphQL type.
 */
import type { NetworkKey } from '@avalanche-graph/identity';
import type { WireValidatorDetails } from '../../upstream/data-api/types/validators.js';
import type { PValidator } from '../../upstream/node-rpc/staking.js';

/**
 * A validator as one of its sources read it: the P-Chain's current validator (`node`), or a row of
 * the Data API's validator list (`details`, one validation of the node). The other source is read
 * only when a field of it is selected (see `pChainRecord`, and src/schema/validator/validator-details.ts).
 */
export type ValidatorShape = { network: NetworkKey; subnetId: string } & (
  | { node: PValidator; details?: WireValidatorDetails }
  | { node?: undefined; details: WireValidatorDetails }
);

/** The validator's node id, from whichever record it holds. */
export const nodeIdOf = (v: ValidatorShape): string => v.node?.nodeId ?? v.details!.nodeId;

/** Loader key (and local id) of a validator: `<network>:<subnetId>:<nodeId>`. */
export const validatorKey = (network: NetworkKey, subnetId: string, nodeId: string) => `${network}:${subnetId}:${nodeId}`;
