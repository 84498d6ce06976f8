/**
 * The Data API's validators, subnets and L1 validators in the graph, against the world: the
 * validator list (every filter and sort forwarded, every argument checked before any call), its
 * join with the P-Chain's `Validator` (each source read only when one of its fields is selected),
 * the fixed number of calls of a validator page with its delegators, uptime and subnet, subnets
 * linked with blockchains, chains and validators, and L1 validators from the Data API and from
 * the L1's node as one type.
 */
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@avalanche-graph/identity';
import { EMPTY_ID, WORLD_NOW, type Delegation, type PrimaryNetwork, type ValidationPeriod } from '@avalanche-graph/sandbox';
import {
  BlockchainSubnetDocument,
  ChainL1ValidatorsJoinedDocument,
  L1ValidatorListDocument,
  SubnetByIdDocument,
  SubnetNodeDocument,
  SubnetsDocument,
  ValidatorDelegatorsPageDocument,
  ValidatorListDocument,
  ValidatorListJoinedDocument,
  ValidatorListPChainOnlyDocument,
  ValidatorUptimeOnlyDocument,
  ValidatorWithDetailsDocument,
  ValidatorsWithDetailsDocument,
  type L1ValidatorListQueryVariables,
  type SubnetsQueryVariables,
  type ValidatorListQueryVariables,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const shared = useHarness({ keyPerTest: 'validators-data-api' });
const { h } = shared;

const LIST = 'GET /v1/networks/{network}/validators';
const DETAILS = 'GET /v1/networks/{network}/validators/{nodeId}';
const DELEGATORS = 'GET /v1/networks/{network}/delegators';
const SUBNET = 'GET /v1/networks/{network}/subnets/{subnetId}';
const L1_LIST = 'GET /v1/networks/{network}/l1Validators';
const P_VALIDATORS = 'POST /ext/bc/P platform.getCurrentValidators';

const mainnet = (): PrimaryNetwork => h.sandbox.world.primary.networks.mainnet;
const fuji = (): PrimaryNetwork => h.sandbox.world.primary.networks.fuji;
const dataApiCalls = (route?: string) => (route ? (shared.dataApi.counts()[route] ?? 0) : shared.dataApi.total());
const nodeCalls = () => shared.node.counts()[P_VALIDATORS] ?? 0;
const bare = (net: PrimaryNetwork, hex: string) => net.walletsByHex.get(hex)!.bare;
/** A P-Chain address as the graph prints owners: with the `P-` prefix. */
const pAddress = (net: PrimaryNetwork, hex: string) => net.walletsByHex.get(hex)!.p;

/** Every validation of the world's validators, in the list's default order (P-Chain block, then tx id). */
function validations(net: PrimaryNetwork): Array<{ period: ValidationPeriod; status: 'active' | 'completed' }> {
  const all = net.validators.flatMap((v) => [{ period: v.current, status: 'active' as const }, ...v.past.map((period) => ({ period, status: 'completed' as const }))]);
  const height = (p: ValidationPeriod) => net.p.txsById.get(p.txId)!.blockHeight;
  return all.sort((a, b) => height(a.period) - height(b.period) || (a.period.txId < b.period.txId ? -1 : 1));
}

const delegationsTo = (net: PrimaryNetwork, p: ValidationPeriod, statuses: Delegation['status'][]) => net.delegations.filter((d) => d.period === p && statuses.includes(d.status));
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

const walk = (vars: ValidatorListQueryVariables, first: number) =>
  walkConnection((after) => shared.query(ValidatorListDocument, { ...vars, first, after }), (d) => d.network.validatorList);

describe('Network.validatorList', () => {
  it('walks every validation of the P-Chain\'s validators with several page sizes, every field as the world holds it', async () => {
    const net = mainnet();
    const expected = validations(net);
    for (const size of [7, 100]) {
      const nodes = await walk({}, size);
      expect(nodes.map((n) => n.txHash)).toEqual(expected.map((e) => e.period.txId));
    }
    const nodes = await walk({}, 100);
    nodes.forEach((node, i) => {
      const { period: p, status } = expected[i]!;
      const v = net.validators.find((x) => x.nodeId === p.nodeId)!;
      expect(node).toMatchObject({
        nodeId: p.nodeId,
        subnetId: EMPTY_ID,
        network: 'MAINNET',
        validationStatus: status.toUpperCase(),
        amountStaked: p.stake.toString(),
        startTimestamp: p.start,
        endTimestamp: p.end,
        delegationFee: p.shares / 10_000,
        signer: p.signer ? { publicKey: bytesToHex(p.signer.publicKey), proofOfPossession: bytesToHex(p.signer.proofOfPossession) } : null,
      });
      const rewardAddresses = p.validationRewardOwner.addrs.map((a) => bare(net, a.hex));
      if (status === 'active') {
        const active = delegationsTo(net, p, ['active']);
        expect(node).toMatchObject({ delegatorCount: active.length, amountDelegated: sum(active.map((d) => d.amount)).toString(), uptimePerformance: v.uptime, paidRewards: null });
        expect(node.potentialRewards).toEqual({
          validationRewardAmount: p.potentialReward.toString(),
          delegationRewardAmount: sum(delegationsTo(net, p, ['active', 'pending']).map((d) => d.feeReward)).toString(),
          rewardAddresses,
          rewardTxHash: null,
        });
        expect(BigInt(node.delegationCapacity!)).toBeGreaterThanOrEqual(0n);
        expect(node.validatorHealth!.reachabilityPercent).toBe(v.connected ? 100 : 0);
      } else {
        const completed = delegationsTo(net, p, ['completed']);
        expect(node).toMatchObject({ delegatorCount: completed.length, uptimePerformance: null, potentialRewards: null, delegationCapacity: null, geolocation: null });
        expect(node.paidRewards).toEqual({
          validationRewardAmount: p.potentialReward.toString(),
          delegationRewardAmount: sum(completed.map((d) => d.feeReward)).toString(),
          rewardAddresses,
          rewardTxHash: p.rewardTxId,
        });
      }
    });
    // The rows carried every field: no P-Chain call, no per-node Data API call.
    expect(nodeCalls()).toBe(0);
    expect(dataApiCalls(DETAILS)).toBe(0);
  });

  it('forwards every filter and sort, and answers what the world holds for them', async () => {
    const net = mainnet();
    const byUptime = await walk({ validationStatus: 'ACTIVE', minUptimePerformance: 97.5, sortBy: 'UPTIME_PERFORMANCE', sortOrder: 'DESC' }, 100);
    expect(byUptime.map((n) => n.uptimePerformance)).toEqual(net.validators.filter((v) => v.uptime >= 97.5).map((v) => v.uptime).sort((a, b) => b - a));
    expect(shared.dataApi.recent.at(-1)!.url).toBe('/v1/networks/mainnet/validators?validationStatus=active&minUptimePerformance=97.5&sortBy=uptimePerformance&sortOrder=desc&pageSize=100');

    const month = 30 * 86_400;
    const ending = await walk({ validationStatus: 'ACTIVE', maxTimeRemaining: month, minFeePercentage: 2.5, subnetId: EMPTY_ID }, 100);
    const expected = net.validators.filter((v) => v.current.end - WORLD_NOW <= month && v.current.shares / 10_000 >= 2.5).map((v) => v.nodeId);
    expect(ending.map((n) => n.nodeId).sort()).toEqual(expected.sort());
    expect(shared.dataApi.recent.at(-1)!.url).toContain(`maxTimeRemaining=${month}&minFeePercentage=2.5`);

    const [a, b] = net.validators;
    const two = await walk({ nodeIds: [a!.nodeId, b!.nodeId, a!.nodeId], validationStatus: 'COMPLETED' }, 100);
    expect(two.map((n) => n.txHash).sort()).toEqual([...a!.past, ...b!.past].map((p) => p.txId).sort());
    expect(shared.dataApi.recent.at(-1)!.url).toContain(`nodeIds=${a!.nodeId}%2C${b!.nodeId}&validationStatus=completed`);

    const capacity = await walk({ validationStatus: 'ACTIVE', minDelegationCapacity: '1', sortBy: 'DELEGATION_CAPACITY' }, 100);
    const capacities = capacity.map((n) => BigInt(n.delegationCapacity!));
    expect(capacities).toEqual([...capacities].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    expect(capacities.every((c) => c >= 1n)).toBe(true);

    const byFee = await walk({ validationStatus: 'ACTIVE', sortBy: 'DELEGATION_FEE', subnetId: EMPTY_ID, sortOrder: 'DESC' }, 100);
    expect(byFee.map((n) => n.delegationFee)).toEqual(net.validators.map((v) => v.current.shares / 10_000).sort((x, y) => y - x));
  });

  it('refuses bad arguments before any call, naming the argument', async () => {
    const cases: Array<[ValidatorListQueryVariables, string]> = [
      [{ nodeIds: ['NodeID-abc'] }, 'nodeIds[0]'],
      [{ subnetId: 'not-an-id' }, 'subnetId'],
      [{ validationStatus: 'UNKNOWN' }, 'validationStatus'],
      [{ minFeePercentage: 1 }, 'minFeePercentage'],
      [{ maxUptimePerformance: 100.5 }, 'maxUptimePerformance'],
      [{ minTimeRemaining: -1 }, 'minTimeRemaining'],
      [{ minUptimePerformance: 90, maxUptimePerformance: 80 }, 'minUptimePerformance'],
      [{ maxDelegationCapacity: '720000000000000001' }, 'maxDelegationCapacity'],
      [{ sortBy: 'DELEGATION_FEE' }, 'sortBy'],
      [{ first: 101 }, 'first'],
      [{ after: 'bm90IGEgY3Vyc29y' }, 'after'],
    ];
    for (const [vars, argument] of cases) {
      const { data, errors } = await shared.query(ValidatorListDocument, vars);
      expect(data, argument).toBeUndefined();
      expect(errors![0]!.extensions, argument).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(dataApiCalls()).toBe(0);
  });
});

describe('Validator: the P-Chain and the Data API joined', () => {
  it('costs a fixed number of calls for a page of validators with their delegators, uptime and subnet, whatever the page size', async () => {
    const net = mainnet();
    const ordered = (list: Delegation[]) => [...list].sort((x, y) => x.start - y.start || (x.txId < y.txId ? -1 : 1));
    for (const first of [3, 12, 23]) {
      shared.freshKey();
      h.sandbox.reset();
      const { data, errors } = await shared.query(ValidatorListJoinedDocument, { first, delegators: 2 });
      expect(errors).toBeUndefined();
      const nodes = data!.network.validatorList!.nodes;
      expect(nodes).toHaveLength(Math.min(first, net.validators.length));
      for (const node of nodes) {
        const v = net.validators.find((x) => x.nodeId === node.nodeId)!;
        expect(node).toMatchObject({ uptime: v.uptime, uptimePerformance: v.uptime, weight: v.current.stake.toString(), connected: v.connected, subnet: { subnetId: EMPTY_ID, isL1: false } });
        const all = ordered(net.delegations.filter((d) => d.nodeId === v.nodeId));
        expect(node.delegators!.nodes.map((d) => d.txHash)).toEqual(all.slice(0, 2).map((d) => d.txId));
        expect(node.delegators!.pageInfo.hasNextPage).toBe(all.length > 2);
      }
      // The list, one delegator list for the page, the primary network's subnet; one P-Chain call.
      expect(dataApiCalls(LIST)).toBe(1);
      expect(dataApiCalls(DELEGATORS)).toBe(1);
      expect(dataApiCalls(SUBNET)).toBe(1);
      expect(dataApiCalls()).toBe(3);
      expect(nodeCalls()).toBe(1);
    }
  });

  it('resumes a validator\'s batched delegator page after its cursor, and goes back to it, as a page read alone', async () => {
    const net = mainnet();
    const ordered = (list: Delegation[]) => [...list].sort((x, y) => x.start - y.start || (x.txId < y.txId ? -1 : 1));
    const { data } = await shared.query(ValidatorListJoinedDocument, { first: 23, delegators: 2 });
    const busy = data!.network.validatorList!.nodes.find((n) => n.delegators!.pageInfo.hasNextPage)!;
    const all = ordered(net.delegations.filter((d) => d.nodeId === busy.nodeId));
    const next = await shared.query(ValidatorDelegatorsPageDocument, { nodeId: busy.nodeId, first: 2, after: busy.delegators!.pageInfo.endCursor });
    expect(next.errors).toBeUndefined();
    expect(next.data!.network.validator!.delegators!.nodes.map((d) => d.txHash)).toEqual(all.slice(2, 4).map((d) => d.txId));
    // The same first page read alone has the same cursor.
    const alone = await shared.query(ValidatorDelegatorsPageDocument, { nodeId: busy.nodeId, first: 2 });
    expect(alone.data!.network.validator!.delegators!.pageInfo.endCursor).toBe(busy.delegators!.pageInfo.endCursor);
    // Back from the second page: the batched first page again, read alone (one delegators call).
    h.sandbox.reset();
    shared.freshKey();
    const back = await shared.query(ValidatorDelegatorsPageDocument, { nodeId: busy.nodeId, last: 2, before: next.data!.network.validator!.delegators!.pageInfo.startCursor });
    expect(back.errors).toBeUndefined();
    expect(back.data!.network.validator!.delegators!.nodes.map((d) => d.txHash)).toEqual(all.slice(0, 2).map((d) => d.txId));
    expect(back.data!.network.validator!.delegators!.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true, endCursor: busy.delegators!.pageInfo.endCursor });
    expect(dataApiCalls(DELEGATORS)).toBe(1);
  });

  it('reads the Data API only when one of its fields is selected, and the P-Chain only for P-Chain fields', async () => {
    const net = mainnet();
    const v = net.validators.find((x) => x.past.length > 0)!;
    const { data: pOnly } = await shared.query(ValidatorUptimeOnlyDocument, { nodeId: v.nodeId });
    expect(pOnly!.network.validator).toEqual({ nodeId: v.nodeId, uptime: v.uptime, connected: v.connected });
    expect(dataApiCalls()).toBe(0);
    expect(nodeCalls()).toBe(1);

    h.sandbox.reset();
    const { data, errors } = await shared.query(ValidatorWithDetailsDocument, { nodeId: v.nodeId });
    expect(errors).toBeUndefined();
    // Its active validation, not a completed one: the one the P-Chain reports.
    expect(data!.network.validator).toMatchObject({ txId: v.current.txId, txHash: v.current.txId, validationStatus: 'ACTIVE', uptimePerformance: v.uptime, amountStaked: v.current.stake.toString() });
    expect(dataApiCalls(DETAILS)).toBe(1);
    expect(shared.dataApi.recent.at(-1)!.url).toBe(`/v1/networks/mainnet/validators/${v.nodeId}?validationStatus=active&pageSize=100`);

    h.sandbox.reset();
    const { data: listed } = await shared.query(ValidatorListPChainOnlyDocument, { first: 5 });
    expect(listed!.network.validatorList!.nodes).toHaveLength(5);
    expect(nodeCalls()).toBe(0);
    expect(dataApiCalls()).toBe(1);
  });

  it('reads the details of P-Chain validators once per node, shared by every field and list asking', async () => {
    const net = mainnet();
    const nodeIds = net.validators.slice(0, 3).map((v) => v.nodeId);
    const { data, errors } = await shared.query(ValidatorsWithDetailsDocument, { nodeIds });
    expect(errors).toBeUndefined();
    for (const v of data!.network.validators!) {
      const world = net.validators.find((x) => x.nodeId === v.nodeId)!;
      expect(v).toMatchObject({ txId: world.current.txId, txHash: world.current.txId, validationStatus: 'ACTIVE' });
    }
    expect(data!.network.again!.map((v) => v.uptimePerformance).sort()).toEqual(net.validators.slice(0, 3).map((v) => v.uptime).sort());
    expect(dataApiCalls(DETAILS)).toBe(3);
    expect(nodeCalls()).toBe(1);
  });

  it('answers null Data API fields for an L1 validator the validator list does not hold', async () => {
    const l1 = mainnet().l1Validators[0]!;
    const { data, errors } = await shared.query(ValidatorWithDetailsDocument, { nodeId: l1.nodeId, subnetId: l1.subnetId });
    expect(errors).toBeUndefined();
    expect(data!.network.validator).toMatchObject({ nodeId: l1.nodeId, validationStatus: null, uptimePerformance: null, geolocation: null });
  });
});

describe('subnets', () => {
  const walkSubnets = (vars: SubnetsQueryVariables, first: number) =>
    walkConnection((after) => shared.query(SubnetsDocument, { ...vars, first, after }), (d) => d.network.subnets);

  it('walks the primary network and every subnet with its blockchains, owner and L1 conversion', async () => {
    for (const net of [mainnet(), fuji()]) {
      const vars = { network: net.network === 'mainnet' ? 'MAINNET' : 'FUJI' } as const;
      const nodes = await walkSubnets(vars, 4);
      const ids = [...new Set(net.blockchains.map((b) => b.subnetId))];
      expect(nodes.map((s) => s.subnetId).sort()).toEqual([...ids].sort());
      const times = nodes.map((s) => s.createBlockTimestamp);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      for (const s of nodes) {
        expect(s.blockchains.map((b) => b.blockchainId).sort()).toEqual(net.blockchains.filter((b) => b.subnetId === s.subnetId).map((b) => b.id).sort());
        const conversion = net.p.txs.find((t) => t.type === 'ConvertSubnetToL1Tx' && t.subnetId === s.subnetId);
        expect(s.isL1).toBe(conversion !== undefined);
        expect(s.l1ConversionTransactionHash).toBe(conversion?.id ?? null);
        expect(s.l1ValidatorManager?.blockchain?.blockchainId ?? null).toBe(conversion?.chain?.id ?? null);
        if (s.subnetId !== EMPTY_ID) {
          const created = net.p.txsById.get(s.subnetId)!;
          expect(s).toMatchObject({ createBlockTimestamp: created.time, createBlockIndex: String(created.blockHeight) });
          expect(s.subnetOwnershipInfo.addresses).toEqual(created.subnetOwner!.addrs.map((a) => pAddress(net, a.hex)));
        }
      }
    }
    const desc = await walkSubnets({ sortOrder: 'DESC' }, 100);
    expect(desc.map((s) => s.createBlockTimestamp)).toEqual(desc.map((s) => s.createBlockTimestamp).sort((a, b) => b - a));
  });

  it('links a subnet with its blockchains, their chains, its L1 validators and its validations; and back', async () => {
    const net = mainnet();
    const l1 = net.l1Validators[0]!;
    const { data, errors } = await shared.query(SubnetByIdDocument, { id: l1.subnetId });
    expect(errors).toBeUndefined();
    const subnet = data!.network.subnet!;
    expect(subnet.isL1).toBe(true);
    for (const b of subnet.blockchains) {
      expect(b.subnet!.subnetId).toBe(l1.subnetId);
      if (b.chain) expect(b.chain.subnet).toEqual({ subnetId: l1.subnetId, isL1: true });
    }
    expect(subnet.blockchains.some((b) => b.chain !== null)).toBe(true);
    expect(subnet.l1Validators!.nodes.map((v) => v.validationId).sort()).toEqual(net.l1Validators.filter((v) => v.subnetId === l1.subnetId).map((v) => v.validationId).sort());
    expect(subnet.l1Validators!.nodes.every((v) => v.subnet!.subnetId === l1.subnetId)).toBe(true);
    // The world's L1 validators are not in the (primary-network) validator list.
    expect(subnet.validators!.nodes).toEqual([]);
    // One subnet read serves the subnet and every link back to it.
    expect(dataApiCalls(SUBNET)).toBe(1);

    const primary = await shared.query(SubnetByIdDocument, { id: EMPTY_ID, status: 'ACTIVE' });
    expect(primary.data!.network.subnet!.validators!.nodes.map((v) => v.nodeId).sort()).toEqual(net.validators.map((v) => v.nodeId).sort());

    const refetched = await shared.query(SubnetNodeDocument, { id: subnet.id });
    expect(refetched.data!.node).toEqual({ __typename: 'Subnet', id: subnet.id, subnetId: l1.subnetId, isL1: true });
    const viaBlockchain = await shared.query(BlockchainSubnetDocument, { id: l1.blockchainId });
    expect(viaBlockchain.data!.network.blockchain!.subnet!.subnetId).toBe(l1.subnetId);
  });

  it('answers null for an unknown subnet and refuses a malformed id before any call', async () => {
    const unknown = await shared.query(SubnetByIdDocument, { id: mainnet().p.txs.find((t) => t.type === 'BaseTx')!.id });
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data!.network.subnet).toBeNull();
    h.sandbox.reset();
    const bad = await shared.query(SubnetByIdDocument, { id: 'subnet-1' });
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'id' });
    const badNode = await shared.query(SubnetNodeDocument, { id: Buffer.from('Subnet:mainnet:xyz').toString('base64') });
    expect(badNode.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(dataApiCalls()).toBe(0);
  });
});

describe('L1 validators', () => {
  const walkL1 = (vars: L1ValidatorListQueryVariables, first: number) =>
    walkConnection((after) => shared.query(L1ValidatorListDocument, { ...vars, first, after }), (d) => d.network.l1Validators);

  it('lists the active L1 validators, and the inactive ones when asked, every field as the world holds it', async () => {
    const net = fuji();
    const active = await walkL1({ network: 'FUJI' }, 2);
    expect(active.map((v) => v.validationId).sort()).toEqual(net.l1Validators.filter((v) => v.balance > 0n).map((v) => v.validationId).sort());
    const all = await walkL1({ network: 'FUJI', includeInactiveL1Validators: true }, 100);
    expect(all).toHaveLength(net.l1Validators.length);
    for (const node of all) {
      const v = net.l1Validators.find((x) => x.validationId === node.validationId)!;
      expect(node).toEqual({
        validationId: v.validationId,
        validationIdHex: node.validationIdHex,
        nodeId: v.nodeId,
        network: 'FUJI',
        subnetId: v.subnetId,
        weight: v.weight.toString(),
        startTimestamp: v.startTime,
        isActive: v.balance > 0n,
        isL1Validator: true,
        isConnected: null,
        uptimePercentage: null,
        uptimeSeconds: null,
        remainingBalance: v.balance.toString(),
        blsPublicKey: bytesToHex(v.publicKey),
        remainingBalanceOwner: { threshold: v.remainingBalanceOwner.threshold, addresses: v.remainingBalanceOwner.addrs.map((a) => pAddress(net, a.hex)) },
        deactivationOwner: { threshold: v.deactivationOwner.threshold, addresses: v.deactivationOwner.addrs.map((a) => pAddress(net, a.hex)) },
      });
      expect(node.validationIdHex).toMatch(/^0x[0-9a-f]{64}$/);
    }
  });

  it('filters by subnet, node and validation id, and refuses malformed ones before any call', async () => {
    const net = mainnet();
    const v = net.l1Validators[1]!;
    expect((await walkL1({ subnetId: v.subnetId }, 100)).map((x) => x.nodeId).sort()).toEqual(net.l1Validators.filter((x) => x.subnetId === v.subnetId && x.balance > 0n).map((x) => x.nodeId).sort());
    expect((await walkL1({ nodeId: v.nodeId }, 10)).map((x) => x.validationId)).toEqual([v.validationId]);
    expect((await walkL1({ l1ValidationId: v.validationId }, 10)).map((x) => x.nodeId)).toEqual([v.nodeId]);
    expect(shared.dataApi.recent.at(-1)!.url).toBe(`/v1/networks/mainnet/l1Validators?l1ValidationId=${v.validationId}&pageSize=10`);
    h.sandbox.reset();
    for (const [vars, argument] of [
      [{ subnetId: 'x' }, 'subnetId'],
      [{ nodeId: 'NodeID-' }, 'nodeId'],
      [{ l1ValidationId: v.nodeId }, 'l1ValidationId'],
      [{ first: 0 }, 'first'],
    ] as const) {
      const { errors } = await shared.query(L1ValidatorListDocument, vars);
      expect(errors![0]!.extensions, argument).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(dataApiCalls()).toBe(0);
  });

  it('joins an L1\'s node view with the Data API\'s, one list call for the whole chain', async () => {
    const net = mainnet();
    const chain = h.sandbox.world.chains.find((c) => c.evmChainId === 779672)!;
    const { data, errors } = await shared.query(ChainL1ValidatorsJoinedDocument, { id: '779672' });
    expect(errors).toBeUndefined();
    const own = net.l1Validators.filter((v) => v.blockchainId === chain.blockchainId);
    const validators = data!.chain!.validators!;
    expect(validators.map((v) => v.validationId).sort()).toEqual(own.map((v) => v.validationId).sort());
    for (const node of validators) {
      const v = own.find((x) => x.validationId === node.validationId)!;
      expect(node).toEqual({
        validationId: v.validationId,
        nodeId: v.nodeId,
        uptimePercentage: v.uptimePercentage,
        isActive: v.balance > 0n,
        remainingBalance: v.balance.toString(),
        deactivationOwner: { threshold: v.deactivationOwner.threshold, addresses: v.deactivationOwner.addrs.map((a) => pAddress(net, a.hex)) },
        subnet: { subnetId: chain.subnetId },
      });
    }
    expect(data!.chain!.subnet).toEqual({ subnetId: chain.subnetId, isL1: true });
    // Chain list, the subnet, and one L1 validator list (with the inactive ones) for every validator.
    expect(dataApiCalls(L1_LIST)).toBe(1);
    expect(shared.dataApi.recent.find((r) => r.route === L1_LIST)!.url).toBe(`/v1/networks/mainnet/l1Validators?subnetId=${chain.subnetId}&includeInactiveL1Validators=true&pageSize=100`);
  });
});
