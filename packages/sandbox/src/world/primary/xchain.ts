/**
 * X-Chain history: the AVAX genesis, three more assets (fixed-cap, variable-cap, NFT), then a
 * year of transfers, exports to the P- and C-Chain, imports from the C-Chain and mint operations,
 * generated in time order against the ledger. Transactions are real AVM codec bytes.
 */
import { cb58Encode, isTestnet } from '@avalanche-graph/identity';
import type { Rng } from '../rng.js';
import { idOf } from './bytes.js';
import { AVAX, DAY, FEES, HISTORY_START, WORLD_NOW } from './constants.js';
import { amountBetween, pickWallet, timeBetween, type NetworkContext } from './context.js';
import { encodeXTx } from './encode.js';
import { amountOf, singleOwner, sortedOwners } from './ledger.js';
import type { Asset, InitialState, Output, TransferableInput, TransferableOutput, UtxoRecord, Wallet, XOperation, XTx } from './types.js';

type Draft = Omit<XTx, 'id' | 'bytes' | 'container' | 'credentials'>;

const EVENT_COUNT = 110;

export interface XChainHistory {
  assets: Asset[];
  txs: XTx[];
}

export function simulateXChain(ctx: NetworkContext, rng: Rng): XChainHistory {
  const sim = new XSimulation(ctx, rng);
  sim.genesis();
  sim.createAssets();
  sim.run();
  sim.pendingFromC();
  return { assets: sim.assets, txs: sim.txs };
}

class XSimulation {
  readonly assets: Asset[] = [];
  readonly txs: XTx[] = [];
  private sbd!: Asset;
  private agld!: Asset;
  private scol!: Asset;
  private readonly scale: bigint;

  constructor(
    private readonly ctx: NetworkContext,
    private readonly rng: Rng,
  ) {
    this.scale = isTestnet(ctx.network) ? 1n : 10n;
  }

  private get ledger() {
    return this.ctx.ledger;
  }

  private alias(chainId: string): 'P' | 'C' {
    return chainId === this.ctx.chainIds.P ? 'P' : 'C';
  }

  /** Signs, encodes and applies a draft: spends its inputs and creates its outputs. */
  private commit(draft: Draft, fixedId?: string): XTx {
    const opInputs: TransferableInput[] = (draft.operations ?? []).map((op) => ({ utxo: op.input, sigIndices: [0] }));
    const all = [...draft.inputs, ...(draft.importedInputs ?? []), ...opInputs];
    const signatures = this.ledger.sign(all);
    const fxs = [...draft.inputs, ...(draft.importedInputs ?? [])].map(() => 'secp256k1' as const);
    const opFxs = (draft.operations ?? []).map((op) => (op.kind === 'nftMint' ? ('nft' as const) : ('secp256k1' as const)));
    const credentials = [...fxs, ...opFxs].map((fx, i) => ({ fx, signatures: signatures[i]! }));
    const bytes = encodeXTx({ ...draft, credentials }, this.ctx.networkId, this.ctx.chainIds.X);
    const id = fixedId ?? idOf(bytes);
    this.ledger.markSpent(all, signatures, id, draft.time, 'X');
    let index = 0;
    const create = (assetId: string, output: Output, holder: 'X' | 'P' | 'C') =>
      this.ledger.create({ txId: id, outputIndex: index++, assetId, output, createdOn: 'X', holder, createdTime: draft.time });
    for (const o of draft.outputs) create(o.assetId, o.output, 'X');
    for (const o of draft.exportedOutputs ?? []) create(o.assetId, o.output, this.alias(draft.destinationChain!));
    for (const state of draft.asset?.initialStates ?? []) for (const o of state.outputs) create(id, o, 'X');
    for (const op of draft.operations ?? []) {
      if (op.kind === 'secpMint') {
        create(op.assetId, op.mintOutput, 'X');
        create(op.assetId, op.transferOutput, 'X');
      } else {
        for (const owners of op.owners) create(op.assetId, { type: 'nftTransfer', groupId: op.groupId, payload: op.payload, owners }, 'X');
      }
    }
    const tx: XTx = { ...draft, id, credentials, bytes, container: { kind: 'genesis', id: '', height: 0 } };
    this.txs.push(tx);
    return tx;
  }

  private avaxOut(amount: bigint, wallet: Wallet): TransferableOutput {
    return { assetId: this.ctx.avaxAssetId, output: { type: 'secpTransfer', amount, owners: singleOwner(wallet.key) } };
  }

  genesis(): void {
    const outputs: Output[] = [];
    for (const wallet of this.ctx.wallets) {
      const n = this.rng.int(1, 2);
      for (let i = 0; i < n; i++) {
        outputs.push({ type: 'secpTransfer', amount: amountBetween(this.rng, 5n * AVAX * this.scale, 2_000n * AVAX * this.scale, AVAX), owners: singleOwner(wallet.key) });
      }
    }
    // Outputs a single key cannot spend alone: a 1-of-2, a 2-of-2 and a time-locked one.
    const [a, b, c] = [this.ctx.wallets[0]!, this.ctx.wallets[1]!, this.ctx.wallets[2]!];
    outputs.push({ type: 'secpTransfer', amount: 250n * AVAX, owners: sortedOwners({ locktime: 0n, threshold: 1, addrs: [a.key, b.key] }) });
    outputs.push({ type: 'secpTransfer', amount: 400n * AVAX, owners: sortedOwners({ locktime: 0n, threshold: 2, addrs: [b.key, c.key] }) });
    outputs.push({ type: 'secpTransfer', amount: 1_000n * AVAX, owners: singleOwner(a.key, BigInt(WORLD_NOW + 180 * DAY)) });
    this.assets.push({ id: this.ctx.avaxAssetId, name: 'Avalanche', symbol: 'AVAX', denomination: 9, type: 'secp256k1', createdTime: HISTORY_START });
    this.commit(
      {
        type: 'CreateAssetTx',
        time: HISTORY_START,
        outputs: [],
        inputs: [],
        memo: new TextEncoder().encode('sandbox genesis'),
        asset: { name: 'Avalanche', symbol: 'AVAX', denomination: 9, initialStates: [{ fxIndex: 0, outputs }] },
      },
      this.ctx.avaxAssetId,
    );
  }

  private createAsset(time: number, name: string, symbol: string, denomination: number, type: Asset['type'], states: InitialState[]): Asset {
    const creator = this.rng.pick(this.ctx.wallets);
    const fee = this.ledger.select('X', creator.key, this.ctx.avaxAssetId, FEES.xCreateAsset, time)!;
    const inputs = this.ledger.inputs(fee);
    const change = fee.reduce((s, u) => s + amountOf(u.output), 0n) - FEES.xCreateAsset;
    const tx = this.commit({
      type: 'CreateAssetTx',
      time,
      outputs: change > 0n ? [this.avaxOut(change, creator)] : [],
      inputs,
      memo: new Uint8Array(0),
      asset: { name, symbol, denomination, initialStates: states },
    });
    const asset: Asset = { id: tx.id, name, symbol, denomination, type, createdTime: time };
    this.assets.push(asset);
    return asset;
  }

  createAssets(): void {
    const holders = (n: number, min: bigint, max: bigint): Output[] =>
      Array.from({ length: n }, () => ({ type: 'secpTransfer' as const, amount: amountBetween(this.rng, min, max, 1n), owners: singleOwner(pickWallet(this.rng, this.ctx).key) }));
    this.sbd = this.createAsset(HISTORY_START + 2 * DAY, 'Sandbox Dollar', 'SBD', 6, 'secp256k1', [{ fxIndex: 0, outputs: holders(6, 1_000_000_000n, 500_000_000_000n) }]);
    const minter = this.ctx.wallets[3]!;
    this.agld = this.createAsset(HISTORY_START + 5 * DAY, 'Avalanche Gold', 'AGLD', 2, 'secp256k1', [
      { fxIndex: 0, outputs: [{ type: 'secpMint', owners: singleOwner(minter.key) }, ...holders(3, 10_000n, 5_000_000n)] },
    ]);
    const artist = this.ctx.wallets[4]!;
    this.scol = this.createAsset(HISTORY_START + 9 * DAY, 'Sandbox Collectibles', 'SCOL', 0, 'nft', [
      { fxIndex: 1, outputs: [0, 1, 2, 3, 4].map((groupId) => ({ type: 'nftMint' as const, groupId, owners: singleOwner(artist.key) })) },
    ]);
  }

  run(): void {
    const times = Array.from({ length: EVENT_COUNT }, () => timeBetween(this.rng, HISTORY_START + 12 * DAY, WORLD_NOW - 3_600)).sort((x, y) => x - y);
    for (const time of times) {
      const roll = this.rng.int(1, 100);
      const done =
        (roll <= 12 && this.transferToken(time)) ||
        (roll > 12 && roll <= 26 && this.export(time, this.ctx.chainIds.P)) ||
        (roll > 26 && roll <= 32 && this.export(time, this.ctx.chainIds.C)) ||
        (roll > 32 && roll <= 40 && this.importFromC(time)) ||
        (roll > 40 && roll <= 45 && this.mintFungible(time)) ||
        (roll > 45 && roll <= 50 && this.mintNft(time));
      if (!done) this.transferAvax(time);
    }
  }

  /** A sender with a spendable AVAX UTXO worth at least `min`, and that UTXO. */
  private funded(time: number, min: bigint, who?: Wallet): { wallet: Wallet; utxo: UtxoRecord } | null {
    const wallets = who ? [who] : this.ctx.wallets;
    const offset = this.rng.int(0, wallets.length - 1);
    for (let i = 0; i < wallets.length; i++) {
      const wallet = wallets[(offset + i) % wallets.length]!;
      const utxos = this.ledger.spendable('X', wallet.key, this.ctx.avaxAssetId, time).filter((u) => amountOf(u.output) >= min);
      if (utxos.length > 0) return { wallet, utxo: this.rng.pick(utxos) };
    }
    return null;
  }

  /** A part (5-70%) of `amount`, rounded to `step`. */
  private portion(amount: bigint, step: bigint): bigint {
    const part = (amount * BigInt(this.rng.int(5, 70))) / 100n;
    return part - (part % step) || step;
  }

  private transferAvax(time: number): boolean {
    const from = this.funded(time, 20n * FEES.xTx);
    if (!from) return false;
    const total = amountOf(from.utxo.output) - FEES.xTx;
    const amount = this.portion(total, 1_000_000n);
    const outputs = [this.avaxOut(amount, pickWallet(this.rng, this.ctx, from.wallet.key))];
    if (total - amount > 0n) outputs.push(this.avaxOut(total - amount, from.wallet));
    this.commit({ type: 'BaseTx', time, outputs, inputs: this.ledger.inputs([from.utxo]), memo: new Uint8Array(0) });
    return true;
  }

  private transferToken(time: number): boolean {
    const asset = this.rng.chance(0.6) ? this.sbd : this.agld;
    for (const wallet of this.ctx.wallets) {
      const tokens = this.ledger.spendable('X', wallet.key, asset.id, time);
      const fee = this.funded(time, FEES.xTx, wallet);
      if (tokens.length === 0 || !fee) continue;
      const token = tokens[0]!;
      const amount = this.portion(amountOf(token.output), 1n);
      const recipient = pickWallet(this.rng, this.ctx, wallet.key);
      const outputs: TransferableOutput[] = [{ assetId: asset.id, output: { type: 'secpTransfer', amount, owners: singleOwner(recipient.key) } }];
      const rest = amountOf(token.output) - amount;
      if (rest > 0n) outputs.push({ assetId: asset.id, output: { type: 'secpTransfer', amount: rest, owners: singleOwner(wallet.key) } });
      const avaxChange = amountOf(fee.utxo.output) - FEES.xTx;
      if (avaxChange > 0n) outputs.push(this.avaxOut(avaxChange, wallet));
      const memo = new TextEncoder().encode(`${asset.symbol} payment`);
      this.commit({ type: 'BaseTx', time, outputs, inputs: this.ledger.inputs([token, fee.utxo]), memo });
      return true;
    }
    return false;
  }

  private export(time: number, destinationChain: string): boolean {
    const from = this.funded(time, 50n * FEES.xTx);
    if (!from) return false;
    const total = amountOf(from.utxo.output) - FEES.xTx;
    const amount = this.portion(total, 1_000_000n);
    const to = this.rng.chance(0.8) ? from.wallet : pickWallet(this.rng, this.ctx);
    const outputs = total - amount > 0n ? [this.avaxOut(total - amount, from.wallet)] : [];
    this.commit({
      type: 'ExportTx',
      time,
      outputs,
      inputs: this.ledger.inputs([from.utxo]),
      memo: new Uint8Array(0),
      destinationChain,
      exportedOutputs: [this.avaxOut(amount, to)],
    });
    return true;
  }

  /** An output a C-Chain atomic export left in the X-Chain's shared memory. */
  private atomicFromC(time: number, wallet: Wallet): UtxoRecord {
    return this.ledger.create({
      txId: cb58Encode(this.rng.bytes(32)),
      outputIndex: 0,
      assetId: this.ctx.avaxAssetId,
      output: { type: 'secpTransfer', amount: amountBetween(this.rng, 2n * AVAX, 300n * AVAX * this.scale, 1_000_000n), owners: singleOwner(wallet.key) },
      createdOn: 'C',
      holder: 'X',
      createdTime: time,
    });
  }

  private importFromC(time: number): boolean {
    const wallet = pickWallet(this.rng, this.ctx);
    const atomic = this.atomicFromC(time - this.rng.int(60, 3_600), wallet);
    this.commit({
      type: 'ImportTx',
      time,
      outputs: [this.avaxOut(amountOf(atomic.output) - FEES.xTx, wallet)],
      inputs: [],
      memo: new Uint8Array(0),
      sourceChain: this.ctx.chainIds.C,
      importedInputs: this.ledger.inputs([atomic]),
    });
    return true;
  }

  /** AVAX change after paying the fee from `utxo`, as outputs. */
  private feeChange(utxo: UtxoRecord, wallet: Wallet): TransferableOutput[] {
    const change = amountOf(utxo.output) - FEES.xTx;
    return change > 0n ? [this.avaxOut(change, wallet)] : [];
  }

  private mintFungible(time: number): boolean {
    const mint = this.ledger.utxos.find((u) => u.assetId === this.agld.id && u.output.type === 'secpMint' && !u.spent && u.createdTime < time);
    if (!mint) return false;
    const minter = this.ctx.walletByHex(mint.output.owners.addrs[0]!.hex);
    const fee = this.funded(time, FEES.xTx, minter);
    if (!fee) return false;
    const op: XOperation = {
      kind: 'secpMint',
      assetId: this.agld.id,
      input: mint,
      mintOutput: { type: 'secpMint', owners: mint.output.owners },
      transferOutput: { type: 'secpTransfer', amount: amountBetween(this.rng, 100n, 2_000_000n, 1n), owners: singleOwner(pickWallet(this.rng, this.ctx).key) },
    };
    this.commit({ type: 'OperationTx', time, outputs: this.feeChange(fee.utxo, minter), inputs: this.ledger.inputs([fee.utxo]), memo: new Uint8Array(0), operations: [op] });
    return true;
  }

  private mintNft(time: number): boolean {
    const mint = this.ledger.utxos.find((u) => u.assetId === this.scol.id && u.output.type === 'nftMint' && !u.spent && u.createdTime < time);
    if (!mint || mint.output.type !== 'nftMint') return false;
    const artist = this.ctx.walletByHex(mint.output.owners.addrs[0]!.hex);
    const fee = this.funded(time, FEES.xTx, artist);
    if (!fee) return false;
    const owners = Array.from({ length: this.rng.int(1, 3) }, () => singleOwner(pickWallet(this.rng, this.ctx).key));
    const payload = new TextEncoder().encode(JSON.stringify({ name: `Sandbox Collectible #${mint.output.groupId}`, image: `https://images.sandbox.invalid/scol/${mint.output.groupId}.png` }));
    const op: XOperation = { kind: 'nftMint', assetId: this.scol.id, input: mint, groupId: mint.output.groupId, payload, owners };
    this.commit({ type: 'OperationTx', time, outputs: this.feeChange(fee.utxo, artist), inputs: this.ledger.inputs([fee.utxo]), memo: new Uint8Array(0), operations: [op] });
    return true;
  }

  /** C-Chain exports to the X-Chain that nobody has imported yet (seen with `sourceChain: "C"`). */
  pendingFromC(): void {
    for (let i = 0; i < 3; i++) this.atomicFromC(WORLD_NOW - this.rng.int(3_600, 3 * DAY), this.ctx.wallets[i]!);
  }
}
