/**
 * `upstreamEnum`, the output enums over an upstream's strings: a string an enum knows answers its
 * value, any other answers UNKNOWN (null for an enum without UNKNOWN) and is left out of a list, so a
 * value a service adds later never fails a response; UNKNOWN itself is refused as a filter or an
 * input, before any upstream call.
 */
import type { GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ChainFeature, ChainStatus } from '../../src/schema/chain/chain.js';
import { enumName, enumValues } from '../../src/schema/common/enums.js';
import { Currency } from '../../src/schema/common/primary-enums.js';
import { schema } from '../../src/schema/index.js';
import { useHarness } from '../support/harness.js';

const shared = useHarness({ keyPerTest: 'upstream-enum' });
const { h } = shared;

const valuesOf = (name: string) => (schema.getType(name) as GraphQLEnumType).getValues().map((v) => [v.name, v.value]);

describe('upstreamEnum', () => {
  it('maps the strings its table knows to their values and any other string to UNKNOWN, the enum\'s last value', () => {
    expect(valuesOf('ChainStatus')).toEqual([
      ['OK', 'OK'],
      ['UNAVAILABLE', 'UNAVAILABLE'],
      ['UNKNOWN', 'UNKNOWN'],
    ]);
    expect(ChainStatus.known).toEqual(['OK', 'UNAVAILABLE']);
    expect([ChainStatus.from('OK'), ChainStatus.from('UNAVAILABLE')]).toEqual(['OK', 'UNAVAILABLE']);
    for (const value of ['MAINTENANCE', 'ok', '', null, undefined]) expect(ChainStatus.from(value), String(value)).toBe('UNKNOWN');
  });

  it('without UNKNOWN, reads a string it does not know as null; a list keeps only the strings it knows, in their order', () => {
    expect(valuesOf('Currency').map(([name]) => name)).not.toContain('UNKNOWN');
    expect([Currency.from('usd'), Currency.from('jpy')]).toEqual(['usd', 'jpy']);
    expect([Currency.from('USD'), Currency.from('btc'), Currency.from(undefined)]).toEqual([null, null, null]);
    expect(ChainFeature.list(['webhooks', 'zkProofs', 'nftIndexing'])).toEqual(['webhooks', 'nftIndexing']);
    expect(ChainFeature.list(undefined)).toEqual([]);
  });
});

describe('enumValues', () => {
  it('names each value by its string in CONSTANT_CASE unless its row names it', () => {
    expect(['rpcMethod', 'balance_change', 'None', 'Erc721Transfer', 'ERC-20', 'TRANSACTION_EXPORT_EVM', 'SECP256K1_MINT'].map(enumName)).toEqual([
      'RPC_METHOD',
      'BALANCE_CHANGE',
      'NONE',
      'ERC721_TRANSFER',
      'ERC_20',
      'TRANSACTION_EXPORT_EVM',
      'SECP256K1_MINT',
    ]);
    expect(enumValues({ srcBlockchainId: { name: 'SOURCE', description: 'From.' }, rpcMethod: 'By method.' })).toEqual({
      SOURCE: { value: 'srcBlockchainId', description: 'From.' },
      RPC_METHOD: { value: 'rpcMethod', description: 'By method.' },
    });
    expect(Object.fromEntries(valuesOf('IcmGroupBy'))).toEqual({
      SOURCE: 'srcBlockchainId',
      DESTINATION: 'destBlockchainId',
      SOURCE_AND_DESTINATION: 'srcBlockchainId,destBlockchainId',
    });
  });

  it('refuses two strings that come to one name when the schema is built', () => {
    expect(() => enumValues({ rpcMethod: 'One.', rpc_method: 'Two.' })).toThrow('enum values rpcMethod and rpc_method are both named RPC_METHOD');
  });
});

describe('in the graph', () => {
  it('answers UNKNOWN for values the Data API adds, and leaves an added feature out of a list', async () => {
    const [first, ...rest] = h.sandbox.world.chains.map((c) => c.info);
    const changed = { ...first!, status: 'MAINTENANCE', vmName: 'MOVEVM', enabledFeatures: ['zkProofs', ...(first!.enabledFeatures ?? [])] };
    shared.dataApi.setFault('GET /v1/chains', { status: 200, body: { chains: [changed, ...rest] }, times: 1 });
    const { data, errors } = await shared.query<any>(`{ chain(id: "${first!.chainId}") { status vmName enabledFeatures } }`);
    expect(errors).toBeUndefined();
    const features = { nftIndexing: 'NFT_INDEXING', webhooks: 'WEBHOOKS', teleporter: 'TELEPORTER' } as Record<string, string>;
    expect(data.chain).toEqual({ status: 'UNKNOWN', vmName: 'UNKNOWN', enabledFeatures: (first!.enabledFeatures ?? []).map((f) => features[f]) });
  });

  it('refuses UNKNOWN where it would be sent upstream, naming the argument, before any call', async () => {
    const threshold = { network: 'MAINNET', chain: 'p-chain', addresses: ['P-avax1wsk3qdaxv4704v34fjvx88kjgd8vlj7d4kayyu'], addressActivitySubEvents: ['BALANCE_THRESHOLD'] };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['query ($t: UsageRequestType) { dataApiAccount { logs(requestType: $t) { nodes { logId } } } }', { t: 'UNKNOWN' }, 'requestType'],
      ['query ($t: UsageRequestType) { dataApiAccount { usage(requestType: $t) { orgId } } }', { t: 'UNKNOWN' }, 'requestType'],
      ['query ($s: WebhookStatus) { dataApiAccount { webhooks(status: $s) { nodes { id } } } }', { s: 'UNKNOWN' }, 'status'],
      [
        'mutation ($input: ExportTransactionsInput!) { exportTransactions(input: $input) { id } }',
        { input: { kind: 'UNKNOWN', firstDate: '2024-01-01', lastDate: '2024-01-02', chains: ['43114'], addresses: ['0x71c7656ec7ab88b098defb751b7401b5f6d8976f'] } },
        'input.kind',
      ],
      [
        'mutation ($input: CreateWebhookInput!) { createWebhook(input: $input) { id } }',
        { input: { url: 'https://hooks.example/x', primaryNetworkAddressActivity: { ...threshold, balanceThreshold: { balanceType: 'UNKNOWN', threshold: '1' } } } },
        'input.primaryNetworkAddressActivity.balanceThreshold.balanceType',
      ],
      ['query ($s: DelegationStatus) { network(name: MAINNET) { delegators(delegationStatus: $s) { nodes { txHash } } } }', { s: 'UNKNOWN' }, 'delegationStatus'],
    ];
    for (const [document, variables, argument] of cases) {
      const { errors } = await shared.query(document, variables);
      expect(errors?.[0]?.extensions, argument).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(shared.dataApi.total()).toBe(0);
  });
});
