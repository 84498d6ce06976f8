import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@avalanche-graph/identity';
import { FEES, WORLD_NOW, amountOf, inUtxoSet, type PrimaryNetwork, type UtxoRecord, type XTx } from '@avalanche-graph/sandbox';
import { printedSchema } from '../../src/schema/print.js';
import { bytesFromNodeHex } from '../../src/upstream/node-rpc/codec.js';
import {
  XChainAssetDocument,
  XChainAssetNodeDocument,
  XChainAssetWithDataApiDocument,
  XChainBalanceDocument,
  XChainBalancesDocument,
  XChainBlockDocument,
  XChainBlockRawOnlyDocument,
  XChainBlockWithRawDocument,
  XChainHeightWithDataApiDocument,
  XChainOverviewDocument,
  XChainTxDocument,
  XChainTxRawOnlyDocument,
  XChainTxSpentDocument,
  XChainTxStatusDocument,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';

const shared = useHarness();
const { h } = shared;

const mainnet = (): PrimaryNetwork => h.sandbox.world.primary.networks.mainnet;
const node = () => shared.node;
const calls = (method: string) => node().counts()[`POST /ext/bc/X ${method}`] ?? 0;
const KIND: Record<XTx['type'], string> = {
  BaseTx: 'BASE',
  CreateAssetTx: 'CREATE_ASSET',
  OperationTx: 'OPERATION',
  ImportTx: 'IMPORT',
  ExportTx: 'EXPORT',
};
const txOfType = (type: XTx['type'], nth = 0) => mainnet().x.txs.filter((t) => t.type === type && t.container.kind !== 'genesis')[nth]!;
const ZERO_ID = '11111111111111111111111111111111LpoYY';

describe('X-Chain reads', () => {
  it('reads the height and the fees', async () => {
    const { data, errors } = await h.query(XChainOverviewDocument, {});
    expect(errors).toBeUndefined();
    expect(data!.network.xChain).toEqual({
      height: String(mainnet().x.blocks.at(-1)!.height),
      txFee: { txFee: FEES.xTx.toString(), createAssetTxFee: FEES.xCreateAsset.toString() },
    });
  });

  it('reads a block by height and by id with its typed transactions, in one JSON call each', async () => {
    const block = mainnet().x.blocks[2]!;
    const byHeight = await h.query(XChainBlockDocument, { height: '2' });
    expect(byHeight.errors).toBeUndefined();
    const b = byHeight.data!.network.xChain.block!;
    expect(b).toMatchObject({ id: block.id, parentId: block.parentId, height: '2', timestamp: block.time, merkleRoot: ZERO_ID, txCount: block.txIds.length });
    expect(b.txs.map((t) => t.txHash)).toEqual(block.txIds);
    for (const tx of b.txs) {
      const world = mainnet().x.txsById.get(tx.txHash)!;
      expect(tx.type).toBe(KIND[world.type]);
      expect(tx.inputs.map((i) => i.amount)).toEqual(world.inputs.map((i) => amountOf(i.utxo.output).toString()));
      expect(tx.credentials).toHaveLength(world.credentials.length);
    }
    expect(calls('avm.getBlockByHeight')).toBe(1);
    expect(node().total('POST /ext/bc/X ')).toBe(1);

    const byId = await h.query(XChainBlockDocument, { id: block.id });
    expect(byId.data!.network.xChain.block).toEqual(b);
    expect(calls('avm.getBlock')).toBe(1);
  });

  it('fetches only the hex encoding when only id and raw are selected, and both when typed fields are too', async () => {
    const block = mainnet().x.blocks[3]!;
    const raw = await h.query(XChainBlockRawOnlyDocument, { height: '3' });
    expect(raw.data!.network.xChain.block!.id).toBe(block.id);
    expect(bytesToHex(bytesFromNodeHex(raw.data!.network.xChain.block!.raw))).toBe(bytesToHex(block.bytes));
    expect(calls('avm.getBlockByHeight')).toBe(1);

    h.sandbox.reset();
    const both = await h.query(XChainBlockWithRawDocument, { height: '4' });
    const b = both.data!.network.xChain.block!;
    expect(b).toMatchObject({ id: mainnet().x.blocks[4]!.id, height: '4', parent: { id: mainnet().x.blocks[3]!.id } });
    expect(bytesToHex(bytesFromNodeHex(b.raw))).toBe(bytesToHex(mainnet().x.blocks[4]!.bytes));
    // JSON and hex of block 4, then the parent by id (hex only: only its id is selected).
    expect(calls('avm.getBlockByHeight')).toBe(2);
    expect(calls('avm.getBlock')).toBe(1);
  });

  it('answers null for the first block\'s parent (a DAG vertex) and for unknown blocks', async () => {
    const first = await h.query(XChainBlockWithRawDocument, { height: '0' });
    expect(first.errors).toBeUndefined();
    expect(first.data!.network.xChain.block!.parent).toBeNull();
    const beyond = await h.query(XChainBlockDocument, { height: '999999' });
    expect(beyond).toEqual({ data: { network: { xChain: { block: null } } } });
  });

  it('refuses bad block arguments before any call', async () => {
    const cases = [{ height: '-1' }, { id: 'not-an-id' }, { id: mainnet().x.blocks[1]!.id, height: '1' }, {}];
    for (const vars of cases) {
      const { errors } = await h.query(XChainBlockDocument, vars);
      expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect(node().total()).toBe(0);
  });

  it('types each transaction variant and matches the world', async () => {
    for (const type of Object.keys(KIND) as XTx['type'][]) {
      const world = txOfType(type);
      const { data, errors } = await h.query(XChainTxDocument, { id: world.id });
      expect(errors).toBeUndefined();
      const tx = data!.network.xChain.tx!;
      expect(tx.type).toBe(KIND[type]);
      expect(tx).toMatchObject({ txHash: world.id, networkId: 1, blockchainId: mainnet().chainIds.X, memo: bytesToHex(world.memo) });
      expect(tx.outputs.map((o) => [o.assetId, o.amount])).toEqual(world.outputs.map((o) => [o.assetId, amountOf(o.output) === 0n ? null : amountOf(o.output).toString()]));
      expect(tx.inputs.map((i) => i.utxoId)).toEqual(world.inputs.map((i) => i.utxo.id));
      expect(tx.credentials.map((c) => c.signatures)).toEqual(world.credentials.map((c) => c.signatures.map(bytesToHex)));
      if (tx.type === 'IMPORT') {
        expect(tx.sourceChain).toBe(world.sourceChain);
        expect(tx.importedInputs.map((i) => [i.txId, i.amount, i.spentTx])).toEqual(world.importedInputs!.map((i) => [i.utxo.txId, amountOf(i.utxo.output).toString(), null]));
      }
      if (tx.type === 'EXPORT') {
        expect(tx.destinationChain).toBe(world.destinationChain);
        expect(tx.exportedOutputs.map((o) => [o.kind, o.amount, o.owners!.addresses])).toEqual(
          world.exportedOutputs!.map((o) => ['SECP256K1_TRANSFER', amountOf(o.output).toString(), o.output.owners.addrs.map((a) => mainnet().walletsByHex.get(a.hex)!.x)]),
        );
      }
      if (tx.type === 'CREATE_ASSET') {
        expect(tx).toMatchObject({ name: world.asset!.name, symbol: world.asset!.symbol, denomination: world.asset!.denomination, assetCreated: { assetId: world.id, symbol: world.asset!.symbol } });
        expect(tx.initialStates.map((s) => s.outputs.length)).toEqual(world.asset!.initialStates.map((s) => s.outputs.length));
      }
      if (tx.type === 'OPERATION') {
        expect(tx.operations.map((o) => [o.assetId, o.utxos[0]!.utxoId])).toEqual(world.operations!.map((o) => [o.assetId, o.input.id]));
      }
    }
  });

  it('serves a raw-only transaction from one hex call, typed from its bytes', async () => {
    const world = txOfType('ExportTx', 1);
    const { data } = await h.query(XChainTxRawOnlyDocument, { id: world.id });
    expect(data!.network.xChain.tx).toMatchObject({ type: 'EXPORT', txHash: world.id });
    expect(bytesToHex(bytesFromNodeHex(data!.network.xChain.tx!.raw))).toBe(bytesToHex(world.bytes));
    expect(calls('avm.getTx')).toBe(1);
  });

  it('links inputs to the transactions they spend, and answers null for unknown ids', async () => {
    const world = txOfType('BaseTx', 3);
    const { data, errors } = await h.query(XChainTxSpentDocument, { id: world.id });
    expect(errors).toBeUndefined();
    const inputs = data!.network.xChain.tx!.inputs;
    expect(inputs.map((i) => i.spentTx!.txHash)).toEqual(world.inputs.map((i) => i.utxo.txId));
    for (const [i, input] of inputs.entries()) {
      const spent = mainnet().x.txsById.get(world.inputs[i]!.utxo.txId)!;
      expect(input.spentTx!.type).toBe(KIND[spent.type]);
    }
    const unknown = await h.query(XChainTxDocument, { id: mainnet().p.txs[0]!.id });
    expect(unknown).toEqual({ data: { network: { xChain: { tx: null } } } });
  });

  it('reads a transaction status (deprecated method) as an enum', async () => {
    const accepted = await h.query(XChainTxStatusDocument, { id: txOfType('BaseTx').id });
    const unknown = await h.query(XChainTxStatusDocument, { id: mainnet().p.txs[0]!.id });
    expect([accepted.data!.network.xChain.txStatus, unknown.data!.network.xChain.txStatus]).toEqual(['ACCEPTED', 'UNKNOWN']);
  });
});

describe('X-Chain assets and balances', () => {
  it('describes an asset by id or alias, null when unknown, and keeps it across operations', async () => {
    const gold = mainnet().assets.find((a) => a.symbol === 'AGLD')!;
    const first = await h.query(XChainAssetDocument, { id: gold.id });
    expect(first.data!.network.xChain.asset).toMatchObject({ assetId: gold.id, name: gold.name, symbol: 'AGLD', denomination: gold.denomination, network: 'MAINNET' });
    h.sandbox.reset();
    const again = await h.query(XChainAssetDocument, { id: gold.id });
    expect(again).toEqual(first);
    expect(calls('avm.getAssetDescription')).toBe(0);

    const avax = await h.query(XChainAssetDocument, { id: 'AVAX' });
    expect(avax.data!.network.xChain.asset).toMatchObject({ assetId: mainnet().avaxAssetId, symbol: 'AVAX', denomination: 9 });
    for (const id of [txOfType('BaseTx').id, mainnet().p.txs[0]!.id]) {
      const unknown = await h.query(XChainAssetDocument, { id });
      expect(unknown).toEqual({ data: { network: { xChain: { asset: null } } } });
    }
    const fuji = await h.query(XChainAssetDocument, { network: 'FUJI', id: 'AVAX' });
    expect(fuji.data!.network.xChain.asset).toMatchObject({ assetId: h.sandbox.world.primary.networks.fuji.avaxAssetId, network: 'FUJI' });
    expect(h.sandbox.services.nodeFuji.total('POST /ext/bc/X avm.getAssetDescription')).toBe(1);
  });

  it('reads the Data API members of an asset the node described by its id, once; an id minted as AssetDescription refetches it from the node', async () => {
    const gold = mainnet().assets.find((a) => a.symbol === 'AGLD')!;
    const assetCalls = () => h.sandbox.services.dataApi.total('GET /v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}');
    const { data, errors } = await h.query(XChainAssetWithDataApiDocument, { id: gold.id });
    expect(errors).toBeUndefined();
    const { id, ...dataApiMembers } = data!.network.asset!;
    // One type whatever the source: the same id, and the Data API's members as the Data API's own answer has them.
    expect(data!.network.xChain.asset).toEqual({ id, assetId: gold.id, symbol: 'AGLD', ...dataApiMembers });
    expect(dataApiMembers.cap).not.toBeNull();
    expect(assetCalls()).toBe(1);

    h.sandbox.reset();
    const legacyId = Buffer.from(`AssetDescription:mainnet:${gold.id}`).toString('base64');
    const refetched = await h.query(XChainAssetNodeDocument, { id: legacyId });
    expect(refetched.data!.node).toEqual({ __typename: 'XChainAssetDetails', id, assetId: gold.id, symbol: 'AGLD' });
    expect(assetCalls()).toBe(0);
  });

  /** What getAllBalances counts: 1-of-1, unlocked transfer outputs in the X-Chain UTXO set. */
  const spendable = (net: PrimaryNetwork, keyHex: string) => (u: UtxoRecord) =>
    inUtxoSet(u, 'X') && u.output.type === 'secpTransfer' && u.output.owners.addrs.length === 1 && u.output.owners.addrs[0]!.hex === keyHex && u.output.owners.locktime <= BigInt(WORLD_NOW);

  it('lists the balances of an address with their assets, one description call per asset', async () => {
    const net = mainnet();
    const wallet = net.wallets[5]!;
    const totals = new Map<string, bigint>();
    for (const u of net.utxos.filter(spendable(net, wallet.key.hex))) totals.set(u.assetId, (totals.get(u.assetId) ?? 0n) + amountOf(u.output));
    const { data, errors } = await h.query(XChainBalancesDocument, { address: wallet.x });
    expect(errors).toBeUndefined();
    const balances = data!.network.xChain.balances!;
    expect(new Map(balances.map((b) => [b.asset!.assetId, BigInt(b.balance!)]))).toEqual(totals);
    expect(balances.find((b) => b.asset!.symbol === 'AVAX')!.assetId).toBe('AVAX');
    expect(calls('avm.getAssetDescription')).toBeLessThanOrEqual(totals.size);
    expect(calls('avm.getAllBalances')).toBe(1);
  });

  it('reads the balance of one asset with its UTXOs', async () => {
    const net = mainnet();
    const wallet = net.wallets[6]!;
    const utxos = net.utxos.filter(spendable(net, wallet.key.hex)).filter((u) => u.assetId === net.avaxAssetId);
    const { data } = await h.query(XChainBalanceDocument, { address: wallet.bare, assetId: 'AVAX' });
    const balance = data!.network.xChain.balance!;
    expect(balance.balance).toBe(utxos.reduce((s, u) => s + amountOf(u.output), 0n).toString());
    expect(new Set(balance.utxos.map((u) => u.utxoId))).toEqual(new Set(utxos.map((u) => u.id)));
    expect(balance).toMatchObject({ assetId: 'AVAX', asset: { symbol: 'AVAX' } });
  });

  it('refuses addresses of another chain or network before any call', async () => {
    const wallet = mainnet().wallets[0]!;
    const fujiWallet = h.sandbox.world.primary.networks.fuji.wallets[0]!;
    for (const address of [wallet.p, fujiWallet.x, 'X-avax1notanaddress', '0x0000000000000000000000000000000000000000']) {
      const { errors } = await h.query(XChainBalancesDocument, { address });
      expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'address' });
    }
    const badAsset = await h.query(XChainBalanceDocument, { address: wallet.x, assetId: 'AVAXX' });
    expect(badAsset.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'assetId' });
    expect(node().total()).toBe(0);
  });
});

describe('X-Chain errors and schema', () => {
  it('maps a JSON-RPC error to a typed error and keeps the Data API part of the operation', async () => {
    node().setFault('POST /ext/bc/X avm.getHeight', { status: 500, body: { code: -32603, message: 'database closed' } });
    const { data, errors } = await h.query(XChainHeightWithDataApiDocument, {});
    expect(data!.network.xChain.height).toBeNull();
    expect(data!.network.blockchains!.nodes.length).toBeGreaterThan(0);
    expect(errors).toHaveLength(1);
    expect(errors![0]).toMatchObject({ path: ['network', 'xChain', 'height'], extensions: { code: 'UPSTREAM_ERROR', service: 'node-rpc', reason: 'rpc', rpcCode: -32603 } });
  });

  it('fails only the node fields when the node is down', async () => {
    node().setFault('POST /ext/bc/X', { status: 503 });
    const { data, errors } = await h.query(XChainHeightWithDataApiDocument, {});
    expect(data!.network.xChain.height).toBeNull();
    expect(data!.network.blockchains!.nodes.length).toBeGreaterThan(0);
    expect(errors![0]).toMatchObject({ path: ['network', 'xChain', 'height'], extensions: { code: 'UPSTREAM_ERROR', service: 'node-rpc', status: 503 } });
  });

  it('marks the deprecated node methods in the schema with the AvalancheGo version', () => {
    const sdl = printedSchema();
    expect(sdl).toContain('@deprecated(reason: "avm.getAllBalances is deprecated since AvalancheGo v1.9.12');
    expect(sdl).toContain('@deprecated(reason: "avm.getBalance is deprecated since AvalancheGo v1.9.12');
    expect(sdl).toContain('@deprecated(reason: "avm.getTxStatus is deprecated since AvalancheGo v1.10.0');
  });
});
