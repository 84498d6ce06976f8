/**
 * The primary network's stake and supply, answered from the world's P-Chain:
 *
 * - `GET /v1/networks/{network}`: the current validators (the P-Chain's validator set) and the
 *   active delegations to them: counts, stake, the rewards their periods will pay, stake by
 *   AvalancheGo version, and stake over the P-Chain's current supply (`platform.getCurrentSupply`).
 * - `GET /v1/networks/{network}/rewards:listPending`: one reward per started, unfinished staking
 *   period (validator; delegator and validator fee per delegation), as its reward owner will be paid.
 * - `GET /v1/avax/supply` (mainnet; the route has no network): the supply from the ledger, in AVAX.
 */
import { MAIN_NETWORK, NETWORKS } from '@avalanche-graph/identity';
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import type { PrimaryNetwork, RewardOwner, RewardType, TransferableInput, TransferableOutput } from '../../world/primary/index.js';
import { WORLD_NOW } from '../../world/primary/constants.js';
import { amountOf } from '../../world/primary/ledger.js';
import { nodeVersionOf } from '../../world/primary/node-versions.js';
import { inUtxoSet, isLockedStake } from '../../world/primary/queries.js';
import { bareAddress } from '../../world/primary/wallets.js';
import { badRequest, enumParam } from '../errors.js';
import { paginate, sortBy } from './paging.js';
import { addressesParam, networkParam, nodeIdsParam, SORT_ORDERS } from './params.js';

/** The validation periods and delegations staking now (started, not ended) on current validators. */
function activeStake(net: PrimaryNetwork) {
  const validators = net.validators.filter((v) => v.current.start <= WORLD_NOW && v.current.end > WORLD_NOW);
  const periods = new Set(validators.map((v) => v.current));
  const delegations = net.delegations.filter((d) => periods.has(d.period) && d.start <= WORLD_NOW && d.end > WORLD_NOW);
  return { validators, delegations };
}

/** `numerator / denominator` as a decimal with six places. */
function ratio(numerator: bigint, denominator: bigint): string {
  if (denominator === 0n) return '0';
  const scaled = (numerator * 1_000_000n) / denominator;
  return `${scaled / 1_000_000n}.${(scaled % 1_000_000n).toString().padStart(6, '0')}`;
}

function networkDetails(net: PrimaryNetwork) {
  const { validators, delegations } = activeStake(net);
  const validatorStake = validators.reduce((s, v) => s + v.current.stake, 0n);
  const delegatorStake = delegations.reduce((s, d) => s + d.amount, 0n);
  const byVersion = new Map<string, { amountStaked: bigint; validatorCount: number }>();
  for (const v of validators) {
    const entry = byVersion.get(nodeVersionOf(v.nodeId)) ?? { amountStaked: 0n, validatorCount: 0 };
    entry.amountStaked += v.current.stake;
    entry.validatorCount += 1;
    byVersion.set(nodeVersionOf(v.nodeId), entry);
  }
  const distribution = sortBy([...byVersion.entries()], ([, e]) => e.amountStaked, ([version]) => version, 'desc');
  return {
    validatorDetails: {
      validatorCount: validators.length,
      totalAmountStaked: validatorStake.toString(),
      estimatedAnnualStakingReward: (validators.reduce((s, v) => s + v.current.potentialReward, 0n) + delegations.reduce((s, d) => s + d.grossReward, 0n)).toString(),
      stakingDistributionByVersion: distribution.map(([version, e]) => ({ version, amountStaked: e.amountStaked.toString(), validatorCount: e.validatorCount })),
      stakingRatio: ratio(validatorStake + delegatorStake, net.p.currentSupply),
    },
    delegatorDetails: { delegatorCount: delegations.length, totalAmountStaked: delegatorStake.toString() },
  };
}

interface PendingReward {
  owner: RewardOwner;
  txHash: string;
  amountStaked: bigint;
  nodeId: string;
  start: number;
  end: number;
  rewardType: RewardType;
  amount: bigint;
}

/** What every active staking period will pay when it ends, per reward owner. */
export function pendingRewards(net: PrimaryNetwork): PendingReward[] {
  const { validators, delegations } = activeStake(net);
  const out: PendingReward[] = [];
  for (const { current: p } of validators) {
    out.push({ owner: p.validationRewardOwner, txHash: p.txId, amountStaked: p.stake, nodeId: p.nodeId, start: p.start, end: p.end, rewardType: 'VALIDATOR', amount: p.potentialReward });
  }
  for (const d of delegations) {
    const common = { txHash: d.txId, amountStaked: d.amount, nodeId: d.nodeId, start: d.start, end: d.end };
    out.push({ ...common, owner: d.rewardOwner, rewardType: 'DELEGATOR', amount: d.grossReward - d.feeReward });
    if (d.feeReward > 0n) out.push({ ...common, owner: d.period.delegationRewardOwner, rewardType: 'VALIDATOR_FEE', amount: d.feeReward });
  }
  return out;
}

/** Share of the staking period elapsed, as a percentage with two decimals. */
function progressOf(r: PendingReward): number {
  return Math.round(((WORLD_NOW - r.start) / (r.end - r.start)) * 10_000) / 100;
}

/** An amount in a unit with `decimals` places, as a decimal string without trailing zeros. */
function decimal(amount: bigint, decimals: number): string {
  const unit = 10n ** BigInt(decimals);
  const sign = amount < 0n ? '-' : '';
  const abs = amount < 0n ? -amount : amount;
  const fraction = (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${sign}${abs / unit}${fraction ? `.${fraction}` : ''}`;
}

const avaxIn = (net: PrimaryNetwork, items: readonly (TransferableInput | TransferableOutput)[] | undefined) =>
  (items ?? []).reduce((s, i) => {
    const { assetId, output } = 'utxo' in i ? i.utxo : i;
    return assetId === net.avaxAssetId ? s + amountOf(output) : s;
  }, 0n);

function avaxSupply(world: World) {
  const net = world.primary.networks[MAIN_NETWORK];
  // Fees: what a transaction consumed and did not produce (stake and L1 validator balances are produced).
  let pBurned = 0n;
  for (const tx of net.p.txs) {
    const consumed = avaxIn(net, tx.inputs) + avaxIn(net, tx.importedInputs);
    if (consumed === 0n) continue;
    const l1Balances = (tx.l1Validators ?? []).reduce((s, v) => s + v.balance, 0n);
    pBurned += consumed - avaxIn(net, tx.outputs) - avaxIn(net, tx.stake) - l1Balances;
  }
  let xBurned = 0n;
  for (const tx of net.x.txs) {
    const consumed = avaxIn(net, tx.inputs) + avaxIn(net, tx.importedInputs);
    if (consumed > 0n) xBurned += consumed - avaxIn(net, tx.outputs) - avaxIn(net, tx.exportedOutputs);
  }
  // The C-Chain burns the fees of its EVM transactions (wei).
  const cBurnedWei = world.evm.chain(Number(NETWORKS[MAIN_NETWORK].cChainEvmId))!.blocks.reduce((s, b) => s + b.feesSpent, 0n);
  const avaxUtxos = net.utxos.filter((u) => u.assetId === net.avaxAssetId);
  const staked = avaxUtxos.filter((u) => u.holder === 'P' && !u.spent && isLockedStake(u)).reduce((s, u) => s + amountOf(u.output), 0n);
  const lockedNow = (u: (typeof avaxUtxos)[number]) =>
    u.output.owners.locktime > BigInt(WORLD_NOW) || (u.output.type === 'lockOut' && u.output.stakeableLocktime > BigInt(WORLD_NOW));
  const locked = avaxUtxos.filter((u) => (inUtxoSet(u, 'P') || inUtxoSet(u, 'X')) && lockedNow(u)).reduce((s, u) => s + amountOf(u.output), 0n);
  const rewards = net.rewards.reduce((s, r) => s + amountOf(r.utxo.output), 0n);
  const pending = pendingRewards(net).reduce((s, r) => s + r.amount, 0n);
  const total = net.p.currentSupply;
  // Burned nAVAX, with the C-Chain's wei rounded down to nAVAX.
  const burned = pBurned + xBurned + cBurnedWei / 1_000_000_000n;
  const circulating = total - staked - locked - burned;
  return {
    circulatingSupply: decimal(circulating > 0n ? circulating : 0n, 9),
    totalSupply: decimal(total, 9),
    totalPBurned: decimal(pBurned, 9),
    totalCBurned: decimal(cBurnedWei, 18),
    totalXBurned: decimal(xBurned, 9),
    totalStaked: decimal(staked, 9),
    totalLocked: decimal(locked, 9),
    totalRewards: decimal(rewards, 9),
    lastUpdated: new Date(WORLD_NOW * 1000).toISOString(),
    // What the supply was before any reward: the current supply less rewards paid and to be paid.
    genesisUnlock: decimal(total - rewards - pending, 9),
    // The world's L1 validators keep their whole deposit: no fee has been charged yet.
    l1ValidatorFees: '0',
  };
}

export function stakingRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/networks/{network}', ({ params }) => networkDetails(networkParam(world, params.network).net));

  service.route('GET', '/v1/networks/{network}/rewards:listPending', ({ params, query }) => {
    const { net, network } = networkParam(world, params.network);
    const keys = addressesParam(query, 'addresses', net, ['P', 'X']);
    const nodeIds = nodeIdsParam(query);
    if (!keys && !nodeIds) throw badRequest('One of addresses or nodeIds is required');
    const sortOrder = enumParam(query, 'sortOrder', SORT_ORDERS) ?? 'asc';
    const matching = pendingRewards(net).filter((r) => (!keys || r.owner.addrs.some((a) => keys.has(a.hex))) && (!nodeIds || nodeIds.has(r.nodeId)));
    const ordered = sortBy(matching, (r) => r.start, (r) => `${r.txHash}|${r.rewardType}`, sortOrder);
    const scope = ['pendingRewards', network, [...(keys ?? [])].sort().join(','), [...(nodeIds ?? [])].sort().join(','), sortOrder].join('|');
    const page = paginate(ordered, query, { scope, defaultSize: 10, maxSize: 100 });
    return {
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      pendingRewards: page.items.map((r) => ({
        addresses: r.owner.addrs.map((a) => bareAddress(net.hrp, a)),
        txHash: r.txHash,
        amountStaked: r.amountStaked.toString(),
        nodeId: r.nodeId,
        startTimestamp: r.start,
        endTimestamp: r.end,
        rewardType: r.rewardType,
        progress: progressOf(r),
        estimatedReward: { assetId: net.avaxAssetId, name: 'Avalanche', symbol: 'AVAX', denomination: 9, type: 'secp256k1', amount: r.amount.toString() },
      })),
    };
  });

  service.route('GET', '/v1/avax/supply', () => avaxSupply(world));
}
