/**
 * Trusted documents as a lifecycle (src/plugins/trusted-documents.ts): several manifests (codegen's
 * format and Apollo's), a manifest changed on disk and a SIGHUP each taking effect without a restart
 * while requests run (none fails), a broken manifest (one that does not parse, one with a field the
 * schema lacks) keeping the old set with the reason logged, the log-only mode serving and counting,
 * an internal consumer (AUTH_CONSUMERS) running any document while other callers cannot, and
 * `npm run documents:check` naming the operation a manifest gets wrong.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadOnHangup } from '../../src/http/server.js';
import { WATCH_INTERVAL_MS } from '../../src/lib/watched-files.js';
import { startSocketHarness, type SocketHarness } from '../support/harness.js';

/** Waits until an asynchronous condition holds, asking every 100 ms. */
async function eventually(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const dir = mkdtempSync(join(tmpdir(), 'trusted-documents-'));
const CHAINS = 'query Chains { chains(network: MAINNET) { chainId } }';
const CHAIN = 'query Chain($id: String!) { chain(id: $id) { chainName } }';
const BLOCK = 'query Head { chain(id: "43114") { blocks(first: 1) { nodes { number } } } }';
/** codegen's client preset writes `{ id: document }`. */
const codegen = join(dir, 'web-app.json');
/** Apollo's generate-persisted-query-manifest writes this. */
const apollo = join(dir, 'mobile-app.json');
const apolloManifest = (operations: { id: string; name: string; body: string }[]) =>
  JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 1, operations: operations.map((o) => ({ ...o, type: 'query' })) });

const logLines: string[] = [];
let h: SocketHarness;
beforeAll(async () => {
  writeFileSync(codegen, JSON.stringify({ 'web-chains': CHAINS }));
  writeFileSync(apollo, apolloManifest([{ id: 'mobile-chain', name: 'Chain', body: CHAIN }]));
  h = await startSocketHarness({ TRUSTED_DOCUMENTS: `${codegen},${apollo}`, LOG_LEVEL: 'info' }, (line) => void logLines.push(line));
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(documentId: string, variables?: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const response = await h.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ documentId, variables }) });
  return { status: response.status, body: await response.json() };
}
const code = (answer: { body: any }) => answer.body.errors?.[0]?.extensions?.code;
const metric = async (name: string) => Number(new RegExp(`^${name.replace(/[{}"]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(await (await h.fetch('/metrics')).text())?.[1] ?? 0);

/** Runs `web-chains` without pause until stopped: every answer must be whole. */
function load() {
  let running = true;
  const failures: unknown[] = [];
  let answers = 0;
  const loop = (async () => {
    while (running) {
      const answer = await run('web-chains').catch((error: unknown) => ({ status: 0, body: { error: String(error) } }));
      if (answer.status !== 200 || answer.body.errors || !answer.body.data?.chains?.length) failures.push(answer.body);
      answers++;
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { failures, answers };
    },
  };
}

describe('trusted documents, reloaded', () => {
  it('runs the documents of every manifest, in either format', async () => {
    expect((await run('web-chains')).body.data.chains.length).toBeGreaterThan(0);
    expect((await run('mobile-chain', { id: '43114' })).body.data.chain.chainName).toBeTruthy();
    expect(code(await run('web-head'))).toBe('PERSISTED_QUERY_NOT_IN_LIST');
  });

  it('takes a manifest changed on disk without a restart, and drops no request meanwhile', async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
    const traffic = [load(), load()];
    await pause();
    writeFileSync(codegen, JSON.stringify({ 'web-chains': CHAINS, 'web-head': BLOCK }));
    await eventually(async () => code(await run('web-head')) === undefined, 3 * WATCH_INTERVAL_MS + 5_000, 'the new document to run');
    await pause();
    const outcomes = await Promise.all(traffic.map((t) => t.stop()));
    expect(outcomes.flatMap((o) => o.failures)).toEqual([]);
    expect(outcomes.reduce((n, o) => n + o.answers, 0)).toBeGreaterThan(10);
    const head = await run('web-head');
    expect(head.body).toMatchObject({ data: { chain: { blocks: { nodes: [expect.anything()] } } } });
  });

  it('keeps the documents it runs when a manifest does not parse or names a field the schema lacks, and logs why', async () => {
    const kept = await metric('avalanche_graph_trusted_documents_reloads_total{outcome="kept"}');
    writeFileSync(apollo, '{ "format": "apollo-persisted-query-manifest", ');
    await eventually(async () => (await metric('avalanche_graph_trusted_documents_reloads_total{outcome="kept"}')) > kept, 3 * WATCH_INTERVAL_MS + 5_000, 'the broken manifest to be refused');
    writeFileSync(apollo, apolloManifest([{ id: 'mobile-chain', name: 'Chain', body: CHAIN }, { id: 'mobile-bad', name: 'Bad', body: 'query Bad { chain(id: "43114") { noSuchField } }' }]));
    await eventually(async () => logLines.some((line) => line.includes('operation Bad') && line.includes('noSuchField')), 3 * WATCH_INTERVAL_MS + 5_000, 'the reason to be logged');
    expect(code(await run('mobile-chain', { id: '43114' }))).toBeUndefined();
    expect(code(await run('mobile-bad'))).toBe('PERSISTED_QUERY_NOT_IN_LIST');
    expect(code(await run('web-head'))).toBeUndefined();
    writeFileSync(apollo, apolloManifest([{ id: 'mobile-chain', name: 'Chain', body: CHAIN }]));
  }, 30_000);

  it('reads the manifests again on SIGHUP', async () => {
    // Only the gateway's listener hears the signal (a test runner's own would end the worker).
    const others = process.rawListeners('SIGHUP') as ((...args: unknown[]) => void)[];
    process.removeAllListeners('SIGHUP');
    const stop = reloadOnHangup(h.server.trustedDocuments!);
    const traffic = load();
    try {
      writeFileSync(codegen, JSON.stringify({ 'web-chains': CHAINS, 'web-head': BLOCK, 'web-chain': CHAIN }));
      process.emit('SIGHUP', 'SIGHUP');
      // At once: the reload runs in the signal's listener, before the file is looked at again.
      expect((await run('web-chain', { id: '43114' })).body.data.chain.chainName).toBeTruthy();
      expect(logLines.some((line) => line.includes('trusted documents reloaded (SIGHUP)'))).toBe(true);
    } finally {
      stop();
      for (const listener of others) process.on('SIGHUP', listener);
    }
    expect((await traffic.stop()).failures).toEqual([]);
  });
});

describe('log-only mode and documents:check', () => {
  it('runs an untrusted document in log mode, counted and logged by a hash of its text', async () => {
    const lines: string[] = [];
    const logged = await startSocketHarness({ TRUSTED_DOCUMENTS: codegen, TRUSTED_DOCUMENTS_MODE: 'log', LOG_LEVEL: 'info' }, (line) => void lines.push(line));
    try {
      const post = () => logged.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'query Unlisted { chains(network: MAINNET) { chainId } }' }) });
      const answer = await post();
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as any).data.chains.length).toBeGreaterThan(0);
      await post();
      const text = await (await logged.fetch('/metrics')).text();
      expect(text).toMatch(/^avalanche_graph_untrusted_documents_total 2$/m);
      const entries = lines.filter((line) => line.includes('untrusted document ran'));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatch(/"operationName":"Unlisted".*"documentHash":"[0-9a-f]{16}"/);
    } finally {
      await logged.close();
    }
  });

  it('lets an internal consumer run any document, and holds every other caller to the manifests', async () => {
    const consumers = join(dir, 'consumers.json');
    const sha = (key: string) => createHash('sha256').update(key).digest('hex');
    writeFileSync(consumers, JSON.stringify({ consumers: [{ name: 'ops', keySha256: sha('ops-key-000000'), internal: true }, { name: 'app', keySha256: sha('app-key-000000') }] }));
    const gated = await startSocketHarness({ TRUSTED_DOCUMENTS: codegen, AUTH_CONSUMERS: consumers });
    try {
      const ask = async (key: string, body: unknown) => {
        const response = await gated.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-consumer-key': key }, body: JSON.stringify(body) });
        return (await response.json()) as any;
      };
      const query = { query: 'query Explore { chains(network: FUJI) { chainId } }' };
      expect((await ask('ops-key-000000', query)).data.chains.length).toBeGreaterThan(0);
      expect((await ask('app-key-000000', query)).errors[0].extensions.code).toBe('PERSISTED_QUERY_ONLY');
      expect((await ask('app-key-000000', { documentId: 'web-chains' })).data.chains.length).toBeGreaterThan(0);
    } finally {
      await gated.close();
    }
  });

  it('documents:check names the operation a manifest gets wrong, and passes a good one', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ one: CHAINS, two: 'query Broken { chains(network: MAINNET) { notAField } }' }));
    const script = (path: string) => spawnSync(process.execPath, ['--conditions=avalanche-graph-source', '--import', 'tsx', 'scripts/documents-check.ts', path], { encoding: 'utf8', timeout: 60_000 });
    const failed = script(bad);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('operation Broken');
    expect(failed.stderr).toContain('notAField');
    const passed = script('examples/gql/persisted-documents.json');
    expect(passed.status).toBe(0);
    expect(passed.stdout).toMatch(/\d+ documents in 1 manifest check against the schema/);
  }, 120_000);
});
