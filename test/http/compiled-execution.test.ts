/**
 * Compiled execution (COMPILED_EXECUTION, on by default): a query document executed again runs as a
 * compiled function, and graphql-js runs its first execution and what the compiler does not take. A caller sees the same answer either way: the
 * same data, the same errors and codes, the same upstream calls. `/metrics` says which executor ran
 * each executed operation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGateway, type SocketHarness } from '../support/harness.js';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox();
let compiled: SocketHarness;
let interpreted: SocketHarness;

beforeAll(async () => {
  compiled = await startGateway(sandbox);
  interpreted = await startGateway(sandbox, { COMPILED_EXECUTION: 'false' });
});
afterAll(async () => {
  await compiled?.close();
  await interpreted?.close();
});
beforeEach(() => sandbox.reset());

/** The gateway's count of operations its executor ran, from /metrics. */
async function executions(h: SocketHarness, executor: 'compiled' | 'graphql-js'): Promise<number> {
  const text = await (await h.fetch('/metrics')).text();
  const line = text.split('\n').find((l) => l.startsWith(`avalanche_graph_executions_total{executor="${executor}"}`));
  return Number(line?.split(' ')[1] ?? NaN);
}

/** Posts an operation; the answer's body as JSON, and the status. */
async function post(h: SocketHarness, query: string, variables: Record<string, unknown> = {}, key: string) {
  const response = await h.fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-data-api-key': key },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: Array<{ message: string; path?: unknown; extensions?: Record<string, unknown> }> } };
}

/** An answer without the request's id (each gateway makes its own). */
const comparable = (body: { errors?: Array<{ extensions?: Record<string, unknown> }> }) =>
  JSON.parse(JSON.stringify(body, (key, value) => (key === 'requestId' ? undefined : value)));

const OPERATIONS: Array<{ name: string; query: string; variables?: (s: typeof sandbox) => Record<string, unknown> }> = [
  {
    name: 'blocks with their transactions, an interface, fragments and aliases',
    query: `query($first: Int!) { chain(id: "43114") { chainId latest: blocks(first: $first) { nodes { number hash ...B transactions(first: 2) { totalCount nodes { hash from { address } value } } } pageInfo { hasNextPage endCursor } } } }
      fragment B on Block { timestamp txCount gasUsed }`,
    variables: () => ({ first: 3 }),
  },
  {
    name: 'a BigInt literal (the compiler refuses the document: graphql-js runs it)',
    query: '{ chain(id: "43114") { b: block(number: 5) { number hash } } }',
  },
  {
    name: 'an upstream not found: partial data with a typed error and its path',
    query: '{ ok: chain(id: "43114") { chainId } missing: chain(id: "999999") { blocks(first: 1) { nodes { number } } } }',
  },
  {
    name: 'a variable that does not coerce: a bad input naming it',
    query: 'query($n: Int!) { chain(id: "43114") { blocks(first: $n) { nodes { number } } } }',
    variables: () => ({ n: 'three' }),
  },
  {
    name: 'a primary-network list, an interface with object types, node ids',
    query: '{ network(name: MAINNET) { validators(first: 2) { nodes { id nodeId amountStaked } } } }',
  },
];

describe('compiled execution', () => {
  for (const [i, op] of OPERATIONS.entries()) {
    it(`answers as graphql-js does, with the same upstream calls: ${op.name}`, async () => {
      const variables = op.variables?.(sandbox) ?? {};
      // The first execution of a document runs on graphql-js; the second is compiled.
      await post(compiled, op.query, variables, `first-${i}`);
      sandbox.reset();
      const fromCompiled = await post(compiled, op.query, variables, `compiled-${i}`);
      const callsCompiled = sandbox.services.dataApi.total();
      sandbox.reset();
      const fromInterpreted = await post(interpreted, op.query, variables, `interpreted-${i}`);
      expect(sandbox.services.dataApi.total()).toBe(callsCompiled);
      expect(fromCompiled.status).toBe(fromInterpreted.status);
      expect(comparable(fromCompiled.body)).toEqual(comparable(fromInterpreted.body));
    });
  }

  it('runs a query compiled, and on graphql-js what the compiler does not take', async () => {
    const count = async () => ({ compiled: await executions(compiled, 'compiled'), js: await executions(compiled, 'graphql-js') });
    let before = await count();
    const plain = '{ chain(id: "43114") { chainId chainName } }';
    expect((await post(compiled, plain, {}, 'count-1')).body.errors).toBeUndefined();
    expect(await count()).toEqual({ compiled: before.compiled, js: before.js + 1 });
    expect((await post(compiled, plain, {}, 'count-1b')).body.errors).toBeUndefined();
    expect(await count()).toEqual({ compiled: before.compiled + 1, js: before.js + 1 });

    // A BigInt literal, @defer, a variable that does not coerce, each sent twice: graphql-js every time.
    before = await count();
    for (const key of ['count-2', 'count-2b']) {
      expect((await post(compiled, '{ chain(id: "43114") { block(number: 7) { number } } }', {}, key)).body).toMatchObject({ data: { chain: { block: { number: '7' } } } });
      const deferred = await compiled.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'multipart/mixed', 'x-data-api-key': `${key}-defer` },
        body: JSON.stringify({ query: '{ chain(id: "43114") { chainId ... @defer { chainName } } }' }),
      });
      expect(await deferred.text()).toContain('"chainName"');
      const refused = await post(compiled, 'query($n: Int!) { chain(id: "43114") { blocks(first: $n) { nodes { number } } } }', { n: 'x' }, `${key}-vars`);
      expect(refused.body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    }
    expect(await count()).toEqual({ compiled: before.compiled, js: before.js + 6 });

    // Off, everything runs on graphql-js.
    const off = await executions(interpreted, 'graphql-js');
    await post(interpreted, '{ chain(id: "43114") { chainId } }', {}, 'count-5');
    expect(await executions(interpreted, 'graphql-js')).toBe(off + 1);
    expect(await executions(interpreted, 'compiled')).toBe(0);
  });
});
