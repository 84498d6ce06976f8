import { describe, expect, it } from 'vitest';
import { amountOf, isLockedStake, type ChainAlias, type PrimaryNetwork, type UtxoRecord, type Wallet } from '@avalanche-graph/sandbox';
import { PrimaryUtxosDocument, type PrimaryUtxosQuery, type PrimaryUtxosQueryVariables } from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const shared = useHarness({ keyPerTest: 'primary-utxos' });
const { h, headers } = shared;

const ROUTE = 'GET /v1/networks/{network}/blockchains/{blockchainId}/utxos';
type Vars = Omit<PrimaryUtxosQueryVariables, 'first' | 'after'>;
type Node = NonNullable<PrimaryUtxosQuery['network']['utxos']>['edges'][number]['node'];

const q = (vars: PrimaryUtxosQueryVariables) => shared.query(PrimaryUtxosDocument, vars);
const api = () => shared.dataApi;
const mainnet = (): PrimaryNetwork => h.sandbox.world.primary.networks.mainnet;

const owns = (w: Wallet) => (u: UtxoRecord) => u.output.owners.addrs.some((a) => a.hex === w.key.hex);

/** What the service lists for a wallet on a chain by default: unspent, oldest first, ties by id. */
function utxosOf(net: PrimaryNetwork, w: Wallet, chain: ChainAlias, includeSpent = false): UtxoRecord[] {
  return net.utxos
    .filter((u) => u.holder === chain && owns(w)(u) && (includeSpent || !u.spent))
    .sort((a, b) => a.createdTime - b.createdTime || (a.id < b.id ? -1 : 1));
}

/** The wallet holding the most UTXOs on a chain. */
function busiest(chain: ChainAlias, includeSpent = false): Wallet {
  const net = mainnet();
  return [...net.wallets].sort((a, b) => utxosOf(net, b, chain, includeSpent).length - utxosOf(net, a, chain, includeSpent).length)[0]!;
}

const walk = (vars: Vars, first: number): Promise<Node[]> => walkConnection((after) => q({ ...vars, first, after }), (d) => d.network.utxos);

describe('Network.utxos on the P-Chain', () => {
  it('walks a wallet\'s UTXOs with several page sizes, every P-Chain field as the world holds it', async () => {
    const w = busiest('P');
    const expected = utxosOf(mainnet(), w, 'P');
    expect(expected.length).toBeGreaterThan(10);
    for (const size of [3, 10, 100]) {
      const nodes = await walk({ blockchain: 'p-chain', addresses: [w.p] }, size);
      expect(nodes.map((n) => n.utxoId)).toEqual(expected.map((u) => u.id));
    }
    const nodes = await walk({ blockchain: 'p-chain', addresses: [w.p] }, 100);
    for (const [i, node] of nodes.entries()) {
      const u = expected[i]!;
      const locked = isLockedStake(u);
      expect(node).toMatchObject({
        __typename: 'PChainUtxo',
        amount: amountOf(u.output).toString(),
        assetId: u.assetId,
        asset: { assetId: u.assetId, amount: amountOf(u.output).toString(), symbol: 'AVAX', denomination: 9, type: 'SECP256K1' },
        outputIndex: u.outputIndex,
        txHash: u.txId,
        creationTxHash: u.txId,
        consumingTxHash: null,
        createdOnChainId: mainnet().chainIds[u.createdOn],
        consumedOnChainId: mainnet().chainIds.P,
        threshold: u.output.owners.threshold,
        platformLocktime: Number(u.output.owners.locktime),
        staked: locked,
        utxoType: locked ? 'STAKE' : 'TRANSFER',
        rewardType: u.rewardType ?? null,
        utxoStartTimestamp: u.staking?.start ?? null,
        utxoEndTimestamp: u.staking?.end ?? null,
      });
      expect(node.addresses).toContain(w.bare);
      if (node.__typename !== 'PChainUtxo') throw new Error(`unexpected ${node.__typename}`);
      expect(BigInt(node.blockNumber)).toBeGreaterThanOrEqual(0n);
    }
  });

  it('resumes after a cursor in the middle of an upstream page', async () => {
    const w = busiest('P');
    const expected = utxosOf(mainnet(), w, 'P');
    const first = await q({ blockchain: 'p-chain', addresses: [w.p], first: 6 });
    const cursor = first.data!.network.utxos!.edges[3]!.cursor;
    const next = await q({ blockchain: 'p-chain', addresses: [w.p], first: 5, after: cursor });
    expect(next.data!.network.utxos!.edges.map((e) => e.node.utxoId)).toEqual(expected.slice(4, 9).map((u) => u.id));
  });

  it('answers partial data with a typed error when the upstream fails', async () => {
    api().setFault(ROUTE, { status: 500 });
    const { data, errors } = await q({ blockchain: 'p-chain', addresses: [busiest('P').p] });
    expect(data).toEqual({ network: { utxos: null } });
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api', status: 500 });
  });
});

describe('Network.utxos on the X- and C-Chain', () => {
  it('lists spent and unspent X-Chain UTXOs with the X-Chain fields, credentials for spent ones', async () => {
    const w = busiest('X', true);
    const expected = utxosOf(mainnet(), w, 'X', true);
    const nodes = await walk({ blockchain: 'x-chain', addresses: [w.x], includeSpent: true }, 7);
    expect(nodes.map((n) => n.utxoId)).toEqual(expected.map((u) => u.id));
    expect(expected.some((u) => u.spent)).toBe(true);
    for (const [i, node] of nodes.entries()) {
      const u = expected[i]!;
      if (node.__typename !== 'XChainUtxo') throw new Error(`unexpected ${node.__typename}`);
      expect(node).toMatchObject({
        creationTxHash: u.txId,
        outputIndex: u.outputIndex,
        timestamp: u.createdTime,
        locktime: Number(u.output.owners.locktime),
        consumingTxHash: u.spent?.txId ?? null,
        consumingTxTimestamp: u.spent?.time ?? null,
        utxoType: u.output.type === 'secpMint' || u.output.type === 'nftMint' ? 'MINT' : 'TRANSFER',
      });
      expect(node.credentials?.length ?? 0).toBe(u.spent?.signatures.length ?? 0);
    }
  });

  it('lists the C-Chain\'s atomic UTXOs in the X-Chain shape', async () => {
    const w = busiest('C', true);
    const expected = utxosOf(mainnet(), w, 'C', true);
    expect(expected.length).toBeGreaterThan(0);
    const nodes = await walk({ blockchain: mainnet().chainIds.C, addresses: [`C-${w.bare}`], includeSpent: true }, 10);
    expect(nodes.map((n) => [n.__typename, n.utxoId, n.createdOnChainId])).toEqual(
      expected.map((u) => ['XChainUtxo', u.id, mainnet().chainIds[u.createdOn]]),
    );
  });

  it('forwards every filter (bare addresses, canonical chain id) and applies them', async () => {
    const w = busiest('X', true);
    const min = 1_000_000_000n;
    const vars: Vars = {
      blockchain: 'X-CHAIN',
      addresses: [w.x, w.bare],
      assetId: mainnet().avaxAssetId,
      minUtxoAmount: min.toString(),
      includeSpent: true,
      sortBy: 'AMOUNT',
      sortOrder: 'DESC',
    };
    const nodes = await walk(vars, 100);
    const expected = utxosOf(mainnet(), w, 'X', true).filter((u) => u.assetId === mainnet().avaxAssetId && amountOf(u.output) >= min);
    expect(new Set(nodes.map((n) => n.utxoId))).toEqual(new Set(expected.map((u) => u.id)));
    const amounts = nodes.map((n) => BigInt(n.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const url = new URL(api().recent.at(-1)!.url, 'http://x');
    expect(url.pathname).toBe(`/v1/networks/mainnet/blockchains/${mainnet().chainIds.X}/utxos`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      addresses: `${w.bare},${w.bare}`,
      assetId: mainnet().avaxAssetId,
      minUtxoAmount: '1000000000',
      includeSpent: 'true',
      sortBy: 'amount',
      sortOrder: 'desc',
      pageSize: '100',
    });
  });

  it('reads Fuji under TESTNET with Fuji addresses', async () => {
    const fuji = h.sandbox.world.primary.networks.fuji;
    const w = [...fuji.wallets].sort((a, b) => utxosOf(fuji, b, 'P').length - utxosOf(fuji, a, 'P').length)[0]!;
    const nodes = await walk({ network: 'TESTNET', blockchain: 'p-chain', addresses: [w.p] }, 50);
    expect(nodes.map((n) => n.utxoId)).toEqual(utxosOf(fuji, w, 'P').map((u) => u.id));
    expect(api().recent.at(-1)!.url).toMatch(/^\/v1\/networks\/testnet\/blockchains\/11111111111111111111111111111111LpoYY\/utxos\?/);
  });
});

describe('Network.utxos input checks', () => {
  it('refuses bad input naming the argument, before any upstream call', async () => {
    const w = mainnet().wallets[0]!;
    const fujiWallet = h.sandbox.world.primary.networks.fuji.wallets[0]!;
    const l1 = h.sandbox.world.chains.find((c) => c.network === 'mainnet' && !c.isCChain)!;
    const cases: Array<[PrimaryUtxosQueryVariables, string]> = [
      [{ blockchain: 'p-chain', addresses: [fujiWallet.p] }, 'addresses[0]'],
      [{ blockchain: 'p-chain', addresses: [w.p, w.x] }, 'addresses[1]'],
      [{ blockchain: 'p-chain', addresses: ['P-avax1notanaddress'] }, 'addresses[0]'],
      [{ blockchain: 'p-chain', addresses: [] }, 'addresses'],
      [{ blockchain: 'p-chain', addresses: Array.from({ length: 65 }, () => w.p) }, 'addresses'],
      [{ blockchain: 'q-chain', addresses: [w.p] }, 'blockchain'],
      [{ blockchain: l1.blockchainId, addresses: [w.p] }, 'blockchain'],
      [{ blockchain: 'p-chain', addresses: [w.p], assetId: 'AVAX' }, 'assetId'],
      [{ blockchain: 'p-chain', addresses: [w.p], minUtxoAmount: '-1' }, 'minUtxoAmount'],
      [{ blockchain: 'p-chain', addresses: [w.p], first: 101 }, 'first'],
      [{ blockchain: 'p-chain', addresses: [w.p], after: 'garbage' }, 'after'],
    ];
    for (const [vars, argument] of cases) {
      const { data, errors } = await q(vars);
      // Refused before execution (no data) or, for checks that need the network, by the field itself (null).
      expect(data?.network?.utxos ?? null).toBeNull();
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(api().total()).toBe(0);
  });

  it('refuses a cursor of another list', async () => {
    const w = busiest('P');
    const first = await q({ blockchain: 'p-chain', addresses: [w.p], first: 2 });
    const cursor = first.data!.network.utxos!.pageInfo.endCursor!;
    h.sandbox.reset();
    const { errors } = await q({ blockchain: 'p-chain', addresses: [w.p], includeSpent: true, after: cursor });
    expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'after' });
    expect(api().total()).toBe(0);
  });

  it('rejects an enum value outside the schema as bad input', async () => {
    const w = mainnet().wallets[0]!;
    const { errors } = await h.query(PrimaryUtxosDocument, { blockchain: 'p-chain', addresses: [w.p], sortBy: 'SIZE' as never }, headers);
    expect(errors![0]!.message).toMatch(/\$sortBy.*SIZE/);
    expect(errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(api().total()).toBe(0);
  });
});
