import { describe, expect, it } from 'vitest';
import type { Delegation, PrimaryNetwork } from '@avalanche-graph/sandbox';
import { PrimaryDelegatorsDocument, type PrimaryDelegatorsQuery, type PrimaryDelegatorsQueryVariables } from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const shared = useHarness({ keyPerTest: 'primary-delegators' });
const { h } = shared;

const ROUTE = 'GET /v1/networks/{network}/delegators';
type Node = NonNullable<PrimaryDelegatorsQuery['network']['delegators']>['edges'][number]['node'];

const q = (vars: PrimaryDelegatorsQueryVariables) => shared.query(PrimaryDelegatorsDocument, vars);
const api = () => shared.dataApi;
const mainnet = (): PrimaryNetwork => h.sandbox.world.primary.networks.mainnet;

/** The service's order: start of the delegation, oldest first, ties by tx id. */
const ordered = (list: Delegation[]) => [...list].sort((a, b) => a.start - b.start || (a.txId < b.txId ? -1 : 1));

function busiestNode(): string {
  const count = (id: string) => mainnet().delegations.filter((d) => d.nodeId === id).length;
  return [...new Set(mainnet().delegations.map((d) => d.nodeId))].sort((a, b) => count(b) - count(a))[0]!;
}

const walk = (vars: PrimaryDelegatorsQueryVariables, first: number): Promise<Node[]> =>
  walkConnection((after) => q({ ...vars, first, after }), (d) => d.network.delegators);

/** What a delegation looks like in the graph: paid rewards when completed, estimates otherwise. */
function expectedNode(d: Delegation) {
  const completed = d.status === 'completed';
  const net = (d.grossReward - d.feeReward).toString();
  return {
    txHash: d.txId,
    nodeId: d.nodeId,
    delegationStatus: d.status.toUpperCase(),
    amountDelegated: d.amount.toString(),
    delegationFee: (d.period.shares / 10_000).toFixed(4),
    startTimestamp: d.start,
    endTimestamp: d.end,
    grossReward: completed ? d.grossReward.toString() : null,
    netReward: completed ? net : null,
    estimatedGrossReward: completed ? null : d.grossReward.toString(),
    estimatedNetReward: completed ? null : net,
  };
}

describe('Network.delegators', () => {
  it('walks every delegation of the network with several page sizes, every field as the world holds it', async () => {
    const expected = ordered(mainnet().delegations);
    expect(new Set(expected.map((d) => d.status))).toEqual(new Set(['active', 'completed', 'pending']));
    for (const size of [10, 33, 100]) {
      const nodes = await walk({}, size);
      expect(nodes.map((n) => n.txHash)).toEqual(expected.map((d) => d.txId));
    }
    const nodes = await walk({}, 100);
    nodes.forEach((node, i) => expect(node).toMatchObject(expectedNode(expected[i]!)));
  });

  it('filters by status, node and reward address, forwarding each filter', async () => {
    const nodeId = busiestNode();
    for (const status of ['ACTIVE', 'COMPLETED', 'PENDING'] as const) {
      const nodes = await walk({ delegationStatus: status, sortOrder: 'DESC' }, 100);
      const expected = ordered(mainnet().delegations.filter((d) => d.status === status.toLowerCase())).reverse();
      expect(nodes.map((n) => n.txHash)).toEqual(expected.map((d) => d.txId));
      expect(api().recent.at(-1)!.url).toBe(`/v1/networks/mainnet/delegators?delegationStatus=${status.toLowerCase()}&sortOrder=desc&pageSize=100`);
    }
    const d = ordered(mainnet().delegations.filter((x) => x.nodeId === nodeId))[0]!;
    const owner = mainnet().wallets.find((w) => d.rewardOwner.addrs.some((a) => a.hex === w.key.hex))!;
    const nodes = await walk({ nodeIds: [nodeId], rewardAddresses: [owner.p] }, 10);
    const expected = ordered(
      mainnet().delegations.filter((x) => x.nodeId === nodeId && x.rewardOwner.addrs.some((a) => a.hex === owner.key.hex)),
    );
    expect(nodes.map((n) => n.txHash)).toEqual(expected.map((x) => x.txId));
    expect(nodes.every((n) => n.rewardAddresses.includes(owner.bare))).toBe(true);
    expect(api().recent.at(-1)!.url).toBe(`/v1/networks/mainnet/delegators?rewardAddresses=${owner.bare}&nodeIds=${nodeId}&pageSize=10`);
  });

  it('resumes after a cursor in the middle of an upstream page', async () => {
    const expected = ordered(mainnet().delegations);
    const first = await q({ first: 20 });
    const next = await q({ first: 15, after: first.data!.network.delegators!.edges[12]!.cursor });
    expect(next.data!.network.delegators!.edges.map((e) => e.node.txHash)).toEqual(expected.slice(13, 28).map((d) => d.txId));
  });

  it('reads Fuji delegations', async () => {
    const nodes = await walk({ network: 'FUJI' }, 100);
    expect(nodes.map((n) => n.txHash)).toEqual(ordered(h.sandbox.world.primary.networks.fuji.delegations).map((d) => d.txId));
  });

  it('refuses bad input naming the argument, before any upstream call', async () => {
    const fuji = h.sandbox.world.primary.networks.fuji.wallets[0]!;
    const cases: Array<[PrimaryDelegatorsQueryVariables, string]> = [
      [{ rewardAddresses: [fuji.p] }, 'rewardAddresses[0]'],
      [{ rewardAddresses: ['0x0000000000000000000000000000000000000000'] }, 'rewardAddresses[0]'],
      [{ nodeIds: ['NodeID-'] }, 'nodeIds[0]'],
      [{ delegationStatus: 'UNKNOWN' }, 'delegationStatus'],
      [{ first: 0 }, 'first'],
    ];
    for (const [vars, argument] of cases) {
      const { data, errors } = await q(vars);
      // Refused before execution (no data) or, for checks that need the network, by the field itself (null).
      expect(data?.network?.delegators ?? null).toBeNull();
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    const badEnum = await q({ delegationStatus: 'RETIRED' as never });
    expect(badEnum.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(api().total()).toBe(0);
  });

  it('answers partial data with a typed error when the upstream fails', async () => {
    api().setFault(ROUTE, { status: 502 });
    const { data, errors } = await q({ nodeIds: [busiestNode()] });
    expect(data).toEqual({ network: { delegators: null } });
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api', status: 502 });
  });
});
