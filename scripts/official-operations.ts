/**
 * Writes test/fixtures/official-operations.json: the operation ids, routes and tags of the official
 * descriptions of the Data API and the metrics service, the facts `test/operation-coverage.test.ts`
 * checks the graph against and `test/upstream/data-api-groups.test.ts` the Data API client's groups. Tests read this file, never the descriptions themselves, so a clone of
 * the repository alone runs them. Regenerate it when a new edition of a description comes out:
 *
 *   npm run official-operations -- --data-api <data-api.openapi.json> --metrics <metrics.openapi.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

export interface OfficialOperation {
  /** `data:<operationId>` or `metrics:<operationId>`, as fields name them in `serves()`. */
  id: string;
  /** `METHOD /path/{param}`, as the sandbox's route templates name them. */
  route: string;
  /** The description's tag of the operation (`EVM Balances`): the Data API client has a group per tag. */
  tag: string | null;
}

interface Description {
  info?: { title?: string; version?: string };
  paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

function operationsOf(description: Description, prefix: 'data' | 'metrics'): OfficialOperation[] {
  const operations: OfficialOperation[] = [];
  for (const [path, methods] of Object.entries(description.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!METHODS.has(method) || !operation.operationId) continue;
      // One tag each, so that an operation has one group of the client to live in.
      if ((operation.tags?.length ?? 0) > 1) throw new Error(`${operation.operationId} has several tags: ${operation.tags!.join(', ')}`);
      operations.push({ id: `${prefix}:${operation.operationId}`, route: `${method.toUpperCase()} ${path}`, tag: operation.tags?.[0] ?? null });
    }
  }
  return operations.sort((a, b) => a.id.localeCompare(b.id));
}

const { values } = parseArgs({ options: { 'data-api': { type: 'string' }, metrics: { type: 'string' }, out: { type: 'string' } } });
if (!values['data-api'] || !values.metrics) {
  process.stderr.write('usage: npm run official-operations -- --data-api <data-api.openapi.json> --metrics <metrics.openapi.json> [--out file]\n');
  process.exit(2);
}
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Description;
const dataApi = read(values['data-api']);
const metrics = read(values.metrics);
const out = values.out ?? new URL('../test/fixtures/official-operations.json', import.meta.url).pathname;
const edition = (d: Description) => ({ title: d.info?.title ?? null, version: d.info?.version ?? null });
writeFileSync(
  out,
  `${JSON.stringify({ dataApi: { ...edition(dataApi), operations: operationsOf(dataApi, 'data') }, metrics: { ...edition(metrics), operations: operationsOf(metrics, 'metrics') } }, null, 2)}\n`,
);
process.stdout.write(`wrote ${out}\n`);
