/**
 * Every operation of the official descriptions (the Data API's and the metrics service's newest
 * editions) is reachable from the graph: some field declares it with `serves()`
 * (src/schema/common/operations.ts), and the sandbox serves its route, so the field is tested offline. The
 * operation ids and routes are kept in test/fixtures/official-operations.json
 * (`npm run official-operations` regenerates it from a description).
 */
import { isInterfaceType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../src/schema/index.js';
import { DATA_API_OPERATIONS as DATA, METRICS_OPERATIONS as METRICS } from './support/official-operations.js';
import { useSandbox } from './support/sandbox.js';

/** Operation id → the fields (`Type.field`) that declare it. */
function servedBy(): Map<string, string[]> {
  const served = new Map<string, string[]>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const operations = (field.extensions as { upstreamOperations?: string[] }).upstreamOperations ?? [];
      for (const id of operations) served.set(id, [...(served.get(id) ?? []), `${type.name}.${field.name}`]);
    }
  }
  return served;
}

const sandbox = useSandbox();

describe('operation coverage', () => {
  it('knows both descriptions whole (81 Data API operations, 16 metrics operations)', () => {
    expect(DATA).toHaveLength(81);
    expect(METRICS).toHaveLength(16);
  });

  it('gives every operation of the descriptions a field of the graph', () => {
    const served = servedBy();
    expect([...DATA, ...METRICS].filter((op) => !served.has(op.id)).map((op) => `${op.id} (${op.route})`)).toEqual([]);
  });

  it('names only operations that exist', () => {
    const known = new Set([...DATA, ...METRICS].map((op) => op.id));
    expect([...servedBy().entries()].filter(([id]) => !known.has(id)).map(([id, fields]) => `${id} on ${fields.join(', ')}`)).toEqual([]);
  });

  it('has the sandbox serve every operation\'s route, so each field runs offline', () => {
    const routes = (service: { routeTemplates(): string[] }) => new Set(service.routeTemplates());
    const dataRoutes = routes(sandbox.services.dataApi);
    const metricsRoutes = routes(sandbox.services.metrics);
    const missing = [
      ...DATA.filter((op) => !dataRoutes.has(op.route)),
      ...METRICS.filter((op) => !metricsRoutes.has(op.route)),
    ].map((op) => `${op.id} (${op.route})`);
    expect(missing).toEqual([]);
  });
});
