/**
 * A subnet's shape and local id, below the builder: what the loaders (src/schema/loaders) need of
 * it without its GraphQL type.
 */
import type { NetworkKey } from '@avalanche-graph/identity';
import type { WireSubnet } from '../../upstream/data-api/types/validators.js';

/** A subnet record and the network it was read from (the wire record does not say). */
export interface SubnetShape extends WireSubnet {
  network: NetworkKey;
}

/** Local id of a subnet: `<network>:<subnetId>`. */
export const subnetKey = (network: NetworkKey, subnetId: string) => `${network}:${subnetId}`;
