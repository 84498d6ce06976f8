/**
 * Caller authentication (AUTH_JWKS_URL, src/auth/) with real tokens: RS256 and ES256 keys made by
 * jose, their public halves served as a JSON Web Key Set by a local HTTP server, tokens signed with
 * them. A valid token is served; none, an expired, premature, wrong-audience, wrong-issuer, unsigned
 * (`alg: none`), tampered or unknown-key token gets 401 `UNAUTHENTICATED` with RFC 6750's
 * `WWW-Authenticate` and no upstream call; keys rotated mid-test: a token of the new key is served
 * (the set fetched again), one of the revoked key refused. Over graphql-ws (the `graphql-ws` client,
 * the token in `connection_init`) and graphql-sse (its client, the token in a header) the same. The
 * verified caller is the client the per-client bounds count, whatever its address; logs see its
 * fingerprint, never the token or the subject.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createClient as createWsClient } from 'graphql-ws';
import { createClient as createSseClient } from 'graphql-sse';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWK } from 'jose';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWKS_COOLDOWN_MS } from '../../src/auth/jwt.js';
import { startGateway, type SocketHarness } from '../support/harness.js';
import { useSandbox } from '../support/sandbox.js';
import { upstreamRequests } from '../support/counts.js';
import { waitUntil } from '../support/sse.js';

const ISSUER = 'https://login.example.test/';
const AUDIENCE = 'avalanche-graph';
const QUERY = '{ chain(id: "43114") { chainName } }';

interface SigningKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: CryptoKey;
  jwk: JWK;
}

async function signingKey(kid: string, alg: SigningKey['alg']): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  return { kid, alg, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

/** A JWKS server: the keys it serves now, and how many times the set was fetched. */
let published: SigningKey[] = [];
let fetches = 0;
let jwksServer: Server;
let jwksUrl: string;

async function token(key: SigningKey, claims: { sub?: string; iss?: string; aud?: string; exp?: number | string; nbf?: number | string; plan?: string } = {}): Promise<string> {
  const jwt = new SignJWT({ ...(claims.sub === undefined ? {} : { sub: claims.sub }), ...(claims.plan === undefined ? {} : { plan: claims.plan }) }).setProtectedHeader({ alg: key.alg, kid: key.kid }).setIssuedAt();
  jwt.setIssuer(claims.iss ?? ISSUER).setAudience(claims.aud ?? AUDIENCE).setExpirationTime(claims.exp ?? '5m');
  if (claims.nbf !== undefined) jwt.setNotBefore(claims.nbf);
  return jwt.sign(key.privateKey);
}

const sandbox = useSandbox();
let h: SocketHarness;
let rsa: SigningKey;
let ec: SigningKey;
const logLines: string[] = [];
/** The AUTH_PLANS file. */
let plans: string;

beforeAll(async () => {
  [rsa, ec] = await Promise.all([signingKey('rsa-1', 'RS256'), signingKey('ec-1', 'ES256')]);
  published = [rsa, ec];
  jwksServer = createServer((_req, res) => {
    fetches++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: published.map((k) => k.jwk) }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;
  plans = join(mkdtempSync(join(tmpdir(), 'plans-')), 'plans.json');
  writeFileSync(plans, JSON.stringify({ claim: 'plan', plans: { pro: { subscriptions: 2 } } }));
  h = await startGateway(
    sandbox,
    { AUTH_JWKS_URL: jwksUrl, AUTH_ISSUER: ISSUER, AUTH_AUDIENCE: AUDIENCE, AUTH_PLANS: plans, MAX_SUBSCRIPTIONS_PER_CLIENT: '1', SUBSCRIPTION_POLL_MS: '20', LOG_LEVEL: 'info' },
    (line) => void logLines.push(line),
  );
});
afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => jwksServer?.close(resolve));
  if (plans) rmSync(dirname(plans), { recursive: true, force: true });
});

/** POSTs the query with these headers; the answer's status, `WWW-Authenticate` and body. */
async function post(headers: Record<string, string>, query = QUERY) {
  const response = await h.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
  return { status: response.status, challenge: response.headers.get('www-authenticate'), body: (await response.json()) as { data?: any; errors?: { extensions: Record<string, unknown> }[] } };
}
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const upstreamCalls = () => upstreamRequests(sandbox);

describe('over HTTP', () => {
  it('serves a caller with a valid token, RS256 or ES256', async () => {
    for (const key of [rsa, ec]) {
      const { status, body } = await post(bearer(await token(key, { sub: 'alice' })));
      expect(status).toBe(200);
      expect(body.data.chain.chainName).toBeTruthy();
    }
  });

  it('refuses with 401 and a Bearer challenge, before any upstream call, every token it must not take', async () => {
    const now = Math.floor(Date.now() / 1000);
    const good = await token(rsa, { sub: 'alice' });
    const [head, payload, signature] = good.split('.');
    const other = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...other, sub: 'mallory' })).toString('base64url')}.${signature}`;
    const stranger = await signingKey('rsa-1', 'RS256');
    const cases: [string, Record<string, string>, string][] = [
      ['no token', {}, 'missing'],
      ['not a Bearer token', { authorization: 'Basic YWxpY2U6c2VjcmV0' }, 'malformed'],
      ['expired', bearer(await token(rsa, { sub: 'alice', exp: now - 120 })), 'expired'],
      ['not yet valid', bearer(await token(rsa, { sub: 'alice', nbf: now + 600 })), 'not-yet-valid'],
      ['another audience', bearer(await token(rsa, { sub: 'alice', aud: 'someone-else' })), 'audience'],
      ['another issuer', bearer(await token(rsa, { sub: 'alice', iss: 'https://evil.example/' })), 'issuer'],
      ['unsigned (alg: none)', bearer(new UnsecuredJWT({ sub: 'alice' }).setIssuer(ISSUER).setAudience(AUDIENCE).setExpirationTime('5m').encode()), 'algorithm'],
      ['tampered', bearer(tampered), 'signature'],
      ['signed by a key of the same kid not in the set', bearer(await token(stranger, { sub: 'alice' })), 'signature'],
      ['without a subject', bearer(await token(rsa)), 'claim'],
    ];
    const before = upstreamCalls();
    for (const [what, headers, reason] of cases) {
      const { status, challenge, body } = await post(headers);
      expect({ what, status, reason: body.errors?.[0]?.extensions }).toMatchObject({ what, status: 401, reason: { code: 'UNAUTHENTICATED', reason } });
      expect(challenge).toMatch(/^Bearer realm="avalanche-graph"/);
      if (reason !== 'missing') expect(challenge).toMatch(/error="invalid_(token|request)"/);
    }
    expect(upstreamCalls()).toBe(before);
  });

  it('leaves GraphiQL\'s page, preflights and the probes open; the page\'s headers editor asks for the token', async () => {
    const page = await h.fetch('/graphql', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const options = JSON.parse(/<script id="graphiql-options" type="application\/json">([\s\S]*?)<\/script>/.exec(await page.text())![1]!);
    expect(JSON.parse(options.headers)).toEqual({ 'x-data-api-key': '', Authorization: 'Bearer ' });
    expect((await h.fetch('/health')).status).toBe(200);
    expect((await h.fetch('/graphql', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } })).status).toBeLessThan(300);
  });

  it('fetches the set again for a new key, and refuses the revoked one', async () => {
    const rotated = await signingKey('rsa-2', 'RS256');
    published = [rotated, ec];
    // The set is fetched again for an unknown key at most every JWKS_COOLDOWN_MS.
    await new Promise((resolve) => setTimeout(resolve, JWKS_COOLDOWN_MS + 100));
    const fetched = fetches;
    expect((await post(bearer(await token(rotated, { sub: 'alice' })))).status).toBe(200);
    expect(fetches).toBe(fetched + 1);
    // A token of the revoked key, never verified before: its key is gone from the set.
    const revoked = await post(bearer(await token(rsa, { sub: 'bob' })));
    expect(revoked.status).toBe(401);
    expect(revoked.body.errors?.[0]?.extensions.reason).toBe('unknown-key');
    rsa = rotated;
  }, JWKS_COOLDOWN_MS + 10_000);

  it("gives a caller its plan's limits (AUTH_PLANS), and the others the per-client ones", async () => {
    const open = async (sub: string, plan?: string) =>
      h.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...bearer(await token(rsa, { sub, plan })) },
        body: JSON.stringify({ query: 'subscription { blockAdded(chainId: "43114") { number } }' }),
      });
    const held = [await open('gina', 'pro'), await open('gina', 'pro')];
    await waitUntil(() => h.server.live.hub.stats().subscriptions === 2, 5_000, "two subscriptions on gina's plan");
    expect(await (await open('gina', 'pro')).text()).toMatch(/TOO_MANY_SUBSCRIPTIONS.*"limit":2/);
    // A plan the file does not name: the per-client limit (1).
    held.push(await open('hank', 'enterprise'));
    await waitUntil(() => h.server.live.hub.stats().subscriptions === 3, 5_000, "hank's one subscription");
    expect(await (await open('hank', 'enterprise')).text()).toMatch(/TOO_MANY_SUBSCRIPTIONS.*"limit":1/);
    for (const response of held) await response.body?.cancel();
    await waitUntil(() => h.server.live.hub.stats().subscriptions === 0, 5_000, 'the subscriptions to end');
  });

  it('takes a plans file changed on disk without a restart, and keeps the plans when the file is broken', async () => {
    const open = async (sub: string, plan: string) =>
      h.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...bearer(await token(rsa, { sub, plan })) },
        body: JSON.stringify({ query: 'subscription { blockAdded(chainId: "43114") { number } }' }),
      });
    const reloads = (outcome: string) => logLines.filter((line) => line.includes(`consumers and plans ${outcome}`)).length;
    const [loaded, kept] = [reloads('reloaded'), reloads('not reloaded')];
    writeFileSync(plans, JSON.stringify({ claim: 'plan', plans: { pro: { subscriptions: 2 }, enterprise: { subscriptions: 3 } } }));
    await waitUntil(() => reloads('reloaded') > loaded, 10_000, 'the plans file to be read again');
    const held = [await open('ivan', 'enterprise'), await open('ivan', 'enterprise'), await open('ivan', 'enterprise')];
    try {
      await waitUntil(() => h.server.live.hub.stats().subscriptions === 3, 5_000, "ivan's three subscriptions");
      expect(await (await open('ivan', 'enterprise')).text()).toMatch(/TOO_MANY_SUBSCRIPTIONS.*"limit":3/);
      // A broken file, then one naming another claim: the plans before stay.
      writeFileSync(plans, '{ "claim": ');
      await waitUntil(() => reloads('not reloaded') > kept, 10_000, 'the broken file to be refused');
      writeFileSync(plans, JSON.stringify({ claim: 'tier', plans: { enterprise: { subscriptions: 1 } } }));
      await waitUntil(() => reloads('not reloaded') > kept + 1, 10_000, 'the other claim to be refused');
      expect(logLines.some((line) => line.includes('restart the gateway to read another claim'))).toBe(true);
      expect(await (await open('ivan', 'enterprise')).text()).toMatch(/TOO_MANY_SUBSCRIPTIONS.*"limit":3/);
    } finally {
      for (const response of held) await response.body?.cancel();
      writeFileSync(plans, JSON.stringify({ claim: 'plan', plans: { pro: { subscriptions: 2 } } }));
    }
    await waitUntil(() => h.server.live.hub.stats().subscriptions === 0, 5_000, 'the subscriptions to end');
  }, 60_000);

  it('counts the verified caller as the client, and logs its fingerprint only', async () => {
    // One address, two callers: each holds its own subscription slot (MAX_SUBSCRIPTIONS_PER_CLIENT is 1).
    const open = async (sub: string) => {
      const response = await h.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...bearer(await token(rsa, { sub })) },
        body: JSON.stringify({ query: 'subscription { blockAdded(chainId: "43114") { number } }' }),
      });
      return response;
    };
    const carol = await open('carol');
    const dave = await open('dave');
    await waitUntil(() => h.server.live.hub.stats().subscriptions === 2, 5_000, 'two subscriptions from one address');
    const again = await open('carol');
    const text = await again.text();
    expect(text).toContain('TOO_MANY_SUBSCRIPTIONS');
    await carol.body?.cancel();
    await dave.body?.cancel();
    const access = logLines.filter((line) => line.includes('"access"'));
    expect(access.some((line) => /"client":"jwt:[0-9a-f]{16}"/.test(line))).toBe(true);
    expect(logLines.join('\n')).not.toMatch(/carol|dave|eyJ/);
  });
});

describe('over graphql-ws and graphql-sse', () => {
  const wsUrl = () => h.url.replace(/^http/, 'ws');

  it('serves a graphql-ws client whose connection_init carries a valid token, and closes one without with 4401', async () => {
    const good = createWsClient({ url: wsUrl(), webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${await token(rsa, { sub: 'erin' })}` } });
    const result = await new Promise<any>((resolve, reject) => good.subscribe({ query: QUERY }, { next: resolve, error: reject, complete: () => undefined }));
    expect(result.data.chain.chainName).toBeTruthy();
    await good.dispose();

    const before = upstreamCalls();
    const bad = createWsClient({ url: wsUrl(), webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${await token(rsa, { sub: 'erin', aud: 'elsewhere' })}` } });
    const closed = await new Promise<any>((resolve) => bad.subscribe({ query: QUERY }, { next: () => undefined, error: resolve, complete: () => undefined }));
    expect(closed).toMatchObject({ code: 4401, reason: expect.stringContaining('Unauthenticated') });
    expect(upstreamCalls()).toBe(before);
    await bad.dispose();
  });

  it('serves a graphql-sse client with a valid token and refuses one with an expired token', async () => {
    const ask = async (authorization: string) => {
      const client = createSseClient({ url: h.url, headers: { authorization }, retryAttempts: 0 });
      try {
        return await new Promise<any>((resolve, reject) => client.subscribe({ query: QUERY }, { next: resolve, error: reject, complete: () => undefined }));
      } finally {
        client.dispose();
      }
    };
    const served = await ask(`Bearer ${await token(ec, { sub: 'frank' })}`);
    expect(served.data.chain.chainName).toBeTruthy();
    const refused = await ask(`Bearer ${await token(ec, { sub: 'frank', exp: Math.floor(Date.now() / 1000) - 600 })}`).catch((error: unknown) => error);
    expect(String(refused)).toMatch(/401|UNAUTHENTICATED|Unauthenticated/);
  });
});
