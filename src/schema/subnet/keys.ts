/**
 * A subnet's shape and local id, below the builder: what the loaders (src/schema/loaders) need of
 * it without its GraphQL type.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { NetworkKey } from '@avalanche-graph/identity';

/** A subnet record and the network it was read from (the wire record does not say). */
export interface SubnetShape extends DataApiSchema<'Subnet'> {
  network: NetworkKey;
}

/** Local id of a subnet: `<network>:<subnetId>`. */
export const subnetKey = (network: NetworkKey, subnetId: string) => `${network}:${subnetId}`;
