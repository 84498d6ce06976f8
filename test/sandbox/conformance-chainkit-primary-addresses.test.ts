/**
 * The official Data API client (`@avalanche-sdk/chainkit`) against the simulated routes of
 * primary-network addresses and staking: balances, last activity (GET and POST), UTXOs by POST,
 * address chains, network details, pending rewards and the AVAX supply. The client validates every
 * response with its own schemas (and types errors by status); the data must also be the world's.
 */
import { BadRequestError, NotFoundError } from '@avalanche-sdk/chainkit/models/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { bech32Address } from '@avalanche-graph/identity';
import { WORLD_NOW, amountOf, type PrimaryNetwork, type UtxoRecord, type Wallet } from '@avalanche-graph/sandbox';
import { useChainkit } from '../support/chainkit.js';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox();
const { sdk, at } = useChainkit(sandbox);
let net: PrimaryNetwork;

beforeAll(() => {
  net = sandbox.world.primary.networks.mainnet;
});

const owns = (w: Wallet) => (u: UtxoRecord) => u.output.owners.addrs.some((a) => a.hex === w.key.hex);
const sum = (items: Array<{ amount: string }>) => items.reduce((s, a) => s + BigInt(a.amount), 0n);

describe('balances', () => {
  it('getBalancesByAddresses answers the P-Chain shape, summing the unspent UTXOs', async () => {
    const wallet = net.wallets[4]!;
    const result = await sdk.data.primaryNetwork.balances.listByAddresses({ network: 'mainnet', blockchainId: 'p-chain', addresses: wallet.p }, at);
    expect(result.chainInfo).toEqual({ chainName: 'p-chain', network: 'mainnet' });
    const b = result.balances as Record<string, Array<{ amount: string }>>;
    const lists = ['unlockedUnstaked', 'unlockedStaked', 'lockedPlatform', 'lockedStakeable', 'lockedStaked', 'pendingStaked', 'atomicMemoryUnlocked', 'atomicMemoryLocked'];
    const held = net.utxos.filter((u) => u.holder === 'P' && !u.spent && owns(wallet)(u));
    expect(lists.reduce((s, name) => s + sum(b[name]!), 0n)).toBe(held.reduce((s, u) => s + amountOf(u.output), 0n));
  });

  it('answers the X-Chain and C-Chain shapes, and at a past time', async () => {
    const wallet = net.wallets[9]!;
    const x = await sdk.data.primaryNetwork.balances.listByAddresses({ network: 'mainnet', blockchainId: 'x-chain', addresses: wallet.x, blockTimestamp: WORLD_NOW - 86_400 * 30 }, at);
    expect(x.chainInfo.chainName).toBe('x-chain');
    expect(Object.keys(x.balances).sort()).toEqual(['atomicMemoryLocked', 'atomicMemoryUnlocked', 'locked', 'unlocked']);
    const c = await sdk.data.primaryNetwork.balances.listByAddresses({ network: 'mainnet', blockchainId: 'c-chain', addresses: wallet.bare }, at);
    expect(Object.keys(c.balances).sort()).toEqual(['atomicMemoryLocked', 'atomicMemoryUnlocked']);
    const held = net.utxos.filter((u) => u.holder === 'C' && !u.spent && owns(wallet)(u));
    const atomic = c.balances as { atomicMemoryUnlocked: Array<{ amount: string; sharedWithChainId: string }> };
    expect(sum(atomic.atomicMemoryUnlocked)).toBe(held.reduce((s, u) => s + amountOf(u.output), 0n));
  });

  it('types a missing address list and an address of another chain as BadRequestError', async () => {
    await expect(sdk.data.primaryNetwork.balances.listByAddresses({ network: 'mainnet', blockchainId: 'p-chain' }, at)).rejects.toBeInstanceOf(BadRequestError);
    const w = net.wallets[0]!;
    await expect(sdk.data.primaryNetwork.balances.listByAddresses({ network: 'mainnet', blockchainId: 'p-chain', addresses: w.x }, at)).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('last activity', () => {
  it('getLastActivityTimestampByAddresses and its V2 (POST) form answer the same', async () => {
    const wallet = net.wallets[2]!;
    const get = await sdk.data.primaryNetwork.utxos.getLastActivityTimestampByAddresses({ network: 'mainnet', blockchainId: 'p-chain', addresses: wallet.p }, at);
    const post = await sdk.data.primaryNetwork.utxos.getLastActivityTimestampByAddressesV2(
      { network: 'mainnet', blockchainId: 'p-chain', primaryNetworkAddressesBodyDto: { addresses: wallet.p } },
      at,
    );
    expect(post).toEqual(get);
    expect(get).toMatchObject({ chainName: 'p-chain', network: 'mainnet' });
    const utxo = net.utxosById.get(get.utxoId)!;
    expect(owns(wallet)(utxo)).toBe(true);
    expect(get.timestamp).toBe(get.isConsumed ? utxo.spent!.time : utxo.createdTime);
  });

  it('types no activity as NotFoundError and a missing body as BadRequestError', async () => {
    const fresh = bech32Address('X', 'avax', new Uint8Array(20).fill(7));
    await expect(sdk.data.primaryNetwork.utxos.getLastActivityTimestampByAddresses({ network: 'mainnet', blockchainId: 'x-chain', addresses: fresh }, at)).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      sdk.data.primaryNetwork.utxos.getLastActivityTimestampByAddressesV2({ network: 'mainnet', blockchainId: 'x-chain', primaryNetworkAddressesBodyDto: { addresses: '' } }, at),
    ).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('utxos v2', () => {
  it('getUtxosByAddressesV2 pages the same UTXOs as the GET form, with pages past 100', async () => {
    const addresses = net.wallets.map((w) => w.p);
    const byPost: string[] = [];
    let pages = 0;
    for await (const page of await sdk.data.primaryNetwork.utxos.listByAddressesV2(
      { network: 'mainnet', blockchainId: 'p-chain', pageSize: 150, primaryNetworkAddressesBodyDto: { addresses: addresses.join(',') } },
      at,
    )) {
      pages++;
      byPost.push(...page.result.utxos.map((u) => u.utxoId));
    }
    const expected = net.utxos.filter((u) => u.holder === 'P' && !u.spent && net.wallets.some((w) => owns(w)(u)));
    expect(byPost.length).toBe(expected.length);
    expect(pages).toBe(Math.ceil(expected.length / 150));
    const byGet: string[] = [];
    for await (const page of await sdk.data.primaryNetwork.utxos.listByAddresses({ network: 'mainnet', blockchainId: 'p-chain', pageSize: 100, addresses: addresses.slice(0, 64).join(',') }, at)) {
      byGet.push(...page.result.utxos.map((u) => u.utxoId));
    }
    expect(byPost).toEqual(byGet);
  });

  it('refuses more than its address limit and a page size past 1024', async () => {
    const many = Array.from({ length: 257 }, (_, i) => bech32Address('P', 'avax', new Uint8Array(20).fill(i % 256))).join(',');
    await expect(
      sdk.data.primaryNetwork.utxos.listByAddressesV2({ network: 'mainnet', blockchainId: 'p-chain', primaryNetworkAddressesBodyDto: { addresses: many } }, at),
    ).rejects.toBeInstanceOf(BadRequestError);
    const w = net.wallets[0]!;
    await expect(
      sdk.data.primaryNetwork.utxos.listByAddressesV2({ network: 'mainnet', blockchainId: 'p-chain', pageSize: 1025, primaryNetworkAddressesBodyDto: { addresses: w.p } }, at),
    ).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('address chains', () => {
  it('getChainIdsForAddresses maps each address to the chains of its UTXOs', async () => {
    const wallets = net.wallets.slice(0, 4);
    const result = await sdk.data.primaryNetwork.getChainIdsForAddresses({ network: 'mainnet', addresses: wallets.map((w) => w.bare).join(',') }, at);
    expect(result.addresses.map((a) => a.address)).toEqual(wallets.map((w) => w.bare));
    for (const [i, w] of wallets.entries()) {
      const touched = new Set(net.utxos.filter(owns(w)).flatMap((u) => [u.createdOn, u.holder]));
      expect(result.addresses[i]!.blockchainIds).toEqual((['P', 'X', 'C'] as const).filter((c) => touched.has(c)).map((c) => net.chainIds[c]));
    }
  });

  it('types a missing address list as BadRequestError', async () => {
    await expect(sdk.data.primaryNetwork.getChainIdsForAddresses({ network: 'mainnet', addresses: '' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('network details and supply', () => {
  it('getNetworkDetails counts the P-Chain\'s current validators', async () => {
    const result = await sdk.data.primaryNetwork.getNetworkDetails({ network: 'fuji' }, at);
    const fuji = sandbox.world.primary.networks.fuji;
    expect(result.validatorDetails.validatorCount).toBe(fuji.validators.length);
    expect(BigInt(result.validatorDetails.totalAmountStaked)).toBe(fuji.validators.reduce((s, v) => s + v.current.stake, 0n));
    expect(result.delegatorDetails.delegatorCount).toBeGreaterThan(0);
  });

  it('getAvaxSupply reports mainnet\'s current supply', async () => {
    const result = await sdk.avaxSupply.get(at);
    const [whole, fraction = ''] = result.totalSupply.split('.');
    expect(BigInt(whole!) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0'))).toBe(net.p.currentSupply);
    expect(result.lastUpdated.getTime()).toBe(WORLD_NOW * 1000);
  });
});

describe('pending rewards', () => {
  it('listPendingPrimaryNetworkRewards pages the rewards of a node\'s active periods', async () => {
    const validator = net.validators[1]!;
    const seen: Array<{ txHash: string; rewardType: string }> = [];
    for await (const page of await sdk.data.primaryNetwork.rewards.listPendingRewards({ network: 'mainnet', nodeIds: validator.nodeId, pageSize: 2 }, at)) {
      seen.push(...page.result.pendingRewards);
    }
    const active = net.delegations.filter((d) => d.period === validator.current && d.start <= WORLD_NOW && d.end > WORLD_NOW);
    expect(seen.length).toBe(1 + active.length + active.filter((d) => d.feeReward > 0n).length);
    expect(seen[0]).toMatchObject({ txHash: validator.current.txId, rewardType: 'VALIDATOR', estimatedReward: { amount: validator.current.potentialReward.toString() } });
  });

  it('types a call without addresses or node ids as BadRequestError', async () => {
    await expect(sdk.data.primaryNetwork.rewards.listPendingRewards({ network: 'mainnet' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });
});
