import { describe, expect, it } from 'vitest';
import { amountOf, type HistoricalReward, type PrimaryNetwork, type Wallet } from '@avalanche-graph/sandbox';
import { PrimaryRewardsDocument, type PrimaryRewardsQuery, type PrimaryRewardsQueryVariables } from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const shared = useHarness({ keyPerTest: 'primary-rewards' });
const { h } = shared;

const ROUTE = 'GET /v1/networks/{network}/rewards';
type Node = NonNullable<PrimaryRewardsQuery['network']['rewards']>['edges'][number]['node'];

const q = (vars: PrimaryRewardsQueryVariables) => shared.query(PrimaryRewardsDocument, vars);
const api = () => shared.dataApi;
const mainnet = (): PrimaryNetwork => h.sandbox.world.primary.networks.mainnet;

/** The service's order: end of the staking period, oldest first, ties by reward UTXO id. */
const ordered = (rewards: HistoricalReward[]) =>
  [...rewards].sort((a, b) => a.endTimestamp - b.endTimestamp || (a.utxo.id < b.utxo.id ? -1 : 1));

const rewardsOf = (w: Wallet) => ordered(mainnet().rewards.filter((r) => r.addresses.some((a) => a.hex === w.key.hex)));
const rewardsOfNode = (nodeId: string) => ordered(mainnet().rewards.filter((r) => r.nodeId === nodeId));

function busiestWallet(): Wallet {
  return [...mainnet().wallets].sort((a, b) => rewardsOf(b).length - rewardsOf(a).length)[0]!;
}
function busiestNode(): string {
  const ids = [...new Set(mainnet().rewards.map((r) => r.nodeId))];
  return ids.sort((a, b) => rewardsOfNode(b).length - rewardsOfNode(a).length)[0]!;
}

const walk = (vars: PrimaryRewardsQueryVariables, first: number): Promise<Node[]> =>
  walkConnection((after) => q({ ...vars, first, after }), (d) => d.network.rewards);

describe('Network.rewards', () => {
  it('walks a wallet\'s rewards with several page sizes, every field as the world holds it', async () => {
    const w = busiestWallet();
    const expected = rewardsOf(w);
    expect(expected.length).toBeGreaterThan(2);
    for (const size of [1, 2, 100]) {
      const nodes = await walk({ addresses: [w.p] }, size);
      expect(nodes.map((n) => n.utxoId)).toEqual(expected.map((r) => r.utxo.id));
    }
    const nodes = await walk({ addresses: [w.p] }, 10);
    for (const [i, node] of nodes.entries()) {
      const r = expected[i]!;
      expect(node).toMatchObject({
        rewardType: r.rewardType,
        nodeId: r.nodeId,
        txHash: r.txHash,
        rewardTxHash: r.rewardTxHash,
        amountStaked: r.amountStaked.toString(),
        startTimestamp: r.startTimestamp,
        endTimestamp: r.endTimestamp,
        outputIndex: r.utxo.outputIndex,
        reward: { assetId: mainnet().avaxAssetId, symbol: 'AVAX', denomination: 9, type: 'SECP256K1', amount: amountOf(r.utxo.output).toString() },
      });
      expect(node.addresses).toContain(w.bare);
    }
    expect(nodes.some((n) => n.reward.historicalPrice?.currencyCode === 'USD')).toBe(true);
  });

  it('filters by node id and resumes after a cursor in the middle of an upstream page', async () => {
    const nodeId = busiestNode();
    const expected = rewardsOfNode(nodeId);
    expect(expected.length).toBeGreaterThan(4);
    const first = await q({ nodeIds: [nodeId], first: 4 });
    expect(first.data!.network.rewards!.edges.map((e) => e.node.utxoId)).toEqual(expected.slice(0, 4).map((r) => r.utxo.id));
    const next = await q({ nodeIds: [nodeId], first: 3, after: first.data!.network.rewards!.edges[1]!.cursor });
    expect(next.data!.network.rewards!.edges.map((e) => e.node.utxoId)).toEqual(expected.slice(2, 5).map((r) => r.utxo.id));
  });

  it('forwards every filter: bare addresses (P- or X-prefixed), node ids, sort order and currency', async () => {
    const w = busiestWallet();
    const nodeId = busiestNode();
    const nodes = await walk({ addresses: [w.x], nodeIds: [nodeId], sortOrder: 'DESC', currency: 'EUR' }, 50);
    const expected = ordered(mainnet().rewards.filter((r) => r.addresses.some((a) => a.hex === w.key.hex) && r.nodeId === nodeId)).reverse();
    expect(nodes.map((n) => n.utxoId)).toEqual(expected.map((r) => r.utxo.id));
    for (const n of nodes) if (n.reward.historicalPrice) expect(n.reward.historicalPrice.currencyCode).toBe('EUR');
    const url = new URL(api().recent.at(-1)!.url, 'http://x');
    expect(url.pathname).toBe('/v1/networks/mainnet/rewards');
    expect(Object.fromEntries(url.searchParams)).toEqual({ addresses: w.bare, nodeIds: nodeId, sortOrder: 'desc', currency: 'eur', pageSize: '50' });
  });

  it('refuses bad input naming the argument, before any upstream call', async () => {
    const w = mainnet().wallets[0]!;
    const fuji = h.sandbox.world.primary.networks.fuji.wallets[0]!;
    const cases: Array<[PrimaryRewardsQueryVariables, string]> = [
      [{}, 'addresses'],
      [{ addresses: [], nodeIds: [] }, 'addresses'],
      [{ addresses: [fuji.p] }, 'addresses[0]'],
      [{ addresses: [`C-${w.bare}`] }, 'addresses[0]'],
      [{ nodeIds: ['NodeID-notanode'] }, 'nodeIds[0]'],
      [{ nodeIds: [w.p] }, 'nodeIds[0]'],
      [{ nodeIds: Array.from({ length: 65 }, () => busiestNode()) }, 'nodeIds'],
      [{ addresses: [w.p], first: 101 }, 'first'],
    ];
    for (const [vars, argument] of cases) {
      const { data, errors } = await q(vars);
      // Refused before execution (no data) or, for checks that need the network, by the field itself (null).
      expect(data?.network?.rewards ?? null).toBeNull();
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    const badEnum = await q({ addresses: [w.p], currency: 'XYZ' as never });
    expect(badEnum.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(badEnum.errors![0]!.message).toMatch(/\$currency/);
    expect(api().total()).toBe(0);
  });

  it('answers partial data with a typed error when the upstream fails', async () => {
    api().setFault(ROUTE, { status: 429, retryAfter: 7 });
    const { data, errors } = await q({ addresses: [busiestWallet().p] });
    expect(data).toEqual({ network: { rewards: null } });
    expect(errors![0]!.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 7 });
  });

  it('reads an address with no rewards as an empty list', async () => {
    const w = mainnet().wallets.find((x) => rewardsOf(x).length === 0)!;
    const { data, errors } = await q({ addresses: [w.p] });
    expect(errors).toBeUndefined();
    expect(data!.network.rewards).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });
});
