/**
 * Primary-network transactions, blocks, vertices and assets through the graph: each answer is the
 * world's (the transaction and block the simulated node serves, the ledger's UTXOs), every link
 * costs the calls it needs and no more, and bad input is refused before any call.
 */
import { describe, expect, it } from 'vitest';
import { NETWORKS } from '@avalanche-graph/identity';
import { WORLD_NOW, type PrimaryNetwork, type UtxoRecord } from '@avalanche-graph/sandbox';
import {
  PrimaryAssetDocument,
  PrimaryBlockDocument,
  PrimaryBlocksByNodeDocument,
  PrimaryBlocksDocument,
  PrimaryLedgerNodeDocument,
  PrimaryStakingTransactionsDocument,
  PrimaryTransactionDocument,
  PrimaryTransactionLinksDocument,
  PrimaryTransactionsDocument,
  PrimaryTransactionsWithBlocksDocument,
  PrimaryUtxoLinksDocument,
  PrimaryVertexLookupDocument,
  type PrimaryTransactionsQuery,
  type PrimaryTransactionsQueryVariables,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const shared = useHarness({ keyPerTest: 'primary-txs' });
const { h } = shared;

const BASE = 'GET /v1/networks/{network}/blockchains/{blockchainId}';
const ROUTES = {
  tx: `${BASE}/transactions/{txHash}`,
  txs: `${BASE}/transactions`,
  staking: `${BASE}/transactions:listStaking`,
  block: `${BASE}/blocks/{blockId}`,
  blocks: `${BASE}/blocks`,
  nodeBlocks: `${BASE}/nodes/{nodeId}/blocks`,
  vertex: `${BASE}/vertices/{vertexHash}`,
  verticesAt: `${BASE}/vertices:listByHeight`,
  asset: `${BASE}/assets/{assetId}`,
  assetTxs: `${BASE}/assets/{assetId}/transactions`,
  blockchain: 'GET /v1/networks/{network}/blockchains/{blockchainId}',
};

const api = () => shared.dataApi;
const calls = (route: string) => api().counts()[route] ?? 0;
const net = (name: 'mainnet' | 'fuji' = 'mainnet'): PrimaryNetwork => h.sandbox.world.primary.networks[name];
const ids = (utxos: UtxoRecord[]) => utxos.map((u) => u.id).sort();
const consumedBy = (n: PrimaryNetwork, txId: string) => n.utxos.filter((u) => u.spent?.txId === txId);
const emittedBy = (n: PrimaryNetwork, txId: string) => n.utxos.filter((u) => u.createdOn !== 'C' && (u.createdByTxId ?? u.txId) === txId);

type TxNode = NonNullable<PrimaryTransactionsQuery['network']['transactions']>['edges'][number]['node'];

const walk = (vars: PrimaryTransactionsQueryVariables, first: number): Promise<TxNode[]> =>
  walkConnection((after) => shared.query(PrimaryTransactionsDocument, { ...vars, first, after }), (d) => d.network.transactions);

describe('Network.transaction', () => {
  it('reads a P-Chain delegation with its block, UTXOs, stake, reward and addresses, in one call', async () => {
    const d = net().delegations.find((x) => x.status === 'completed')!;
    const tx = net().p.txsById.get(d.txId)!;
    const { data, errors } = await shared.query(PrimaryTransactionDocument, { blockchain: 'p-chain', hash: d.txId });
    expect(errors).toBeUndefined();
    const node = data!.network.transaction!;
    expect(node).toMatchObject({
      __typename: 'PChainTransaction',
      txHash: d.txId,
      txType: 'ADD_PERMISSIONLESS_DELEGATOR_TX',
      network: 'MAINNET',
      blockchainId: NETWORKS.mainnet.blockchainIds.P,
      blockNumber: String(tx.blockHeight),
      blockHash: net().p.blocks[tx.blockHeight]!.id,
      timestamp: net().p.blocks[tx.blockHeight]!.time,
      nodeId: d.nodeId,
      startTimestamp: d.start,
      endTimestamp: d.end,
      rewardTxHash: d.rewardTxId,
      estimatedReward: (d.grossReward - d.feeReward).toString(),
      amountStaked: [{ assetId: net().avaxAssetId, amount: d.amount.toString() }],
    });
    expect(node.consumedUtxos.map((u) => u.utxoId).sort()).toEqual(ids(consumedBy(net(), d.txId)));
    expect(node.emittedUtxos.map((u) => u.utxoId).sort()).toEqual(ids(emittedBy(net(), d.txId)));
    const delegator = net().wallets.find((w) => w.key.hex === d.delegator.hex)!;
    expect(node.addresses).toContain(delegator.bare);
    expect(calls(ROUTES.tx)).toBe(1);
    expect(api().total()).toBe(1);
  });

  it('follows a transaction to its block, chain and reward, and the reward back, each link one call', async () => {
    const d = net().delegations.find((x) => x.status === 'completed')!;
    const tx = net().p.txsById.get(d.txId)!;
    const { data, errors } = await shared.query(PrimaryTransactionLinksDocument, { blockchain: 'p-chain', hash: d.txId });
    expect(errors).toBeUndefined();
    const node = data!.network.transaction!;
    expect(node.block).toMatchObject({ blockNumber: String(tx.blockHeight), transactionHashes: net().p.blocks[tx.blockHeight]!.txIds });
    expect(node.block!.transactionHashes).toContain(d.txId);
    expect(node.__typename === 'PChainTransaction' && node.rewardTransaction).toMatchObject({ txHash: d.rewardTxId, txType: 'REWARD_VALIDATOR_TX', stakingTransaction: { txHash: d.txId } });
    // The delegation, its reward transaction (its staking transaction is the delegation, already loaded), the block, the chain.
    expect(calls(ROUTES.tx)).toBe(2);
    expect(calls(ROUTES.block)).toBe(1);
    expect(calls(ROUTES.blockchain)).toBe(1);
  });

  it('reads X-Chain transactions accepted in a vertex and in a block, an asset creation, and a C-Chain export', async () => {
    const n = net();
    const dag = n.x.txs.find((t) => t.container.kind === 'vertex' && t.type === 'BaseTx')!;
    const a = (await shared.query(PrimaryTransactionDocument, { blockchain: 'x-chain', hash: dag.id })).data!.network.transaction!;
    expect(a).toMatchObject({ __typename: 'XChainTransaction', chainFormat: 'NON_LINEAR', blockNumber: null, blockHash: null, txType: 'BASE_TX', timestamp: dag.time });
    expect(a.__typename === 'XChainTransaction' && a.vertices).toEqual([{ hash: dag.container.id, height: String(dag.container.height), timestamp: n.x.vertices[dag.container.height]!.time }]);
    expect(a.consumedUtxos.map((u) => u.utxoId).sort()).toEqual(ids(consumedBy(n, dag.id)));

    const linear = n.x.txs.find((t) => t.container.kind === 'block')!;
    const b = (await shared.query(PrimaryTransactionDocument, { blockchain: n.chainIds.X, hash: linear.id })).data!.network.transaction!;
    expect(b).toMatchObject({ chainFormat: 'LINEAR', blockNumber: String(linear.container.height), blockHash: linear.container.id });

    const created = n.assets.find((x) => x.symbol === 'SBD')!;
    const c = (await shared.query(PrimaryTransactionDocument, { blockchain: 'x-chain', hash: created.id })).data!.network.transaction!;
    expect(c).toMatchObject({ txType: 'CREATE_ASSET_TX', assetCreated: { assetId: created.id, symbol: 'SBD', cap: 'FIXED' } });

    const exported = n.utxos.filter((u) => u.createdOn === 'C')[0]!;
    const e = (await shared.query(PrimaryTransactionDocument, { blockchain: 'c-chain', hash: exported.txId })).data!.network.transaction!;
    expect(e).toMatchObject({ __typename: 'CChainAtomicTransaction', txType: 'EXPORT_TX', sourceChain: n.chainIds.C, destinationChain: n.chainIds[exported.holder] });
    expect(e.emittedUtxos.map((u) => u.utxoId)).toEqual([exported.id]);
    expect(e.__typename === 'CChainAtomicTransaction' && e.evmInputs[0]!.fromAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(e.addresses).toContain(e.__typename === 'CChainAtomicTransaction' && e.evmInputs[0]!.fromAddress);
    expect(calls(ROUTES.tx)).toBe(4);
  });

  it('links an X-Chain transaction to its vertex and its chain', async () => {
    const dag = net().x.txs.find((t) => t.container.kind === 'vertex')!;
    const { data } = await shared.query(PrimaryTransactionLinksDocument, { blockchain: 'x-chain', hash: dag.id });
    const node = data!.network.transaction!;
    expect(node.block).toBeNull();
    expect(node.blockchain).toMatchObject({ blockchainId: NETWORKS.mainnet.blockchainIds.X, blockchainName: 'X-Chain' });
    expect(calls(ROUTES.blockchain)).toBe(1);
    expect(node.__typename === 'XChainTransaction' && node.vertices[0]!.vertex).toMatchObject({ vertexHash: dag.container.id, transactions: expect.arrayContaining([dag.id]) });
    expect(calls(ROUTES.vertex)).toBe(1);
    expect(calls(ROUTES.block)).toBe(0);
  });

  it('links UTXOs to the transactions that created and spent them, across chains', async () => {
    const n = net();
    const exported = n.utxos.find((u) => u.createdOn === 'X' && u.holder === 'P' && u.spent)!;
    const { data, errors } = await shared.query(PrimaryUtxoLinksDocument, { blockchain: 'x-chain', hash: exported.txId });
    expect(errors).toBeUndefined();
    const node = data!.network.transaction!;
    for (const u of node.consumedUtxos) {
      const record = n.utxosById.get(u.utxoId)!;
      expect(u.creationTransaction).toMatchObject({ __typename: 'XChainTransaction', txHash: record.txId });
      expect(u.consumingTransaction).toEqual({ txHash: exported.txId });
    }
    const out = node.emittedUtxos.find((u) => u.utxoId === exported.id)!;
    expect(out.consumingTransaction).toEqual({ __typename: 'PChainTransaction', txHash: exported.spent!.txId, txType: 'IMPORT_TX' });
    // The transaction itself (its inputs' spender is the transaction: no call), each distinct other one once.
    const others = new Set([...consumedBy(n, exported.txId).map((u) => u.txId), ...emittedBy(n, exported.txId).flatMap((u) => (u.spent ? [u.spent.txId] : []))]);
    expect(calls(ROUTES.tx)).toBe(1 + others.size);
  });

  it('answers null for a transaction the chain does not have, and reads Fuji under TESTNET', async () => {
    const missing = await shared.query(PrimaryTransactionDocument, { blockchain: 'p-chain', hash: net().x.txs[1]!.id });
    expect(missing.errors).toBeUndefined();
    expect(missing.data!.network.transaction).toBeNull();
    const fujiTx = net('fuji').p.txs.at(-1)!;
    const fuji = await shared.query(PrimaryTransactionDocument, { network: 'TESTNET', blockchain: 'p-chain', hash: fujiTx.id });
    expect(fuji.data!.network.transaction).toMatchObject({ txHash: fujiTx.id, network: 'FUJI' });
    expect(api().recent.at(-1)!.url).toBe(`/v1/networks/fuji/blockchains/${NETWORKS.fuji.blockchainIds.P}/transactions/${fujiTx.id}`);
  });
});

describe('Network.transactions and stakingTransactions', () => {
  it('walks every X-Chain transaction latest first with several page sizes', async () => {
    const expected = [...net().x.txs].sort((a, b) => b.time - a.time || (a.id < b.id ? 1 : -1)).map((t) => t.id);
    for (const size of [7, 50, 100]) {
      const nodes = await walk({ blockchain: 'x-chain' }, size);
      expect(nodes.map((n) => n.txHash)).toEqual(expected);
    }
  });

  it('filters by address, type and time, forwarding each filter, and resumes mid-page', async () => {
    const wallet = net().wallets[0]!;
    const vars = { blockchain: 'p-chain', addresses: [wallet.p], txTypes: ['BASE_TX', 'ADD_PERMISSIONLESS_DELEGATOR_TX'] as const, startTimestamp: 0, endTimestamp: WORLD_NOW, sortOrder: 'ASC' as const };
    const nodes = await walk({ ...vars, txTypes: [...vars.txTypes] }, 100);
    expect(nodes.length).toBeGreaterThan(1);
    const times = nodes.map((n) => n.timestamp);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    for (const node of nodes) {
      expect(['BASE_TX', 'ADD_PERMISSIONLESS_DELEGATOR_TX']).toContain(node.txType);
      expect(node.addresses).toContain(wallet.bare);
    }
    expect(api().recent.at(-1)!.url).toBe(
      `/v1/networks/mainnet/blockchains/${NETWORKS.mainnet.blockchainIds.P}/transactions?addresses=${wallet.bare}&txTypes=BaseTx%2CAddPermissionlessDelegatorTx&startTimestamp=0&endTimestamp=${WORLD_NOW}&sortOrder=asc&pageSize=100`,
    );
    const first = await shared.query(PrimaryTransactionsDocument, { ...vars, txTypes: [...vars.txTypes], first: 2 });
    const next = await shared.query(PrimaryTransactionsDocument, { ...vars, txTypes: [...vars.txTypes], first: 3, after: first.data!.network.transactions!.edges[0]!.cursor });
    expect(next.data!.network.transactions!.edges.map((e) => e.node.txHash)).toEqual(nodes.slice(1, 4).map((n) => n.txHash));
  });

  it('links listed transactions to their blocks, one call per distinct block', async () => {
    const { data, errors } = await shared.query(PrimaryTransactionsWithBlocksDocument, { blockchain: 'p-chain', first: 20 });
    expect(errors).toBeUndefined();
    const nodes = data!.network.transactions!.nodes;
    for (const node of nodes) {
      const tx = net().p.txsById.get(node.txHash)!;
      expect(node.block).toEqual({ blockHash: net().p.blocks[tx.blockHeight]!.id, blockNumber: String(tx.blockHeight) });
    }
    expect(calls(ROUTES.txs)).toBe(1);
    expect(calls(ROUTES.block)).toBe(new Set(nodes.map((n) => n.block!.blockHash)).size);
    expect(calls(ROUTES.tx)).toBe(0);
  });

  it('lists the active staking transactions', async () => {
    const { data, errors } = await shared.query(PrimaryStakingTransactionsDocument, { first: 100 });
    expect(errors).toBeUndefined();
    const active = [
      ...net().delegations.filter((d) => d.status === 'active').map((d) => d.txId),
      ...net().validators.filter((v) => v.current.start <= WORLD_NOW && WORLD_NOW < v.current.end).map((v) => v.current.txId),
    ];
    const nodes = data!.network.stakingTransactions!.edges.map((e) => e.node);
    expect(nodes.map((n) => n.txHash).sort()).toEqual(active.sort());
    expect(api().recent.at(-1)!.url).toBe(`/v1/networks/mainnet/blockchains/${NETWORKS.mainnet.blockchainIds.P}/transactions:listStaking?pageSize=100`);
  });

  it('refuses bad input naming the argument, before any upstream call', async () => {
    const fuji = net('fuji').wallets[0]!;
    const own = net().wallets[0]!;
    const cases: Array<[PrimaryTransactionsQueryVariables, string]> = [
      [{ blockchain: 'd-chain' }, 'blockchain'],
      [{ blockchain: 'p-chain', addresses: [fuji.p] }, 'addresses[0]'],
      [{ blockchain: 'p-chain', addresses: ['0x0000000000000000000000000000000000000000'] }, 'addresses[0]'],
      [{ blockchain: 'p-chain', txTypes: ['BASE_TX'] }, 'txTypes'],
      [{ blockchain: 'p-chain', startTimestamp: 5 }, 'startTimestamp'],
      [{ blockchain: 'p-chain', addresses: [own.p], txTypes: ['CREATE_ASSET_TX'] }, 'txTypes[0]'],
      [{ blockchain: 'x-chain', addresses: [own.x], txTypes: ['UNKNOWN'] }, 'txTypes[0]'],
      [{ blockchain: 'p-chain', addresses: [own.p], startTimestamp: 10, endTimestamp: 5 }, 'endTimestamp'],
      [{ blockchain: 'x-chain', l1ValidationId: net().p.txs[0]!.id }, 'l1ValidationId'],
      [{ blockchain: 'p-chain', first: 101 }, 'first'],
    ];
    for (const [vars, argument] of cases) {
      const { data, errors } = await shared.query(PrimaryTransactionsDocument, vars);
      expect(data?.network?.transactions ?? null).toBeNull();
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    const badHash = await shared.query(PrimaryTransactionDocument, { blockchain: 'c-chain', hash: '0xabc' });
    expect(badHash.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'hash' });
    const badNode = await shared.query(PrimaryBlocksByNodeDocument, { nodeId: 'NodeID-1' });
    expect(badNode.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'nodeId' });
    const badBlock = await shared.query(PrimaryBlockDocument, { blockchain: 'c-chain', hash: net().p.blocks[1]!.id });
    expect(badBlock.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'hash' });
    const both = await shared.query(PrimaryBlockDocument, { blockchain: 'p-chain', number: '1', hash: net().p.blocks[1]!.id });
    expect(both.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'number' });
    const badAsset = await shared.query(PrimaryAssetDocument, { id: 'AVAX' });
    expect(badAsset.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'id' });
    expect(api().total()).toBe(0);
  });

  it('answers partial data with a typed error when the upstream fails', async () => {
    api().setFault(ROUTES.txs, { status: 502 });
    const { data, errors } = await shared.query(PrimaryTransactionsDocument, { blockchain: 'x-chain' });
    expect(data).toEqual({ network: { transactions: null } });
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api', status: 502 });
  });
});

describe('Network.block, blocks and blocksByNode', () => {
  it('reads a block by height with its parent, proposer and transactions, as the node serves it', async () => {
    const block = net().p.blocks.find((b) => b.height > 1 && b.txIds.length >= 2)!;
    const { data, errors } = await shared.query(PrimaryBlockDocument, { blockchain: 'p-chain', number: String(block.height) });
    expect(errors).toBeUndefined();
    const node = data!.network.block!;
    expect(node).toMatchObject({
      blockNumber: String(block.height),
      blockHash: block.id,
      parentHash: block.parentId,
      blockTimestamp: block.time,
      txCount: block.txIds.length,
      transactionHashes: block.txIds,
      blockSizeBytes: block.bytes.length,
      parent: { blockNumber: String(block.height - 1), blockHash: block.parentId },
    });
    expect(node.transactions.map((t) => t.txHash)).toEqual(block.txIds);
    expect(node.transactions.every((t) => t.block!.blockHash === block.id)).toBe(true);
    expect(node.proposerDetails!.proposerNodeId).toMatch(/^NodeID-/);
    // The block by height, its parent, each transaction; a transaction's block is the block itself.
    expect(calls(ROUTES.block)).toBe(2);
    expect(calls(ROUTES.tx)).toBe(block.txIds.length);
    const byHash = await shared.query(PrimaryBlockDocument, { blockchain: 'p-chain', hash: block.id });
    expect(byHash.data!.network.block).toEqual(node);
    const genesis = await shared.query(PrimaryBlockDocument, { blockchain: 'p-chain', number: '0' });
    expect(genesis.data!.network.block).toMatchObject({ parent: null, proposerDetails: null });
    const missing = await shared.query(PrimaryBlockDocument, { blockchain: 'p-chain', number: String(net().p.blocks.length) });
    expect(missing.data!.network.block).toBeNull();
  });

  it('lists a chain\'s blocks latest first within a time range, parents from the same pages', async () => {
    const x = net().x.blocks;
    const from = x[5]!.time;
    const blocks = await walkConnection(
      (after) => shared.query(PrimaryBlocksDocument, { blockchain: 'x-chain', startTimestamp: from, first: 100, after }),
      (d) => d.network.blocks,
      { check: (page) => expect(page.chainInfo).toEqual({ chainName: 'X_CHAIN' }) },
    );
    const seen = blocks.map((b) => b.blockHash);
    expect(seen).toEqual(x.filter((b) => b.time >= from).reverse().map((b) => b.id));
    // Parents listed on the page cost nothing; only the oldest block's parent is read.
    expect(calls(ROUTES.blocks)).toBe(1);
    expect(calls(ROUTES.block)).toBe(1);
  });

  it('lists the blocks a node proposed', async () => {
    const { data } = await shared.query(PrimaryBlocksDocument, { blockchain: 'p-chain', first: 100 });
    const someBlock = data!.network.blocks!.edges.find((e) => e.node.blockNumber !== '0')!.node;
    const block = await shared.query(PrimaryBlockDocument, { blockchain: 'p-chain', hash: someBlock.blockHash });
    const nodeId = block.data!.network.block!.proposerDetails!.proposerNodeId!;
    const mine = await shared.query(PrimaryBlocksByNodeDocument, { nodeId, first: 100 });
    const nodes = mine.data!.network.blocksByNode!.nodes;
    expect(nodes.map((b) => b.blockHash)).toContain(someBlock.blockHash);
    expect(nodes.every((b) => b.proposerDetails!.proposerNodeId === nodeId)).toBe(true);
    expect(api().recent.at(-1)!.url).toBe(`/v1/networks/mainnet/blockchains/${NETWORKS.mainnet.blockchainIds.P}/nodes/${nodeId}/blocks?pageSize=100`);
  });
});

describe('Network.vertex, verticesAt and asset', () => {
  it('reads a vertex by hash and the vertices at its height', async () => {
    const v = net().x.vertices[4]!;
    const { data, errors } = await shared.query(PrimaryVertexLookupDocument, { hash: v.hash, height: String(v.height) });
    expect(errors).toBeUndefined();
    expect(data!.network.vertex).toEqual({ vertexHash: v.hash, vertexHeight: String(v.height), parentHashes: v.parentHashes, transactions: v.txIds });
    expect(data!.network.verticesAt!.nodes).toEqual([{ vertexHash: v.hash, vertexHeight: String(v.height) }]);
    expect(calls(ROUTES.vertex)).toBe(1);
    expect(calls(ROUTES.verticesAt)).toBe(1);
    const bad = await shared.query(PrimaryVertexLookupDocument, { hash: v.hash, height: '-1' });
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'height' });
  });

  it('reads an asset\'s details, its node description, and its transactions', async () => {
    const asset = net().assets.find((a) => a.symbol === 'AGLD')!;
    const { data, errors } = await shared.query(PrimaryAssetDocument, { id: asset.id, first: 100 });
    expect(errors).toBeUndefined();
    const node = data!.network.asset!;
    expect(node).toMatchObject({ assetId: asset.id, name: asset.name, symbol: 'AGLD', denomination: 2, type: 'SECP256K1', cap: 'VARIABLE', createdAtTimestamp: asset.createdTime, network: 'MAINNET' });
    expect(node.description).toEqual({ assetId: asset.id, symbol: 'AGLD', details: { assetId: asset.id } });
    const expected = net().x.txs.filter(
      (t) => t.id === asset.id || [...consumedBy(net(), t.id), ...emittedBy(net(), t.id)].some((u) => u.assetId === asset.id),
    );
    expect(node.transactions!.nodes.map((t) => t.txHash).sort()).toEqual(expected.map((t) => t.id).sort());
    // Details once (the description's `details` is the same asset), its transactions once.
    expect(calls(ROUTES.asset)).toBe(1);
    expect(calls(ROUTES.assetTxs)).toBe(1);
    const ops = await shared.query(PrimaryAssetDocument, { id: asset.id, txTypes: ['OPERATION_TX'], first: 100 });
    expect(ops.data!.network.asset!.transactions!.nodes.map((t) => t.txType)).toEqual(expected.filter((t) => t.type === 'OperationTx').map(() => 'OPERATION_TX'));
    const missing = await shared.query(PrimaryAssetDocument, { id: net().x.txs.at(-1)!.id });
    expect(missing.data!.network.asset).toBeNull();
  });

  it('refetches transactions, blocks and assets by global id', async () => {
    const tx = net().x.txs.find((t) => t.container.kind === 'block')!;
    const read = await shared.query(PrimaryTransactionDocument, { blockchain: 'x-chain', hash: tx.id });
    const viaNode = await shared.query(PrimaryLedgerNodeDocument, { id: read.data!.network.transaction!.id });
    expect(viaNode.data!.node).toMatchObject({ __typename: 'XChainTransaction', txHash: tx.id, txType: read.data!.network.transaction!.txType });
    expect(viaNode.data!.node!.id).toBe(read.data!.network.transaction!.id);
    const block = await shared.query(PrimaryBlockDocument, { blockchain: 'x-chain', hash: tx.container.id });
    const blockNode = await shared.query(PrimaryLedgerNodeDocument, { id: block.data!.network.block!.id });
    expect(blockNode.data!.node).toMatchObject({ __typename: 'PrimaryNetworkBlock', blockHash: tx.container.id, blockNumber: String(tx.container.height) });
    const asset = await shared.query(PrimaryAssetDocument, { id: net().avaxAssetId });
    const assetNode = await shared.query(PrimaryLedgerNodeDocument, { id: asset.data!.network.asset!.id });
    expect(assetNode.data!.node).toMatchObject({ __typename: 'XChainAssetDetails', assetId: net().avaxAssetId, symbol: 'AVAX' });
    const wrongChain = await shared.query(PrimaryLedgerNodeDocument, { id: Buffer.from(`PChainTransaction:mainnet:x:${tx.id}`).toString('base64') });
    expect(wrongChain.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
