import { describe, expect, it } from 'vitest';
import { ChainByIdDocument, ChainsOverviewDocument, NodeByIdDocument, NodesByIdsDocument } from '../gql/graphql.js';
import { startSocketHarness, useSocketHarness } from '../support/harness.js';

const { h } = useSocketHarness();

describe('chains', () => {
  it('lists the chains with every field of the service', async () => {
    const { data, errors } = await h.query(ChainsOverviewDocument, {});
    expect(errors).toBeUndefined();
    const upstream = h.sandbox.world.chains.map((c) => c.info);
    expect(data!.chains!.map((c) => c.chainId)).toEqual(upstream.map((c) => c.chainId));
    const c = data!.chains![0]!;
    const u = upstream[0]!;
    expect(c).toMatchObject({
      chainName: u.chainName,
      description: u.description,
      status: 'OK',
      network: 'MAINNET',
      isTestnet: false,
      platformChainId: u.platformChainId,
      subnetId: u.subnetId,
      vmId: u.vmId,
      vmName: 'EVM',
      explorerUrl: u.explorerUrl,
      rpcUrl: u.rpcUrl,
      wsUrl: u.wsUrl,
      chainLogoUri: u.chainLogoUri,
      private: false,
      utilityAddresses: { multicall: u.utilityAddresses!.multicall },
      networkToken: { ...u.networkToken },
    });
    expect(c.enabledFeatures).toEqual(['NFT_INDEXING', 'WEBHOOKS', 'TELEPORTER']);
  });

  it('filters by network and feature upstream', async () => {
    const { data } = await h.query(ChainsOverviewDocument, { network: 'FUJI', feature: 'NFT_INDEXING' });
    expect(data!.chains!.map((c) => c.chainId)).toEqual(['43113']);
    expect(h.sandbox.services.dataApi.recent.at(-1)!.url).toBe('/v1/chains?network=fuji&feature=nftIndexing');
  });

  it('finds a chain by EVM chain id, blockchain id or alias, and answers null for an unknown one', async () => {
    const l1 = h.sandbox.world.chains.find((c) => c.evmChainId === 779672)!;
    const byId = await h.query(ChainByIdDocument, { id: '779672' });
    const byBlockchain = await h.query(ChainByIdDocument, { id: l1.blockchainId });
    const alias = await h.query(ChainByIdDocument, { id: 'c-chain', network: 'FUJI' });
    const unknown = await h.query(ChainByIdDocument, { id: '999999' });
    expect(byId.data!.chain!.platformChainId).toBe(l1.blockchainId);
    expect(byBlockchain.data!.chain!.chainId).toBe('779672');
    expect(alias.data!.chain!.chainId).toBe('43113');
    expect(unknown).toEqual({ data: { chain: null } });
  });

  it('refetches chains by global id through node and nodes', async () => {
    const { data } = await h.query(ChainByIdDocument, { id: '43114' });
    const id = data!.chain!.id;
    const node = await h.query(NodeByIdDocument, { id });
    expect(node.data!.node).toMatchObject({ __typename: 'Chain', chainId: '43114', id });
    const nodes = await h.query(NodesByIdsDocument, { ids: [id, id] });
    expect(nodes.data!.nodes.map((n) => (n as { chainId: string }).chainId)).toEqual(['43114', '43114']);
  });

  it('makes one upstream call for the chain list however many lookups an operation does', async () => {
    const doc = `{ a: chain(id: "43114") { chainId } b: chain(id: "779672") { chainId } c: chain(id: "c-chain") { chainName } }`;
    const { errors } = await h.query(doc);
    expect(errors).toBeUndefined();
    expect(h.sandbox.services.dataApi.total()).toBeLessThanOrEqual(1);
  });
});

describe('errors', () => {
  it('turns an upstream failure into a typed error beside partial data', async () => {
    h.sandbox.services.dataApi.setFault('GET /v1/chains', { status: 502, body: { message: 'bad gateway', statusCode: 502, error: 'Bad Gateway' } });
    const { data, errors } = await h.query(`{ network(name: FUJI) { name } chains(network: MAINNET) { chainId } }`);
    expect(data).toEqual({ network: { name: 'FUJI' }, chains: null });
    expect(errors).toHaveLength(1);
    expect(errors![0]!.path).toEqual(['chains']);
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api', status: 502, route: 'GET /v1/chains' });
    expect(errors![0]!.message).not.toContain('127.0.0.1');
  });

  it('reports a rate limit with retryAfter', async () => {
    h.sandbox.services.dataApi.setFault('GET /v1/chains', { status: 429, retryAfter: 30, headers: { 'ratelimit-remaining': '0' } });
    const { errors } = await h.query(`query { chains(network: FUJI) { chainId } }`);
    expect(errors![0]!.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 30, rateLimit: { 'ratelimit-remaining': '0' } });
  });

  it('reports a timeout as UPSTREAM_TIMEOUT', async () => {
    const slow = await startHarnessWithTimeout();
    try {
      slow.sandbox.services.dataApi.setFault('GET /v1/chains', { hang: true });
      const { errors } = await slow.query(`{ chains { chainId } }`);
      expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_TIMEOUT', service: 'data-api' });
    } finally {
      await slow.close();
    }
  });

  it('rejects an unknown enum value before any upstream call', async () => {
    const { status, body } = await h.request(`{ chains(feature: NOPE) { chainId } }`);
    expect(status).toBe(400);
    expect(body.errors![0]!.message).toMatch(/NOPE/);
    expect(h.sandbox.services.dataApi.total()).toBe(0);
  });

  it('rejects over-deep and over-costly operations with a 400 before any upstream call', async () => {
    let q = 'chainId';
    for (let i = 0; i < 20; i++) q = `node(id: "x") { ... on Chain { ${q} } }`;
    const deep = await h.request(`{ ${q} }`);
    expect(deep.status).toBe(400);
    expect(deep.body.errors?.[0]?.message).toMatch(/limit/i);
    expect(deep.body.errors?.[0]?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED' });
    const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: chains { chainId }`).join(' ');
    const many = await h.request(`{ ${aliases} }`);
    expect(many.status).toBe(400);
    expect(many.body.errors?.[0]?.message).toMatch(/alias/i);
    expect(h.sandbox.services.dataApi.total()).toBe(0);
  });
});

describe('upstream budget', () => {
  it('stops an operation that would fan out past MAX_UPSTREAM_CALLS, keeping what fit', async () => {
    const small = await startSocketHarness({ MAX_UPSTREAM_CALLS: '4' });
    try {
      const { data, errors } = await small.query(
        `{ chain(id: "43114") { chainId blocks(first: 5) { nodes { number transactions(first: 1) { nodes { hash } } } } } }`,
      );
      const blocks = (data as any).chain.blocks.nodes as Array<{ transactions: unknown }>;
      expect(blocks).toHaveLength(5);
      const failed = blocks.filter((b) => b.transactions === null);
      expect(failed.length).toBeGreaterThan(0);
      expect(errors!.every((e) => e.extensions?.code === 'UPSTREAM_BUDGET_EXCEEDED')).toBe(true);
      expect(errors![0]!.message).toContain('MAX_UPSTREAM_CALLS');
      // chain list + block list + transactions of the blocks that fit: never more than the budget.
      expect(small.sandbox.services.dataApi.total()).toBeLessThanOrEqual(4);
    } finally {
      await small.close();
    }
  });
});

async function startHarnessWithTimeout() {
  return startSocketHarness({ UPSTREAM_TIMEOUT_MS: '200' });
}

describe('API keys', () => {
  it('forwards the caller key to the Data API only, under the configured header', async () => {
    const keyed = await startSocketHarness({ DATA_API_KEY: 'server-secret', DATA_API_KEY_HEADER: 'x-glacier-api-key' });
    try {
      await keyed.query(`{ chains(network: FUJI) { chainId } }`, {}, { 'x-data-api-key': 'caller-key' });
      expect(keyed.sandbox.services.dataApi.recent.at(-1)!.headers['x-glacier-api-key']).toBe('caller-key');
      await keyed.query(`{ chains(network: MAINNET) { chainId } }`, {}, { 'x-glacier-api-key': 'sdk-key' });
      expect(keyed.sandbox.services.dataApi.recent.at(-1)!.headers['x-glacier-api-key']).toBe('sdk-key');
      await keyed.query(`{ chains(network: TESTNET) { chainId } }`);
      expect(keyed.sandbox.services.dataApi.recent.at(-1)!.headers['x-glacier-api-key']).toBe('server-secret');
    } finally {
      await keyed.close();
    }
  });

  it('never serves an answer fetched with one key to a caller with another', async () => {
    const keyed = await startSocketHarness();
    try {
      await keyed.query(`{ chains { chainId } }`, {}, { 'x-data-api-key': 'alice' });
      await keyed.query(`{ chains { chainId } }`, {}, { 'x-data-api-key': 'alice' });
      expect(keyed.sandbox.services.dataApi.total('GET /v1/chains')).toBe(1);
      await keyed.query(`{ chains { chainId } }`, {}, { 'x-data-api-key': 'bob' });
      expect(keyed.sandbox.services.dataApi.total('GET /v1/chains')).toBe(2);
      expect(keyed.sandbox.services.dataApi.recent.at(-1)!.headers['x-data-api-key']).toBe('bob');
    } finally {
      await keyed.close();
    }
  });
});

describe('server', () => {
  it('answers /health and /ready', async () => {
    const base = h.url.replace(/\/graphql$/, '');
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const ready = await fetch(`${base}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
  });

  it('serves GraphiQL with a default query to browsers', async () => {
    const response = await fetch(h.url, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('GraphiQL');
    expect(html).toContain('networkToken');
  });

  it('lets in-flight requests finish on shutdown, then refuses new ones', async () => {
    const s = await startSocketHarness();
    s.sandbox.services.dataApi.setFault('GET /v1/chains', { latencyMs: 300 });
    const inFlight = s.query(`{ chains { chainId } }`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = s.server.close();
    const base = s.url.replace(/\/graphql$/, '');
    const answer = await inFlight;
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toBeTruthy();
    await closing;
    await expect(fetch(`${base}/health`)).rejects.toThrow();
    await s.sandbox.close();
  });
});
