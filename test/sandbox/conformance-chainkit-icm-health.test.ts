/**
 * The official client (`@avalanche-sdk/chainkit`) against the simulated services' list of all ICM
 * messages and the Data API's and metrics service's health and live checks. The client validates
 * every answer with its own schemas; the data must also be the world's.
 */
import type { Avalanche } from '@avalanche-sdk/chainkit';
import { BadRequestError } from '@avalanche-sdk/chainkit/models/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxHealth, type IcmMessage } from '@avalanche-graph/sandbox';
import { useChainkit } from '../support/chainkit.js';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox();
const { sdk, at: data, atMetrics: metrics } = useChainkit(sandbox);

afterEach(() => {
  sandboxHealth(sandbox.services.dataApi).reset();
  sandboxHealth(sandbox.services.metrics).reset();
});

/** The world's messages that pass `keep`, newest first (the service's order). */
const newestFirst = (keep: (m: IcmMessage) => boolean) => sandbox.world.evm.icmMessages().filter(keep).slice().reverse().map((m) => m.messageId);

type ListRequest = Parameters<Avalanche['data']['icm']['list']>[0];

/** Every page of `icm.list` for a request, as message ids, and the page count. */
async function listAll(request: ListRequest): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  for await (const page of await sdk.data.icm.list(request, data)) {
    pages++;
    ids.push(...page.result.messages.map((m) => m.messageId));
    for (const m of page.result.messages) {
      const world = sandbox.world.evm.icmMessage(m.messageId)!;
      expect(m.status).toBe(world.status);
      if (m.status === 'delivered_source_not_indexed') throw new Error('every source chain of the world is indexed');
      expect(m.sourceTransaction.txHash).toBe(world.source.txHash);
    }
  }
  return { ids, pages };
}

describe('icm.list (GET /v1/icm/messages)', () => {
  it('pages through every message of a network, newest first', async () => {
    const expected = newestFirst((m) => m.network === 'mainnet');
    expect(expected.length).toBeGreaterThan(20);
    const { ids, pages } = await listAll({ network: 'mainnet', pageSize: 8 });
    expect(ids).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 8));
  });

  it('lists ten per page by default, across both networks without a network', async () => {
    const first = await sdk.data.icm.list({}, data);
    expect(first.result.messages.map((m) => m.messageId)).toEqual(newestFirst(() => true).slice(0, 10));
    expect(first.result.nextPageToken).toBeTruthy();
    const fuji = await listAll({ network: 'testnet', pageSize: 50 });
    expect(fuji.ids).toEqual(newestFirst((m) => m.network === 'fuji'));
    expect(fuji.ids.length).toBeGreaterThan(0);
  });

  it('filters by source and destination chain, by blockchain id or EVM chain id', async () => {
    const sample = sandbox.world.evm.icmMessages().find((m) => m.network === 'mainnet' && m.sourceEvmChainId !== 43114)!;
    const bySource = await listAll({ sourceBlockchainId: sample.sourceBlockchainId, pageSize: 100 });
    expect(bySource.ids).toEqual(newestFirst((m) => m.sourceBlockchainId === sample.sourceBlockchainId));
    const byEvmId = await listAll({ sourceBlockchainId: String(sample.sourceEvmChainId), pageSize: 100 });
    expect(byEvmId.ids).toEqual(bySource.ids);
    const route = await listAll({ sourceBlockchainId: sample.sourceBlockchainId, destinationBlockchainId: sample.destinationBlockchainId, pageSize: 7 });
    expect(route.ids).toEqual(
      newestFirst((m) => m.sourceBlockchainId === sample.sourceBlockchainId && m.destinationBlockchainId === sample.destinationBlockchainId),
    );
    expect(route.ids).toContain(sample.messageId);
    expect(route.ids.length).toBeLessThan(bySource.ids.length);
  });

  it('filters by a chain on either side, and by sender and recipient', async () => {
    const sample = sandbox.world.evm.icmMessages().find((m) => m.network === 'fuji')!;
    const either = await listAll({ blockchainId: sample.destinationBlockchainId, pageSize: 100 });
    expect(either.ids).toEqual(
      newestFirst((m) => m.sourceBlockchainId === sample.destinationBlockchainId || m.destinationBlockchainId === sample.destinationBlockchainId),
    );
    const from = await listAll({ from: sample.from.toLowerCase(), pageSize: 100 });
    expect(from.ids).toEqual(newestFirst((m) => m.from === sample.from));
    const to = await listAll({ to: sample.to, network: 'fuji', pageSize: 100 });
    expect(to.ids).toEqual(newestFirst((m) => m.to === sample.to && m.network === 'fuji'));
    expect(to.ids).toContain(sample.messageId);
  });

  it('answers an empty page for a well-formed chain that sends nothing', async () => {
    const unknown = await sdk.data.icm.list({ sourceBlockchainId: '11111111111111111111111111111111LpoYY' }, data);
    expect(unknown.result).toEqual({ messages: [] });
  });

  it('refuses bad parameters with 400', async () => {
    for (const request of [
      { pageSize: 0 },
      { pageSize: 101 },
      { sourceBlockchainId: 'not-a-chain' },
      { destinationBlockchainId: '0x1234' },
      { blockchainId: '43114' },
      { from: '0x1234' },
      { to: 'avax1nope' },
      { pageToken: 'bm90IGEgdG9rZW4' },
    ] satisfies ListRequest[]) {
      await expect(sdk.data.icm.list(request, data), JSON.stringify(request)).rejects.toBeInstanceOf(BadRequestError);
    }
    // A network the client's own enum refuses to send: the service answers it with its error body too.
    const raw = await fetch(`${sandbox.urls.dataApi}/v1/icm/messages?network=devnet`);
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('refuses a page token of another filter', async () => {
    const first = await sdk.data.icm.list({ network: 'mainnet', pageSize: 5 }, data);
    const token = first.result.nextPageToken!;
    await expect(sdk.data.icm.list({ network: 'fuji', pageSize: 5, pageToken: token }, data)).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('health and live checks', () => {
  it('data.healthCheck and data.liveCheck report every component up', async () => {
    const health = await sdk.data.healthCheck(data);
    expect(health).toEqual({
      status: 'ok',
      info: { database: { status: 'up' }, cache: { status: 'up' } },
      error: {},
      details: { database: { status: 'up' }, cache: { status: 'up' } },
    });
    expect(await sdk.data.liveCheck(data)).toEqual({ status: 'ok', info: { database: { status: 'up' } }, error: {}, details: { database: { status: 'up' } } });
  });

  it('metrics.healthCheck and metrics.liveCheck report every component up', async () => {
    expect(await sdk.metrics.healthCheck(metrics)).toMatchObject({ status: 'ok', error: {}, details: { database: { status: 'up' }, cache: { status: 'up' } } });
    expect(await sdk.metrics.liveCheck(metrics)).toMatchObject({ status: 'ok', details: { database: { status: 'up' } } });
  });

  it('reports a component down: the health check fails, the live check only when reads fail', async () => {
    sandboxHealth(sandbox.services.dataApi).setDown('cache');
    const health = await sdk.data.healthCheck(data);
    expect(health).toMatchObject({ status: 'error', info: { database: { status: 'up' } }, error: { cache: { status: 'down' } } });
    expect(await sdk.data.liveCheck(data)).toMatchObject({ status: 'ok' });
    sandboxHealth(sandbox.services.metrics).setDown('database');
    expect(await sdk.metrics.healthCheck(metrics)).toMatchObject({ status: 'error', error: { database: { status: 'down' } } });
    expect(await sdk.metrics.liveCheck(metrics)).toMatchObject({ status: 'error', error: { database: { status: 'down' } } });
    // Each service has its own state.
    expect(await sdk.metrics.healthCheck(metrics)).not.toHaveProperty('error.cache');
  });

  it('reports shutting_down while a service drains', async () => {
    sandboxHealth(sandbox.services.metrics).setShuttingDown(true);
    expect(await sdk.metrics.liveCheck(metrics)).toMatchObject({ status: 'shutting_down' });
    expect(await sdk.data.liveCheck(data)).toMatchObject({ status: 'ok' });
  });
});
