/**
 * `@avalabs/avalanchejs` v5 (`pvm.PVMApi`, `avm.AVMApi`) against the simulated node. The library
 * decodes UTXOs and transactions from their codec bytes and converts balances, so a resolved call
 * means the sandbox speaks AvalancheGo's protocol; the values must also be the world's. Methods
 * the library does not expose (blocks, heights, L1 validators) are called raw and checked against
 * the fields AvalancheGo returns.
 */
import * as avalanchejsModule from '@avalabs/avalanchejs';
import { beforeAll, describe, expect, it } from 'vitest';
import { inUtxoSet, type PrimaryNetwork, type UtxoRecord } from '@avalanche-graph/sandbox';
import { useSandbox } from '../support/sandbox.js';

/*
 * avalanchejs' ESM type declarations re-export through extensionless paths, which NodeNext
 * resolution cannot follow; these are the declarations of the members used here, as the library
 * declares them (vms/avm/api.d.ts, vms/pvm/api.d.ts, serializable/**).
 */
interface Amounter {
  amount(): bigint;
  getOwners(): Uint8Array[];
}
type AmounterClass = abstract new (...args: never[]) => Amounter;
interface DecodedUtxo {
  ID(): string;
  getAssetId(): string;
  utxoId: { txID: { toString(): string } };
  output: unknown;
}
interface GetUtxosResponse {
  utxos: DecodedUtxo[];
  numFetched: number;
  endIndex: { address: string; utxo: string };
}
interface SignedTx {
  unsignedTx: unknown;
  getAllSignatures(): string[];
}
interface AvmApi {
  getUTXOs(input: { addresses: string[]; limit?: number }): Promise<GetUtxosResponse>;
  getTx(params: { txID: string }): Promise<SignedTx>;
  getTxJson(params: { txID: string }): Promise<{ tx: any }>;
  getTxStatus(params: { txID: string }): Promise<{ status: string; reason: string }>;
  getTxFee(): Promise<{ txFee: bigint; createAssetTxFee: bigint }>;
  getAssetDescription(assetID: string): Promise<{ assetID: string; name: string; symbol: string; denomination: number }>;
  getAllBalances(params: { address: string }): Promise<{ balances: { asset: string; balance: number }[] }>;
  getBalance(params: { addresses: string[] } | { address: string; assetID: string }): Promise<{ balance: bigint }>;
}
interface PvmValidator {
  txID: string;
  nodeID: string;
  weight: string;
  potentialReward: string;
  connected: boolean;
  validationRewardOwner: { locktime: string; threshold: string; addresses: string[] };
  signer: { publicKey: string; proofOfPosession: string };
  delegatorCount: string;
  delegators: { txID: string }[];
}
interface PvmApi {
  getUTXOs(input: { addresses: string[]; limit?: number }): Promise<GetUtxosResponse>;
  getBalance(params: { addresses: string[] }): Promise<{ balance: bigint; unlocked: bigint; lockedStakeable: bigint; lockedNotStakeable: bigint; utxoIDs: { txID: string; outputIndex: number }[] }>;
  getBlockchains(): Promise<{ blockchains: { id: string; name: string; subnetID: string; vmID: string }[] }>;
  getBlockchainStatus(blockchainID: string): Promise<{ status: string }>;
  getCurrentSupply(): Promise<{ supply: bigint }>;
  getHeight(): Promise<{ height: number }>;
  getTxStatus(params: { txID: string }): Promise<{ status: string; reason: string }>;
  getCurrentValidators(params?: { subnetID?: string; nodeIDs?: string[] }): Promise<{ validators: PvmValidator[] }>;
}
interface AvalancheJs {
  avm: { AVMApi: new (baseURL?: string) => AvmApi };
  pvm: { PVMApi: new (baseURL?: string) => PvmApi };
  avmSerial: Record<'isAvmBaseTx' | 'isCreateAssetTx' | 'isOperationTx' | 'isImportTx' | 'isExportTx', (tx: unknown) => boolean>;
  pvmSerial: { StakeableLockOut: AmounterClass };
  TransferOutput: AmounterClass;
}
const { avm, avmSerial, pvm, pvmSerial, TransferOutput } = avalanchejsModule as unknown as AvalancheJs;

const sandbox = useSandbox();
let net: PrimaryNetwork;
let x: AvmApi;
let p: PvmApi;

beforeAll(() => {
  net = sandbox.world.primary.networks.mainnet;
  x = new avm.AVMApi(sandbox.urls.nodeRpcMainnet);
  p = new pvm.PVMApi(sandbox.urls.nodeRpcMainnet);
});

function amount(u: UtxoRecord): bigint {
  return u.output.type === 'secpTransfer' || u.output.type === 'lockOut' ? u.output.amount : 0n;
}

function owned(chain: 'X' | 'P', hex: string): UtxoRecord[] {
  return net.utxos.filter((u) => inUtxoSet(u, chain) && u.output.owners.addrs.some((a) => a.hex === hex));
}

/** A call to a path of the mainnet API node, or to a full URL (an L1's own node). */
async function raw(path: string, method: string, params: Record<string, unknown> = {}): Promise<any> {
  const response = await fetch(path.startsWith('/') ? `${sandbox.urls.nodeRpcMainnet}${path}` : path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await response.json();
  expect(body.error).toBeUndefined();
  return body.result;
}

describe('AVMApi', () => {
  it('getUTXOs decodes every UTXO of an address to its id, asset, amount and owners', async () => {
    const wallet = net.wallets[3]!;
    const { utxos } = await x.getUTXOs({ addresses: [wallet.x] });
    const expected = owned('X', wallet.key.hex);
    expect(utxos.map((u) => u.ID()).sort()).toEqual(expected.map((u) => u.id).sort());
    for (const utxo of utxos) {
      const world = expected.find((u) => u.id === utxo.ID())!;
      expect(utxo.getAssetId()).toBe(world.assetId);
      expect(utxo.utxoId.txID.toString()).toBe(world.txId);
      if (world.output.type === 'secpTransfer') {
        expect(utxo.output).toBeInstanceOf(TransferOutput);
        expect((utxo.output as Amounter).amount()).toBe(world.output.amount);
        expect((utxo.output as Amounter).getOwners().map((o) => Buffer.from(o).toString('hex'))).toEqual(world.output.owners.addrs.map((a) => a.hex.slice(2)));
      }
    }
  });

  it('getTx decodes every kind of X-Chain transaction to its inputs and outputs', async () => {
    for (const type of ['BaseTx', 'CreateAssetTx', 'OperationTx', 'ImportTx', 'ExportTx'] as const) {
      const tx = net.x.txs.filter((t) => t.type === type).at(-1)!;
      const signed = await x.getTx({ txID: tx.id });
      const unsigned = signed.unsignedTx as any;
      const guard = { BaseTx: avmSerial.isAvmBaseTx, CreateAssetTx: avmSerial.isCreateAssetTx, OperationTx: avmSerial.isOperationTx, ImportTx: avmSerial.isImportTx, ExportTx: avmSerial.isExportTx }[type];
      expect(guard(unsigned), type).toBe(true);
      expect(unsigned.baseTx.inputs.map((i: any) => i.utxoID.txID.toString())).toEqual(tx.inputs.map((i) => i.utxo.txId));
      expect(unsigned.baseTx.outputs.map((o: any) => o.output.amount?.())).toEqual(tx.outputs.map((o) => (o.output.type === 'secpTransfer' ? o.output.amount : undefined)));
      expect(signed.getAllSignatures().length).toBe(tx.credentials.reduce((s, c) => s + c.signatures.length, 0));
      if (type === 'ExportTx') expect(unsigned.destination.toString()).toBe(tx.destinationChain);
      if (type === 'ImportTx') expect(unsigned.sourceChain.toString()).toBe(tx.sourceChain);
    }
  });

  it('getTxJson, getTxStatus, getTxFee and getAssetDescription describe the world', async () => {
    const tx = net.x.txs.find((t) => t.type === 'OperationTx')!;
    const json = await x.getTxJson({ txID: tx.id });
    expect(json.tx.id).toBe(tx.id);
    expect(json.tx.unsignedTx.operations[0].assetID).toBe(tx.operations![0]!.assetId);
    expect(await x.getTxStatus({ txID: tx.id })).toMatchObject({ status: 'Accepted' });
    expect(await x.getTxFee()).toEqual({ txFee: 1_000_000n, createAssetTxFee: 10_000_000n });
    for (const asset of net.assets) {
      expect(await x.getAssetDescription(asset.id)).toEqual({ assetID: asset.id, name: asset.name, symbol: asset.symbol, denomination: String(asset.denomination) });
    }
  });

  it('getBalance and getAllBalances sum the 1-of-1 unlocked outputs per asset', async () => {
    const wallet = net.wallets[3]!;
    const spendable = owned('X', wallet.key.hex).filter((u) => u.output.type === 'secpTransfer' && u.output.owners.addrs.length === 1 && u.output.owners.locktime === 0n);
    const { balances } = await x.getAllBalances({ address: wallet.x });
    for (const { asset, balance } of balances) {
      const id = asset === 'AVAX' ? net.avaxAssetId : asset;
      expect(BigInt(balance), asset).toBe(spendable.filter((u) => u.assetId === id).reduce((s, u) => s + amount(u), 0n));
    }
    expect(balances.length).toBe(new Set(spendable.map((u) => u.assetId)).size);
    const avax = await x.getBalance({ address: wallet.x, assetID: 'AVAX' });
    expect(BigInt(avax.balance)).toBe(BigInt(balances.find((b) => b.asset === 'AVAX')!.balance));
  });
});

describe('PVMApi', () => {
  it('getUTXOs decodes stakeable-locked outputs, and getBalance classifies them', async () => {
    const wallet = net.wallets[5]!; // holds a stakeable lock-out until after the world's now
    const { utxos } = await p.getUTXOs({ addresses: [wallet.p] });
    expect(utxos.map((u) => u.ID()).sort()).toEqual(owned('P', wallet.key.hex).map((u) => u.id).sort());
    const locked = utxos.find((u) => u.output instanceof pvmSerial.StakeableLockOut)!;
    expect((locked.output as Amounter).amount()).toBe(500_000_000_000n);
    const balance = await p.getBalance({ addresses: [wallet.p] });
    expect(balance.lockedStakeable).toBe(500_000_000_000n);
    expect(balance.balance).toBe(owned('P', wallet.key.hex).reduce((s, u) => s + amount(u), 0n));
    expect(balance.balance).toBe(balance.unlocked + balance.lockedStakeable + balance.lockedNotStakeable);
  });

  it('getBlockchains, getBlockchainStatus, getCurrentSupply, getHeight and getTxStatus', async () => {
    const { blockchains } = await p.getBlockchains();
    expect(blockchains.map((b) => b.id).sort()).toEqual(net.blockchains.map((b) => b.id).sort());
    expect(blockchains.find((b) => b.id === net.chainIds.X)).toEqual({ id: net.chainIds.X, name: 'X-Chain', subnetID: net.chainIds.P, vmID: 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq' });
    expect(await p.getBlockchainStatus(net.chainIds.C)).toEqual({ status: 'Validating' });
    const supply = await p.getCurrentSupply();
    expect(BigInt(supply.supply)).toBe(net.p.currentSupply);
    expect(Number((await p.getHeight()).height)).toBe(net.p.blocks.length - 1);
    expect(await p.getTxStatus({ txID: net.p.txs.at(-1)!.id })).toMatchObject({ status: 'Committed' });
  });

  it('getCurrentValidators returns primary-network validators with their owners and delegators', async () => {
    const target = net.validators.find((v) => v.current.signer && net.delegations.some((d) => d.period === v.current && d.status === 'active'))!;
    const { validators } = await p.getCurrentValidators({ nodeIDs: [target.nodeId] });
    const [v] = validators;
    expect(v).toMatchObject({ txID: target.current.txId, nodeID: target.nodeId, weight: target.current.stake.toString(), potentialReward: target.current.potentialReward.toString(), connected: target.connected });
    expect(v!.validationRewardOwner.addresses).toEqual(target.current.validationRewardOwner.addrs.map((a) => net.walletsByHex.get(a.hex)!.p));
    // avalanchejs declares `proofOfPosession`; AvalancheGo (and the sandbox) send `proofOfPossession`.
    expect((v!.signer as unknown as { proofOfPossession: string }).proofOfPossession).toMatch(/^0x[0-9a-f]{192}$/);
    expect(v!.delegators.length).toBe(Number(v!.delegatorCount));
    const all = await p.getCurrentValidators();
    expect(all.validators.map((x) => x.nodeID).sort()).toEqual(net.validators.map((x) => x.nodeId).sort());
  });
});

describe('methods avalanchejs does not expose (raw JSON-RPC)', () => {
  it('avm.getHeight / getBlockByHeight / getBlock: the last block, whose transactions avalanchejs decodes', async () => {
    const { height } = await raw('/ext/bc/X', 'avm.getHeight');
    const { block, encoding } = await raw('/ext/bc/X', 'avm.getBlockByHeight', { height, encoding: 'json' });
    expect(encoding).toBe('json');
    expect(Object.keys(block).sort()).toEqual(['height', 'id', 'merkleRoot', 'parentID', 'time', 'txs']);
    for (const tx of block.txs) expect((await x.getTx({ txID: tx.id })).getAllSignatures().length).toBeGreaterThan(0);
    const byId = await raw('/ext/bc/X', 'avm.getBlock', { blockID: block.id, encoding: 'json' });
    expect(byId.block).toEqual(block);
  });

  it('platform.getBlockByHeight / getBlock: Banff blocks listing the P-Chain transactions', async () => {
    const delegation = net.p.txs.find((t) => t.type === 'AddPermissionlessDelegatorTx')!;
    const { block } = await raw('/ext/bc/P', 'platform.getBlockByHeight', { height: delegation.blockHeight, encoding: 'json' });
    const tx = block.txs.find((t: any) => t.id === delegation.id);
    expect(tx.unsignedTx.rewardsOwner.addresses).toEqual(delegation.delegation!.rewardOwner.addrs.map((a) => net.walletsByHex.get(a.hex)!.p));
    expect((await raw('/ext/bc/P', 'platform.getBlock', { blockID: block.id, encoding: 'json' })).block).toEqual(block);
  });

  it('validators.getCurrentValidators on an L1 chain', async () => {
    const l1 = sandbox.world.chains.find((c) => c.network === 'mainnet' && !c.isCChain)!;
    const { validators } = await raw(l1.info.rpcUrl.replace(/\/rpc$/, '/validators'), 'validators.getCurrentValidators');
    const world = net.l1Validators.filter((v) => v.blockchainId === l1.blockchainId);
    expect(validators).toHaveLength(world.length);
    for (const v of validators) {
      expect(Object.keys(v).sort()).toEqual(['isActive', 'isConnected', 'isL1Validator', 'nodeID', 'startTimestamp', 'uptimePercentage', 'uptimeSeconds', 'validationID', 'weight']);
      expect(typeof v.weight).toBe('number');
    }
  });
});
