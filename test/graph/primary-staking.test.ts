import { describe, expect, it } from 'vitest';
import { WORLD_NOW, nodeVersionOf, type PrimaryNetwork, type RewardOwner } from '@avalanche-graph/sandbox';
import {
  AvaxSupplyDocument,
  PrimaryBalancesDocument,
  PrimaryNetworkDetailsDocument,
  PrimaryPendingRewardsDocument,
  ValidatorPendingRewardsDocument,
  type PrimaryPendingRewardsQuery,
  type PrimaryPendingRewardsQueryVariables,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const shared = useHarness({ keyPerTest: 'primary-staking' });
const { h } = shared;

const DETAILS = 'GET /v1/networks/{network}';
const SUPPLY = 'GET /v1/avax/supply';
const PENDING = 'GET /v1/networks/{network}/rewards:listPending';

const api = () => shared.dataApi;
const calls = (route: string) => api().counts()[route] ?? 0;
const mainnet = (): PrimaryNetwork => h.sandbox.world.primary.networks.mainnet;

type Node = NonNullable<PrimaryPendingRewardsQuery['network']['pendingRewards']>['edges'][number]['node'];

/** The world's staking now: current validators' periods and the delegations staking on them. */
function activeStake(net: PrimaryNetwork) {
  const validators = net.validators.filter((v) => v.current.start <= WORLD_NOW && WORLD_NOW < v.current.end);
  const delegations = net.delegations.filter((d) => validators.some((v) => v.current === d.period) && d.start <= WORLD_NOW && WORLD_NOW < d.end);
  return { validators, delegations };
}

interface Expected {
  txHash: string;
  rewardType: string;
  nodeId: string;
  owner: RewardOwner;
  start: number;
  amount: bigint;
}

/** Every reward an active period will pay: the validator's, and per delegation the delegator's and the fee. */
function expectedRewards(net: PrimaryNetwork): Expected[] {
  const { validators, delegations } = activeStake(net);
  const out: Expected[] = validators.map(({ current: p }) => ({ txHash: p.txId, rewardType: 'VALIDATOR', nodeId: p.nodeId, owner: p.validationRewardOwner, start: p.start, amount: p.potentialReward }));
  for (const d of delegations) {
    out.push({ txHash: d.txId, rewardType: 'DELEGATOR', nodeId: d.nodeId, owner: d.rewardOwner, start: d.start, amount: d.grossReward - d.feeReward });
    if (d.feeReward > 0n) out.push({ txHash: d.txId, rewardType: 'VALIDATOR_FEE', nodeId: d.nodeId, owner: d.period.delegationRewardOwner, start: d.start, amount: d.feeReward });
  }
  // The service's order: start of the staking period, then tx id and reward type.
  const tie = (e: Expected) => `${e.txHash}|${e.rewardType}`;
  return out.sort((a, b) => a.start - b.start || (tie(a) < tie(b) ? -1 : tie(a) > tie(b) ? 1 : 0));
}

const walk = (vars: PrimaryPendingRewardsQueryVariables, first: number): Promise<Node[]> =>
  walkConnection((after) => shared.query(PrimaryPendingRewardsDocument, { ...vars, first, after }), (d) => d.network.pendingRewards);

describe('Network.details', () => {
  it('counts the world\'s current validators and active delegations, their stake and rewards, in one call', async () => {
    const net = mainnet();
    const { data, errors } = await shared.query(PrimaryNetworkDetailsDocument, {});
    expect(errors).toBeUndefined();
    expect(calls(DETAILS)).toBe(1);
    const { validators, delegations } = activeStake(net);
    const validatorStake = validators.reduce((s, v) => s + v.current.stake, 0n);
    const delegatorStake = delegations.reduce((s, d) => s + d.amount, 0n);
    const d = data!.network.details!;
    expect(d.validatorDetails).toMatchObject({
      validatorCount: validators.length,
      totalAmountStaked: validatorStake.toString(),
      estimatedAnnualStakingReward: expectedRewards(net).reduce((s, r) => s + r.amount, 0n).toString(),
    });
    expect(d.delegatorDetails).toEqual({ delegatorCount: delegations.length, totalAmountStaked: delegatorStake.toString() });
    const byVersion = d.validatorDetails.stakingDistributionByVersion;
    expect(byVersion.reduce((s, v) => s + v.validatorCount, 0)).toBe(validators.length);
    expect(byVersion.reduce((s, v) => s + BigInt(v.amountStaked), 0n)).toBe(validatorStake);
    for (const v of byVersion) {
      const running = validators.filter((x) => nodeVersionOf(x.nodeId) === v.version);
      expect(v).toEqual({ version: v.version, validatorCount: running.length, amountStaked: running.reduce((s, x) => s + x.current.stake, 0n).toString() });
    }
    const amounts = byVersion.map((v) => BigInt(v.amountStaked));
    expect(amounts).toEqual([...amounts].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('agrees with the P-Chain: its validator set and current supply', async () => {
    const { data, errors } = await shared.query<any>(
      `{ network { details { validatorDetails { validatorCount stakingRatio } delegatorDetails { totalAmountStaked } }
         validators { nodeId weight } pChain { currentSupply } } }`,
    );
    expect(errors).toBeUndefined();
    const n = data.network;
    expect(n.details.validatorDetails.validatorCount).toBe(n.validators.length);
    const stake = n.validators.reduce((s: bigint, v: { weight: string }) => s + BigInt(v.weight), 0n) + BigInt(n.details.delegatorDetails.totalAmountStaked);
    const ratio = Number(n.details.validatorDetails.stakingRatio);
    expect(Math.abs(ratio - Number(stake) / Number(n.pChain.currentSupply))).toBeLessThan(1e-6);
  });

  it('follows the P-Chain when a validator leaves the current set', async () => {
    const nodeId = mainnet().validators[0]!.nodeId;
    h.sandbox.world.primary.removeValidator('mainnet', nodeId);
    try {
      const { data } = await shared.query(PrimaryNetworkDetailsDocument, {});
      expect(data!.network.details!.validatorDetails.validatorCount).toBe(activeStake(mainnet()).validators.length);
      expect(activeStake(mainnet()).validators.some((v) => v.nodeId === nodeId)).toBe(false);
    } finally {
      h.sandbox.world.primary.restoreValidator('mainnet', nodeId);
    }
  });
});

describe('Network.avaxSupply', () => {
  it('reports the P-Chain\'s current supply and the ledger\'s stake and locks, exactly and in nAVAX', async () => {
    const net = mainnet();
    const { data, errors } = await shared.query(AvaxSupplyDocument, {});
    expect(errors).toBeUndefined();
    expect(calls(SUPPLY)).toBe(1);
    const s = data!.network.avaxSupply!;
    expect(BigInt(s.totalSupply.nAvax!)).toBe(net.p.currentSupply);
    expect(s.totalSupply.avax).toMatch(/^\d+(\.\d+)?$/);
    expect(s.lastUpdated).toBe(WORLD_NOW);
    const rewards = net.rewards.reduce((sum, r) => sum + (r.utxo.output.type === 'secpTransfer' ? r.utxo.output.amount : 0n), 0n);
    expect(BigInt(s.totalRewards.nAvax!)).toBe(rewards);
    // The figures add up: circulating is what is neither staked, locked nor burned.
    const n = (q: { nAvax?: string | null }) => BigInt(q.nAvax!);
    expect(n(s.circulatingSupply)).toBe(n(s.totalSupply) - n(s.totalStaked) - n(s.totalLocked) - n(s.totalPBurned) - n(s.totalXBurned) - n(s.totalCBurned));
    expect(n(s.totalPBurned)).toBeGreaterThan(0n);
    expect(s.totalCBurned.avax.split('.')[1]?.length ?? 0).toBeGreaterThan(9);
  });

  it('agrees with the balances of every address: staked and locked AVAX', async () => {
    const net = mainnet();
    const p = await shared.query(PrimaryBalancesDocument, { blockchain: 'p-chain', addresses: net.wallets.map((w) => w.p) });
    const x = await shared.query(PrimaryBalancesDocument, { blockchain: 'x-chain', addresses: net.wallets.map((w) => w.x) });
    const { data } = await shared.query(AvaxSupplyDocument, {});
    const pb = p.data!.network.balances!;
    const xb = x.data!.network.balances!;
    if (pb.__typename !== 'PChainAddressBalances' || xb.__typename !== 'XChainAddressBalances') throw new Error('unexpected balance types');
    const avax = (lists: Array<Array<{ assetId: string; amount: string }>>) =>
      lists.flat().filter((a) => a.assetId === net.avaxAssetId).reduce((s, a) => s + BigInt(a.amount), 0n);
    expect(BigInt(data!.network.avaxSupply!.totalStaked.nAvax!)).toBe(avax([pb.unlockedStaked, pb.lockedStaked, pb.pendingStaked]));
    expect(BigInt(data!.network.avaxSupply!.totalLocked.nAvax!)).toBe(avax([pb.lockedPlatform, pb.lockedStakeable, xb.locked]));
  });

  it('is null on Fuji, without a call', async () => {
    const { data, errors } = await shared.query(AvaxSupplyDocument, { network: 'FUJI' });
    expect(errors).toBeUndefined();
    expect(data!.network.avaxSupply).toBeNull();
    expect(api().total()).toBe(0);
  });
});

describe('Network.pendingRewards', () => {
  it('walks a node\'s pending rewards with several page sizes, as the active periods will pay them', async () => {
    const net = mainnet();
    const expectedAll = expectedRewards(net);
    const counts = new Map<string, number>();
    for (const e of expectedAll) counts.set(e.nodeId, (counts.get(e.nodeId) ?? 0) + 1);
    const nodeId = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const expected = expectedAll.filter((e) => e.nodeId === nodeId);
    expect(expected.length).toBeGreaterThan(3);
    for (const first of [2, 10, 100]) {
      const nodes = await walk({ nodeIds: [nodeId] }, first);
      expect(nodes.map((n) => [n.txHash, n.rewardType, n.estimatedReward.amount])).toEqual(expected.map((e) => [e.txHash, e.rewardType, e.amount.toString()]));
    }
    const nodes = await walk({ nodeIds: [nodeId], sortOrder: 'DESC' }, 100);
    expect(nodes.map((n) => n.txHash)).toEqual([...expected].reverse().map((e) => e.txHash));
    for (const node of nodes) {
      expect(node.progress).toBeGreaterThanOrEqual(0);
      expect(node.progress).toBeLessThanOrEqual(100);
      expect(node.startTimestamp).toBeLessThanOrEqual(WORLD_NOW);
      expect(node.endTimestamp).toBeGreaterThan(WORLD_NOW);
      expect(node.estimatedReward).toMatchObject({ assetId: net.avaxAssetId, symbol: 'AVAX' });
    }
  });

  it('filters by reward address and links each reward to its validator in one P-Chain call', async () => {
    const net = mainnet();
    const expectedAll = expectedRewards(net);
    const wallet = [...net.wallets].sort(
      (a, b) => expectedAll.filter((e) => e.owner.addrs.some((k) => k.hex === b.key.hex)).length - expectedAll.filter((e) => e.owner.addrs.some((k) => k.hex === a.key.hex)).length,
    )[0]!;
    const expected = expectedAll.filter((e) => e.owner.addrs.some((k) => k.hex === wallet.key.hex));
    expect(new Set(expected.map((e) => e.nodeId)).size).toBeGreaterThan(1);
    const { data, errors } = await shared.query(PrimaryPendingRewardsDocument, { addresses: [wallet.x], first: 100, withValidator: true });
    expect(errors).toBeUndefined();
    const nodes = data!.network.pendingRewards!.edges.map((e) => e.node);
    expect(nodes.map((n) => n.txHash + n.rewardType)).toEqual(expected.map((e) => e.txHash + e.rewardType));
    for (const n of nodes) {
      expect(n.addresses).toContain(wallet.bare);
      expect(n.validator?.nodeId).toBe(n.nodeId);
    }
    expect(calls(PENDING)).toBe(1);
    expect(h.sandbox.services.nodeMainnet.counts()['POST /ext/bc/P platform.getCurrentValidators']).toBe(1);
  });

  it('is reachable from the validator', async () => {
    const net = mainnet();
    const nodeId = activeStake(net).validators[0]!.nodeId;
    const { data, errors } = await shared.query(ValidatorPendingRewardsDocument, { nodeId, first: 100 });
    expect(errors).toBeUndefined();
    const expected = expectedRewards(net).filter((e) => e.nodeId === nodeId);
    expect(data!.network.validator!.pendingRewards!.nodes.map((n) => [n.txHash, n.rewardType, n.estimatedReward.amount])).toEqual(
      expected.map((e) => [e.txHash, e.rewardType, e.amount.toString()]),
    );
  });

  it('refuses bad input naming the argument, before any upstream call', async () => {
    const w = mainnet().wallets[0]!;
    const cases: Array<[PrimaryPendingRewardsQueryVariables, string]> = [
      [{}, 'addresses'],
      [{ addresses: [], nodeIds: [] }, 'addresses'],
      [{ nodeIds: ['NodeID-nope'] }, 'nodeIds[0]'],
      [{ addresses: [`C-${w.bare}`] }, 'addresses[0]'],
      [{ nodeIds: Array.from({ length: 65 }, () => mainnet().validators[0]!.nodeId) }, 'nodeIds'],
      [{ addresses: [w.p], first: 101 }, 'first'],
      [{ addresses: [w.p], after: 'garbage' }, 'after'],
    ];
    for (const [vars, argument] of cases) {
      const { errors } = await shared.query(PrimaryPendingRewardsDocument, vars);
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(api().total()).toBe(0);
  });
});
