import { describe, expect, it } from 'vitest';
import type { PrimaryNetwork, XVertex } from '@avalanche-graph/sandbox';
import { PrimaryVerticesDocument, type PrimaryVerticesQuery, type PrimaryVerticesQueryVariables } from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const shared = useHarness({ keyPerTest: 'primary-vertices' });
const { h } = shared;

const ROUTE = 'GET /v1/networks/{network}/blockchains/{blockchainId}/vertices';
type Node = NonNullable<PrimaryVerticesQuery['network']['vertices']>['edges'][number]['node'];

const q = (vars: PrimaryVerticesQueryVariables) => shared.query(PrimaryVerticesDocument, vars);
const api = () => shared.dataApi;
const net = (name: 'mainnet' | 'fuji' = 'mainnet'): PrimaryNetwork => h.sandbox.world.primary.networks[name];

/** Latest first, as the service lists them. */
const latestFirst = (n: PrimaryNetwork): XVertex[] => [...n.x.vertices].sort((a, b) => b.height - a.height || (a.hash < b.hash ? 1 : -1));

const walk = (vars: PrimaryVerticesQueryVariables, first: number): Promise<Node[]> =>
  walkConnection((after) => q({ ...vars, first, after }), (d) => d.network.vertices);

describe('Network.vertices', () => {
  it('walks the whole DAG latest first with several page sizes, every field as the world holds it', async () => {
    const expected = latestFirst(net());
    expect(expected.length).toBeGreaterThan(10);
    for (const size of [4, 10, 100]) {
      const nodes = await walk({}, size);
      expect(nodes.map((n) => n.vertexHash)).toEqual(expected.map((v) => v.hash));
    }
    const nodes = await walk({}, 100);
    nodes.forEach((node, i) => {
      const v = expected[i]!;
      expect(node).toEqual({
        vertexHash: v.hash,
        parentHashes: v.parentHashes,
        vertexHeight: String(v.height),
        vertexIndex: String(v.index),
        vertexTimestamp: v.time,
        txCount: v.txIds.length,
        transactions: v.txIds,
        vertexSizeBytes: v.bytes.length,
      });
    });
    expect(api().recent.at(-1)!.url).toBe(`/v1/networks/mainnet/blockchains/${net().chainIds.X}/vertices?pageSize=100`);
  });

  it('resumes after a cursor in the middle of an upstream page', async () => {
    const expected = latestFirst(net());
    const first = await q({ first: 8 });
    const next = await q({ first: 6, after: first.data!.network.vertices!.edges[4]!.cursor });
    expect(next.data!.network.vertices!.edges.map((e) => e.node.vertexHash)).toEqual(expected.slice(5, 11).map((v) => v.hash));
  });

  it('accepts the X-Chain by id, on Fuji too', async () => {
    const fuji = net('fuji');
    const nodes = await walk({ network: 'FUJI', blockchain: fuji.chainIds.X }, 50);
    expect(nodes.map((n) => n.vertexHash)).toEqual(latestFirst(fuji).map((v) => v.hash));
    expect(api().recent.at(-1)!.url).toBe(`/v1/networks/fuji/blockchains/${fuji.chainIds.X}/vertices?pageSize=50`);
  });

  it('refuses another chain, a bad id or a bad page size before any upstream call', async () => {
    const cases: Array<[PrimaryVerticesQueryVariables, string]> = [
      [{ blockchain: 'p-chain' }, 'blockchain'],
      [{ blockchain: net().chainIds.C }, 'blockchain'],
      [{ blockchain: net('fuji').chainIds.X }, 'blockchain'],
      [{ blockchain: 'x' }, 'blockchain'],
      [{ first: 101 }, 'first'],
    ];
    for (const [vars, argument] of cases) {
      const { data, errors } = await q(vars);
      // Refused before execution (no data) or, for checks that need the network, by the field itself (null).
      expect(data?.network?.vertices ?? null).toBeNull();
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(api().total()).toBe(0);
  });

  it('answers partial data with a typed error when the upstream fails', async () => {
    api().setFault(ROUTE, { malformed: true });
    const { data, errors } = await q({});
    expect(data).toEqual({ network: { vertices: null } });
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api' });
  });
});
