/**
 * Persisted documents: automatic persisted queries (the default) and the trusted-documents mode
 * (TRUSTED_DOCUMENTS, a manifest as codegen's client preset writes it: examples/gql/persisted-documents.json).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSocketHarness, startSocketHarness, type SocketHarness } from '../support/harness.js';

const DOC = '{ chains(network: MAINNET) { chainId chainName } }';
const HASH = createHash('sha256').update(DOC).digest('hex');
const apq = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });

async function post(url: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

describe('automatic persisted queries', () => {
  const { h } = useSocketHarness();

  it('answers PersistedQueryNotFound for an unknown hash, unsent; registers on the full request; then a GET with the hash alone runs it', async () => {
    const miss = await post(h.url, { extensions: apq(HASH) });
    expect(miss.body.errors[0]).toMatchObject({ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });
    expect(h.sandbox.services.dataApi.total()).toBe(0);

    const full = await post(h.url, { query: DOC, extensions: apq(HASH) });
    expect(full.body.errors).toBeUndefined();
    expect(full.body.data.chains.length).toBeGreaterThan(0);

    const url = `${h.url}?extensions=${encodeURIComponent(JSON.stringify(apq(HASH)))}`;
    const get = await fetch(url, { headers: { 'x-graphql-yoga-csrf': '1', accept: 'application/json' } });
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual(full.body);
  });

  it('refuses a hash that is not the document\'s', async () => {
    const { status, body } = await post(h.url, { query: DOC, extensions: apq('0'.repeat(64)) });
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('PERSISTED_QUERY_HASH_MISMATCH');
    // Nothing was registered under the wrong hash.
    expect((await post(h.url, { extensions: apq('0'.repeat(64)) })).body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('still runs plain documents', async () => {
    const { body } = await post(h.url, { query: DOC });
    expect(body.data.chains.length).toBeGreaterThan(0);
  });
});

describe('trusted documents (TRUSTED_DOCUMENTS)', () => {
  let h: SocketHarness;
  const manifest = 'examples/gql/persisted-documents.json';
  beforeAll(async () => {
    h = await startSocketHarness({ TRUSTED_DOCUMENTS: manifest });
  });
  afterAll(() => h?.close());

  it('runs a manifest document by its documentId', async () => {
    const { readFileSync } = await import('node:fs');
    const ids = Object.entries(JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>);
    const [id] = ids.find(([, doc]) => doc.startsWith('query BlockExplorer'))!;
    const { body } = await post(h.url, { documentId: id, variables: { chainId: '43114' } });
    expect(body.errors).toBeUndefined();
    expect(body.data.chain.blocks.nodes.length).toBeGreaterThan(0);
  });

  it('refuses any other document, and an unknown id, before any upstream call', async () => {
    h.sandbox.reset();
    const arbitrary = await post(h.url, { query: DOC });
    expect(arbitrary.status).toBe(400);
    expect(arbitrary.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_ONLY');
    const unknown = await post(h.url, { documentId: 'sha256:' + 'ab'.repeat(32) });
    expect(unknown.body.errors[0]).toMatchObject({ extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } });
    expect(unknown.body.errors[0].message).toContain('TRUSTED_DOCUMENTS');
    expect(h.sandbox.services.dataApi.total()).toBe(0);
  });
});
