import { hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { idBytes, signWarpMessage, type IcmMessage } from '@avalanche-graph/sandbox';
import { AggregateSignaturesDocument, SignedMessageOfTransactionDocument, type AggregateSignaturesInput } from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';

const { h } = useHarness();

const POST_ROUTE = 'POST /v1/signatureAggregator/{network}/aggregateSignatures';
const GET_ROUTE = 'GET /v1/signatureAggregator/{network}/aggregateSignatures/{txHash}';

const message = (network: 'mainnet' | 'fuji', n = 0): IcmMessage => h.sandbox.world.evm.icmMessages().filter((m) => m.network === network)[n]!;
const subnetOf = (m: IcmMessage) => h.sandbox.world.chains.find((c) => c.evmChainId === m.sourceEvmChainId)!.subnetId;

describe('aggregateSignatures', () => {
  it('signs a warp message with the source subnet at the default quorum, in one call', async () => {
    const m = message('mainnet');
    const { data, errors } = await h.query(AggregateSignaturesDocument, { network: 'MAINNET', input: { message: m.unsignedWarpMessage } });
    expect(errors).toBeUndefined();
    expect(data!.aggregateSignatures.signedMessage).toBe(signWarpMessage(m.unsignedWarpMessage, idBytes(subnetOf(m)), 67));
    expect(h.sandbox.services.dataApi.counts()).toEqual({ [POST_ROUTE]: 1 });
  });

  it('sends the signing subnet, quorum, buffer and P-Chain height as given', async () => {
    const m = message('fuji');
    const other = h.sandbox.world.chains.find((c) => c.network === 'fuji' && c.evmChainId !== m.sourceEvmChainId)!.subnetId;
    const input: AggregateSignaturesInput = {
      message: m.unsignedWarpMessage.slice(2),
      signingSubnetId: other,
      quorumPercentage: 60,
      quorumPercentageBuffer: 20,
      pChainHeight: '1234',
    };
    const { data, errors } = await h.query(AggregateSignaturesDocument, { network: 'FUJI', input });
    expect(errors).toBeUndefined();
    expect(data!.aggregateSignatures.signedMessage).toBe(signWarpMessage(m.unsignedWarpMessage, idBytes(other), 80));
    expect(h.sandbox.services.dataApi.recent.at(-1)!.url).toBe('/v1/signatureAggregator/fuji/aggregateSignatures');
  });

  it('signs from a justification alone', async () => {
    const justification = `0x${hex.encode(new TextEncoder().encode('sandbox justification'))}`;
    const { data, errors } = await h.query(AggregateSignaturesDocument, { network: 'MAINNET', input: { justification } });
    expect(errors).toBeUndefined();
    expect(data!.aggregateSignatures.signedMessage).toMatch(/^0x[0-9a-f]+$/);
    expect(h.sandbox.services.dataApi.counts()[POST_ROUTE]).toBe(1);
  });

  it('calls the service every time: the POST is never cached', async () => {
    const m = message('mainnet', 1);
    const input = { message: m.unsignedWarpMessage };
    const first = await h.query(AggregateSignaturesDocument, { network: 'MAINNET', input });
    const second = await h.query(AggregateSignaturesDocument, { network: 'MAINNET', input });
    expect(second.data).toEqual(first.data);
    expect(h.sandbox.services.dataApi.counts()[POST_ROUTE]).toBe(2);
  });

  it('never retries the POST, even after a dropped connection', async () => {
    const m = message('mainnet', 2);
    h.sandbox.services.dataApi.setFault(POST_ROUTE, { reset: true, times: 1 });
    const { data, errors } = await h.query(AggregateSignaturesDocument, { network: 'MAINNET', input: { message: m.unsignedWarpMessage } });
    expect(data).toBeNull();
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api', reason: 'connection' });
    expect(h.sandbox.services.dataApi.counts()[POST_ROUTE]).toBe(1);
  });

  it('passes the service\'s refusal on as a typed error', async () => {
    // Valid hex, but not a warp message: only the service can tell.
    const { data, errors } = await h.query(AggregateSignaturesDocument, { network: 'MAINNET', input: { message: '0xdeadbeef' } });
    expect(data).toBeNull();
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', status: 400 });
    expect(h.sandbox.services.dataApi.counts()[POST_ROUTE]).toBe(1);
  });

  it('signs a message given with its justification (as for L1 validator registration, removal and weight messages)', async () => {
    const m = message('mainnet', 4);
    const justification = `0x${hex.encode(new TextEncoder().encode('registration tx'))}`;
    const { data, errors } = await h.query(AggregateSignaturesDocument, { network: 'MAINNET', input: { message: m.unsignedWarpMessage, justification } });
    expect(errors).toBeUndefined();
    expect(data!.aggregateSignatures.signedMessage).toBe(signWarpMessage(m.unsignedWarpMessage, idBytes(subnetOf(m)), 67));
    expect(h.sandbox.services.dataApi.counts()).toEqual({ [POST_ROUTE]: 1 });
  });

  const accepted: Array<[string, Partial<AggregateSignaturesInput>]> = [
    ['a quorum of 0', { quorumPercentage: 0 }],
    ['a quorum of 0 with a buffer of 100 (sum 100)', { quorumPercentage: 0, quorumPercentageBuffer: 100 }],
    ['a quorum of 100 with no buffer', { quorumPercentage: 100, quorumPercentageBuffer: 0 }],
    ['a P-Chain height of 0', { pChainHeight: '0' }],
    ['a hex signing subnet id without 0x', { signingSubnetId: 'ab'.repeat(32) }],
  ];
  for (const [name, extra] of accepted) {
    it(`accepts ${name}, as the brief allows`, async () => {
      const m = message('fuji', 3);
      const { data, errors } = await h.query(AggregateSignaturesDocument, { network: 'FUJI', input: { message: m.unsignedWarpMessage, ...extra } });
      expect(errors).toBeUndefined();
      expect(data!.aggregateSignatures.signedMessage).toMatch(/^0x[0-9a-f]+$/);
      expect(h.sandbox.services.dataApi.counts()).toEqual({ [POST_ROUTE]: 1 });
    });
  }

  const bad: Array<[string, AggregateSignaturesInput, string]> = [
    ['neither message nor justification', { quorumPercentage: 67 }, 'input.message'],
    ['a message that is not hex', { message: '0xnothex' }, 'input.message'],
    ['a message that is not hex beside a good justification', { message: 'zz', justification: '0x00' }, 'input.message'],
    ['a justification that is not hex beside a good message', { message: '0x00', justification: '0xg0' }, 'input.justification'],
    ['an odd-length message', { message: '0xabc' }, 'input.message'],
    ['an empty justification', { justification: '0x' }, 'input.justification'],
    ['a negative quorum', { message: '0x00', quorumPercentage: -1 }, 'input.quorumPercentage'],
    ['a quorum above 100', { message: '0x00', quorumPercentage: 101 }, 'input.quorumPercentage'],
    ['a buffer above 100', { message: '0x00', quorumPercentage: 0, quorumPercentageBuffer: 101 }, 'input.quorumPercentageBuffer'],
    ['quorum plus buffer of 101', { message: '0x00', justification: '0x00', quorumPercentage: 50, quorumPercentageBuffer: 51 }, 'input.quorumPercentageBuffer'],
    ['a hex signing subnet id of 31 bytes', { message: '0x00', signingSubnetId: `0x${'ab'.repeat(31)}` }, 'input.signingSubnetId'],
    ['a negative buffer', { message: '0x00', quorumPercentageBuffer: -1 }, 'input.quorumPercentageBuffer'],
    ['quorum plus buffer above 100', { message: '0x00', quorumPercentage: 80, quorumPercentageBuffer: 21 }, 'input.quorumPercentageBuffer'],
    ['a buffer above 100 minus the default quorum', { message: '0x00', quorumPercentageBuffer: 34 }, 'input.quorumPercentageBuffer'],
    ['a signing subnet that is no id', { message: '0x00', signingSubnetId: 'subnet-1' }, 'input.signingSubnetId'],
    ['a negative P-Chain height', { message: '0x00', pChainHeight: '-5' }, 'input.pChainHeight'],
  ];
  for (const [name, input, argument] of bad) {
    it(`refuses ${name} before any call`, async () => {
      const { data, errors } = await h.query(AggregateSignaturesDocument, { network: 'MAINNET', input });
      // Refused before execution: no data at all.
      expect(data).toBeUndefined();
      expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
      expect(h.sandbox.services.dataApi.total()).toBe(0);
    });
  }
});

describe('Network.signedMessage', () => {
  it('returns the signed message of an ICM source transaction', async () => {
    const m = message('fuji', 1);
    const { data, errors } = await h.query(SignedMessageOfTransactionDocument, { network: 'FUJI', txHash: m.source.txHash });
    expect(errors).toBeUndefined();
    expect(data!.network.signedMessage!.signedMessage).toBe(signWarpMessage(m.unsignedWarpMessage, idBytes(subnetOf(m)), 67));
    expect(h.sandbox.services.dataApi.counts()).toEqual({ [GET_ROUTE]: 1 });
  });

  it('answers null, without an error, for a transaction that emitted no message', async () => {
    const m = message('fuji', 2);
    // A real message of the other network: unknown on this one.
    const { data, errors } = await h.query(SignedMessageOfTransactionDocument, { network: 'MAINNET', txHash: m.source.txHash });
    expect(errors).toBeUndefined();
    expect(data).toEqual({ network: { name: 'MAINNET', signedMessage: null } });
  });

  it('refuses a transaction hash that is neither hex nor cb58 before any call', async () => {
    const { data, errors } = await h.query(SignedMessageOfTransactionDocument, { network: 'MAINNET', txHash: '0x1234' });
    expect(data).toBeUndefined();
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'txHash' });
    expect(h.sandbox.services.dataApi.total()).toBe(0);
  });

  it('answers partial data with a typed error when the aggregator fails', async () => {
    const m = message('mainnet', 3);
    h.sandbox.services.dataApi.setFault(GET_ROUTE, { status: 502 });
    const { data, errors } = await h.query(SignedMessageOfTransactionDocument, { network: 'MAINNET', txHash: m.source.txHash });
    expect(data).toEqual({ network: { name: 'MAINNET', signedMessage: null } });
    expect(errors![0]!.path).toEqual(['network', 'signedMessage']);
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api', status: 502 });
  });
});
