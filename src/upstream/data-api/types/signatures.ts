/** Wire shapes of the Data API's signature aggregator, by its official description. */
import type { DataApiSchema } from '@avalanche-graph/wire-types';

/** The body of `POST .../aggregateSignatures`: `message` or `justification` (hex) is required. */
export type WireSignatureAggregatorRequest = DataApiSchema<'SignatureAggregatorRequest'>;
