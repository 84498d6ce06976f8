/**
 * One name for one upstream operation: every endpoint method of the Data API and metrics clients
 * is named after the official operation id of the route it calls (test/fixtures/official-operations.json),
 * so a field's `serves('data:<id>')` and its client call read the same; and the endpoint calls a
 * field's resolver makes are among the operations it cites.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { NoCache } from '../../src/upstream/transport/cache.js';
import { DataApiClient } from '../../src/upstream/data-api/index.js';
import type { HttpCall, Transport } from '../../src/upstream/transport/call.js';
import { MetricsClient } from '../../src/upstream/metrics/index.js';
import { DATA_API_OPERATIONS, METRICS_OPERATIONS } from '../support/official-operations.js';

/**
 * `GET /v1/avg_tps/{chainId}` is the metrics service's v1 route, which the newest description (v2
 * only) no longer lists: it has no operation id to be named after.
 */
const WITHOUT_OPERATION = new Set(['metrics:avgTps']);

/** Records the route of every call instead of sending it. */
class RecordingTransport implements Transport {
  calls: HttpCall[] = [];
  json(call: HttpCall): Promise<unknown> {
    this.calls.push(call);
    return Promise.resolve({});
  }
}

type Endpoints = Record<string, unknown>;

/** The endpoint objects of both clients, by service prefix, each with the transport its calls reach. */
function endpointGroups() {
  const transport = new RecordingTransport();
  const cache = new NoCache();
  const dataApi = new DataApiClient({ baseUrl: 'http://data.test', transport, cache, keyHeaders: ['x-api-key'], apiKey: 'key', callerKey: true });
  const metrics = new MetricsClient({ baseUrl: 'http://metrics.test', transport, cache });
  const groups: Array<{ prefix: 'data' | 'metrics'; name: string; object: Endpoints }> = [{ prefix: 'data', name: 'dataApi', object: dataApi as unknown as Endpoints }];
  for (const [name, value] of Object.entries(dataApi)) {
    if (name !== 'rest' && value && typeof value === 'object') groups.push({ prefix: 'data', name: `dataApi.${name}`, object: value as Endpoints });
  }
  groups.push({ prefix: 'metrics', name: 'metrics', object: metrics as unknown as Endpoints }, { prefix: 'metrics', name: 'metrics.v2', object: metrics.v2 as unknown as Endpoints });
  return { transport, groups };
}

function methodsOf(object: object): string[] {
  return Object.getOwnPropertyNames(Object.getPrototypeOf(object)).filter(
    (name) => name !== 'constructor' && typeof (object as Record<string, unknown>)[name] === 'function' && !Object.getOwnPropertyDescriptor(Object.getPrototypeOf(object), name)?.get,
  );
}

/** Every endpoint method as `<prefix>:<name>`, with the routes it calls (arguments are placeholders). */
async function endpointMethods(): Promise<Array<{ id: string; where: string; routes: string[] }>> {
  const { transport, groups } = endpointGroups();
  const methods: Array<{ id: string; where: string; routes: string[] }> = [];
  for (const { prefix, name, object } of groups) {
    for (const method of methodsOf(object)) {
      transport.calls = [];
      const fn = object[method] as (...args: unknown[]) => unknown;
      const args = Array.from({ length: Math.max(fn.length, 1) }, (_, i) => `arg${i}`);
      await Promise.resolve()
        .then(() => fn.apply(object, args))
        .catch(() => undefined);
      methods.push({ id: `${prefix}:${method}`, where: `${name}.${method}`, routes: [...new Set(transport.calls.map((c) => c.route))] });
    }
  }
  return methods;
}

describe('endpoint method names', () => {
  it('names every Data API and metrics endpoint method after the official operation of the route it calls', async () => {
    const methods = await endpointMethods();
    expect(methods.length).toBeGreaterThan(90);
    const routeOf = new Map([...DATA_API_OPERATIONS, ...METRICS_OPERATIONS].map((op) => [op.id, op.route]));
    const wrong = methods
      .filter((m) => !WITHOUT_OPERATION.has(m.id))
      .filter((m) => m.routes.length === 0 || !m.routes.includes(routeOf.get(m.id) ?? '(no such operation)'))
      .map((m) => `${m.where} calls ${m.routes.join(', ') || 'nothing'}, not ${routeOf.get(m.id) ?? `an operation: ${m.id} is not an official id`}`);
    expect(wrong).toEqual([]);
  });
});

const SCHEMA = join(import.meta.dirname, '..', '..', 'src', 'schema');
const LOADERS = join(SCHEMA, 'loaders');

function schemaFiles(dir = SCHEMA): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? schemaFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/**
 * Endpoint calls written as `…dataApi[.<group>].<method>(`, `…metrics[.v2].<method>(` or, for the
 * caller's account, `accountOf(ctx).<group>.<method>(` and `account.<group>.<method>(`, as
 * operation ids.
 */
function directCalls(text: string): string[] {
  const clients = [...text.matchAll(/\b(dataApi|metrics)\b(?:\??\.(?!v2\b)[a-zA-Z]+(?=\??\.))?(?:\??\.v2)?[?!]?\.([a-zA-Z0-9]+)\(/g)];
  const account = [...text.matchAll(/\b(?:accountOf\(ctx\)|account)\.(?:webhooks|usageMetrics|operations)\.([a-zA-Z0-9]+)\(/g)];
  return [...clients.map((m) => `${m[1] === 'dataApi' ? 'data' : 'metrics'}:${m[2]}`), ...account.map((m) => `data:${m[1]}`)];
}

/**
 * The endpoint calls of each loader of src/schema/loaders: those written in its factory and in the
 * functions of its file that the factory calls.
 */
function loaderCalls(): Map<string, string[]> {
  const calls = new Map<string, string[]>();
  // index.ts holds the table and `loadersOf`, no loader.
  for (const file of readdirSync(LOADERS).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
    const source = ts.createSourceFile(file, readFileSync(join(LOADERS, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const declarations = new Map<string, string>();
    for (const statement of source.statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name) declarations.set(statement.name.text, statement.getText(source));
      if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) declarations.set(d.name.text, d.getText(source));
    }
    const reach = (name: string, seen: Set<string>): string[] => {
      if (seen.has(name)) return [];
      seen.add(name);
      const text = declarations.get(name) ?? '';
      const helpers = [...declarations.keys()].filter((other) => other !== name && new RegExp(`\\b${other}\\(`).test(text));
      return [...directCalls(text), ...helpers.flatMap((helper) => reach(helper, seen))];
    };
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) calls.set(d.name.text, [...new Set(reach(d.name.text, new Set()))]);
    }
  }
  return calls;
}

/**
 * The loader reads each loadable ref runs (`load: refLoad(blocksByHash)`, or a `load` that names
 * one), by the ref's name: a field that loads through `Block.getDataloader(ctx)` reads what they read.
 */
function refReads(loaders: Map<string, string[]>): Map<string, string[]> {
  const reads = new Map<string, string[]>();
  for (const file of schemaFiles().filter((f) => !f.startsWith(LOADERS))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+) = builder\.loadableNodeRef\b[^]*?\n\s*load: ([^\n]*)/g)) {
      reads.set(m[1]!, [...loaders.keys()].filter((name) => new RegExp(`\\b${name}\\b`).test(m[2]!)));
    }
  }
  return reads;
}

describe('serves() and calls', () => {
  it('has every loader read an endpoint', () => {
    const loaders = loaderCalls();
    expect(loaders.size).toBeGreaterThan(15);
    expect([...loaders].filter(([name, calls]) => calls.length === 0 && name !== 'currentValidatorsByNodeId' && name !== 'assetDescriptionById').map(([name]) => name)).toEqual([]);
  });

  it('cites, on each field, the endpoint methods its own resolver calls, directly or through a loader', async () => {
    const endpoints = new Set((await endpointMethods()).map((m) => m.id));
    const loaders = loaderCalls();
    const refs = refReads(loaders);
    expect([...refs.values()].filter((reads) => reads.length).length).toBeGreaterThanOrEqual(10);
    let checked = 0;
    const uncited: string[] = [];
    for (const file of schemaFiles().filter((f) => !f.startsWith(LOADERS))) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        // A field's options: an object literal whose `extensions` cite operations with serves().
        if (ts.isObjectLiteralExpression(node)) {
          const extensions = node.properties.find((p) => p.name?.getText(source) === 'extensions');
          const cited = extensions ? [...extensions.getText(source).matchAll(/'((?:data|metrics):[^']+)'/g)].map((m) => m[1]!) : [];
          if (cited.length) {
            const text = node.getText(source);
            // A loader read (`load`, `loadMany`); priming one reads nothing.
            const viaLoaders = [...text.matchAll(/\bloaders(?:Of\(ctx\))?\.([a-zA-Z0-9]+)\.load(?:Many)?\(/g)].flatMap((m) => loaders.get(m[1]!) ?? [`(unknown loader ${m[1]})`]);
            // A ref's loader read (`Block.getDataloader(ctx).load(...)`): the reads its `load` runs.
            const viaRefs = [...text.matchAll(/\b([A-Z][a-zA-Z0-9]+)\.getDataloader\(ctx\)\.load(?:Many)?\(/g)].flatMap((m) =>
              (refs.get(m[1]!) ?? [`(unknown ref ${m[1]})`]).flatMap((read) => loaders.get(read) ?? [`(unknown loader ${read})`]),
            );
            const calls = [...directCalls(text), ...viaLoaders, ...viaRefs].filter((id) => endpoints.has(id) || id.startsWith('(unknown'));
            if (calls.length) checked++;
            for (const call of new Set(calls)) if (!cited.includes(call)) uncited.push(`${file.slice(SCHEMA.length + 1)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} calls ${call}, cites ${cited.join(', ')}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(checked).toBeGreaterThan(20);
    expect(uncited).toEqual([]);
  });
});
