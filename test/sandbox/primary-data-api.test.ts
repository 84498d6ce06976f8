/**
 * The simulated Data API's primary-network routes: pages walk whole lists without gaps or
 * duplicates, filters select what they say, and bad requests get the service's 400/404 bodies.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PrimaryNetwork } from '@avalanche-graph/sandbox';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox();
let net: PrimaryNetwork;
beforeAll(() => {
  net = sandbox.world.primary.networks.mainnet;
});

async function get(path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${sandbox.urls.dataApi}${path}`);
  return { status: response.status, body: await response.json() };
}

/** Walks every page of a listing; returns the items of all pages and how many pages it took. */
async function walk(path: string, key: string, pageSize: number): Promise<{ items: any[]; pages: number }> {
  const items: any[] = [];
  let pages = 0;
  let token: string | undefined;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const { status, body } = await get(`${path}${sep}pageSize=${pageSize}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body[key].length).toBeLessThanOrEqual(pageSize);
    items.push(...body[key]);
    pages++;
    token = body.nextPageToken;
    if (token !== undefined) expect(body[key].length).toBe(pageSize);
  } while (token);
  return { items, pages };
}

describe('pagination walks whole lists', () => {
  const owns = (u: { output: { owners: { addrs: { hex: string }[] } } }, hex: string) => u.output.owners.addrs.some((a) => a.hex === hex);
  /** The wallet with the most UTXOs (the longest UTXO listings). */
  const busiest = () => {
    const counts = net.wallets.map((w) => ({ w, n: net.utxos.filter((u) => owns(u, w.key.hex)).length }));
    return counts.reduce((best, c) => (c.n > best.n ? c : best)).w;
  };
  const lists: [string, () => string, string, (item: any) => string, () => number][] = [
    ['blockchains', () => '/v1/networks/mainnet/blockchains', 'blockchains', (b) => b.blockchainId, () => net.blockchains.length],
    ['P-Chain UTXOs', () => `/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=${busiest().p}&includeSpent=true`, 'utxos', (u) => u.utxoId, () => { const hex = busiest().key.hex; return net.utxos.filter((u) => u.holder === 'P' && owns(u, hex)).length; }],
    ['X-Chain UTXOs', () => `/v1/networks/mainnet/blockchains/x-chain/utxos?addresses=${busiest().bare}&includeSpent=true`, 'utxos', (u) => u.utxoId, () => { const hex = busiest().key.hex; return net.utxos.filter((u) => u.holder === 'X' && owns(u, hex)).length; }],
    // addresses is optional: without it, every UTXO the chain holds.
    ['X-Chain UTXOs of every address', () => '/v1/networks/mainnet/blockchains/x-chain/utxos?includeSpent=true', 'utxos', (u) => u.utxoId, () => net.utxos.filter((u) => u.holder === 'X').length],
    ['rewards', () => '/v1/networks/mainnet/rewards', 'historicalRewards', (r) => r.utxoId, () => net.rewards.length],
    ['delegators', () => '/v1/networks/mainnet/delegators', 'delegators', (d) => d.txHash, () => net.delegations.length],
    ['vertices', () => '/v1/networks/mainnet/blockchains/x-chain/vertices', 'vertices', (v) => v.vertexHash, () => net.x.vertices.length],
  ];

  it.each(lists)('%s: every item once, for page sizes 1, 3, 7 and 100', async (_name, path, key, id, total) => {
    for (const size of [1, 3, 7, 100]) {
      const { items, pages } = await walk(path(), key, size);
      const ids = items.map(id);
      expect(new Set(ids).size, `pageSize ${size}`).toBe(ids.length);
      expect(ids.length, `pageSize ${size}`).toBe(total());
      expect(pages).toBe(Math.max(1, Math.ceil(total() / size)));
    }
  });

  it('keeps the order across pages and may change the page size mid-walk', async () => {
    const whole = (await get('/v1/networks/mainnet/delegators?pageSize=100&sortOrder=desc')).body.delegators.map((d: any) => d.txHash);
    const first = (await get('/v1/networks/mainnet/delegators?pageSize=4&sortOrder=desc')).body;
    const second = (await get(`/v1/networks/mainnet/delegators?pageSize=9&sortOrder=desc&pageToken=${first.nextPageToken}`)).body;
    expect([...first.delegators, ...second.delegators].map((d: any) => d.txHash)).toEqual(whole.slice(0, 13));
  });

  it('defaults to 10 items and omits nextPageToken on the last page', async () => {
    const { body } = await get('/v1/networks/mainnet/blockchains');
    expect(body.blockchains).toHaveLength(10);
    expect(typeof body.nextPageToken).toBe('string');
    const last = await get('/v1/networks/mainnet/blockchains?pageSize=10000');
    expect(last.body.blockchains).toHaveLength(net.blockchains.length);
    expect('nextPageToken' in last.body).toBe(false);
  });
});

describe('filters', () => {
  it('selects delegations by status, node and reward address', async () => {
    for (const status of ['active', 'pending', 'completed']) {
      const { items } = await walk(`/v1/networks/mainnet/delegators?delegationStatus=${status}`, 'delegators', 100);
      expect(items.length).toBe(net.delegations.filter((d) => d.status === status).length);
      for (const d of items) expect(d.delegationStatus).toBe(status);
    }
    const v = net.validators.find((x) => net.delegations.filter((d) => d.nodeId === x.nodeId).length > 1)!;
    const byNode = await walk(`/v1/networks/mainnet/delegators?nodeIds=${v.nodeId}`, 'delegators', 100);
    expect(byNode.items.length).toBe(net.delegations.filter((d) => d.nodeId === v.nodeId).length);
    const d = net.delegations[0]!;
    const owner = net.wallets.find((w) => w.key.hex === d.rewardOwner.addrs[0]!.hex)!;
    const byAddress = await walk(`/v1/networks/mainnet/delegators?rewardAddresses=${owner.p}`, 'delegators', 100);
    expect(byAddress.items.map((x) => x.txHash)).toContain(d.txId);
    for (const x of byAddress.items) expect(x.rewardAddresses).toContain(owner.bare);
  });

  it('selects rewards by address and node, priced in the requested currency', async () => {
    const r = net.rewards[0]!;
    const owner = net.wallets.find((w) => w.key.hex === r.addresses[0]!.hex)!;
    const { items } = await walk(`/v1/networks/mainnet/rewards?addresses=${owner.bare}`, 'historicalRewards', 100);
    expect(items.map((x) => x.utxoId)).toContain(r.utxo.id);
    for (const x of items) expect(x.addresses).toContain(owner.bare);
    const byNode = await walk(`/v1/networks/mainnet/rewards?nodeIds=${r.nodeId}`, 'historicalRewards', 100);
    for (const x of byNode.items) expect(x.nodeId).toBe(r.nodeId);
    const usd = (await get(`/v1/networks/mainnet/rewards?nodeIds=${r.nodeId}&currency=usd`)).body.historicalRewards[0].reward.historicalPrice;
    const jpy = (await get(`/v1/networks/mainnet/rewards?nodeIds=${r.nodeId}&currency=jpy`)).body.historicalRewards[0].reward.historicalPrice;
    expect(jpy.currencyCode).toBe('jpy');
    expect(jpy.value).toBeGreaterThan(usd.value * 100);
  });

  it('filters UTXOs by asset, minimum amount and spent state, and sorts by amount', async () => {
    const holder = net.wallets[3]!;
    const all = (await walk(`/v1/networks/mainnet/blockchains/x-chain/utxos?addresses=${holder.x}&includeSpent=true`, 'utxos', 100)).items;
    const unspent = (await walk(`/v1/networks/mainnet/blockchains/x-chain/utxos?addresses=${holder.x}`, 'utxos', 100)).items;
    expect(all.some((u) => u.consumingTxHash)).toBe(true);
    expect(unspent.every((u) => !u.consumingTxHash)).toBe(true);
    expect(unspent.length).toBe(all.filter((u) => !u.consumingTxHash).length);
    const avax = (await walk(`/v1/networks/mainnet/blockchains/x-chain/utxos?addresses=${holder.x}&assetId=${net.avaxAssetId}`, 'utxos', 100)).items;
    expect(avax.length).toBeGreaterThan(0);
    expect(avax.every((u) => u.asset.assetId === net.avaxAssetId)).toBe(true);
    const min = 100_000_000_000n;
    const big = (await walk(`/v1/networks/mainnet/blockchains/x-chain/utxos?addresses=${holder.x}&minUtxoAmount=${min}`, 'utxos', 100)).items;
    expect(big.length).toBe(unspent.filter((u) => BigInt(u.asset.amount) >= min).length);
    const byAmount = (await get(`/v1/networks/mainnet/blockchains/x-chain/utxos?addresses=${holder.x}&sortBy=amount&sortOrder=desc&pageSize=100`)).body.utxos;
    const amounts = byAmount.map((u: any) => BigInt(u.asset.amount));
    expect(amounts).toEqual([...amounts].sort((a: bigint, b: bigint) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('reports stake as STAKE UTXOs on the P-Chain while it is locked', async () => {
    const d = net.delegations.find((x) => x.status === 'active')!;
    const wallet = net.wallets.find((w) => w.key.hex === d.delegator.hex)!;
    const { items } = await walk(`/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=${wallet.p}`, 'utxos', 100);
    const stake = items.find((u) => u.txHash === d.txId && u.utxoType === 'STAKE');
    expect(stake).toMatchObject({ staked: true, utxoStartTimestamp: d.start, utxoEndTimestamp: d.end, amount: d.amount.toString() });
  });

  it('serves the C-Chain atomic UTXOs and resolves blockchain aliases', async () => {
    const exported = net.utxos.find((u) => u.holder === 'C')!;
    const owner = net.wallets.find((w) => w.key.hex === exported.output.owners.addrs[0]!.hex)!;
    const { body } = await get(`/v1/networks/mainnet/blockchains/${net.chainIds.C}/utxos?addresses=${owner.bare}&includeSpent=true&pageSize=100`);
    expect(body.chainInfo).toEqual({ chainName: 'c-chain', network: 'mainnet' });
    expect(body.utxos.map((u: any) => u.utxoId)).toContain(exported.id);
    const x = (await get('/v1/networks/mainnet/blockchains/x-chain')).body;
    expect(x).toMatchObject({ blockchainId: net.chainIds.X, blockchainName: 'X-Chain', createBlockNumber: '0' });
    const l1 = sandbox.world.chains.find((c) => c.network === 'fuji' && !c.isCChain)!;
    const fuji = (await get(`/v1/networks/testnet/blockchains/${l1.blockchainId}`)).body;
    expect(fuji).toMatchObject({ blockchainId: l1.blockchainId, subnetId: l1.subnetId, evmChainId: l1.evmChainId });
    expect(fuji.genesisData.config.chainId).toBe(l1.evmChainId);
  });
});

describe('errors', () => {
  const wallet = () => net.wallets[0]!;
  const bad: [string, () => string][] = [
    ['pageSize 0', () => '/v1/networks/mainnet/delegators?pageSize=0'],
    ['pageSize above the maximum', () => '/v1/networks/mainnet/rewards?pageSize=101'],
    ['pageSize not a number', () => '/v1/networks/mainnet/blockchains?pageSize=ten'],
    ['blockchains pageSize above 10000', () => '/v1/networks/mainnet/blockchains?pageSize=10001'],
    ['unknown network', () => '/v1/networks/devnet/blockchains'],
    ['bad sortOrder', () => '/v1/networks/mainnet/blockchains?sortOrder=up'],
    ['bad delegationStatus', () => '/v1/networks/mainnet/delegators?delegationStatus=done'],
    ['bad currency', () => '/v1/networks/mainnet/rewards?currency=btc'],
    ['malformed node id', () => '/v1/networks/mainnet/delegators?nodeIds=NodeID-xyz'],
    ['malformed address', () => '/v1/networks/mainnet/rewards?addresses=avax1notanaddress'],
    ['address of the other network', () => `/v1/networks/fuji/blockchains/p-chain/utxos?addresses=${wallet().bare}`],
    ['address of another chain', () => `/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=${wallet().x}`],
    ['malformed assetId', () => `/v1/networks/mainnet/blockchains/x-chain/utxos?addresses=${wallet().x}&assetId=AVAX`],
    ['bad includeSpent', () => `/v1/networks/mainnet/blockchains/x-chain/utxos?addresses=${wallet().x}&includeSpent=yes`],
    ['bad sortBy', () => `/v1/networks/mainnet/blockchains/x-chain/utxos?addresses=${wallet().x}&sortBy=size`],
    ['vertices of the P-Chain', () => '/v1/networks/mainnet/blockchains/p-chain/vertices'],
    ['utxos of an L1', () => `/v1/networks/mainnet/blockchains/${net.blockchains.find((b) => b.status === 'Syncing')!.id}/utxos?addresses=${wallet().bare}`],
    ['forged page token', () => '/v1/networks/mainnet/blockchains?pageToken=bm90LWEtdG9rZW4'],
    ['malformed blockchain id', () => '/v1/networks/mainnet/blockchains/not-an-id'],
  ];

  it.each(bad)('%s is a 400 with the Data API error body', async (_name, path) => {
    const { status, body } = await get(path());
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(typeof body.message).toBe('string');
  });

  it('refuses a page token replayed with other filters', async () => {
    const token = (await get('/v1/networks/mainnet/delegators?pageSize=2&delegationStatus=active')).body.nextPageToken;
    expect((await get(`/v1/networks/mainnet/delegators?pageSize=2&delegationStatus=active&pageToken=${token}`)).status).toBe(200);
    expect((await get(`/v1/networks/mainnet/delegators?pageSize=2&delegationStatus=completed&pageToken=${token}`)).status).toBe(400);
  });

  it('answers 404 for a blockchain that does not exist', async () => {
    const { status, body } = await get(`/v1/networks/mainnet/blockchains/${sandbox.world.primary.networks.fuji.chainIds.X}`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
