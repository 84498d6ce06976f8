import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@avalanche-graph/identity';
import { EMPTY_ID, type PrimaryNetwork, type RewardOwner, type Validator } from '@avalanche-graph/sandbox';
import {
  DelegatorsWithValidatorsDocument,
  RewardsWithValidatorsDocument,
  ValidatorByNodeIdDocument,
  ValidatorLinksDocument,
  ValidatorNodeDocument,
  ValidatorsAndDelegatorsDocument,
  ValidatorsCurrentDelegatorsDocument,
  ValidatorsDocument,
  XChainAssetDocument,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';

const shared = useHarness();
const { h } = shared;

const mainnet = (): PrimaryNetwork => h.sandbox.world.primary.networks.mainnet;
const VALIDATORS = 'POST /ext/bc/P platform.getCurrentValidators';
const validatorCalls = () => shared.node.counts()[VALIDATORS] ?? 0;
const owners = (net: PrimaryNetwork, o: RewardOwner) => ({
  locktime: o.locktime.toString(),
  threshold: o.threshold,
  addresses: o.addrs.map((a) => net.walletsByHex.get(a.hex)!.p),
});
const activeDelegations = (v: Validator) => mainnet().delegations.filter((d) => d.period === v.current && d.status === 'active');

describe('validators (platform.getCurrentValidators)', () => {
  it('lists the primary network\'s validators with every member the node sends', async () => {
    const net = mainnet();
    const { data, errors } = await h.query(ValidatorsDocument, {});
    expect(errors).toBeUndefined();
    const list = data!.network.validators!;
    expect(new Set(list.map((v) => v.nodeId))).toEqual(new Set(net.validators.map((v) => v.nodeId)));
    for (const v of list) {
      const world = net.validators.find((w) => w.nodeId === v.nodeId)!;
      const p = world.current;
      const delegations = activeDelegations(world);
      expect(v).toMatchObject({
        subnetId: EMPTY_ID,
        network: 'MAINNET',
        txId: p.txId,
        validationId: null,
        startTime: p.start,
        endTime: p.end,
        weight: p.stake.toString(),
        potentialReward: p.potentialReward.toString(),
        delegationFee: p.shares / 10_000,
        uptime: world.uptime,
        connected: world.connected,
        validationRewardOwner: owners(net, p.validationRewardOwner),
        delegationRewardOwner: owners(net, p.delegationRewardOwner),
        signer: p.signer ? { publicKey: bytesToHex(p.signer.publicKey), proofOfPossession: bytesToHex(p.signer.proofOfPossession) } : null,
        delegatorCount: delegations.length,
        delegatorWeight: delegations.reduce((s, d) => s + d.amount, 0n).toString(),
        balance: null,
        remainingBalanceOwner: null,
      });
      expect(BigInt(v.accruedDelegateeReward!)).toBeGreaterThanOrEqual(0n);
    }
    expect(validatorCalls()).toBe(1);
  });

  it('lists an L1\'s validators with the L1 members, the staking ones null', async () => {
    const net = mainnet();
    const l1 = net.l1Validators[0]!;
    const { data, errors } = await h.query(ValidatorsDocument, { subnetId: l1.subnetId });
    expect(errors).toBeUndefined();
    const list = data!.network.validators!;
    const expected = net.l1Validators.filter((v) => v.subnetId === l1.subnetId);
    expect(list.map((v) => v.validationId).sort()).toEqual(expected.map((v) => v.validationId).sort());
    const v = list.find((x) => x.validationId === l1.validationId)!;
    expect(v).toMatchObject({
      nodeId: l1.nodeId,
      subnetId: l1.subnetId,
      txId: null,
      endTime: null,
      startTime: l1.startTime,
      weight: l1.weight.toString(),
      publicKey: bytesToHex(l1.publicKey),
      balance: l1.balance.toString(),
      minNonce: l1.minNonce.toString(),
      remainingBalanceOwner: owners(net, l1.remainingBalanceOwner),
      deactivationOwner: owners(net, l1.deactivationOwner),
      potentialReward: null,
      delegationFee: null,
      uptime: null,
      connected: null,
      validationRewardOwner: null,
    });
  });

  it('asks for the named node ids only, leaves unknown ones out, and refuses bad ids before any call', async () => {
    const net = mainnet();
    const [a, b] = [net.validators[0]!.nodeId, net.validators[1]!.nodeId];
    const unknown = net.l1Validators[0]!.nodeId;
    const { data } = await h.query(ValidatorsDocument, { nodeIds: [a, b, unknown, a] });
    expect(data!.network.validators!.map((v) => v.nodeId).sort()).toEqual([a, b].sort());
    expect(validatorCalls()).toBe(1);
    h.sandbox.reset();
    for (const vars of [{ nodeIds: ['NodeID-abc'] }, { subnetId: 'x' }]) {
      const { errors } = await h.query(ValidatorsDocument, vars);
      expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const bad = await h.query(ValidatorByNodeIdDocument, { nodeId: 'NodeID-' });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'nodeId' });
    expect(validatorCalls()).toBe(0);
  });

  it('reads one validator with its current delegators from one call, and null for a node that does not validate', async () => {
    const net = mainnet();
    const world = net.validators.find((v) => activeDelegations(v).length > 1)!;
    const { data, errors } = await h.query(ValidatorByNodeIdDocument, { nodeId: world.nodeId });
    expect(errors).toBeUndefined();
    const v = data!.network.validator!;
    expect(v.currentDelegators!.map((d) => d.txId).sort()).toEqual(activeDelegations(world).map((d) => d.txId).sort());
    const d = activeDelegations(world)[0]!;
    expect(v.currentDelegators!.find((x) => x.txId === d.txId)).toEqual({
      txId: d.txId,
      nodeId: world.nodeId,
      startTime: d.start,
      endTime: d.end,
      weight: d.amount.toString(),
      potentialReward: d.grossReward.toString(),
      rewardOwner: owners(net, d.rewardOwner),
      validator: { nodeId: world.nodeId },
    });
    expect(validatorCalls()).toBe(1);
    const none = await h.query(ValidatorByNodeIdDocument, { nodeId: net.l1Validators[0]!.nodeId });
    expect(none).toEqual({ data: { network: { validator: null } } });
    const l1 = await h.query(ValidatorByNodeIdDocument, { nodeId: net.l1Validators[0]!.nodeId, subnetId: net.l1Validators[0]!.subnetId });
    expect(l1.data!.network.validator).toMatchObject({ validationId: net.l1Validators[0]!.validationId, currentDelegators: null });
  });

  it('reads the delegators of validators listed together with one more call each (the node lists them per node id only)', async () => {
    const net = mainnet();
    const [a, b] = net.validators.filter((v) => activeDelegations(v).length > 0);
    const { data } = await h.query(ValidatorsCurrentDelegatorsDocument, { nodeIds: [a!.nodeId, b!.nodeId] });
    for (const v of data!.network.validators!) expect(v.currentDelegators).toHaveLength(v.delegatorCount!);
    expect(validatorCalls()).toBe(3);
  });

  it('refetches a validator and an asset description by global id', async () => {
    const world = mainnet().validators[2]!;
    const { data } = await h.query(ValidatorByNodeIdDocument, { nodeId: world.nodeId });
    const refetched = await h.query(ValidatorNodeDocument, { id: data!.network.validator!.id });
    expect(refetched.data!.node).toMatchObject({ __typename: 'Validator', nodeId: world.nodeId, weight: world.current.stake.toString() });
    const asset = await h.query(XChainAssetDocument, { id: 'AVAX' });
    const again = await h.query(ValidatorNodeDocument, { id: asset.data!.network.xChain.asset!.id });
    expect(again.data!.node).toEqual({ __typename: 'XChainAssetDetails', id: asset.data!.network.xChain.asset!.id, assetId: mainnet().avaxAssetId, symbol: 'AVAX' });
  });
});

describe('validators linked with the Data API', () => {
  it('pages a validator\'s delegations and rewards from the Data API', async () => {
    const net = mainnet();
    const world = net.validators.find((v) => net.rewards.filter((r) => r.nodeId === v.nodeId).length > 1 && activeDelegations(v).length > 1)!;
    const { data, errors } = await h.query(ValidatorLinksDocument, { nodeId: world.nodeId, status: 'ACTIVE', first: 2 });
    expect(errors).toBeUndefined();
    const v = data!.network.validator!;
    expect(v.delegators!.nodes).toHaveLength(2);
    expect(v.delegators!.nodes.every((d) => d.nodeId === world.nodeId && d.delegationStatus === 'ACTIVE' && d.validator!.nodeId === world.nodeId)).toBe(true);
    expect(v.delegators!.pageInfo.hasNextPage).toBe(activeDelegations(world).length > 2);
    expect(v.rewards!.nodes).toHaveLength(2);
    expect(v.rewards!.nodes.every((r) => r.nodeId === world.nodeId && r.validator!.nodeId === world.nodeId)).toBe(true);
    const sent = h.sandbox.services.dataApi.recent.map((r) => r.url);
    expect(sent.some((u) => u.includes('/delegators?') && u.includes(`nodeIds=${world.nodeId}`) && u.includes('delegationStatus=active'))).toBe(true);
    expect(sent.some((u) => u.includes('/rewards?') && u.includes(`nodeIds=${world.nodeId}`) && u.includes('currency=eur'))).toBe(true);
    // The validator and every linked validator: one node call.
    expect(validatorCalls()).toBe(1);
  });

  it('batches the validators of many delegations into one node call', async () => {
    const { data, errors } = await h.query(DelegatorsWithValidatorsDocument, { first: 60, status: 'ACTIVE' });
    expect(errors).toBeUndefined();
    const nodes = data!.network.delegators!.nodes;
    const distinct = new Set(nodes.map((d) => d.nodeId));
    expect(distinct.size).toBeGreaterThan(3);
    for (const d of nodes) {
      const world = mainnet().validators.find((v) => v.nodeId === d.nodeId)!;
      expect(d.validator).toEqual({ nodeId: d.nodeId, weight: world.current.stake.toString(), delegatorCount: activeDelegations(world).length });
    }
    expect(validatorCalls()).toBe(1);
  });

  it('links rewards to their validators in one call, null for nodes that no longer validate', async () => {
    const net = mainnet();
    const nodeIds = [...new Set(net.rewards.map((r) => r.nodeId))].slice(0, 8);
    const { data, errors } = await h.query(RewardsWithValidatorsDocument, { nodeIds, first: 50 });
    expect(errors).toBeUndefined();
    for (const r of data!.network.rewards!.nodes) {
      const current = net.validators.find((v) => v.nodeId === r.nodeId);
      expect(r.validator).toEqual(current ? { nodeId: r.nodeId, endTime: current.current.end } : null);
    }
    expect(validatorCalls()).toBe(1);
  });

  it('fails only the validators when the node answers an error, keeping the Data API part', async () => {
    h.sandbox.services.nodeMainnet.setFault(VALIDATORS, { status: 500, body: { code: -32000, message: 'validator set unavailable' } });
    const { data, errors } = await h.query(ValidatorsAndDelegatorsDocument, {});
    expect(data!.network.validators).toBeNull();
    expect(data!.network.delegators!.nodes).toHaveLength(2);
    expect(errors).toHaveLength(1);
    expect(errors![0]).toMatchObject({ path: ['network', 'validators'], extensions: { code: 'UPSTREAM_ERROR', service: 'node-rpc', rpcCode: -32000 } });
    expect(errors![0]!.message).toContain('validator set unavailable');
  });

  it('fails only the validator links when the node is unreachable', async () => {
    h.sandbox.services.nodeMainnet.setFault('POST /ext/bc/P', { reset: true });
    const { data, errors } = await h.query(DelegatorsWithValidatorsDocument, { first: 3, status: 'ACTIVE' });
    expect(data!.network.delegators!.nodes).toHaveLength(3);
    expect(data!.network.delegators!.nodes.every((d) => d.validator === null && d.txHash)).toBe(true);
    expect(errors!.length).toBe(3);
    expect(errors!.every((e) => e.extensions?.code === 'UPSTREAM_ERROR' && e.path?.at(-1) === 'validator')).toBe(true);
  });
});
