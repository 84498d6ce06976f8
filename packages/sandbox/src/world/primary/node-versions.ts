/**
 * The AvalancheGo version each primary-network validator runs. The world's stakers carry no
 * version, so it is derived from the node id: stable across runs and across every service that
 * reports it (the Data API's staking distribution by version, and any validator listing).
 */
import { sha256Bytes } from '@avalanche-graph/identity';

/** Versions in the field, most common first (the first takes half of the nodes). */
const VERSIONS = ['avalanchego/1.13.2', 'avalanchego/1.13.1', 'avalanchego/1.13.0', 'avalanchego/1.12.2'] as const;

export function nodeVersionOf(nodeId: string): string {
  const byte = sha256Bytes(`version:${nodeId}`)[0]!;
  if (byte < 128) return VERSIONS[0];
  if (byte < 200) return VERSIONS[1];
  if (byte < 240) return VERSIONS[2];
  return VERSIONS[3];
}
