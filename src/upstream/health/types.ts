/** Wire shape of the health and live checks the Data API (`/v1/...-check`) and the metrics service (`/v2/...-check`) share. */
import type { DataApiSchema } from '@avalanche-graph/wire-types';

export type WireHealthCheckResult = DataApiSchema<'HealthCheckResultDto'>;
