/**
 * Browsers: CORS answers any origin (or only CORS_ORIGINS) and never allows credentials; a
 * cross-site form or a header-less GET (requests a browser sends without a CORS preflight) is
 * refused before it is parsed, so it can neither run the mutation nor cost an upstream call.
 */
import { describe, expect, it } from 'vitest';
import { startSocketHarness, useSocketHarness } from '../support/harness.js';

const { h } = useSocketHarness();

const MUTATION = `mutation { aggregateSignatures(network: FUJI, input: { message: "0x00" }) { signedMessage } }`;
const upstreamCalls = () => h.sandbox.services.dataApi.total() + h.sandbox.services.nodeMainnet.total();

describe('CORS', () => {
  it('answers any origin by default, never with credentials', async () => {
    const response = await fetch(h.url, {
      method: 'POST',
      headers: { origin: 'https://anywhere.example', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ network { name } }' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://anywhere.example');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets a preflight send the API-key headers', async () => {
    const response = await fetch(h.url, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-data-api-key' },
    });
    expect(response.status).toBeLessThan(300);
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const header of ['content-type', 'x-data-api-key', 'x-glacier-api-key']) expect(allowed).toContain(header);
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('names only the allowed origins when CORS_ORIGINS is set', async () => {
    const listed = await startSocketHarness({ CORS_ORIGINS: 'https://app.example, https://admin.example' });
    try {
      const ask = (origin: string) =>
        fetch(listed.url, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ network { name } }' }) });
      expect((await ask('https://admin.example')).headers.get('access-control-allow-origin')).toBe('https://admin.example');
      const foreign = await ask('https://evil.example');
      expect(foreign.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
      expect(foreign.headers.get('access-control-allow-credentials')).toBeNull();
    } finally {
      await listed.close();
    }
  });
});

describe('CSRF', () => {
  it('refuses cross-site form posts to the mutation before parsing them: 403 and no upstream call', async () => {
    const forms: Array<[string, BodyInit]> = [
      ['application/x-www-form-urlencoded', new URLSearchParams({ query: MUTATION }).toString()],
      ['text/plain', JSON.stringify({ query: MUTATION })],
    ];
    for (const [type, body] of forms) {
      const response = await fetch(h.url, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': type }, body });
      expect(response.status, type).toBe(403);
    }
    const multipart = new FormData();
    multipart.set('operations', JSON.stringify({ query: MUTATION }));
    const response = await fetch(h.url, { method: 'POST', headers: { origin: 'https://evil.example' }, body: multipart });
    expect(response.status).toBe(403);
    expect(upstreamCalls()).toBe(0);
  });

  it('does not parse multipart bodies even from a preflighted request (there are no uploads)', async () => {
    const multipart = new FormData();
    multipart.set('operations', JSON.stringify({ query: '{ network { name } }' }));
    const response = await fetch(h.url, { method: 'POST', headers: { 'x-graphql-yoga-csrf': '1' }, body: multipart });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await response.text()).not.toContain('"network"');
  });

  it('needs a preflight header on GET; JSON POSTs and GraphiQL need nothing', async () => {
    const get = `${h.url}?query=${encodeURIComponent('{ network { name } }')}`;
    expect((await fetch(get)).status).toBe(403);
    const allowed = await fetch(get, { headers: { 'x-graphql-yoga-csrf': '1' } });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ data: { network: { name: 'MAINNET' } } });
    const keyed = await fetch(get, { headers: { 'x-data-api-key': 'someone' } });
    expect(keyed.status).toBe(200);
    expect((await h.query('{ network { name } }')).data).toEqual({ network: { name: 'MAINNET' } });
    const graphiql = await fetch(h.url, { headers: { accept: 'text/html' } });
    expect(graphiql.status).toBe(200);
    expect(await graphiql.text()).toContain('GraphiQL');
  });
});
