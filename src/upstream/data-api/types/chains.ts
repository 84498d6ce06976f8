/** Wire shapes of the Data API's chain records (`GET /v1/chains`), by its official description. */
import type { DataApiSchema } from '@avalanche-graph/wire-types';

export type DataApiNetwork = DataApiSchema<'Network'>;
