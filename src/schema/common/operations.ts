/**
 * Which upstream operations a field reaches, by the operationId of the official descriptions
 * (`data:<id>` for the Data API, `metrics:<id>` for the metrics service). Declared beside the field as
 * Pothos `extensions`; test/operation-coverage.test.ts walks their operations (test/fixtures/official-operations.json)
 * and fails when an operation has no field, or when a field names an operation that does not exist.
 */

/** `extensions` of a field: the upstream operations it calls (merge with other extensions by spread). */
export const serves = (...operations: `${'data' | 'metrics'}:${string}`[]) => ({ upstreamOperations: operations });
