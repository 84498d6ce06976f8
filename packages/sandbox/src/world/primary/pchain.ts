/**
 * P-Chain history, simulated in time order on the shared ledger: the genesis allocation, staking
 * transactions (their stake outputs are STAKE UTXOs until they end), reward transactions (reward
 * UTXOs, keyed by the staking tx as AvalancheGo keys them), imports of the X-Chain's exports,
 * transfers, and the creation of subnets, chains and L1s.
 */
import { cb58Encode, isTestnet } from '@avalanche-graph/identity';
import type { Rng } from '../rng.js';
import { AVAX, DAY, FEES, HISTORY_START, WORLD_NOW } from './constants.js';
import { amountBetween, pickWallet, timeBetween, type NetworkContext } from './context.js';
import type { L1Conversion } from './l1.js';
import { amountOf, singleOwner, sortedOwners, type NewUtxo } from './ledger.js';
import type { StakingPlan } from './staking.js';
import type { BlockchainRecord, Delegation, HistoricalReward, Output, PTx, RewardOwner, ShortId, TransferableOutput, UtxoRecord, ValidationPeriod } from './types.js';

interface PEvent {
  time: number;
  /** Tie-break for events at the same second: staking before rewards. */
  order: number;
  run: () => void;
}

export interface PChainHistory {
  txs: PTx[];
  rewards: HistoricalReward[];
}

export function simulatePChain(ctx: NetworkContext, rng: Rng, plan: StakingPlan, blockchains: BlockchainRecord[], conversions: L1Conversion[]): PChainHistory {
  const sim = new PSimulation(ctx, rng);
  sim.genesis(plan, blockchains);
  for (const v of plan.validators) {
    for (const period of [...v.past, v.current]) {
      sim.at(period.start, 1, () => sim.stake(period, undefined));
      if (period.rewardTxId) sim.at(period.end, 2, () => sim.rewardValidation(period));
    }
  }
  for (const d of plan.delegations) {
    sim.at(d.issuedTime, 1, () => sim.stake(d.period, d));
    if (d.status === 'completed') sim.at(d.end, 2, () => sim.rewardDelegation(d));
  }
  sim.planImports();
  sim.planTransfers();
  sim.planChains(blockchains, conversions);
  sim.runAll();
  return { txs: sim.txs, rewards: sim.rewards };
}

class PSimulation {
  readonly txs: PTx[] = [];
  readonly rewards: HistoricalReward[] = [];
  private readonly events: PEvent[] = [];
  /** Genesis outputs set aside to fund one staking tx each (nothing else may spend them). */
  private readonly funding = new Map<string, UtxoRecord>();
  private readonly stakingTxs = new Map<string, PTx>();

  constructor(
    private readonly ctx: NetworkContext,
    private readonly rng: Rng,
  ) {}

  private get ledger() {
    return this.ctx.ledger;
  }

  at(time: number, order: number, run: () => void): void {
    this.events.push({ time, order, run });
  }

  runAll(): void {
    this.events.sort((a, b) => a.time - b.time || a.order - b.order);
    for (const event of this.events) event.run();
  }

  private create(spec: Omit<NewUtxo, 'assetId' | 'createdOn' | 'holder'>): UtxoRecord {
    return this.ledger.create({ ...spec, assetId: this.ctx.avaxAssetId, createdOn: 'P', holder: 'P' });
  }

  private avaxOut(amount: bigint, key: ShortId): TransferableOutput {
    return { assetId: this.ctx.avaxAssetId, output: { type: 'secpTransfer', amount, owners: singleOwner(key) } };
  }

  private push(tx: Omit<PTx, 'blockHeight'>): PTx {
    const full: PTx = { ...tx, blockHeight: -1 };
    this.txs.push(full);
    return full;
  }

  /** Creates a tx's outputs as UTXOs (indices 0..n-1) and returns them as transferable outputs. */
  private emit(txId: string, time: number, outputs: TransferableOutput[]): TransferableOutput[] {
    outputs.forEach((o, outputIndex) => this.create({ txId, outputIndex, output: o.output, createdTime: time }));
    return outputs;
  }

  genesis(plan: StakingPlan, blockchains: BlockchainRecord[]): void {
    const id = cb58Encode(this.rng.bytes(32));
    const outputs: TransferableOutput[] = [];
    const fund = (key: ShortId, need: bigint): number => {
      outputs.push(this.avaxOut(need + FEES.pTx + amountBetween(this.rng, 0n, 20n * AVAX, 1_000_000n), key));
      return outputs.length - 1;
    };
    const reserved = new Map<string, number>();
    for (const v of plan.validators) for (const p of [...v.past, v.current]) reserved.set(p.txId, fund(p.staker, p.stake));
    for (const d of plan.delegations) reserved.set(d.txId, fund(d.delegator, d.amount));
    const scale = isTestnet(this.ctx.network) ? 1n : 10n;
    for (const wallet of this.ctx.wallets) {
      for (let n = this.rng.int(1, 2); n > 0; n--) outputs.push(this.avaxOut(amountBetween(this.rng, 10n * AVAX, 300n * AVAX * scale, AVAX), wallet.key));
    }
    const w = this.ctx.wallets;
    const lockOut = (key: ShortId): Output => ({ type: 'lockOut', stakeableLocktime: BigInt(WORLD_NOW + 200 * DAY), amount: 500n * AVAX, owners: singleOwner(key) });
    outputs.push({ assetId: this.ctx.avaxAssetId, output: lockOut(w[5]!.key) }, { assetId: this.ctx.avaxAssetId, output: lockOut(w[6]!.key) });
    outputs.push({ assetId: this.ctx.avaxAssetId, output: { type: 'secpTransfer', amount: 750n * AVAX, owners: singleOwner(w[7]!.key, BigInt(WORLD_NOW + 90 * DAY)) } });
    outputs.push({ assetId: this.ctx.avaxAssetId, output: { type: 'secpTransfer', amount: 120n * AVAX, owners: sortedOwners({ locktime: 0n, threshold: 1, addrs: [w[0]!.key, w[8]!.key] }) } });
    this.emit(id, HISTORY_START, outputs);
    const created = this.ledger.utxos.filter((u) => u.txId === id);
    for (const [txId, index] of reserved) this.funding.set(txId, created[index]!);
    this.push({ id, type: 'BaseTx', time: HISTORY_START, inputs: [], outputs, signatures: [] });
    for (const chain of blockchains.filter((b) => b.subnetId === blockchains[0]!.subnetId)) {
      this.push({ id: chain.id, type: 'CreateChainTx', time: HISTORY_START, inputs: [], outputs: [], chain, subnetId: chain.subnetId, signatures: [] });
    }
  }

  /** An AddPermissionlessValidatorTx (no delegation) or AddPermissionlessDelegatorTx. */
  stake(period: ValidationPeriod, delegation: Delegation | undefined): void {
    const txId = delegation?.txId ?? period.txId;
    const time = delegation?.issuedTime ?? period.start;
    const amount = delegation?.amount ?? period.stake;
    const staker = delegation?.delegator ?? period.staker;
    const fund = this.funding.get(txId)!;
    const inputs = this.ledger.inputs([fund]);
    const signatures = this.ledger.sign(inputs);
    const change = amountOf(fund.output) - amount - FEES.pTx;
    const outputs = this.emit(txId, time, change > 0n ? [this.avaxOut(change, staker)] : []);
    const stake = [this.avaxOut(amount, staker)];
    this.create({
      txId,
      outputIndex: outputs.length,
      output: stake[0]!.output,
      createdTime: time,
      staking: { start: delegation?.start ?? period.start, end: delegation?.end ?? period.end },
    });
    this.ledger.markSpent(inputs, signatures, txId, time, 'P');
    const type = delegation ? 'AddPermissionlessDelegatorTx' : 'AddPermissionlessValidatorTx';
    this.stakingTxs.set(txId, this.push({ id: txId, type, time, inputs, outputs, stake, validation: period, delegation, signatures }));
  }

  /** Reward UTXOs follow the staking tx's outputs and stake: index = outputs + stake + k. */
  private reward(stakingTxId: string, rewardTxId: string, k: number, amount: bigint, owner: RewardOwner, entry: Omit<HistoricalReward, 'utxo' | 'addresses' | 'rewardTxHash' | 'txHash'>): void {
    const staking = this.stakingTxs.get(stakingTxId)!;
    const utxo = this.create({
      txId: stakingTxId,
      outputIndex: staking.outputs.length + (staking.stake?.length ?? 0) + k,
      output: { type: 'secpTransfer', amount, owners: owner },
      createdTime: entry.endTimestamp,
      rewardType: entry.rewardType,
      createdByTxId: rewardTxId,
    });
    this.rewards.push({ ...entry, addresses: owner.addrs, txHash: stakingTxId, utxo, rewardTxHash: rewardTxId });
  }

  rewardValidation(period: ValidationPeriod): void {
    const rewardTxId = period.rewardTxId!;
    this.reward(period.txId, rewardTxId, 0, period.potentialReward, period.validationRewardOwner, {
      amountStaked: period.stake,
      nodeId: period.nodeId,
      startTimestamp: period.start,
      endTimestamp: period.end,
      rewardType: 'VALIDATOR',
    });
    this.push({ id: rewardTxId, type: 'RewardValidatorTx', time: period.end, inputs: [], outputs: [], rewardedTxId: period.txId, signatures: [] });
  }

  rewardDelegation(d: Delegation): void {
    const rewardTxId = d.rewardTxId!;
    const entry = { amountStaked: d.amount, nodeId: d.nodeId, startTimestamp: d.start, endTimestamp: d.end };
    this.reward(d.txId, rewardTxId, 0, d.grossReward - d.feeReward, d.rewardOwner, { ...entry, rewardType: 'DELEGATOR' });
    if (d.feeReward > 0n) this.reward(d.txId, rewardTxId, 1, d.feeReward, d.period.delegationRewardOwner, { ...entry, rewardType: 'VALIDATOR_FEE' });
    this.push({ id: rewardTxId, type: 'RewardValidatorTx', time: d.end, inputs: [], outputs: [], rewardedTxId: d.txId, signatures: [] });
  }

  /** Most exports from the X-Chain are imported a little later; the rest wait in shared memory. */
  planImports(): void {
    const exported = this.ledger.utxos.filter((u) => u.holder === 'P' && u.createdOn === 'X');
    for (const atomic of exported) {
      const time = atomic.createdTime + this.rng.int(600, 5 * DAY);
      if (!this.rng.chance(0.75) || time > WORLD_NOW - 600) continue;
      this.at(time, 3, () => {
        const id = cb58Encode(this.rng.bytes(32));
        const importedInputs = this.ledger.inputs([atomic]);
        const signatures = this.ledger.sign(importedInputs);
        const outputs = this.emit(id, time, [this.avaxOut(amountOf(atomic.output) - FEES.pTx, atomic.output.owners.addrs[0]!)]);
        this.ledger.markSpent(importedInputs, signatures, id, time, 'P');
        this.push({ id, type: 'ImportTx', time, inputs: [], outputs, importedInputs, sourceChain: this.ctx.chainIds.X, signatures });
      });
    }
  }

  /** A spendable P-Chain UTXO of `key` worth at least `min` that no staking tx has set aside. */
  private spendable(key: ShortId, time: number, min: bigint): UtxoRecord | undefined {
    const reserved = new Set([...this.funding.values()].map((u) => u.id));
    return this.ledger.spendable('P', key, this.ctx.avaxAssetId, time).find((u) => !reserved.has(u.id) && amountOf(u.output) >= min);
  }

  /** A BaseTx paying `fee` (and sending `amount` to `to`) from the first wallet that can. */
  private pay(id: string, time: number, fee: bigint, amount = 0n, to?: ShortId): Pick<PTx, 'id' | 'inputs' | 'outputs' | 'signatures'> {
    const offset = this.rng.int(0, this.ctx.wallets.length - 1);
    for (let i = 0; i < this.ctx.wallets.length; i++) {
      const payer = this.ctx.wallets[(offset + i) % this.ctx.wallets.length]!;
      const utxo = this.spendable(payer.key, time, fee + amount + FEES.pTx);
      if (!utxo) continue;
      const inputs = this.ledger.inputs([utxo]);
      const signatures = this.ledger.sign(inputs);
      const sent = amount > 0n ? amount : 0n;
      const change = amountOf(utxo.output) - fee - sent;
      const outs = [...(to && sent > 0n ? [this.avaxOut(sent, to)] : []), ...(change > 0n ? [this.avaxOut(change, payer.key)] : [])];
      const outputs = this.emit(id, time, outs);
      this.ledger.markSpent(inputs, signatures, id, time, 'P');
      return { id, inputs, outputs, signatures };
    }
    return { id, inputs: [], outputs: [], signatures: [] };
  }

  planTransfers(): void {
    for (let n = 0; n < 30; n++) {
      const time = timeBetween(this.rng, HISTORY_START + 3 * DAY, WORLD_NOW - 3_600);
      this.at(time, 4, () => {
        const to = pickWallet(this.rng, this.ctx).key;
        const amount = amountBetween(this.rng, AVAX, 40n * AVAX, 1_000_000n);
        const paid = this.pay(cb58Encode(this.rng.bytes(32)), time, FEES.pTx, amount, to);
        if (paid.inputs.length > 0) this.push({ ...paid, type: 'BaseTx', time });
      });
    }
  }

  planChains(blockchains: BlockchainRecord[], conversions: L1Conversion[]): void {
    const seenSubnets = new Set<string>([blockchains[0]!.subnetId]);
    for (const chain of blockchains) {
      if (!seenSubnets.has(chain.subnetId)) {
        seenSubnets.add(chain.subnetId);
        const time = chain.createdTime - this.rng.int(3_600, 2 * DAY);
        const owner = singleOwner(pickWallet(this.rng, this.ctx).key);
        this.at(time, 5, () => this.push({ ...this.pay(chain.subnetId, time, FEES.pTx), type: 'CreateSubnetTx', time, subnetOwner: owner }));
      }
      if (chain.subnetId === blockchains[0]!.subnetId) continue;
      this.at(chain.createdTime, 6, () => this.push({ ...this.pay(chain.id, chain.createdTime, FEES.pTx), type: 'CreateChainTx', time: chain.createdTime, chain, subnetId: chain.subnetId }));
    }
    for (const conversion of conversions) {
      const { time, blockchain } = conversion;
      const initial = conversion.validators.filter((v) => v.startTime === time);
      const balances = initial.reduce((s, v) => s + v.balance, 0n);
      this.at(time, 7, () =>
        this.push({ ...this.pay(cb58Encode(this.rng.bytes(32)), time, FEES.pTx + balances), type: 'ConvertSubnetToL1Tx', time, subnetId: blockchain.subnetId, chain: blockchain, l1Validators: initial }),
      );
    }
  }
}
