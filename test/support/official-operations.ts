/**
 * The official descriptions' operations (ids, routes and tags), as test/fixtures/official-operations.json
 * keeps them (`npm run official-operations` regenerates the file from the descriptions).
 */
import { readFileSync } from 'node:fs';

export interface OfficialOperation {
  /** `data:<operationId>` or `metrics:<operationId>`, as fields name them in `serves()`. */
  id: string;
  /** `METHOD /path/{param}`, as the sandbox's route templates name them. */
  route: string;
  /** The description's tag of the operation (`EVM Balances`). */
  tag: string | null;
}

const official = JSON.parse(readFileSync(new URL('../fixtures/official-operations.json', import.meta.url), 'utf8')) as {
  dataApi: { operations: OfficialOperation[] };
  metrics: { operations: OfficialOperation[] };
};

/** The Data API's operations. */
export const DATA_API_OPERATIONS: readonly OfficialOperation[] = official.dataApi.operations;
/** The metrics service's operations. */
export const METRICS_OPERATIONS: readonly OfficialOperation[] = official.metrics.operations;
