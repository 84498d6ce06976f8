import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@avalanche-graph/identity';
import { EMPTY_ID, WORLD_NOW, amountOf, inUtxoSet, type PrimaryNetwork, type PTx, type UtxoRecord } from '@avalanche-graph/sandbox';
import { printedSchema } from '../../src/schema/print.js';
import { bytesFromNodeHex } from '../../src/upstream/node-rpc/codec.js';
import {
  PChainBalanceDocument,
  PChainBlockchainsDocument,
  PChainBlockDocument,
  PChainBlockRawDocument,
  PChainTransactionSourcesDocument,
  PChainOverviewDocument,
  PChainSupplyDocument,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';

const shared = useHarness();
const { h } = shared;

const mainnet = (): PrimaryNetwork => h.sandbox.world.primary.networks.mainnet;
const node = () => shared.node;
const calls = (method: string) => node().counts()[`POST /ext/bc/P ${method}`] ?? 0;

const TYPE: Record<PTx['type'], string> = {
  BaseTx: 'BASE',
  ImportTx: 'IMPORT',
  AddPermissionlessValidatorTx: 'ADD_PERMISSIONLESS_VALIDATOR',
  AddPermissionlessDelegatorTx: 'ADD_PERMISSIONLESS_DELEGATOR',
  RewardValidatorTx: 'REWARD_VALIDATOR',
  CreateSubnetTx: 'CREATE_SUBNET',
  CreateChainTx: 'CREATE_CHAIN',
  ConvertSubnetToL1Tx: 'CONVERT_SUBNET_TO_L1',
};

describe('P-Chain reads', () => {
  it('reads the height, the supply and blockchain statuses', async () => {
    const net = mainnet();
    const created = net.blockchains.find((b) => b.status === 'Created')!;
    const cases: Array<[string, string]> = [
      [net.chainIds.X, 'VALIDATING'],
      [created.id, 'CREATED'],
      [net.preferredBlockchainId, 'PREFERRED'],
      [net.p.txs[0]!.id, 'UNKNOWN'],
    ];
    for (const [blockchainId, status] of cases) {
      const { data, errors } = await h.query(PChainOverviewDocument, { blockchainId });
      expect(errors).toBeUndefined();
      expect(data!.network.pChain).toEqual({ height: String(net.p.blocks.length - 1), currentSupply: net.p.currentSupply.toString(), blockchainStatus: status });
    }
    const bad = await h.query(PChainOverviewDocument, { blockchainId: 'X' });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'blockchainId' });
  });

  it('reads the supply of the primary network by id, and null for a subnet the node has no supply for', async () => {
    const primary = await h.query(PChainSupplyDocument, { subnetId: EMPTY_ID });
    expect(primary.data!.network.pChain.currentSupply).toBe(mainnet().p.currentSupply.toString());
    const l1 = await h.query(PChainSupplyDocument, { subnetId: mainnet().l1Validators[0]!.subnetId });
    expect(l1).toEqual({ data: { network: { pChain: { currentSupply: null } } } });
  });

  it('lists the blockchains (deprecated method) with their statuses', async () => {
    const net = mainnet();
    const { data, errors } = await h.query(PChainBlockchainsDocument, {});
    expect(errors).toBeUndefined();
    const chains = data!.network.pChain.blockchains!;
    expect(new Set(chains.map((c) => c.id))).toEqual(new Set(net.blockchains.map((b) => b.id)));
    for (const c of chains) {
      const world = net.blockchains.find((b) => b.id === c.id)!;
      expect(c).toMatchObject({ name: world.name, subnetId: world.subnetId, vmId: world.vmId });
      const alias = Object.values(net.chainIds).includes(c.id);
      expect(c.status).toBe(alias ? 'VALIDATING' : world.status.toUpperCase());
    }
    expect(calls('platform.getBlockchains')).toBe(1);
    expect(calls('platform.getBlockchainStatus')).toBe(chains.length);
  });

  it('reads a block by height and by id with its transactions typed from their members', async () => {
    const net = mainnet();
    for (const height of [1, 3, 40, net.p.blocks.length - 1]) {
      const block = net.p.blocks[height]!;
      const { data, errors } = await h.query(PChainBlockDocument, { height: String(height) });
      expect(errors).toBeUndefined();
      const b = data!.network.pChain.block!;
      expect(b).toMatchObject({ id: block.id, parentId: block.parentId, height: String(height), timestamp: block.time, txCount: block.txIds.length });
      expect(b.txs.map((t) => [t.txHash, t.type])).toEqual(block.txIds.map((id) => [id, TYPE[net.p.txsById.get(id)!.type]]));
      for (const tx of b.txs) {
        const world = net.p.txsById.get(tx.txHash)!;
        if (world.type === 'RewardValidatorTx') continue;
        expect(tx).toMatchObject({ networkId: 1, blockchainId: EMPTY_ID });
        expect(tx.inputs.map((i) => [i.utxoId, i.amount, i.spentTx])).toEqual(world.inputs.map((i) => [i.utxo.id, amountOf(i.utxo.output).toString(), null]));
        expect(tx.outputs.map((o) => o.amount)).toEqual(world.outputs.map((o) => amountOf(o.output).toString()));
        expect(tx.credentials.map((c) => c.signatures)).toEqual(world.signatures.map((s) => s.map(bytesToHex)));
      }
      const byId = await h.query(PChainBlockDocument, { id: block.id });
      expect(byId.data!.network.pChain.block).toEqual(b);
    }
    const types = new Set(net.p.blocks.flatMap((b) => b.txIds.map((id) => net.p.txsById.get(id)!.type)));
    expect(types.size).toBeGreaterThan(3);
  });

  it('covers every transaction type of the world', async () => {
    const net = mainnet();
    const seen = new Map<string, string>();
    for (const tx of net.p.txs) if (!seen.has(tx.type)) seen.set(tx.type, net.p.blocks[tx.blockHeight]!.id);
    for (const [type, blockId] of seen) {
      const { data } = await h.query(PChainBlockDocument, { id: blockId });
      expect(data!.network.pChain.block!.txs.map((t) => t.type)).toContain(TYPE[type as PTx['type']]);
    }
  });

  it('is one PChainTransaction type whatever the source: each reads the other source\'s members by id, once', async () => {
    const net = mainnet();
    // A block whose first transaction carries the BaseTx members (a RewardValidatorTx has none).
    const height = net.p.blocks.findIndex((b, i) => i > 0 && b.txIds.length > 1 && net.p.txsById.get(b.txIds[0]!)!.type === 'BaseTx');
    const block = net.p.blocks[height]!;
    const hash = block.txIds[0]!;
    const byHash = () => h.sandbox.services.dataApi.total('GET /v1/networks/{network}/blockchains/{blockchainId}/transactions/{txHash}');
    const { data, errors } = await h.query(PChainTransactionSourcesDocument, { height: String(height), hash });
    expect(errors).toBeUndefined();
    const fromNode = data!.network.pChain.block!.txs;
    const fromDataApi = data!.network.transaction!;
    expect(fromNode.map((t) => t.txHash)).toEqual(block.txIds);
    // The same object from either source: the same id and the same members.
    expect(fromNode[0]).toMatchObject({ id: fromDataApi.id, txHash: hash, txType: fromDataApi.txType });
    expect(fromDataApi).toMatchObject({ type: fromNode[0]!.type, networkId: 1, unsignedTx: expect.anything() });
    expect(fromNode.map((t) => t.blockNumber)).toEqual(block.txIds.map(() => String(height)));
    // The Data API's record once per transaction of the block (shared with `transaction`), the block once (shared with `block`).
    expect(byHash()).toBe(block.txIds.length);
    expect(calls('platform.getBlockByHeight')).toBe(1);
  });

  it('fetches only hex for id and raw, and links the parent block', async () => {
    const net = mainnet();
    const { data } = await h.query(PChainBlockRawDocument, { height: '7' });
    const b = data!.network.pChain.block!;
    expect(bytesToHex(bytesFromNodeHex(b.raw))).toBe(bytesToHex(net.p.blocks[7]!.bytes));
    expect(b).toMatchObject({ id: net.p.blocks[7]!.id, parent: { id: net.p.blocks[6]!.id, height: '6' } });
    // Block 7 (hex), its JSON for the parent id, then the parent (JSON, for its height).
    expect(calls('platform.getBlockByHeight')).toBe(2);
    expect(calls('platform.getBlock')).toBe(1);
    const genesis = await h.query(PChainBlockRawDocument, { height: '0' });
    expect(genesis.data!.network.pChain.block!.parent).toBeNull();
    const unknown = await h.query(PChainBlockRawDocument, { id: net.x.blocks[0]!.id });
    expect(unknown).toEqual({ data: { network: { pChain: { block: null } } } });
    // A height past the tip is "no such block" too, in both encodings: null, no error.
    const future = String(net.p.blocks.length + 1000);
    expect(await h.query(PChainBlockRawDocument, { height: future })).toEqual({ data: { network: { pChain: { block: null } } } });
    expect(await h.query(PChainBlockDocument, { height: future })).toEqual({ data: { network: { pChain: { block: null } } } });
  });

  /** getBalance's buckets at the world's time: unlocked, locked but stakeable, locked. */
  function bucket(u: UtxoRecord): 'unlocked' | 'lockedStakeable' | 'lockedNotStakeable' | null {
    const now = BigInt(WORLD_NOW);
    const out = u.output;
    if (out.type === 'secpTransfer') return out.owners.locktime <= now ? 'unlocked' : 'lockedNotStakeable';
    if (out.type === 'lockOut') return out.owners.locktime > now ? 'lockedNotStakeable' : out.stakeableLocktime <= now ? 'unlocked' : 'lockedStakeable';
    return null;
  }

  it('reads the balance of addresses (deprecated method) by lock state, per asset, with the UTXOs', async () => {
    const net = mainnet();
    const wallets = net.wallets.slice(0, 6);
    const owned = net.utxos.filter((u) => inUtxoSet(u, 'P') && u.output.owners.addrs.some((a) => wallets.some((w) => w.key.hex === a.hex)) && bucket(u));
    const sum = (b: string) => owned.filter((u) => bucket(u) === b).reduce((s, u) => s + amountOf(u.output), 0n).toString();
    const { data, errors } = await h.query(PChainBalanceDocument, { addresses: wallets.map((w) => w.p) });
    expect(errors).toBeUndefined();
    const balance = data!.network.pChain.balance!;
    expect(balance).toMatchObject({
      balance: owned.reduce((s, u) => s + amountOf(u.output), 0n).toString(),
      unlocked: sum('unlocked'),
      lockedStakeable: sum('lockedStakeable'),
      lockedNotStakeable: sum('lockedNotStakeable'),
    });
    expect(balance.assets).toEqual([
      { assetId: net.avaxAssetId, balance: balance.balance, unlocked: balance.unlocked, lockedStakeable: balance.lockedStakeable, lockedNotStakeable: balance.lockedNotStakeable, asset: { symbol: 'AVAX' } },
    ]);
    expect(new Set(balance.utxos.map((u) => u.utxoId))).toEqual(new Set(owned.map((u) => u.id)));
  });

  it('refuses X-Chain and other-network addresses before any call', async () => {
    const fuji = h.sandbox.world.primary.networks.fuji;
    for (const addresses of [[mainnet().wallets[0]!.x], [fuji.wallets[0]!.p], []]) {
      const { errors } = await h.query(PChainBalanceDocument, { addresses });
      expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect(node().total()).toBe(0);
    const onFuji = await h.query(PChainBalanceDocument, { network: 'FUJI', addresses: [fuji.wallets[0]!.p] });
    expect(onFuji.errors).toBeUndefined();
    expect(h.sandbox.services.nodeFuji.total('POST /ext/bc/P platform.getBalance')).toBe(1);
  });

  it('marks the deprecated node methods in the schema with the AvalancheGo version', () => {
    const sdl = printedSchema();
    expect(sdl).toContain('@deprecated(reason: "platform.getBalance is deprecated since AvalancheGo v1.9.12');
    expect(sdl).toContain('@deprecated(reason: "platform.getBlockchains is deprecated since AvalancheGo v1.9.12');
  });
});
