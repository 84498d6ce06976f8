import { describe, expect, it } from 'vitest';
import type { IcmMessage } from '@avalanche-graph/sandbox';
import {
  AccountIcmMessagesDocument,
  IcmMessageByIdDocument,
  IcmMessageLinksDocument,
  IcmMessageNodeDocument,
  IcmMessagesDocument,
  IcmMessageTransactionsDocument,
  TransactionIcmMessageDocument,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { callsBeside, CHAIN_LIST } from '../support/counts.js';
import { walkConnection, walkPages } from '../support/walk.js';

const { h } = useHarness();

const LIST_ROUTE = 'GET /v1/icm/addresses/{address}/messages';
const GET_ROUTE = 'GET /v1/icm/messages/{messageId}';
const TX_ROUTE = 'GET /v1/chains/{chainId}/transactions/{txHash}';

const messages = () => h.sandbox.world.evm.icmMessages();

/** Addresses by how many messages they sent or received, most first. */
function busiestAddresses(): string[] {
  const counts = new Map<string, number>();
  for (const m of messages()) for (const a of new Set([m.from, m.to])) counts.set(a, (counts.get(a) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([a]) => a);
}

/** What the service lists for an address: its messages, newest first. */
function messagesOf(address: string, network?: 'mainnet' | 'fuji'): IcmMessage[] {
  const a = address.toLowerCase();
  return messages()
    .filter((m) => (m.from.toLowerCase() === a || m.to.toLowerCase() === a) && (!network || m.network === network))
    .slice()
    .reverse();
}

function expectedMessage(m: IcmMessage) {
  const token = h.sandbox.world.evm.chain(m.sourceEvmChainId)!.erc20Token(m.reward.token)!;
  return {
    id: expect.any(String),
    messageId: m.messageId,
    status: m.status.toUpperCase(),
    icmContractAddress: m.teleporterAddress,
    sourceBlockchainId: m.sourceBlockchainId,
    destinationBlockchainId: m.destinationBlockchainId,
    sourceEvmChainId: String(m.sourceEvmChainId),
    destinationEvmChainId: String(m.destinationEvmChainId),
    messageNonce: m.messageNonce.toString(),
    from: { address: m.from },
    to: { address: m.to },
    data: m.data,
    messageExecuted: m.messageExecuted,
    receipts: m.receipts.map((r) => ({ receivedMessageNonce: r.receivedMessageNonce.toString(), relayerRewardAddress: r.relayerRewardAddress })),
    receiptDelivered: m.receiptDelivered,
    rewardDetails: {
      address: token.address,
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      logoUri: token.logoUri,
      ercType: 'ERC-20',
      price: { currencyCode: 'USD', value: expect.closeTo(token.priceUsd, 5) },
      value: m.reward.value.toString(),
    },
    sourceTransaction: { txHash: m.source.txHash, timestamp: m.source.timestamp, gasSpent: m.source.gasSpent.toString() },
    destinationTransaction: m.destination
      ? {
          txHash: m.destination.txHash,
          timestamp: m.destination.timestamp,
          gasSpent: m.destination.gasSpent.toString(),
          rewardRedeemer: m.destination.rewardRedeemer,
          delivererAddress: m.destination.delivererAddress,
          deliverer: { address: m.destination.delivererAddress },
        }
      : null,
  };
}

const callsBesideChainList = () => callsBeside(h.sandbox.services.dataApi, CHAIN_LIST);

describe('icmMessages', () => {
  it('lists an address\'s messages, newest first, with every field', async () => {
    const address = busiestAddresses()[0]!;
    const expected = messagesOf(address, 'mainnet');
    expect(expected.length).toBeGreaterThan(3);
    const { data, errors } = await h.query(IcmMessagesDocument, { address, network: 'MAINNET', first: 100 });
    expect(errors).toBeUndefined();
    expect(data!.icmMessages!.edges.map((e) => e.node)).toEqual(expected.map(expectedMessage));
    expect(data!.icmMessages!.pageInfo.hasNextPage).toBe(false);
    expect(h.sandbox.services.dataApi.recent.at(-1)!.url).toContain('network=mainnet');
  });

  it('shows pending messages with no destination transaction', async () => {
    const pending = messages().find((m) => m.status === 'pending')!;
    const { data } = await h.query(IcmMessagesDocument, { address: pending.from, first: 100 });
    const node = data!.icmMessages!.edges.find((e) => e.node.messageId === pending.messageId)!.node;
    expect(node).toEqual(expectedMessage(pending));
    expect(node).toMatchObject({ status: 'PENDING', destinationTransaction: null });
  });

  it('walks the whole list with several page sizes and resumes mid-page', async () => {
    const address = busiestAddresses()[0]!;
    const expected = messagesOf(address).map((m) => m.messageId);
    for (const first of [3, 7, 10]) {
      const { nodes, pages } = await walkPages((after) => h.query(IcmMessagesDocument, { address: address.toLowerCase(), first, after }), (d) => d.icmMessages);
      const seen = nodes.map((n) => n.messageId);
      expect(seen).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / first));
    }
    const page = await h.query(IcmMessagesDocument, { address, first: 10 });
    const resumed = await h.query(IcmMessagesDocument, { address, first: 4, after: page.data!.icmMessages!.edges[2]!.cursor });
    expect(resumed.data!.icmMessages!.edges.map((e) => e.node.messageId)).toEqual(expected.slice(3, 7));
  });

  it('answers an empty list for an address with no messages', async () => {
    const { data, errors } = await h.query(IcmMessagesDocument, { address: '0x000000000000000000000000000000000000dEaD' });
    expect(errors).toBeUndefined();
    expect(data!.icmMessages).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });
});

describe('Account.icmMessages', () => {
  it('keeps the messages the address sent from or received on this chain, across upstream pages', async () => {
    const address = busiestAddresses()[0]!;
    for (const chainId of [43114, 779672]) {
      const expected = messagesOf(address)
        .filter((m) => (m.sourceEvmChainId === chainId && m.from === address) || (m.destinationEvmChainId === chainId && m.to === address))
        .map((m) => m.messageId);
      expect(expected.length).toBeGreaterThan(0);
      const nodes = await walkConnection((after) => h.query(AccountIcmMessagesDocument, { chainId: String(chainId), address, first: 2, after }), (d) => d.chain!.address.icmMessages);
      const seen = nodes.map((n) => n.messageId);
      expect(seen).toEqual(expected);
    }
  });
});

describe('links', () => {
  it('links chains and accounts on the right chains with one chain-list call for all messages', async () => {
    const address = busiestAddresses()[0]!;
    const expected = messagesOf(address).slice(0, 20);
    const { data, errors } = await h.query(IcmMessageLinksDocument, { address, first: 20 });
    expect(errors).toBeUndefined();
    const chainName = (id: number) => h.sandbox.world.chains.find((c) => c.evmChainId === id)!.info.chainName;
    const blockchainId = (id: number) => h.sandbox.world.chains.find((c) => c.evmChainId === id)!.blockchainId;
    expect(data!.icmMessages!.nodes).toEqual(
      expected.map((m) => ({
        messageId: m.messageId,
        sourceChain: { chainId: String(m.sourceEvmChainId), chainName: chainName(m.sourceEvmChainId) },
        destinationChain: { chainId: String(m.destinationEvmChainId), platformChainId: blockchainId(m.destinationEvmChainId) },
        from: { address: m.from, chain: { chainId: String(m.sourceEvmChainId) } },
        to: { address: m.to, chain: { chainId: String(m.destinationEvmChainId) } },
        sourceTransaction: { chain: { chainId: String(m.sourceEvmChainId) } },
        destinationTransaction: m.destination
          ? { chain: { chainId: String(m.destinationEvmChainId) }, deliverer: { chain: { chainId: String(m.destinationEvmChainId) } } }
          : null,
      })),
    );
    const counts = h.sandbox.services.dataApi.counts();
    expect(counts[LIST_ROUTE]).toBe(1);
    expect(counts['GET /v1/chains'] ?? 0).toBeLessThanOrEqual(1);
    expect(h.sandbox.services.dataApi.total()).toBeLessThanOrEqual(2);
  });

  it('links the source and destination transactions on their chains, one call per transaction', async () => {
    const address = busiestAddresses()[1]!;
    const expected = messagesOf(address).slice(0, 3);
    const { data, errors } = await h.query(IcmMessageTransactionsDocument, { address, first: 3 });
    expect(errors).toBeUndefined();
    expect(data!.icmMessages!.nodes).toEqual(
      expected.map((m) => ({
        messageId: m.messageId,
        sourceTransaction: {
          txHash: m.source.txHash,
          transaction: { hash: m.source.txHash, blockNumber: String(m.source.blockNumber), chain: { chainId: String(m.sourceEvmChainId) } },
        },
        destinationTransaction: m.destination
          ? {
              txHash: m.destination.txHash,
              transaction: { hash: m.destination.txHash, blockNumber: String(m.destination.blockNumber), chain: { chainId: String(m.destinationEvmChainId) } },
            }
          : null,
      })),
    );
    const legs = new Set(expected.flatMap((m) => [m.source.txHash, ...(m.destination ? [m.destination.txHash] : [])]));
    expect(h.sandbox.services.dataApi.counts()[TX_ROUTE]).toBe(legs.size);
  });
  it('links a transaction\'s Teleporter info back to its message', async () => {
    const m = messages().find((x) => x.status === 'delivered')!;
    const { data, errors } = await h.query(TransactionIcmMessageDocument, { chainId: String(m.destinationEvmChainId), hash: m.destination!.txHash });
    expect(errors).toBeUndefined();
    expect(data!.chain!.transaction).toEqual({
      hash: m.destination!.txHash,
      teleporterMessageInfo: {
        teleporterMessageId: m.messageId,
        message: { messageId: m.messageId, status: 'DELIVERED', sourceTransaction: { txHash: m.source.txHash } },
      },
    });
  });
});

describe('icmMessage and node', () => {
  it('reads one message by id, in any spelling, and refetches it by global id', async () => {
    const delivered = messages().find((m) => m.status === 'delivered' && m.receipts.length > 0)!;
    const { data, errors } = await h.query(IcmMessageByIdDocument, { messageId: `0x${delivered.messageId.toUpperCase()}` });
    expect(errors).toBeUndefined();
    expect(data!.icmMessage).toEqual(expectedMessage(delivered));
    h.sandbox.reset();
    const node = await h.query(IcmMessageNodeDocument, { id: data!.icmMessage!.id });
    expect(node).toEqual({ data: { node: { __typename: 'InterchainMessage', id: data!.icmMessage!.id, messageId: delivered.messageId, status: 'DELIVERED' } } });
    expect(h.sandbox.services.dataApi.counts()[GET_ROUTE] ?? 0).toBeLessThanOrEqual(1);
  });

  it('answers null for an unknown message id', async () => {
    const { data, errors } = await h.query(IcmMessageByIdDocument, { messageId: 'ab'.repeat(32) });
    expect(errors).toBeUndefined();
    expect(data!.icmMessage).toBeNull();
    expect(h.sandbox.services.dataApi.counts()[GET_ROUTE]).toBe(1);
  });
});

describe('input checks', () => {
  const cases: Array<[string, () => Promise<{ errors?: Array<{ extensions?: Record<string, any> }> }>, string]> = [
    ['a bad address', () => h.query(IcmMessagesDocument, { address: 'avax1notanevmaddress' }), 'address'],
    ['first above 100', () => h.query(IcmMessagesDocument, { address: '0x000000000000000000000000000000000000dEaD', first: 101 }), 'first'],
    ['first 0', () => h.query(IcmMessagesDocument, { address: '0x000000000000000000000000000000000000dEaD', first: 0 }), 'first'],
    ['a bad cursor', () => h.query(IcmMessagesDocument, { address: '0x000000000000000000000000000000000000dEaD', after: 'bm90IGEgY3Vyc29y' }), 'after'],
    ['a bad message id', () => h.query(IcmMessageByIdDocument, { messageId: '0x1234' }), 'messageId'],
    ['first above 100 on an account', () => h.query(AccountIcmMessagesDocument, { chainId: '43114', address: '0x000000000000000000000000000000000000dEaD', first: 101 }), 'first'],
  ];
  for (const [name, run, argument] of cases) {
    it(`refuses ${name} before any upstream call`, async () => {
      const { errors } = await run();
      expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
      expect(callsBesideChainList()).toBe(0);
    });
  }
});

describe('failures', () => {
  it('answers partial data with a typed error when the message list fails', async () => {
    const address = busiestAddresses()[2]!;
    h.sandbox.services.dataApi.setFault(LIST_ROUTE, { status: 500 });
    const { data, errors } = await h.query<any, { a: string }>(`query($a: String!) { network { name } icmMessages(address: $a, first: 9) { nodes { messageId } } }`, { a: address });
    expect(data).toEqual({ network: { name: 'MAINNET' }, icmMessages: null });
    expect(errors).toHaveLength(1);
    expect(errors![0]!.path).toEqual(['icmMessages']);
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api', status: 500 });
  });

  it('passes a rate limit on as RATE_LIMITED with its retry delay', async () => {
    const address = busiestAddresses()[3]!;
    h.sandbox.services.dataApi.setFault(LIST_ROUTE, { status: 429, retryAfter: 7 });
    const { data, errors } = await h.query(IcmMessagesDocument, { address, first: 11 });
    expect(data!.icmMessages).toBeNull();
    expect(errors![0]!.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 7 });
  });
});
