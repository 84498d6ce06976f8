/**
 * Gateway replicas sharing a Redis, for the Redis tests: one sandbox per file, gateways started in
 * pairs over it and closed after each test, and what those tests ask of both (a transaction by hash,
 * the upstream calls it cost, `/metrics`, one live subject polled for both).
 */
import type { Sandbox } from '@avalanche-graph/sandbox';
import { afterEach, expect } from 'vitest';
import type { Logger } from '../../src/observability/logger.js';
import { startGateway, type SocketHarness } from './harness.js';
import { useSandbox } from './sandbox.js';
import { subscribe, waitUntil, type SseStream } from './sse.js';

/** A transaction by hash: one Data API call (`TX_ROUTE`) the first time a key reads it. */
export const TX = 'query($hash: String!) { chain(id: "43114") { transaction(hash: $hash) { hash value gasUsed block { number } from { address } } } }';
export const TX_ROUTE = 'GET /v1/chains/{chainId}/transactions/{txHash}';

export interface Replicas {
  /** The file's sandbox (started before its first test). */
  readonly sandbox: Sandbox;
  /** Two gateways over the sandbox with `REDIS_URL` (and `env`); closed after the test. */
  pair(redisUrl: string, env?: Record<string, string>, logger?: Logger): Promise<[SocketHarness, SocketHarness]>;
  /** The hash of the `n`th transaction of the C-Chain. */
  tx(n: number): string;
  /** Upstream calls since the last `sandbox.reset()`, of every service. */
  upstreamCalls(): number;
  /** Data API calls for a transaction by hash since the last reset. */
  txCalls(): number;
  /** What A reads (a transaction, as the client `headers`), B answers alike with no upstream call. */
  expectShared(a: SocketHarness, b: SocketHarness, hash: string, headers: Record<string, string>): Promise<void>;
  /**
   * With `CLIENT_UPSTREAM_CALLS_PER_SECOND` 3 on both: the client `greedy` spends its budget on A, and
   * B then refuses its call unsent; the client `modest` still has its own budget on B.
   */
  expectRateShared(a: SocketHarness, b: SocketHarness, greedy: Record<string, string>, modest: Record<string, string>): Promise<void>;
}

export function useReplicas(): Replicas {
  const sandbox = useSandbox();
  const running: SocketHarness[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.close()));
  });
  const tx = (n: number) => sandbox.world.evm.chain(43114)!.transactions[n]!.hash;
  const upstreamCalls = () => {
    const { dataApi, nodeMainnet, nodeFuji, l1Nodes, metrics } = sandbox.services;
    return dataApi.total() + nodeMainnet.total() + nodeFuji.total() + l1Nodes.total() + metrics.total();
  };
  return {
    sandbox,
    async pair(redisUrl, env = {}, logger) {
      const started = await Promise.all([0, 1].map(() => startGateway(sandbox, { REDIS_URL: redisUrl, ...env }, logger)));
      running.push(...started);
      return started as [SocketHarness, SocketHarness];
    },
    tx,
    upstreamCalls,
    txCalls: () => sandbox.services.dataApi.counts()[TX_ROUTE] ?? 0,
    async expectShared(a, b, hash, headers) {
      const first = await a.query<any, { hash: string }>(TX, { hash }, headers);
      expect(first.errors).toBeUndefined();
      sandbox.reset();
      expect(await b.query<any, { hash: string }>(TX, { hash }, headers)).toEqual(first);
      expect(upstreamCalls()).toBe(0);
    },
    async expectRateShared(a, b, greedy, modest) {
      // The chain record, then five transactions by hash: six calls for a budget of three.
      const aliases = [10, 11, 12, 13, 14].map((n, i) => `t${i}: transaction(hash: "${tx(n)}") { hash }`).join(' ');
      const spent = await a.query<any>(`{ chain(id: "43114") { ${aliases} } }`, {}, greedy);
      expect(spent.errors?.some((e) => e.extensions?.code === 'RATE_LIMITED')).toBe(true);
      sandbox.reset();
      const onB = await b.query<any, { hash: string }>(TX, { hash: tx(15) }, greedy);
      expect(onB.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 1 });
      expect(onB.errors?.[0]?.message).toContain('CLIENT_UPSTREAM_CALLS_PER_SECOND');
      expect(upstreamCalls()).toBe(0);
      const other = await b.query<any, { hash: string }>(TX, { hash: tx(15) }, modest);
      expect(other.errors).toBeUndefined();
    },
  };
}

/** The gateway's `/metrics` text. */
export async function scrapeMetrics(h: SocketHarness): Promise<string> {
  return (await fetch(h.url.replace(/\/graphql$/, '/metrics'))).text();
}

/**
 * Subscribes to the C-Chain's new blocks on A, then on B, with the same key: A polls and leads, B
 * follows and polls nothing; a block mined then reaches both streams (B's through Redis). Returns the
 * streams (A's first) and the block; the caller closes the streams.
 */
export async function leaderAndFollower(sandbox: Sandbox, a: SocketHarness, b: SocketHarness, headers: Record<string, string>) {
  const query = 'subscription { blockAdded(chainId: "43114") { number hash } }';
  const streams: SseStream[] = [];
  try {
    streams.push(await subscribe(a.url, query, {}, headers));
    await waitUntil(() => a.server.live.hub.stats().pollers.some((p) => p.role === 'leader' && p.polls >= 2), 5_000, 'A to lead and poll');
    streams.push(await subscribe(b.url, query, {}, headers));
    await waitUntil(() => b.server.live.hub.stats().pollers.some((p) => p.role === 'follower'), 5_000, 'B to follow');
    const mined = sandbox.world.evm.chain(43114)!.mineBlock();
    await Promise.all(streams.map((s) => s.waitForEvents(1)));
    for (const s of streams) expect(s.events[0]!.data.blockAdded).toEqual({ number: String(mined.number), hash: mined.hash });
    expect(b.server.live.hub.stats().pollers[0]!.polls).toBe(0);
    return { streams: streams as [SseStream, SseStream], mined };
  } catch (error) {
    for (const s of streams) s.close();
    throw error;
  }
}
