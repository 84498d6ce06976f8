/**
 * The official Data API client (`@avalanche-sdk/chainkit`) against the simulated validator, subnet
 * and L1 validator endpoints. The client validates every response with its own schemas; the data
 * must also be the world's: the validators listed are the P-Chain's, the L1 validators those the
 * P-Chain registered, the subnets those of the registered blockchains.
 */
import { BadRequestError, NotFoundError } from '@avalanche-sdk/chainkit/models/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_ID, WORLD_NOW, type PrimaryNetwork } from '@avalanche-graph/sandbox';
import { useChainkit } from '../support/chainkit.js';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox();
const { sdk, at } = useChainkit(sandbox);
let net: PrimaryNetwork;

beforeAll(() => {
  net = sandbox.world.primary.networks.mainnet;
});

/** Every validation the world has: the current one of each validator and its completed ones. */
const validations = () => net.validators.flatMap((v) => [v.current, ...v.past]);
const activeDelegations = (txId: string) => net.delegations.filter((d) => d.period.txId === txId && d.status === 'active');

describe('validators', () => {
  it('listValidators pages through every validation of the P-Chain\'s validators, in block order', async () => {
    const seen: Array<{ txHash: string; validationStatus: string; nodeId: string; amountStaked: string }> = [];
    for await (const page of await sdk.data.primaryNetwork.listValidators({ network: 'mainnet', pageSize: 7 }, at)) {
      seen.push(...page.result.validators);
    }
    expect(seen.map((v) => v.txHash).sort()).toEqual(validations().map((p) => p.txId).sort());
    const height = (txHash: string) => net.p.txsById.get(txHash)!.blockHeight;
    expect(seen.map((v) => height(v.txHash))).toEqual(seen.map((v) => height(v.txHash)).sort((a, b) => a - b));
    for (const v of net.validators) {
      const row = seen.find((r) => r.txHash === v.current.txId)!;
      expect(row).toMatchObject({ validationStatus: 'active', nodeId: v.nodeId, amountStaked: v.current.stake.toString() });
    }
  });

  it('listValidators reports an active validation as the node does: stake, fee, delegations, uptime', async () => {
    const v = net.validators.find((x) => activeDelegations(x.current.txId).length > 0)!;
    const { result } = await sdk.data.primaryNetwork.listValidators({ network: 'mainnet', nodeIds: v.nodeId, validationStatus: 'active' }, at);
    expect(result.validators).toHaveLength(1);
    const row = result.validators[0]!;
    if (row.validationStatus !== 'active') throw new Error('expected an active validation');
    const delegated = activeDelegations(v.current.txId).reduce((s, d) => s + d.amount, 0n);
    expect(row).toMatchObject({
      txHash: v.current.txId,
      subnetId: EMPTY_ID,
      delegationFee: (v.current.shares / 10_000).toFixed(4),
      startTimestamp: v.current.start,
      endTimestamp: v.current.end,
      delegatorCount: activeDelegations(v.current.txId).length,
      amountDelegated: delegated.toString(),
      uptimePerformance: v.uptime,
    });
    expect(row.potentialRewards.validationRewardAmount).toBe(v.current.potentialReward.toString());
    expect(BigInt(row.delegationCapacity!) + delegated + v.current.stake).toBeLessThanOrEqual(5n * v.current.stake);
  });

  it('listValidators filters and sorts as asked, and refuses what the description does not allow', async () => {
    const { result: byUptime } = await sdk.data.primaryNetwork.listValidators(
      { network: 'mainnet', validationStatus: 'active', minUptimePerformance: 97, sortBy: 'uptimePerformance', sortOrder: 'desc', pageSize: 100 },
      at,
    );
    const expected = net.validators.filter((v) => v.uptime >= 97).map((v) => v.uptime).sort((a, b) => b - a);
    expect(byUptime.validators.map((v) => (v.validationStatus === 'active' ? v.uptimePerformance : -1))).toEqual(expected);
    const { result: completed } = await sdk.data.primaryNetwork.listValidators({ network: 'mainnet', validationStatus: 'completed', pageSize: 100 }, at);
    const past = net.validators.flatMap((v) => v.past);
    expect(completed.validators.map((v) => v.txHash).sort()).toEqual(past.map((p) => p.txId).sort());
    for (const row of completed.validators) {
      if (row.validationStatus !== 'completed') throw new Error('expected a completed validation');
      const p = past.find((x) => x.txId === row.txHash)!;
      expect(row.rewards).toMatchObject({ validationRewardAmount: p.potentialReward.toString(), rewardTxHash: p.rewardTxId });
    }
    const { result: ending } = await sdk.data.primaryNetwork.listValidators({ network: 'mainnet', maxTimeRemaining: 30 * 86_400, validationStatus: 'active', pageSize: 100 }, at);
    expect(ending.validators.map((v) => v.nodeId).sort()).toEqual(net.validators.filter((v) => v.current.end - WORLD_NOW <= 30 * 86_400).map((v) => v.nodeId).sort());
    await expect(sdk.data.primaryNetwork.listValidators({ network: 'mainnet', minFeePercentage: 1 }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.data.primaryNetwork.listValidators({ network: 'mainnet', minUptimePerformance: 90, maxUptimePerformance: 80 }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.data.primaryNetwork.listValidators({ network: 'mainnet', subnetId: 'not-cb58' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });

  it('getValidatorDetails lists the validations of one node, newest first when asked', async () => {
    const v = net.validators.find((x) => x.past.length > 0)!;
    const { result } = await sdk.data.primaryNetwork.getValidatorDetails({ network: 'mainnet', nodeId: v.nodeId, sortOrder: 'desc' }, at);
    expect(result.validators.map((r) => r.txHash)).toEqual([v.current, ...v.past].sort((a, b) => b.start - a.start).map((p) => p.txId));
    const { result: active } = await sdk.data.primaryNetwork.getValidatorDetails({ network: 'mainnet', nodeId: v.nodeId, validationStatus: 'active' }, at);
    expect(active.validators.map((r) => r.txHash)).toEqual([v.current.txId]);
    await expect(sdk.data.primaryNetwork.getValidatorDetails({ network: 'mainnet', nodeId: 'NodeID-nope' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('subnets', () => {
  it('listSubnets pages through the primary network and the subnets of every registered blockchain', async () => {
    const seen: string[] = [];
    for await (const page of await sdk.data.primaryNetwork.listSubnets({ network: 'mainnet', pageSize: 4 }, at)) {
      seen.push(...page.result.subnets.map((s) => s.subnetId));
    }
    expect(seen.sort()).toEqual([...new Set(net.blockchains.map((b) => b.subnetId))].sort());
  });

  it('getSubnetById reads a subnet with its blockchains, owner and L1 conversion', async () => {
    const l1 = net.l1Validators[0]!;
    const subnet = await sdk.data.primaryNetwork.getSubnetById({ network: 'mainnet', subnetId: l1.subnetId }, at);
    expect(subnet.blockchains.map((b) => b.blockchainId).sort()).toEqual(net.blockchains.filter((b) => b.subnetId === l1.subnetId).map((b) => b.id).sort());
    expect(subnet.isL1).toBe(true);
    const conversion = net.p.txs.find((t) => t.type === 'ConvertSubnetToL1Tx' && t.subnetId === l1.subnetId)!;
    expect(subnet.l1ConversionTransactionHash).toBe(conversion.id);
    expect(subnet.l1ValidatorManagerDetails!.blockchainId).toBe(l1.blockchainId);
    const created = net.p.txsById.get(l1.subnetId)!;
    expect(subnet).toMatchObject({ createBlockTimestamp: created.time, createBlockIndex: String(created.blockHeight) });
    expect(subnet.subnetOwnershipInfo.addresses).toEqual(created.subnetOwner!.addrs.map((a) => net.walletsByHex.get(a.hex)!.bare));
    const primary = await sdk.data.primaryNetwork.getSubnetById({ network: 'mainnet', subnetId: EMPTY_ID }, at);
    expect(primary.isL1).toBe(false);
    expect(primary.blockchains.map((b) => b.blockchainId).sort()).toEqual([net.chainIds.X, net.chainIds.C].sort());
    await expect(sdk.data.primaryNetwork.getSubnetById({ network: 'mainnet', subnetId: net.chainIds.X.replace(/.$/, 'z') }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.data.primaryNetwork.getSubnetById({ network: 'mainnet', subnetId: net.p.txs.find((t) => t.type === 'BaseTx')!.id }, at)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('L1 validators', () => {
  it('listL1Validators pages through the active L1 validators, and the inactive ones when asked', async () => {
    const seen: string[] = [];
    for await (const page of await sdk.data.primaryNetwork.listL1Validators({ network: 'mainnet', pageSize: 3 }, at)) {
      expect(page.result.blockHeight).toBe(String(net.p.blocks.length - 1));
      seen.push(...page.result.validators.map((v) => v.validationId));
    }
    expect(seen.sort()).toEqual(net.l1Validators.filter((v) => v.balance > 0n).map((v) => v.validationId).sort());
    // Fuji's world has an L1 validator whose balance ran out: listed only with includeInactiveL1Validators.
    const fuji = sandbox.world.primary.networks.fuji;
    const inactive = fuji.l1Validators.filter((v) => v.balance === 0n).map((v) => v.validationId);
    expect(inactive.length).toBeGreaterThan(0);
    const active = await sdk.data.primaryNetwork.listL1Validators({ network: 'fuji', pageSize: 100 }, at);
    expect(active.result.validators.map((v) => v.validationId).sort()).toEqual(fuji.l1Validators.filter((v) => v.balance > 0n).map((v) => v.validationId).sort());
    const all = await sdk.data.primaryNetwork.listL1Validators({ network: 'fuji', pageSize: 100, includeInactiveL1Validators: true }, at);
    expect(all.result.validators.map((v) => v.validationId).sort()).toEqual(fuji.l1Validators.map((v) => v.validationId).sort());
    expect(all.result.validators.filter((v) => v.remainingBalance === 0).map((v) => v.validationId)).toEqual(inactive);
  });

  it('listL1Validators filters by subnet, node and validation id, with the world\'s weight and balance', async () => {
    const v = net.l1Validators.find((x) => x.balance > 0n)!;
    const { result: bySubnet } = await sdk.data.primaryNetwork.listL1Validators({ network: 'mainnet', subnetId: v.subnetId, includeInactiveL1Validators: true, pageSize: 100 }, at);
    expect(bySubnet.validators.map((x) => x.nodeId).sort()).toEqual(net.l1Validators.filter((x) => x.subnetId === v.subnetId).map((x) => x.nodeId).sort());
    const { result: byNode } = await sdk.data.primaryNetwork.listL1Validators({ network: 'mainnet', nodeId: v.nodeId }, at);
    expect(byNode.validators).toHaveLength(1);
    expect(byNode.validators[0]).toMatchObject({ validationId: v.validationId, subnetId: v.subnetId, weight: Number(v.weight), remainingBalance: Number(v.balance), creationTimestamp: v.startTime });
    const { result: byId } = await sdk.data.primaryNetwork.listL1Validators({ network: 'mainnet', l1ValidationId: v.validationId }, at);
    expect(byId.validators.map((x) => x.nodeId)).toEqual([v.nodeId]);
    await expect(sdk.data.primaryNetwork.listL1Validators({ network: 'mainnet', nodeId: 'node-1' }, at)).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.data.primaryNetwork.listL1Validators({ network: 'mainnet', l1ValidationId: 'x' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });
});
