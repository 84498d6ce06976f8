/**
 * The official Data API client (`@avalanche-sdk/chainkit`) against the simulated primary-network
 * endpoints. The client validates every response with its zod schemas (and types errors by
 * status), so a resolved call means the sandbox speaks the wire protocol; the data must also be
 * the world's.
 */
import { BadRequestError, NotFoundError } from '@avalanche-sdk/chainkit/models/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PrimaryNetwork } from '@avalanche-graph/sandbox';
import { useChainkit } from '../support/chainkit.js';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox();
const { sdk, at } = useChainkit(sandbox);
let net: PrimaryNetwork;

beforeAll(() => {
  net = sandbox.world.primary.networks.mainnet;
});

describe('blockchains', () => {
  it('listBlockchains pages through every registered blockchain', async () => {
    const seen: string[] = [];
    for await (const page of await sdk.data.primaryNetwork.listBlockchains({ network: 'mainnet', pageSize: 7 }, at)) {
      seen.push(...page.result.blockchains.map((b) => b.blockchainId));
    }
    expect(seen.sort()).toEqual(net.blockchains.map((b) => b.id).sort());
  });

  it('getBlockchainById reads a chain by alias and by id, with its genesis', async () => {
    const c = await sdk.data.primaryNetwork.getBlockchainById({ network: 'mainnet', blockchainId: 'c-chain' }, at);
    expect(c).toMatchObject({ blockchainId: net.chainIds.C, blockchainName: 'C-Chain', evmChainId: 43114 });
    const l1 = sandbox.world.chains.find((x) => x.network === 'mainnet' && !x.isCChain)!;
    const byId = await sdk.data.primaryNetwork.getBlockchainById({ network: 'mainnet', blockchainId: l1.blockchainId }, at);
    expect(byId).toMatchObject({ subnetId: l1.subnetId, evmChainId: l1.evmChainId, blockchainName: l1.info.chainName });
    expect(typeof byId.genesisData === 'object' && byId.genesisData.config?.feeConfig?.gasLimit).toBeGreaterThan(0);
    const x = await sdk.data.primaryNetwork.getBlockchainById({ network: 'mainnet', blockchainId: 'x-chain' }, at);
    expect(typeof x.genesisData).toBe('string');
  });

  it('types a missing blockchain as NotFoundError', async () => {
    await expect(sdk.data.primaryNetwork.getBlockchainById({ network: 'mainnet', blockchainId: sandbox.world.primary.networks.fuji.chainIds.X }, at)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('utxos', () => {
  it('lists P-Chain UTXOs with their staking fields', async () => {
    const d = net.delegations.find((x) => x.status === 'active')!;
    const wallet = net.wallets.find((w) => w.key.hex === d.delegator.hex)!;
    const seen: any[] = [];
    for await (const page of await sdk.data.primaryNetwork.utxos.listByAddresses({ network: 'mainnet', blockchainId: 'p-chain', addresses: wallet.p, pageSize: 5, includeSpent: true }, at)) {
      expect(page.result.chainInfo).toEqual({ chainName: 'p-chain', network: 'mainnet' });
      seen.push(...page.result.utxos);
    }
    const expected = net.utxos.filter((u) => u.holder === 'P' && u.output.owners.addrs.some((a) => a.hex === wallet.key.hex));
    expect(seen.map((u) => u.utxoId).sort()).toEqual(expected.map((u) => u.id).sort());
    const stake = seen.find((u) => u.txHash === d.txId && u.utxoType === 'STAKE');
    expect(stake).toMatchObject({ staked: true, utxoStartTimestamp: d.start, utxoEndTimestamp: d.end });
  });

  it('lists X-Chain UTXOs, NFTs included, by the real X-Chain id', async () => {
    const nft = net.utxos.find((u) => u.holder === 'X' && u.output.type === 'nftTransfer')!;
    const owner = net.wallets.find((w) => w.key.hex === nft.output.owners.addrs[0]!.hex)!;
    const result = await sdk.data.primaryNetwork.utxos.listByAddresses(
      { network: 'mainnet', blockchainId: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM', addresses: owner.bare, includeSpent: true, pageSize: 100, assetId: nft.assetId },
      at,
    );
    const item = result.result.utxos.find((u) => u.utxoId === nft.id) as any;
    expect(item).toMatchObject({ creationTxHash: nft.txId, outputIndex: String(nft.outputIndex), asset: { type: 'nft', amount: '1' } });
    expect(item.payload).toMatch(/^0x[0-9a-f]+$/);
  });

  it('lists the C-Chain shared-memory UTXOs', async () => {
    const exported = net.utxos.find((u) => u.holder === 'C')!;
    const owner = net.wallets.find((w) => w.key.hex === exported.output.owners.addrs[0]!.hex)!;
    const result = await sdk.data.primaryNetwork.utxos.listByAddresses({ network: 'mainnet', blockchainId: 'c-chain', addresses: owner.bare, includeSpent: true, pageSize: 100 }, at);
    expect(result.result.chainInfo.chainName).toBe('c-chain');
    expect(result.result.utxos.map((u) => u.utxoId)).toContain(exported.id);
  });

  it('types a bad page size as BadRequestError', async () => {
    const wallet = net.wallets[0]!;
    const call = sdk.data.primaryNetwork.utxos.listByAddresses({ network: 'mainnet', blockchainId: 'x-chain', addresses: wallet.x, pageSize: 500 }, at);
    await expect(call).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('rewards and delegators', () => {
  it('listHistoricalRewards pages the rewards of a node, priced in euros', async () => {
    const nodeId = net.rewards.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.nodeId]: (acc[r.nodeId] ?? 0) + 1 }), {});
    const busiest = Object.entries(nodeId).sort((a, b) => b[1] - a[1])[0]![0];
    const seen: any[] = [];
    for await (const page of await sdk.data.primaryNetwork.rewards.listHistoricalRewards({ network: 'mainnet', nodeIds: busiest, pageSize: 2, currency: 'eur' }, at)) {
      seen.push(...page.result.historicalRewards);
    }
    expect(seen).toHaveLength(nodeId[busiest]!);
    for (const r of seen) {
      expect(r.nodeId).toBe(busiest);
      expect(r.reward.historicalPrice?.currencyCode).toBe('eur');
      expect(net.rewards.some((w) => w.utxo.id === r.utxoId && w.rewardTxHash === r.rewardTxHash)).toBe(true);
    }
  });

  it('listDelegators returns every status in its own shape', async () => {
    const seen: any[] = [];
    for await (const page of await sdk.data.primaryNetwork.listDelegators({ network: 'mainnet', pageSize: 50, sortOrder: 'desc' }, at)) {
      seen.push(...page.result.delegators);
    }
    expect(seen).toHaveLength(net.delegations.length);
    const completed = seen.find((d) => d.delegationStatus === 'completed');
    const pending = seen.find((d) => d.delegationStatus === 'pending');
    expect(completed.grossReward).toMatch(/^\d+$/);
    expect(pending.estimatedNetReward).toMatch(/^\d+$/);
    const byStatus = await sdk.data.primaryNetwork.listDelegators({ network: 'mainnet', delegationStatus: 'active', pageSize: 100 }, at);
    expect(byStatus.result.delegators.every((d) => d.delegationStatus === 'active')).toBe(true);
  });
});

describe('vertices', () => {
  it('vertices.listLatest pages the X-Chain DAG, latest first', async () => {
    const seen: number[] = [];
    for await (const page of await sdk.data.primaryNetwork.vertices.listLatest({ network: 'mainnet', blockchainId: 'x-chain', pageSize: 4 }, at)) {
      seen.push(...page.result.vertices.map((v) => v.vertexHeight));
    }
    expect(seen).toEqual(net.x.vertices.map((v) => v.height).reverse());
  });
});
