/**
 * Trusted documents from a URL (src/plugins/trusted-documents.ts, src/lib/document-manifest.ts): a
 * manifest a frontend's release publishes to a bucket or CDN is fetched as the gateway starts, asked
 * again with the validators of its last answer (an unchanged one costs a 304, and no reload), taken
 * when it changes (on the poll, and at once on SIGHUP) with no request dropped, and kept when the
 * server fails or answers a broken manifest. A URL's query (a signed URL's credential) never reaches
 * a log or an error; a URL that cannot be fetched at start stops the start.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadOnHangup } from '../../src/http/server.js';
import { createLogger } from '../../src/observability/logger.js';
import { TrustedDocuments } from '../../src/plugins/trusted-documents.js';
import { schema } from '../../src/schema/index.js';
import { startSocketHarness } from '../support/harness.js';

const CHAINS = 'query Chains { chains(network: MAINNET) { chainId } }';
const BLOCK = 'query Head { chain(id: "43114") { blocks(first: 1) { nodes { number } } } }';
const SECRET = 'sig=not-for-logs-0123456789';

/** The manifest's server: what it answers now (its ETag follows the text), and what it was asked. */
const served = { status: 200, text: JSON.stringify({ 'web-chains': CHAINS }), asked: 0, notModified: 0 };
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    served.asked++;
    const etag = `"${Buffer.from(served.text).toString('base64url').slice(-24)}-${served.text.length}"`;
    if (served.status === 200 && request.headers['if-none-match'] === etag) {
      served.notModified++;
      response.writeHead(304, { etag }).end();
      return;
    }
    response.writeHead(served.status, { 'content-type': 'application/json', etag }).end(served.status === 200 ? served.text : 'no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Waits until a condition holds, asking every 50 ms. */
async function eventually(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('trusted documents from a URL', () => {
  it('polls with validators: a 304 reloads nothing, a change is taken, a failing server or a broken manifest keeps the set', async () => {
    served.status = 200;
    served.text = JSON.stringify({ 'web-chains': CHAINS });
    const lines: string[] = [];
    const outcomes: string[] = [];
    const store = await TrustedDocuments.open([`${base}/web.json?${SECRET}`], schema, createLogger('info', (line) => void lines.push(line)), {
      onReload: (outcome) => void outcomes.push(outcome),
      pollMs: 50,
    });
    try {
      expect(store.get('web-chains')).toBe(CHAINS);
      store.watch();
      const asked = served.notModified;
      await eventually(() => served.notModified >= asked + 3, 10_000, 'three polls answered 304');
      expect(outcomes).toEqual([]);

      served.text = JSON.stringify({ 'web-chains': CHAINS, 'web-head': BLOCK });
      await eventually(() => store.get('web-head') === BLOCK, 10_000, 'the new manifest');
      expect(outcomes).toEqual(['loaded']);

      served.status = 503;
      await eventually(() => outcomes.length >= 2, 10_000, 'a failed poll');
      served.status = 200;
      served.text = '{ "web-chains": ';
      await eventually(() => outcomes.filter((o) => o === 'kept').length >= 2 && lines.some((line) => line.includes('cannot read a JSON manifest')), 10_000, 'the broken manifest to be refused');
      expect(store.get('web-head')).toBe(BLOCK);
      expect(outcomes.filter((o) => o === 'loaded')).toHaveLength(1);
      expect(lines.some((line) => line.includes(`${base}/web.json`))).toBe(true);
      expect(lines.join('\n')).not.toContain(SECRET);
    } finally {
      store.close();
    }
  });

  it('refuses to start on a URL it cannot fetch, naming it without its query', async () => {
    served.status = 404;
    try {
      const refused = await TrustedDocuments.open([`${base}/missing.json?${SECRET}`], schema, createLogger('error', () => undefined)).then(
        () => undefined,
        (error: Error) => error.message,
      );
      expect(refused).toContain(`${base}/missing.json: it answered 404`);
      expect(refused).not.toContain(SECRET);
    } finally {
      served.status = 200;
    }
  });

  it('serves from a URL manifest at start and takes its change on SIGHUP, dropping no request', async () => {
    served.status = 200;
    served.text = JSON.stringify({ 'web-chains': CHAINS });
    const lines: string[] = [];
    const h = await startSocketHarness({ TRUSTED_DOCUMENTS: `${base}/web.json?${SECRET}`, LOG_LEVEL: 'info' }, (line) => void lines.push(line));
    const others = process.rawListeners('SIGHUP') as ((...args: unknown[]) => void)[];
    process.removeAllListeners('SIGHUP');
    const stop = reloadOnHangup(h.server.trustedDocuments!);
    const run = async (documentId: string) => (await h.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ documentId }) })).json() as Promise<any>;
    let running = true;
    const failures: unknown[] = [];
    const traffic = (async () => {
      while (running) {
        const answer = await run('web-chains').catch((error: unknown) => ({ error: String(error) }));
        if (!answer.data?.chains?.length) failures.push(answer);
      }
    })();
    try {
      expect((await run('web-head')).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_IN_LIST');
      served.text = JSON.stringify({ 'web-chains': CHAINS, 'web-head': BLOCK });
      process.emit('SIGHUP', 'SIGHUP');
      await eventually(async () => (await run('web-head')).data?.chain !== undefined, 10_000, 'the new manifest after SIGHUP');
      running = false;
      await traffic;
      expect(failures).toEqual([]);
      expect(lines.some((line) => line.includes('trusted documents reloaded (SIGHUP)'))).toBe(true);
      expect(lines.join('\n')).not.toContain(SECRET);
    } finally {
      running = false;
      await traffic;
      stop();
      for (const listener of others) process.on('SIGHUP', listener);
      await h.close();
    }
  });
});
