/**
 * The Data API's "Signature Aggregator" operations: validator signatures of warp messages
 * (`/v1/signatureAggregator/{network}/...`).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { nullIfNotFound } from '../transport/errors.js';
import { TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { DataApiNetwork } from './types/chains.js';
import type { WireSignatureAggregatorRequest } from './types/signatures.js';

export class SignatureAggregatorEndpoints extends Endpoints {
  /**
   * `POST /v1/signatureAggregator/{network}/aggregateSignatures`: collects validator signatures for a
   * warp message. Not idempotent: the transport never retries it and nothing caches it.
   */
  aggregateSignatures(network: DataApiNetwork, body: WireSignatureAggregatorRequest): Promise<DataApiSchema<'SignatureAggregationResponse'>> {
    return this.rest.post('/v1/signatureAggregator/{network}/aggregateSignatures', { network }, body);
  }

  /**
   * `GET /v1/signatureAggregator/{network}/aggregateSignatures/{txHash}`: the signed message a
   * transaction emitted. The service aggregates it again on each call (the validator set moves), so
   * it is shared only for a minute.
   */
  getAggregatedSignatures(network: DataApiNetwork, txHash: string): Promise<DataApiSchema<'SignatureAggregationResponse'> | null> {
    return nullIfNotFound(this.rest.get('/v1/signatureAggregator/{network}/aggregateSignatures/{txHash}', { network, txHash }, undefined, {
      ttlMs: TTL.registry,
    }));
  }
}
