/**
 * An address on an EVM chain through the gateway over the simulated Data API: native balance,
 * transactions and ERC-20 transfers, block ranges and input checks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_PRICE_USD, USD_RATES, type EvmChainWorld } from '@avalanche-graph/sandbox';
import { EvmAccountErc20TransfersDocument, EvmAccountTransactionsDocument, EvmNativeBalanceDocument } from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';

const shared = useHarness({ keyPerTest: 'evm-account', warmChains: true });
const { h, headers } = shared;
let chain: EvmChainWorld;
/** The busiest wallet of the C-Chain. */
let wallet: string;

beforeAll(() => {
  chain = h.sandbox.world.evm.chain(43114)!;
  wallet = [...chain.wallets].sort((a, b) => chain.addressTransactions(b).length - chain.addressTransactions(a).length)[0]!;
});

const api = () => shared.dataApi;
const fiat = (usd: number, currency: string) => Math.round(usd * USD_RATES[currency]! * 1e6) / 1e6;

describe('Account.nativeBalance', () => {
  it('reads the latest balance with its price in USD', async () => {
    const { data, errors } = await h.query(EvmNativeBalanceDocument, { chainId: '43114', address: wallet }, headers);
    expect(errors).toBeUndefined();
    expect(data!.chain!.address.nativeBalance).toMatchObject({
      chain: { chainId: '43114' },
      name: 'Avalanche',
      symbol: 'AVAX',
      decimals: 18,
      balance: chain.nativeBalance(wallet).toString(),
      price: { currencyCode: 'USD', value: NATIVE_PRICE_USD.AVAX },
    });
    expect(data!.chain!.address.nativeBalance!.balanceValue!.currencyCode).toBe('USD');
  });

  it('reads a past balance priced in another currency, whatever the address case', async () => {
    const at = 40;
    const { data, errors } = await h.query(
      EvmNativeBalanceDocument,
      { chainId: '43114', address: wallet.toLowerCase(), blockNumber: String(at), currency: 'EUR' },
      headers,
    );
    expect(errors).toBeUndefined();
    expect(data!.chain!.address.nativeBalance).toMatchObject({
      balance: chain.nativeBalance(wallet, at).toString(),
      price: { currencyCode: 'EUR', value: fiat(NATIVE_PRICE_USD.AVAX!, 'eur') },
    });
    expect(api().recent.at(-1)!.url).toBe(`/v1/chains/43114/addresses/${wallet}/balances:getNative?blockNumber=40&currency=eur`);
  });

  it('refuses a negative block number and a malformed address before any upstream call', async () => {
    const negative = await h.query(EvmNativeBalanceDocument, { chainId: '43114', address: wallet, blockNumber: '-1' }, headers);
    expect(negative.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'blockNumber' });
    for (const address of ['0x123', 'not-an-address', wallet.slice(0, -1) + (wallet.endsWith('a') ? 'B' : 'a')]) {
      const bad = await h.query(EvmNativeBalanceDocument, { chainId: '43114', address }, headers);
      // Refused as a whole before execution: no data, not even the chain.
      expect(bad.data).toBeUndefined();
      expect(bad.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'address' });
    }
    expect(api().total()).toBe(0);
  });

  it('gives partial data and UPSTREAM_ERROR when the balance call fails', async () => {
    api().setFault('GET /v1/chains/{chainId}/addresses/{address}/balances:getNative', { status: 500 });
    const { data, errors } = await h.query(
      `query($a: String!) { chain(id: "43114") { chainId address(address: $a) { address nativeBalance { balance } } } }`,
      { a: wallet },
      headers,
    );
    expect(data).toEqual({ chain: { chainId: '43114', address: { address: wallet, nativeBalance: null } } });
    expect(errors![0]).toMatchObject({
      path: ['chain', 'address', 'nativeBalance'],
      extensions: { code: 'UPSTREAM_ERROR', service: 'data-api', status: 500 },
    });
  });
});

describe('Account.transactions', () => {
  it('lists the address\'s transactions newest first with every summary field', async () => {
    const { data, errors } = await h.query(EvmAccountTransactionsDocument, { chainId: '43114', address: wallet, first: 100 }, headers);
    expect(errors).toBeUndefined();
    const got = data!.chain!.address.transactions!.edges.map((e) => e.node);
    const expected = chain.addressTransactions(wallet);
    expect(got.map((t) => t.hash)).toEqual(expected.map((t) => t.hash));
    const tx = expected[0]!;
    expect(got[0]).toMatchObject({
      blockNumber: String(tx.blockNumber),
      blockIndex: tx.index,
      from: { address: tx.from },
      value: tx.value.toString(),
      nonce: String(tx.nonce),
      gasPrice: tx.gasPrice.toString(),
    });
    expect(api().counts()).toEqual({ 'GET /v1/chains/{chainId}/addresses/{address}/transactions:listNative': 1 });
  });

  it('filters by block range: start inclusive, end exclusive, either side open', async () => {
    const all = chain.addressTransactions(wallet);
    const start = all.at(-5)!.blockNumber;
    const end = all[4]!.blockNumber;
    const cases: Array<[string | undefined, string | undefined, (n: number) => boolean]> = [
      [String(start), String(end), (n) => n >= start && n < end],
      [String(start), undefined, (n) => n >= start],
      [undefined, String(end), (n) => n < end],
    ];
    for (const [startBlock, endBlock, keep] of cases) {
      const { data, errors } = await h.query(
        EvmAccountTransactionsDocument,
        { chainId: '43114', address: wallet, startBlock, endBlock, first: 100 },
        headers,
      );
      expect(errors).toBeUndefined();
      const hashes = data!.chain!.address.transactions!.edges.map((e) => e.node.hash);
      expect(hashes).toEqual(all.filter((t) => keep(t.blockNumber)).map((t) => t.hash));
      expect(hashes.length).toBeGreaterThan(0);
    }
  });

  it('refuses bad ranges naming the argument before any upstream call', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ startBlock: '10', endBlock: '10' }, 'endBlock'],
      [{ startBlock: '10', endBlock: '5' }, 'endBlock'],
      [{ startBlock: '-1' }, 'startBlock'],
      [{ endBlock: '-3' }, 'endBlock'],
      [{ startBlock: '9007199254740993' }, 'startBlock'],
    ];
    for (const [range, argument] of cases) {
      const { data, errors } = await h.query(EvmAccountTransactionsDocument, { chainId: '43114', address: wallet, ...range }, headers);
      expect(data).toBeUndefined();
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(api().total()).toBe(0);
  });
});

describe('Account.erc20Transfers', () => {
  const holder = () => [...chain.wallets].sort((a, b) => chain.addressErc20Transfers(b).length - chain.addressErc20Transfers(a).length)[0]!;

  it('lists the address\'s ERC-20 transfers newest first, each linked to its token and transaction', async () => {
    const address = holder();
    const { data, errors } = await h.query(EvmAccountErc20TransfersDocument, { chainId: '43114', address, first: 100 }, headers);
    expect(errors).toBeUndefined();
    const got = data!.chain!.address.erc20Transfers!.edges.map((e) => e.node);
    const expected = chain.addressErc20Transfers(address);
    expect(got.map((x) => [x.txHash, x.logIndex, x.from.address, x.to.address, (x as { value: string }).value])).toEqual(
      expected.map((r) => [r.tx.hash, r.transfer.logIndex, r.transfer.from, r.transfer.to, r.transfer.value.toString()]),
    );
    const token = chain.erc20Token(expected[0]!.transfer.token)!;
    expect(got[0]).toMatchObject({
      __typename: 'Erc20Transfer',
      blockNumber: String(expected[0]!.tx.blockNumber),
      token: { address: token.address, name: token.name, symbol: token.symbol, decimals: token.decimals, price: { currencyCode: 'USD', value: token.priceUsd } },
      transaction: { hash: expected[0]!.tx.hash, blockIndex: expected[0]!.tx.index },
    });
    // The list, plus one call per distinct transaction for the `transaction` links.
    const distinctTxs = new Set(expected.map((r) => r.tx.hash)).size;
    expect(api().total('GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc20')).toBe(1);
    expect(api().total('GET /v1/chains/{chainId}/transactions/{txHash}')).toBe(distinctTxs);
  });

  it('filters by block range and refuses an inverted one', async () => {
    const address = holder();
    const all = chain.addressErc20Transfers(address);
    const start = all.at(-3)!.tx.blockNumber;
    const { data } = await h.query(EvmAccountErc20TransfersDocument, { chainId: '43114', address, startBlock: String(start), first: 100 }, headers);
    expect(data!.chain!.address.erc20Transfers!.edges.map((e) => e.node.txHash)).toEqual(
      all.filter((r) => r.tx.blockNumber >= start).map((r) => r.tx.hash),
    );
    h.sandbox.reset();
    const inverted = await h.query(EvmAccountErc20TransfersDocument, { chainId: '43114', address, startBlock: '20', endBlock: '3' }, headers);
    expect(inverted.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'endBlock' });
    expect(api().total()).toBe(0);
  });

  it('gives partial data and UPSTREAM_ERROR when the list fails', async () => {
    api().setFault('GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc20', { status: 503 });
    type Answer = { chain: { address: { transactions: { nodes: { hash: string }[] } | null; erc20Transfers: unknown } } };
    const { data, errors } = await h.query<Answer, { a: string }>(
      `query($a: String!) { chain(id: "43114") { address(address: $a) { transactions(first: 1) { nodes { hash } } erc20Transfers { nodes { txHash } } } } }`,
      { a: holder() },
      headers,
    );
    expect(data!.chain.address.transactions!.nodes).toHaveLength(1);
    expect(data!.chain.address.erc20Transfers).toBeNull();
    expect(errors![0]).toMatchObject({ path: ['chain', 'address', 'erc20Transfers'], extensions: { code: 'UPSTREAM_ERROR', status: 503 } });
  });
});
