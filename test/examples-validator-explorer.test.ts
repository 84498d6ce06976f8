/**
 * The validator-explorer example page (examples/validator-explorer-page.graphql) against the
 * sandbox: it answers without errors, agrees with the simulated world (the Data API's list and the
 * P-Chain's validators are the same validators), and costs the same upstream calls whatever its
 * page size.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { guardOperation } from '../src/plugins/operation-guard.js';
import { schema } from '../src/schema/index.js';
import { EMPTY_ID } from '@avalanche-graph/sandbox';
import { ValidatorExplorerPageDocument } from './gql/graphql.js';
import { useHarness } from './support/harness.js';

const shared = useHarness({ keyPerTest: 'validator-explorer-example' });
const { h } = shared;

describe('validator explorer page', () => {
  it('lists active validators by uptime with stake, capacity, P-Chain uptime, delegators and subnet, in a fixed number of calls', async () => {
    const mainnet = h.sandbox.world.primary.networks.mainnet;
    const document = readFileSync(new URL('../examples/validator-explorer-page.graphql', import.meta.url), 'utf8');
    for (const first of [5, 20]) {
      shared.freshKey();
      h.sandbox.reset();
      const { data, errors } = await shared.query(ValidatorExplorerPageDocument, { first, minUptime: 90 });
      expect(errors).toBeUndefined();
      const page = data!.network.validatorList!;
      const expected = mainnet.validators.filter((v) => v.uptime >= 90).sort((a, b) => b.uptime - a.uptime);
      expect(page.nodes.map((n) => n.nodeId)).toEqual(expected.slice(0, first).map((v) => v.nodeId));
      expect(page.pageInfo.hasNextPage).toBe(expected.length > first);
      for (const node of page.nodes) {
        const v = mainnet.validators.find((x) => x.nodeId === node.nodeId)!;
        const active = mainnet.delegations.filter((d) => d.period === v.current && d.status === 'active').sort((a, b) => a.start - b.start || (a.txId < b.txId ? -1 : 1));
        expect(node).toMatchObject({
          amountStaked: v.current.stake.toString(),
          amountDelegated: active.reduce((s, d) => s + d.amount, 0n).toString(),
          delegationFee: v.current.shares / 10_000,
          uptimePerformance: v.uptime,
          uptime: v.uptime,
          connected: v.connected,
          endTimestamp: v.current.end,
          subnet: { subnetId: EMPTY_ID, isL1: false },
        });
        expect(node.potentialRewards!.validationRewardAmount).toBe(v.current.potentialReward.toString());
        expect(node.delegators!.nodes.map((d) => d.txHash)).toEqual(active.slice(0, 3).map((d) => d.txId));
        expect(node.delegators!.pageInfo.hasNextPage).toBe(active.length > 3);
      }
      // Data API: the validator list, one delegator list for the whole page, the primary network's
      // subnet. Node: one platform.getCurrentValidators for every validator's P-Chain fields.
      expect(shared.dataApi.total()).toBe(3);
      expect(shared.node.counts()).toEqual({ 'POST /ext/bc/P': 1, 'POST /ext/bc/P platform.getCurrentValidators': 1 });
      // The operation guard's estimate bounds what the page really costs.
      const { cost } = guardOperation(schema, parse(document), undefined, { first, minUptime: 90 }, Infinity);
      expect(cost).toBeGreaterThanOrEqual(shared.dataApi.total() + 1);
      expect(cost).toBeLessThan(h.config.maxEstimatedUpstreamCalls);
    }
  });
});
