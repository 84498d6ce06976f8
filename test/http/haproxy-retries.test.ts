/**
 * What deploy/haproxy.cfg resends and where it sends it, with Debian's haproxy in front of three
 * stand-in replicas (plain HTTP servers on the gateway's port and its METRICS_PORT, so that a replica
 * can die in the middle of a request, or be unready, on cue):
 * - a replica that closes the connection without answering (as one killed mid-request does) has its
 *   queries sent again to another, GET or POST; a mutation, or a document id alone (which may name a
 *   mutation), is never run twice: its client gets the balancer's 502 in the gateway's error shape;
 * - when every replica is unready at once (each under sustained pressure), the balancer still sends
 *   to the ones alive rather than refusing everything; once one is ready, only it gets the requests.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG, freeAddresses, HAPROXY, haproxyEnv, haproxyStats, launch, NAMES, stop, until, type Addresses, type Name, type Running } from '../support/haproxy.js';

interface Replica {
  /** `/ready`'s answer (`/health` is always 200). */
  ready: boolean;
  /** The bodies (or GET query strings) of the GraphQL requests it received. */
  received: string[];
}

describe('deploy/haproxy.cfg resends only what is safe, and never empties the pool', () => {
  let addresses: Addresses;
  let haproxy: Running | undefined;
  const servers: Server[] = [];
  const replicas = Object.fromEntries(NAMES.map((name) => [name, { ready: true, received: [] } as Replica])) as Record<Name, Replica>;
  /** 'die-first': the first replica to receive a request closes its connection without a word; the next one answers. */
  let mode: 'answer' | 'die-first' = 'answer';
  const times = (what: string) => NAMES.reduce((n, name) => n + replicas[name].received.filter((r) => r === what).length, 0);

  function graphql(name: Name) {
    return (req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const what = req.method === 'GET' ? req.url! : body;
        const first = times(what) === 0;
        replicas[name].received.push(what);
        if (mode === 'die-first' && first) return req.socket.destroy();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { replica: name } }));
      });
    };
  }
  function checks(name: Name) {
    return (req: IncomingMessage, res: ServerResponse) => {
      const status = req.url === '/health' ? 200 : req.url === '/ready' ? (replicas[name].ready ? 200 : 503) : 404;
      res.writeHead(status).end();
    };
  }
  const listen = (server: Server, port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const serverState = async (proxy: string, server: string) => (await haproxyStats(addresses.stats, proxy))[server]?.status;
  const sees = (proxy: string, server: string, state: 'UP' | 'DOWN') =>
    until(async () => (await serverState(proxy, server)) === state, 15_000, () => `HAProxy to see ${proxy}/${server} ${state}\n${haproxy?.output()}`);

  beforeAll(async () => {
    addresses = await freeAddresses();
    for (const name of NAMES) {
      const pair = [createServer(graphql(name)), createServer(checks(name))];
      servers.push(...pair);
      await listen(pair[0]!, addresses.gateways[name]);
      await listen(pair[1]!, addresses.checks[name]);
    }
    haproxy = launch(HAPROXY, ['-db', '-f', CONFIG], haproxyEnv(addresses));
    for (const name of NAMES) await sees('gateways', name, 'UP');
  }, 30_000);

  afterAll(async () => {
    await stop(haproxy);
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** A POST of `body` through the balancer on `agent`'s connection: its status, Retry-After and parsed body, or the error of a connection closed without an answer. */
  async function post(agent: Agent, body: string): Promise<{ status: number; retryAfter?: string; json: any } | { error: string }> {
    try {
      const answer = await request(`http://127.0.0.1:${addresses.bind}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, dispatcher: agent });
      return { status: answer.statusCode, retryAfter: answer.headers['retry-after'] as string | undefined, json: await answer.body.json() };
    } catch (error) {
      return { error: String(error) };
    }
  }
  const balancer502 = { status: 502, retryAfter: '5', json: { errors: [{ message: expect.stringContaining('Retry-After'), extensions: { code: 'UPSTREAM_ERROR', reason: 'balancer', retryAfter: 5 } }] } };

  it('sends a query whose replica died before answering to another replica, GET or POST, on a reused connection too', async () => {
    mode = 'die-first';
    // One connection for all: after its first request, HAProxy would close a keep-alive client's
    // connection without an answer when a replica dies, unless it resends.
    const agent = new Agent({ connections: 1 });
    try {
      for (let n = 0; n < 6; n++) {
        const body = JSON.stringify({ query: 'query Blocks($n: Int) { __typename }', variables: { n } });
        expect(await post(agent, body)).toMatchObject({ status: 200, json: { data: { replica: expect.any(String) } } });
        expect(times(body)).toBe(2);
      }
      const path = `/graphql?query=${encodeURIComponent('{ __typename }')}&n=get`;
      const answer = await request(`http://127.0.0.1:${addresses.bind}${path}`, { dispatcher: agent });
      expect(answer.statusCode).toBe(200);
      await answer.body.dump();
      expect(times(path)).toBe(2);
    } finally {
      await agent.close();
    }
  });

  it('never runs a mutation, or a document id alone, twice: a first request gets the balancer\'s 502 with Retry-After', async () => {
    mode = 'die-first';
    const mutation = JSON.stringify({ query: 'mutation Hook { createWebhook { id } }', variables: { n: 'mutation' } });
    // A query that merely mentions the word is not resent either: safe, if not as kind.
    const mentions = JSON.stringify({ query: 'query($memo: String) { __typename }', variables: { memo: 'no mutation here' } });
    const persisted = JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } });
    for (const body of [mutation, mentions, persisted]) {
      const agent = new Agent({ connections: 1 });
      try {
        expect(await post(agent, body)).toMatchObject(balancer502);
        expect(times(body)).toBe(1);
      } finally {
        await agent.close();
      }
    }
    // On a connection that carried a request before, HAProxy closes it without a word instead (its
    // keep-alive rule: "the client is required to retry"): the mutation still ran only once.
    const agent = new Agent({ connections: 1 });
    try {
      expect(await post(agent, JSON.stringify({ query: '{ __typename }', variables: { n: 'before' } }))).toMatchObject({ status: 200 });
      const again = JSON.stringify({ query: 'mutation Hook { createWebhook { id } }', variables: { n: 'reused' } });
      const answer = await post(agent, again);
      expect('error' in answer ? 'closed without an answer' : answer).toSatisfy((a: unknown) => a === 'closed without an answer' || (a as { status: number }).status === 502);
      expect(times(again)).toBe(1);
    } finally {
      await agent.close();
    }
  });

  it('keeps sending to the replicas alive when every one is unready at once, and only to the ready ones otherwise', async () => {
    mode = 'answer';
    for (const name of NAMES) replicas[name].ready = false;
    for (const name of NAMES) await sees('gateways', name, 'DOWN');
    const agent = new Agent({ connections: 1 });
    try {
      // Not the balancer's 503: a replica answers.
      expect(await post(agent, JSON.stringify({ query: '{ __typename }', variables: { n: 'all unready' } }))).toMatchObject({ status: 200, json: { data: { replica: expect.any(String) } } });
      replicas['gateway-2'].ready = true;
      await sees('gateways', 'gateway-2', 'UP');
      const answeredBy = new Set<string>();
      for (let n = 0; n < 6; n++) {
        // Each on a new connection: HAProxy picks a replica per connection's request.
        const fresh = new Agent({ connections: 1 });
        const answer = await post(fresh, JSON.stringify({ query: '{ __typename }', variables: { n: `one ready ${n}` } }));
        await fresh.close();
        answeredBy.add((answer as { json: { data: { replica: string } } }).json.data.replica);
      }
      expect([...answeredBy]).toEqual(['gateway-2']);
    } finally {
      await agent.close();
      for (const name of NAMES) replicas[name].ready = true;
    }
  });
});
