/**
 * The official Data API client (`@avalanche-sdk/chainkit`) against the simulated primary-network
 * transaction, block, vertex and asset routes: the client validates every response with its own
 * schemas, so a resolved call means the sandbox speaks the wire protocol; the data must also be the
 * world's, and the same the simulated node serves.
 */
import { BadRequestError, NotFoundError } from '@avalanche-sdk/chainkit/models/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { WORLD_NOW, type PrimaryNetwork } from '@avalanche-graph/sandbox';
import { useChainkit } from '../support/chainkit.js';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox();
const { sdk, at } = useChainkit(sandbox);
let net: PrimaryNetwork;

beforeAll(() => {
  net = sandbox.world.primary.networks.mainnet;
});

/** Calls the simulated node's JSON-RPC. */
async function rpc(path: string, method: string, params: unknown): Promise<any> {
  const res = await fetch(`${sandbox.urls.nodeRpcMainnet}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await res.json()) as { result: unknown }).result;
}

async function all<T>(pages: AsyncIterable<{ result: T }>, pick: (page: T) => unknown[]): Promise<any[]> {
  const out: unknown[] = [];
  for await (const page of pages) out.push(...pick(page.result));
  return out;
}

describe('transactions', () => {
  it('getTxByHash reads P-Chain staking transactions with their UTXOs, block and reward link', async () => {
    const d = net.delegations.find((x) => x.status === 'completed')!;
    const tx = net.p.txsById.get(d.txId)!;
    const wire = (await sdk.data.primaryNetwork.transactions.get({ network: 'mainnet', blockchainId: 'p-chain', txHash: d.txId }, at)) as any;
    const block = net.p.blocks[tx.blockHeight]!;
    expect(wire).toMatchObject({ txHash: d.txId, txType: 'AddPermissionlessDelegatorTx', blockNumber: String(block.height), blockHash: block.id, nodeId: d.nodeId, rewardTxHash: d.rewardTxId });
    expect(wire.amountStaked).toEqual([expect.objectContaining({ assetId: net.avaxAssetId, amount: d.amount.toString() })]);
    expect(wire.consumedUtxos.every((u: any) => u.consumingTxHash === d.txId)).toBe(true);
    // The node's block at that height is the same block (hex with a 4-byte checksum).
    const nodeBlock = await rpc('/ext/bc/P', 'platform.getBlockByHeight', { height: String(block.height), encoding: 'hex' });
    expect(nodeBlock.block.slice(0, -8)).toBe(`0x${Buffer.from(block.bytes).toString('hex')}`);
    const reward = (await sdk.data.primaryNetwork.transactions.get({ network: 'mainnet', blockchainId: 'p-chain', txHash: d.rewardTxId! }, at)) as any;
    expect(reward).toMatchObject({ txType: 'RewardValidatorTx', stakingTxHash: d.txId });
    expect(reward.emittedUtxos.length).toBeGreaterThan(0);
  });

  it('getTxByHash reads X-Chain transactions in vertices and in blocks, and C-Chain atomic exports', async () => {
    const dag = net.x.txs.find((t) => t.container.kind === 'vertex')!;
    const linear = net.x.txs.find((t) => t.container.kind === 'block')!;
    const a = (await sdk.data.primaryNetwork.transactions.get({ network: 'mainnet', blockchainId: 'x-chain', txHash: dag.id }, at)) as any;
    expect(a).toMatchObject({ chainFormat: 'non-linear', txType: dag.type, vertices: [{ hash: dag.container.id, height: dag.container.height }] });
    const b = (await sdk.data.primaryNetwork.transactions.get({ network: 'mainnet', blockchainId: 'x-chain', txHash: linear.id }, at)) as any;
    expect(b).toMatchObject({ chainFormat: 'linear', blockHash: linear.container.id, blockHeight: linear.container.height });
    const exported = net.utxos.find((u) => u.createdOn === 'C')!;
    const c = (await sdk.data.primaryNetwork.transactions.get({ network: 'mainnet', blockchainId: 'c-chain', txHash: exported.txId }, at)) as any;
    expect(c).toMatchObject({ txType: 'ExportTx', sourceChain: net.chainIds.C, destinationChain: net.chainIds.X });
    expect(c.emittedUtxos.map((u: any) => u.utxoId)).toContain(exported.id);
  });

  it('types an unknown transaction as NotFoundError and a malformed hash as BadRequestError', async () => {
    await expect(sdk.data.primaryNetwork.transactions.get({ network: 'mainnet', blockchainId: 'p-chain', txHash: net.x.txs[1]!.id }, at)).rejects.toBeInstanceOf(NotFoundError);
    await expect(sdk.data.primaryNetwork.transactions.get({ network: 'mainnet', blockchainId: 'p-chain', txHash: 'nope' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });

  it('listLatestPrimaryNetworkTransactions pages through a chain, latest first, and filters by address, type and time', async () => {
    const seen = await all(await sdk.data.primaryNetwork.transactions.listLatest({ network: 'mainnet', blockchainId: 'x-chain', pageSize: 40 }, at), (p: any) => p.transactions);
    expect(seen.map((t) => t.txHash).sort()).toEqual(net.x.txs.map((t) => t.id).sort());
    const times = seen.map((t) => t.timestamp);
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const wallet = net.wallets[0]!;
    const filtered = await all(
      await sdk.data.primaryNetwork.transactions.listLatest({ network: 'mainnet', blockchainId: 'p-chain', addresses: wallet.p, txTypes: ['BaseTx', 'AddPermissionlessDelegatorTx'], startTimestamp: 0, endTimestamp: WORLD_NOW, pageSize: 5 }, at),
      (p: any) => p.transactions,
    );
    expect(filtered.length).toBeGreaterThan(0);
    for (const t of filtered) {
      expect(['BaseTx', 'AddPermissionlessDelegatorTx']).toContain(t.txType);
      const owners = [...t.consumedUtxos, ...t.emittedUtxos].flatMap((u: any) => u.addresses).concat(t.rewardAddresses ?? []);
      expect(owners).toContain(wallet.bare);
    }
    await expect(sdk.data.primaryNetwork.transactions.listLatest({ network: 'mainnet', blockchainId: 'p-chain', txTypes: ['BaseTx'] }, at)).rejects.toBeInstanceOf(BadRequestError);
  });

  it('lists C-Chain atomic transactions', async () => {
    const seen = await all(await sdk.data.primaryNetwork.transactions.listLatest({ network: 'mainnet', blockchainId: 'c-chain', pageSize: 100 }, at), (p: any) => p.transactions);
    expect(seen.map((t) => t.txHash).sort()).toEqual([...new Set(net.utxos.filter((u) => u.createdOn === 'C').map((u) => u.txId))].sort());
  });

  it('listActivePrimaryNetworkStakingTransactions lists the stakes running now', async () => {
    const seen = await all(await sdk.data.primaryNetwork.transactions.listActiveStakingTransactions({ network: 'mainnet', blockchainId: 'p-chain', pageSize: 50 }, at), (p: any) => p.transactions);
    const active = net.delegations.filter((d) => d.status === 'active').map((d) => d.txId);
    const validating = net.validators.filter((v) => v.current.start <= WORLD_NOW && WORLD_NOW < v.current.end).map((v) => v.current.txId);
    expect(seen.map((t) => t.txHash).sort()).toEqual([...active, ...validating].sort());
    expect(seen.every((t) => t.startTimestamp <= WORLD_NOW && t.endTimestamp > WORLD_NOW)).toBe(true);
  });

  it('getAssetDetails and listAssetTransactions describe an asset and its transactions', async () => {
    const asset = net.assets.find((a) => a.symbol === 'AGLD')!;
    const details = await sdk.data.primaryNetwork.getAssetDetails({ network: 'mainnet', blockchainId: 'x-chain', assetId: asset.id }, at);
    expect(details).toMatchObject({ assetId: asset.id, symbol: 'AGLD', denomination: 2, cap: 'variable', createdAtTimestamp: asset.createdTime });
    const avax = await sdk.data.primaryNetwork.getAssetDetails({ network: 'mainnet', blockchainId: 'x-chain', assetId: net.avaxAssetId }, at);
    expect(avax.cap).toBe('fixed');
    const txs = await all(await sdk.data.primaryNetwork.transactions.listAssetTransactions({ network: 'mainnet', blockchainId: 'x-chain', assetId: asset.id, pageSize: 10 }, at), (p: any) => p.transactions);
    expect(txs.map((t) => t.txHash)).toContain(asset.id);
    for (const t of txs) {
      const assets = [...t.consumedUtxos, ...t.emittedUtxos].map((u: any) => u.asset.assetId);
      expect(t.txHash === asset.id || assets.includes(asset.id)).toBe(true);
    }
    await expect(sdk.data.primaryNetwork.getAssetDetails({ network: 'mainnet', blockchainId: 'x-chain', assetId: net.x.txs.at(-1)!.id }, at)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('blocks', () => {
  it('getBlockById reads a P-Chain block by height and by hash, as the node serves it', async () => {
    const block = net.p.blocks[5]!;
    const byHeight = await sdk.data.primaryNetwork.blocks.get({ network: 'mainnet', blockchainId: 'p-chain', blockId: '5' }, at);
    const byHash = await sdk.data.primaryNetwork.blocks.get({ network: 'mainnet', blockchainId: 'p-chain', blockId: block.id }, at);
    expect(byHash).toEqual(byHeight);
    expect(byHeight).toMatchObject({ blockNumber: '5', blockHash: block.id, parentHash: block.parentId, transactions: block.txIds, txCount: block.txIds.length });
    const node = await rpc('/ext/bc/P', 'platform.getBlock', { blockID: block.id, encoding: 'hex' });
    expect(node.block.slice(0, -8)).toBe(`0x${Buffer.from(block.bytes).toString('hex')}`);
    await expect(sdk.data.primaryNetwork.blocks.get({ network: 'mainnet', blockchainId: 'p-chain', blockId: String(net.p.blocks.length) }, at)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('listLatestPrimaryNetworkBlocks pages X-Chain blocks latest first, within a time range', async () => {
    const seen = await all(await sdk.data.primaryNetwork.blocks.listLatest({ network: 'mainnet', blockchainId: 'x-chain', pageSize: 7 }, at), (p: any) => p.blocks);
    expect(seen.map((b) => b.blockHash)).toEqual([...net.x.blocks].reverse().map((b) => b.id));
    const mid = net.x.blocks[10]!.time;
    const ranged = await all(await sdk.data.primaryNetwork.blocks.listLatest({ network: 'mainnet', blockchainId: 'x-chain', startTimestamp: mid, pageSize: 100 }, at), (p: any) => p.blocks);
    expect(ranged.map((b) => b.blockHash)).toEqual(net.x.blocks.filter((b) => b.time >= mid).reverse().map((b) => b.id));
    const c = await sdk.data.primaryNetwork.blocks.listLatest({ network: 'mainnet', blockchainId: 'c-chain', pageSize: 3 }, at);
    const cChain = sandbox.world.evm.chain(43114)!;
    expect(c.result.blocks[0]!.blockHash).toBe(cChain.blocks.at(-1)!.hash);
  });

  it('listPrimaryNetworkBlocksByNodeId lists the blocks a node proposed', async () => {
    const proposers = new Map<string, number>();
    const blocks = await all(await sdk.data.primaryNetwork.blocks.listLatest({ network: 'mainnet', blockchainId: 'p-chain', pageSize: 100 }, at), (p: any) => p.blocks);
    for (const b of blocks) if (b.proposerDetails?.proposerNodeId) proposers.set(b.proposerDetails.proposerNodeId, (proposers.get(b.proposerDetails.proposerNodeId) ?? 0) + 1);
    const [nodeId, count] = [...proposers].sort((x, y) => y[1] - x[1])[0]!;
    const mine = await all(await sdk.data.primaryNetwork.blocks.listByNodeId({ network: 'mainnet', blockchainId: 'p-chain', nodeId, pageSize: 4 }, at), (p: any) => p.blocks);
    expect(mine).toHaveLength(count);
    expect(mine.every((b) => b.proposerDetails.proposerNodeId === nodeId)).toBe(true);
    await expect(sdk.data.primaryNetwork.blocks.listByNodeId({ network: 'mainnet', blockchainId: 'p-chain', nodeId: 'NodeID-x' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('vertices', () => {
  it('getVertexByHash and getVertexByHeight read the DAG', async () => {
    const vertex = net.x.vertices[3]!;
    const byHash = await sdk.data.primaryNetwork.vertices.getByHash({ network: 'mainnet', blockchainId: 'x-chain', vertexHash: vertex.hash }, at);
    expect(byHash).toMatchObject({ vertexHash: vertex.hash, vertexHeight: vertex.height, transactions: vertex.txIds, parentHashes: vertex.parentHashes });
    const atHeight = await all(await sdk.data.primaryNetwork.vertices.listByHeight({ network: 'mainnet', blockchainId: 'x-chain', vertexHeight: vertex.height }, at), (p: any) => p.vertices);
    expect(atHeight.map((v) => v.vertexHash)).toEqual([vertex.hash]);
    await expect(sdk.data.primaryNetwork.vertices.getByHash({ network: 'mainnet', blockchainId: 'x-chain', vertexHash: net.x.blocks[0]!.id }, at)).rejects.toBeInstanceOf(NotFoundError);
  });
});
