/**
 * Limits that hold while an operation runs: its deadline (OPERATION_TIMEOUT_MS) bounds the whole
 * operation however many dependent levels it has, and a client's upstream calls per second
 * (CLIENT_UPSTREAM_CALLS_PER_SECOND) bound how much upstream load one client can cause.
 */
import { describe, expect, it } from 'vitest';
import { FOUR_CALL_WALLET } from '../support/counts.js';
import { startSocketHarness } from '../support/harness.js';

const LEVELS = `{
  network(name: FUJI) { name }
  chain(id: "43114") {
    chainName
    blocks(first: 2) { nodes { number transactions(first: 1) { nodes { hash } } } }
  }
}`;

describe('operation deadline', () => {
  it('fails the fields still waiting at OPERATION_TIMEOUT_MS with UPSTREAM_TIMEOUT and returns the rest', async () => {
    // Each level answers in 800 ms, within the 1 s call deadline: only the operation's deadline stops the third level.
    const h = await startSocketHarness({ OPERATION_TIMEOUT_MS: '1200', UPSTREAM_TIMEOUT_MS: '1000' });
    try {
      const api = h.sandbox.services.dataApi;
      for (const route of ['GET /v1/chains', 'GET /v1/chains/{chainId}/blocks', 'GET /v1/chains/{chainId}/blocks/{blockId}/transactions']) {
        api.setFault(route, { latencyMs: 800 });
      }
      const { data, errors } = await h.query(LEVELS);
      expect(data).toEqual({ network: { name: 'FUJI' }, chain: { chainName: 'Avalanche (C-Chain)', blocks: null } });
      expect(errors).toHaveLength(1);
      expect(errors![0]!.path).toEqual(['chain', 'blocks']);
      expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_TIMEOUT', service: 'data-api', route: 'GET /v1/chains/{chainId}/blocks' });
      // The level after the deadline was never asked for.
      expect(api.total('GET /v1/chains/{chainId}/blocks/')).toBe(0);
    } finally {
      await h.close();
    }
  });

  it('lets an operation that ends before its deadline finish untouched', async () => {
    const h = await startSocketHarness({ OPERATION_TIMEOUT_MS: '5000' });
    try {
      h.sandbox.services.dataApi.setFault('GET /v1/chains', { latencyMs: 300 });
      const { data, errors } = await h.query(LEVELS);
      expect(errors).toBeUndefined();
      expect((data as any).chain.blocks.nodes).toHaveLength(2);
    } finally {
      await h.close();
    }
  });
});

describe('per-client upstream rate', () => {
  const WALLET = FOUR_CALL_WALLET;

  it('answers RATE_LIMITED with retryAfter, unsent, past CLIENT_UPSTREAM_CALLS_PER_SECOND, and leaves other clients alone', async () => {
    // Clients are addresses: behind a trusted (loopback) proxy, the forwarded ones.
    const h = await startSocketHarness({ CLIENT_UPSTREAM_CALLS_PER_SECOND: '3', TRUST_PROXY: 'loopback' });
    try {
      const api = h.sandbox.services.dataApi;
      // Four Data API calls (balance, three lists; no chain list for a chain read by its id) for a budget of three a second.
      const greedy = await h.query(WALLET, {}, { 'x-forwarded-for': '192.0.2.30', 'x-data-api-key': 'greedy-client' });
      const limited = greedy.errors!.filter((e) => e.extensions?.code === 'RATE_LIMITED');
      expect(limited.length).toBe(1);
      for (const error of limited) {
        expect(error.extensions).toMatchObject({ service: 'data-api', retryAfter: 1 });
        expect(error.message).toContain('CLIENT_UPSTREAM_CALLS_PER_SECOND');
      }
      expect(api.total()).toBe(3);
      // The rest of the answer is kept.
      expect((greedy.data as any).chain.address).toBeTruthy();
      // A new key from the same address buys no budget of its own.
      const sameAddress = await h.query(`{ chains { chainId } }`, {}, { 'x-forwarded-for': '192.0.2.30', 'x-data-api-key': 'made-up' });
      expect(sameAddress.errors![0]!.extensions).toMatchObject({ code: 'RATE_LIMITED' });
      expect(api.total()).toBe(3);
      // Another client (another address) has its own budget.
      const other = await h.query(`{ chains { chainId } }`, {}, { 'x-forwarded-for': '192.0.2.31', 'x-data-api-key': 'greedy-client' });
      expect(other.errors).toBeUndefined();
      expect(api.total()).toBe(4);
    } finally {
      await h.close();
    }
  });

  it('counts callers without a key by their address', async () => {
    const h = await startSocketHarness({ CLIENT_UPSTREAM_CALLS_PER_SECOND: '1' });
    try {
      const first = await h.query(`{ chains(network: FUJI) { chainId } }`);
      expect(first.errors).toBeUndefined();
      const second = await h.query(`{ chains(network: MAINNET) { chainId } }`);
      expect(second.errors![0]!.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 1 });
      expect(h.sandbox.services.dataApi.total()).toBe(1);
    } finally {
      await h.close();
    }
  });
});
