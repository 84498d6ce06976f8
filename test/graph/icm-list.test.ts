/**
 * `Query.icmMessages` without an address: every ICM message (`GET /v1/icm/messages`), narrowed by
 * chain, sender and recipient filters, as a connection; with an address, the address's messages as
 * before. Listed messages are global-id nodes.
 */
import { describe, expect, it } from 'vitest';
import type { IcmMessage } from '@avalanche-graph/sandbox';
import { IcmMessageListByAddressDocument, IcmMessageListDocument, IcmMessageNodeDocument, type IcmMessageListQueryVariables } from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { callsBeside, CHAIN_LIST } from '../support/counts.js';
import { walkPages } from '../support/walk.js';

const harness = useHarness({ keyPerTest: 'icm-list' });
const { h, query } = harness;

const LIST_ROUTE = 'GET /v1/icm/messages';
const BY_ADDRESS_ROUTE = 'GET /v1/icm/addresses/{address}/messages';
const GET_ROUTE = 'GET /v1/icm/messages/{messageId}';

const messages = () => h.sandbox.world.evm.icmMessages();
/** The world's messages that pass `keep`, newest first, as the service lists them. */
const newestFirst = (keep: (m: IcmMessage) => boolean) => messages().filter(keep).slice().reverse().map((m) => m.messageId);
/** Upstream calls beside the chain list (which links chains, once per operation at most). */
const callsBesideChainList = () => callsBeside(harness.dataApi, CHAIN_LIST);

const listPage = (variables: IcmMessageListQueryVariables) => query(IcmMessageListDocument, variables);

/** Walks the list to its end with `first`; returns the ids seen and the operations it took. */
async function walk(variables: IcmMessageListQueryVariables): Promise<{ ids: string[]; pages: number }> {
  const { nodes, pages } = await walkPages((after) => listPage({ ...variables, after }), (d) => d.icmMessages);
  return { ids: nodes.map((n) => n.messageId), pages };
}

describe('icmMessages without an address', () => {
  it('lists every message of a network, newest first, linked to its chains, one upstream call per page', async () => {
    const expected = messages().filter((m) => m.network === 'mainnet').slice().reverse().slice(0, 25);
    const { data, errors } = await query(IcmMessageListDocument, { network: 'MAINNET', first: 25 });
    expect(errors).toBeUndefined();
    expect(data!.icmMessages!.edges.map((e) => e.node)).toEqual(
      expected.map((m) => ({
        id: expect.any(String),
        messageId: m.messageId,
        status: m.status.toUpperCase(),
        sourceEvmChainId: String(m.sourceEvmChainId),
        destinationEvmChainId: String(m.destinationEvmChainId),
        sourceChain: { chainId: String(m.sourceEvmChainId) },
        destinationChain: { chainId: String(m.destinationEvmChainId) },
      })),
    );
    expect(data!.icmMessages!.pageInfo.hasNextPage).toBe(true);
    expect(harness.dataApi.counts()[LIST_ROUTE]).toBe(1);
    expect(callsBesideChainList()).toBe(1);
    const sent = new URL(harness.dataApi.recent.find((r) => r.route === LIST_ROUTE)!.url, 'http://x');
    expect(Object.fromEntries(sent.searchParams)).toEqual({ network: 'mainnet', pageSize: '25' });
  });

  it('walks the whole list with the default page size and with seven per page', async () => {
    const expected = newestFirst((m) => m.network === 'fuji');
    const byDefault = await walk({ network: 'TESTNET' });
    expect(byDefault.ids).toEqual(expected);
    expect(byDefault.pages).toBe(Math.ceil(expected.length / 10));
    const bySeven = await walk({ network: 'FUJI', first: 7 });
    expect(bySeven.ids).toEqual(expected);
  });

  it('filters by source chain (blockchain id or EVM chain id) and destination chain', async () => {
    const sample = messages().find((m) => m.network === 'mainnet' && m.sourceEvmChainId !== 43114)!;
    const bySource = newestFirst((m) => m.sourceBlockchainId === sample.sourceBlockchainId);
    expect((await walk({ sourceBlockchainId: sample.sourceBlockchainId, first: 100 })).ids).toEqual(bySource);
    expect((await walk({ sourceBlockchainId: String(sample.sourceEvmChainId), first: 100 })).ids).toEqual(bySource);
    const route = await walk({ sourceBlockchainId: sample.sourceBlockchainId, destinationBlockchainId: String(sample.destinationEvmChainId), first: 4 });
    expect(route.ids).toEqual(newestFirst((m) => m.sourceBlockchainId === sample.sourceBlockchainId && m.destinationEvmChainId === sample.destinationEvmChainId));
    expect(route.ids).toContain(sample.messageId);
    expect(route.ids.length).toBeLessThan(bySource.length);
  });

  it('filters by a chain on either side, by sender and by recipient', async () => {
    const sample = messages().find((m) => m.network === 'fuji')!;
    const either = await walk({ blockchainId: sample.sourceBlockchainId, first: 100 });
    expect(either.ids).toEqual(newestFirst((m) => m.sourceBlockchainId === sample.sourceBlockchainId || m.destinationBlockchainId === sample.sourceBlockchainId));
    const from = await walk({ from: sample.from.toLowerCase(), first: 100 });
    expect(from.ids).toEqual(newestFirst((m) => m.from === sample.from));
    const to = await walk({ to: sample.to, network: 'FUJI', first: 100 });
    expect(to.ids).toEqual(newestFirst((m) => m.to === sample.to && m.network === 'fuji'));
    expect(to.ids).toContain(sample.messageId);
  });

  it('answers an empty connection when no message matches', async () => {
    const { data, errors } = await query(IcmMessageListDocument, { from: '0x000000000000000000000000000000000000dEaD' });
    expect(errors).toBeUndefined();
    expect(data!.icmMessages).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it('refetches a listed message by its global id with one read', async () => {
    const { data } = await query(IcmMessageListDocument, { network: 'MAINNET', first: 1 });
    const listed = data!.icmMessages!.edges[0]!.node;
    const node = await query(IcmMessageNodeDocument, { id: listed.id });
    expect(node.data!.node).toEqual({ __typename: 'InterchainMessage', id: listed.id, messageId: listed.messageId, status: listed.status });
    expect(harness.dataApi.counts()[GET_ROUTE]).toBe(1);
  });
});

describe('icmMessages with an address', () => {
  it('still lists the address\'s messages, also through a nullable variable', async () => {
    const address = messages()[0]!.from;
    const { data, errors } = await query(IcmMessageListByAddressDocument, { address, network: 'MAINNET', first: 100 });
    expect(errors).toBeUndefined();
    expect(data!.icmMessages!.nodes.map((m) => m.messageId)).toEqual(newestFirst((m) => m.network === 'mainnet' && (m.from === address || m.to === address)));
    expect(harness.dataApi.counts()[BY_ADDRESS_ROUTE]).toBe(1);
    expect(harness.dataApi.counts()[LIST_ROUTE]).toBeUndefined();
  });

  it('lists every message when the address variable is null', async () => {
    const { data, errors } = await query(IcmMessageListByAddressDocument, { address: null, first: 3 });
    expect(errors).toBeUndefined();
    expect(data!.icmMessages!.nodes.map((m) => m.messageId)).toEqual(newestFirst(() => true).slice(0, 3));
    expect(harness.dataApi.counts()[LIST_ROUTE]).toBe(1);
  });
});

describe('input checks', () => {
  const wallet = '0x000000000000000000000000000000000000dEaD';
  const cases: Array<[string, () => Promise<{ errors?: Array<{ extensions?: Record<string, any> }> }>, string]> = [
    ['a source chain that is neither a blockchain id nor an EVM chain id', () => query(IcmMessageListDocument, { sourceBlockchainId: 'c-chain' }), 'sourceBlockchainId'],
    ['a destination blockchain id with a bad checksum', () => query(IcmMessageListDocument, { destinationBlockchainId: '11111111111111111111111111111111LpoYZ' }), 'destinationBlockchainId'],
    ['an EVM chain id as blockchainId', () => query(IcmMessageListDocument, { blockchainId: '43114' }), 'blockchainId'],
    ['a bad sender', () => query(IcmMessageListDocument, { from: '0x1234' }), 'from'],
    ['a bad recipient', () => query(IcmMessageListDocument, { to: 'avax1notevm' }), 'to'],
    ['first above 100', () => query(IcmMessageListDocument, { first: 101 }), 'first'],
    ['a cursor of another filter', async () => {
      const { data } = await query(IcmMessageListDocument, { network: 'MAINNET', first: 2 });
      harness.dataApi.resetCounters();
      return query(IcmMessageListDocument, { network: 'FUJI', first: 2, after: data!.icmMessages!.pageInfo.endCursor });
    }, 'after'],
    ['an address with a list filter', () => query(IcmMessageListByAddressDocument, { address: wallet, from: wallet }), 'address'],
    ['an address with a chain filter', () => query(IcmMessageListByAddressDocument, { address: wallet, blockchainId: '11111111111111111111111111111111LpoYY' }), 'address'],
  ];
  for (const [name, run, argument] of cases) {
    it(`refuses ${name} before any upstream call`, async () => {
      const { errors } = await run();
      expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
      expect(callsBesideChainList()).toBe(0);
    });
  }
});
