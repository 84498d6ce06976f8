import { describe, expect, it } from 'vitest';
import { bech32Address } from '@avalanche-graph/identity';
import { WORLD_NOW, amountOf, type ChainAlias, type PrimaryNetwork, type UtxoRecord, type Wallet } from '@avalanche-graph/sandbox';
import {
  PrimaryAddressChainsDocument,
  PrimaryBalancesDocument,
  PrimaryBalancesLinkedDocument,
  PrimaryLastActivityDocument,
  PrimaryUtxosDocument,
  type PrimaryBalancesQuery,
  type PrimaryUtxosQuery,
  type PrimaryUtxosQueryVariables,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const shared = useHarness({ keyPerTest: 'primary-addresses' });
const { h } = shared;

const BALANCES = 'GET /v1/networks/{network}/blockchains/{blockchainId}/balances';
const ACTIVITY_GET = 'GET /v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses';
const ACTIVITY_POST = 'POST /v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses';
const UTXOS_GET = 'GET /v1/networks/{network}/blockchains/{blockchainId}/utxos';
const UTXOS_POST = 'POST /v1/networks/{network}/blockchains/{blockchainId}/utxos';
const CHAIN_IDS = 'GET /v1/networks/{network}/addresses:listChainIds';
const BLOCKCHAIN = 'GET /v1/networks/{network}/blockchains/{blockchainId}';

const api = () => shared.dataApi;
const calls = (route: string) => api().counts()[route] ?? 0;
const mainnet = (): PrimaryNetwork => h.sandbox.world.primary.networks.mainnet;

type Balances = NonNullable<PrimaryBalancesQuery['network']['balances']>;
type Amount = { assetId: string; amount: string; utxoCount: number };
type UtxoNode = NonNullable<PrimaryUtxosQuery['network']['utxos']>['edges'][number]['node'];

const owns = (w: Wallet) => (u: UtxoRecord) => u.output.owners.addrs.some((a) => a.hex === w.key.hex);
const isMint = (u: UtxoRecord) => u.output.type === 'secpMint' || u.output.type === 'nftMint';
const valueOf = (u: UtxoRecord) => (u.output.type === 'nftTransfer' ? 1n : amountOf(u.output));

/** Valid addresses of this network that hold nothing (fresh keys), to lengthen address lists. */
function freshAddresses(chain: 'P' | 'X', n: number): string[] {
  return Array.from({ length: n }, (_, i) => bech32Address(chain, 'avax', new Uint8Array(20).fill(200 - i)));
}

/** Sum of a balance list per asset. */
function perAsset(lists: Amount[][]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const list of lists) for (const a of list) out.set(a.assetId, (out.get(a.assetId) ?? 0n) + BigInt(a.amount));
  return out;
}

function sumOf(utxos: UtxoRecord[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const u of utxos) out.set(u.assetId, (out.get(u.assetId) ?? 0n) + valueOf(u));
  return out;
}

const walkUtxos = (vars: Omit<PrimaryUtxosQueryVariables, 'first' | 'after'>, first = 100): Promise<UtxoNode[]> =>
  walkConnection((after) => shared.query(PrimaryUtxosDocument, { ...vars, first, after }), (d) => d.network.utxos);

async function balances(vars: { blockchain: string; addresses: string[]; blockTimestamp?: number; network?: 'MAINNET' | 'FUJI' }): Promise<Balances> {
  const { data, errors } = await shared.query(PrimaryBalancesDocument, vars);
  expect(errors).toBeUndefined();
  return data!.network.balances!;
}

function pLists(b: Balances) {
  if (b.__typename !== 'PChainAddressBalances') throw new Error(`unexpected ${b.__typename}`);
  return b;
}

describe('Network.balances on the P-Chain', () => {
  it('agrees with the UTXOs the same addresses list: every UTXO counted once, stake apart, in one call', async () => {
    const net = mainnet();
    const wallets = net.wallets.slice(0, 12);
    const addresses = wallets.map((w) => w.p);
    const b = pLists(await balances({ blockchain: 'p-chain', addresses }));
    expect(calls(BALANCES)).toBe(1);
    expect(b.chainInfo).toEqual({ chainName: 'P_CHAIN', network: 'MAINNET' });
    const listed = await walkUtxos({ blockchain: 'p-chain', addresses });
    const listedSum = (nodes: UtxoNode[]) => nodes.reduce((s, n) => s + BigInt(n.amount), 0n);
    const all = [b.unlockedUnstaked, b.unlockedStaked, b.lockedPlatform, b.lockedStakeable, b.lockedStaked, b.pendingStaked, b.atomicMemoryUnlocked, b.atomicMemoryLocked];
    const total = all.flat().reduce((s, a) => s + BigInt(a.amount), 0n);
    const count = all.flat().reduce((s, a) => s + a.utxoCount, 0);
    expect(total).toBe(listedSum(listed));
    expect(count).toBe(listed.length);
    const staked = [b.unlockedStaked, b.lockedStaked, b.pendingStaked].flat().reduce((s, a) => s + BigInt(a.amount), 0n);
    expect(staked).toBe(listedSum(listed.filter((n) => n.utxoType === 'STAKE')));
    const atomic = [b.atomicMemoryUnlocked, b.atomicMemoryLocked].flat().reduce((s, a) => s + BigInt(a.amount), 0n);
    expect(atomic).toBe(listedSum(listed.filter((n) => n.createdOnChainId !== net.chainIds.P)));
    for (const a of all.flat()) expect(a).toMatchObject({ assetId: net.avaxAssetId, symbol: 'AVAX', denomination: 9, type: 'SECP256K1' });
  });

  it('sorts stake by its period and locks by their times, as the world holds them', async () => {
    const net = mainnet();
    const stakeable = net.utxos.find((u) => u.holder === 'P' && !u.spent && u.output.type === 'lockOut')!;
    const lockedOwner = net.utxos.find((u) => u.holder === 'P' && !u.spent && !u.staking && u.output.type === 'secpTransfer' && u.output.owners.locktime > BigInt(WORLD_NOW))!;
    const pending = net.delegations.find((d) => d.status === 'pending')!;
    expect([stakeable, lockedOwner, pending].every(Boolean)).toBe(true);
    const walletOf = (hex: string) => net.wallets.find((w) => w.key.hex === hex)!;

    const s = pLists(await balances({ blockchain: 'p-chain', addresses: [walletOf(stakeable.output.owners.addrs[0]!.hex).p] }));
    expect(s.lockedStakeable).toEqual([expect.objectContaining({ amount: amountOf(stakeable.output).toString(), utxoCount: 1 })]);

    const l = pLists(await balances({ blockchain: 'p-chain', addresses: [walletOf(lockedOwner.output.owners.addrs[0]!.hex).p] }));
    expect(BigInt(l.lockedPlatform[0]?.amount ?? 0)).toBeGreaterThanOrEqual(amountOf(lockedOwner.output));

    const delegator = walletOf(pending.delegator.hex);
    const p = pLists(await balances({ blockchain: 'p-chain', addresses: [delegator.p] }));
    const pendingStake = net.utxos.filter((u) => owns(delegator)(u) && u.holder === 'P' && !u.spent && u.staking && u.staking.start > WORLD_NOW);
    expect(BigInt(p.pendingStaked[0]!.amount)).toBe(pendingStake.reduce((s, u) => s + amountOf(u.output), 0n));
    expect(p.pendingStaked[0]!.utxoCount).toBe(pendingStake.length);
  });

  it('answers the balances at a past time, with UTXOs spent since and without those created since', async () => {
    const net = mainnet();
    const spent = net.utxos.find((u) => u.holder === 'P' && u.createdOn === 'P' && u.spent && !u.staking && u.output.owners.addrs.length === 1)!;
    const wallet = net.wallets.find((w) => owns(w)(spent))!;
    const at = spent.spent!.time - 1;
    const b = pLists(await balances({ blockchain: 'p-chain', addresses: [wallet.p], blockTimestamp: at }));
    const held = net.utxos.filter((u) => u.holder === 'P' && owns(wallet)(u) && u.createdTime <= at && (!u.spent || u.spent.time > at));
    expect(held).toContain(spent);
    const lists = [b.unlockedUnstaked, b.unlockedStaked, b.lockedPlatform, b.lockedStakeable, b.lockedStaked, b.pendingStaked, b.atomicMemoryUnlocked, b.atomicMemoryLocked];
    expect(perAsset(lists)).toEqual(sumOf(held));
    expect(lists.flat().reduce((s, a) => s + a.utxoCount, 0)).toBe(held.length);
    expect(new URL(api().recent.at(-1)!.url, 'http://x').searchParams.get('blockTimestamp')).toBe(String(at));
  });
});

describe('Network.balances on the X- and C-Chain', () => {
  it('sums X-Chain holdings per asset (NFTs one per UTXO, mint rights left out), atomic memory apart', async () => {
    const net = mainnet();
    const assetsOf = (w: Wallet) => new Set(net.utxos.filter((u) => u.holder === 'X' && !u.spent && owns(w)(u)).map((u) => u.assetId)).size;
    const wallet = [...net.wallets].sort((a, b) => assetsOf(b) - assetsOf(a))[0]!;
    expect(assetsOf(wallet)).toBeGreaterThan(1);
    const b = await balances({ blockchain: 'x-chain', addresses: [wallet.x] });
    if (b.__typename !== 'XChainAddressBalances') throw new Error(`unexpected ${b.__typename}`);
    const held = net.utxos.filter((u) => u.holder === 'X' && owns(wallet)(u) && !u.spent && !isMint(u));
    expect(perAsset([b.unlocked, b.locked])).toEqual(sumOf(held.filter((u) => u.createdOn === 'X')));
    expect(perAsset([b.atomicMemoryUnlocked, b.atomicMemoryLocked])).toEqual(sumOf(held.filter((u) => u.createdOn !== 'X')));
    expect(b.unlocked[0]!.assetId).toBe(net.avaxAssetId);
  });

  it('links each amount to its asset description (one node call per asset) and atomic amounts to the exporting blockchain', async () => {
    const net = mainnet();
    const wallet = net.wallets.find((w) => net.utxos.some((u) => u.holder === 'X' && u.createdOn !== 'X' && !u.spent && owns(w)(u)))!;
    const { data, errors } = await shared.query(PrimaryBalancesLinkedDocument, { blockchain: 'x-chain', addresses: [wallet.x] });
    expect(errors).toBeUndefined();
    const b = data!.network.balances!;
    if (!('unlocked' in b)) throw new Error('expected X-Chain balances');
    for (const a of b.unlocked) expect(a.asset).toMatchObject({ assetId: a.assetId, symbol: net.assets.find((x) => x.id === a.assetId)!.symbol });
    expect(h.sandbox.services.nodeMainnet.counts()['POST /ext/bc/X avm.getAssetDescription'] ?? 0).toBeLessThanOrEqual(new Set(b.unlocked.map((a) => a.assetId)).size);
    expect(b.atomicMemoryUnlocked.length).toBeGreaterThan(0);
    for (const a of b.atomicMemoryUnlocked) expect(a.sharedWithBlockchain?.blockchainId).toBe(a.sharedWithChainId);
  });

  it('lists the C-Chain\'s atomic memory per exporting chain', async () => {
    const net = mainnet();
    const wallet = net.wallets.find((w) => net.utxos.some((u) => u.holder === 'C' && !u.spent && owns(w)(u)))!;
    const b = await balances({ blockchain: 'c-chain', addresses: [`C-${wallet.bare}`] });
    expect(b.__typename).toBe('CChainAtomicBalances');
    const held = net.utxos.filter((u) => u.holder === 'C' && !u.spent && owns(wallet)(u));
    for (const source of ['X', 'P'] as ChainAlias[]) {
      const fromSource = [...b.atomicMemoryUnlocked, ...b.atomicMemoryLocked].filter((a) => a.sharedWithChainId === net.chainIds[source]);
      expect(perAsset([fromSource])).toEqual(sumOf(held.filter((u) => u.createdOn === source)));
      for (const a of fromSource) expect(a.sharedWithChainName).toBe(`${source}_CHAIN`);
    }
  });
});

describe('Network.lastActivity', () => {
  /** The world's latest creation (by a tx of the chain) or consumption (on it) of the wallets' UTXOs. */
  function latest(wallets: Wallet[], chain: ChainAlias) {
    const events = mainnet().utxos.flatMap((u) => {
      if (!wallets.some((w) => owns(w)(u))) return [];
      const out: Array<{ time: number; txHash: string; utxoId: string; isConsumed: boolean }> = [];
      if (u.createdOn === chain) out.push({ time: u.createdTime, txHash: u.createdByTxId ?? u.txId, utxoId: u.id, isConsumed: false });
      if (u.spent?.chain === chain) out.push({ time: u.spent.time, txHash: u.spent.txId, utxoId: u.id, isConsumed: true });
      return out;
    });
    events.sort((a, b) => b.time - a.time || Number(b.isConsumed) - Number(a.isConsumed) || (a.utxoId < b.utxoId ? 1 : -1));
    return events[0];
  }

  it('reads one address by GET', async () => {
    const wallet = mainnet().wallets[3]!;
    const { data, errors } = await shared.query(PrimaryLastActivityDocument, { blockchain: 'x-chain', addresses: [wallet.x] });
    expect(errors).toBeUndefined();
    const expected = latest([wallet], 'X')!;
    expect(data!.network.lastActivity).toMatchObject({
      timestamp: expected.time,
      txHash: expected.txHash,
      utxoId: expected.utxoId,
      isConsumed: expected.isConsumed,
      chainName: 'X_CHAIN',
      network: 'MAINNET',
    });
    expect([calls(ACTIVITY_GET), calls(ACTIVITY_POST)]).toEqual([1, 0]);
  });

  it('sends a list too long for a URL by POST, with the same answer', async () => {
    const wallets = mainnet().wallets;
    const addresses = [...wallets.map((w) => w.p), ...freshAddresses('P', 20)];
    const { data, errors } = await shared.query(PrimaryLastActivityDocument, { blockchain: 'p-chain', addresses });
    expect(errors).toBeUndefined();
    const expected = latest(wallets, 'P')!;
    expect(data!.network.lastActivity).toMatchObject({ timestamp: expected.time, txHash: expected.txHash, utxoId: expected.utxoId, isConsumed: expected.isConsumed });
    expect(BigInt(data!.network.lastActivity!.blockNumber)).toBe(BigInt(mainnet().p.txsById.get(expected.txHash)!.blockHeight));
    expect([calls(ACTIVITY_GET), calls(ACTIVITY_POST)]).toEqual([0, 1]);
  });

  it('is null for addresses without activity', async () => {
    const { data, errors } = await shared.query(PrimaryLastActivityDocument, { blockchain: 'p-chain', addresses: freshAddresses('P', 2) });
    expect(errors).toBeUndefined();
    expect(data!.network.lastActivity).toBeNull();
  });
});

describe('Network.utxos with a list too long for a URL', () => {
  it('goes by POST, pages the same as by GET, and sends one call per page', async () => {
    const net = mainnet();
    const wallets = net.wallets.slice(0, 30);
    const short = await walkUtxos({ blockchain: 'p-chain', addresses: wallets.map((w) => w.p) });
    expect(calls(UTXOS_POST)).toBe(0);
    const pagesByGet = calls(UTXOS_GET);
    api().resetCounters();
    const long = await walkUtxos({ blockchain: 'p-chain', addresses: [...wallets.map((w) => w.p), ...freshAddresses('P', 20)] });
    expect(long).toEqual(short);
    const expected = net.utxos
      .filter((u) => u.holder === 'P' && !u.spent && wallets.some((w) => owns(w)(u)))
      .sort((a, b) => a.createdTime - b.createdTime || (a.id < b.id ? -1 : 1));
    expect(long.map((n) => n.utxoId)).toEqual(expected.map((u) => u.id));
    expect([calls(UTXOS_GET), calls(UTXOS_POST)]).toEqual([0, pagesByGet]);
    expect(pagesByGet).toBeGreaterThan(1);
  });

  it('asks once for a long list read twice in one operation', async () => {
    const addresses = [...mainnet().wallets.map((w) => w.x), ...freshAddresses('X', 10)];
    const document = `query($a: [String!]!) { network { one: utxos(blockchain: "x-chain", addresses: $a, first: 5) { edges { node { utxoId } } } two: utxos(blockchain: "x-chain", addresses: $a, first: 5) { edges { node { utxoId } } } } }`;
    const { data, errors } = await shared.query<{ network: { one: unknown; two: unknown } }, { a: string[] }>(document, { a: addresses });
    expect(errors).toBeUndefined();
    expect(data!.network.one).toEqual(data!.network.two);
    expect(calls(UTXOS_POST)).toBe(1);
  });
});

describe('Network.addressChains', () => {
  it('lists, per address, the chains that created or hold its UTXOs, in one call', async () => {
    const net = mainnet();
    const wallets = net.wallets.slice(0, 10);
    const fresh = freshAddresses('X', 1)[0]!;
    const { data, errors } = await shared.query(PrimaryAddressChainsDocument, { addresses: [...wallets.map((w, i) => (i % 2 ? w.p : w.x)), fresh] });
    expect(errors).toBeUndefined();
    expect(calls(CHAIN_IDS)).toBe(1);
    const expected = wallets.map((w) => {
      const touched = new Set(net.utxos.filter(owns(w)).flatMap((u) => [u.createdOn, u.holder]));
      return { address: w.bare, chains: (['P', 'X', 'C'] as ChainAlias[]).filter((c) => touched.has(c)).map((c) => ({ blockchainId: net.chainIds[c], chainName: `${c}_CHAIN` })) };
    });
    expect(data!.network.addressChains).toEqual([...expected, { address: fresh.slice(2), chains: [] }]);
  });

  it('links each chain to its blockchain record, loaded once per chain', async () => {
    const net = mainnet();
    const { data, errors } = await shared.query(PrimaryAddressChainsDocument, { addresses: net.wallets.slice(0, 6).map((w) => w.bare), withBlockchain: true });
    expect(errors).toBeUndefined();
    const chains = data!.network.addressChains!.flatMap((a) => a.chains);
    // The P-Chain is no created blockchain: it has no record.
    for (const c of chains) expect(c.blockchain?.blockchainId ?? null).toBe(c.chainName === 'P_CHAIN' ? null : c.blockchainId);
    expect(new Set(chains.map((c) => c.chainName))).toEqual(new Set(['P_CHAIN', 'X_CHAIN', 'C_CHAIN']));
    expect(chains.find((c) => c.chainName === 'C_CHAIN')?.blockchain?.chain?.chainId).toBe('43114');
    expect(calls(BLOCKCHAIN)).toBe(new Set(chains.map((c) => c.blockchainId)).size);
  });
});

describe('input checks', () => {
  it('refuses bad input naming the argument, before any upstream call', async () => {
    const w = mainnet().wallets[0]!;
    const fuji = h.sandbox.world.primary.networks.fuji.wallets[0]!;
    const many = Array.from({ length: 65 }, () => w.p);
    const cases: Array<[Promise<{ errors?: Array<{ extensions?: Record<string, any> }> }>, string]> = [
      [shared.query(PrimaryBalancesDocument, { blockchain: 'p-chain', addresses: [fuji.p] }), 'addresses[0]'],
      [shared.query(PrimaryBalancesDocument, { blockchain: 'p-chain', addresses: [w.x] }), 'addresses[0]'],
      [shared.query(PrimaryBalancesDocument, { blockchain: 'p-chain', addresses: [] }), 'addresses'],
      [shared.query(PrimaryBalancesDocument, { blockchain: 'p-chain', addresses: many }), 'addresses'],
      [shared.query(PrimaryBalancesDocument, { blockchain: 'q-chain', addresses: [w.p] }), 'blockchain'],
      [shared.query(PrimaryBalancesDocument, { blockchain: 'p-chain', addresses: [w.p], blockTimestamp: WORLD_NOW * 1000 }), 'blockTimestamp'],
      [shared.query(PrimaryLastActivityDocument, { blockchain: 'x-chain', addresses: ['X-avax1notanaddress'] }), 'addresses[0]'],
      [shared.query(PrimaryLastActivityDocument, { blockchain: 'x-chain', addresses: many }), 'addresses'],
      [shared.query(PrimaryAddressChainsDocument, { addresses: [`C-${w.bare}`] }), 'addresses[0]'],
      [shared.query(PrimaryAddressChainsDocument, { addresses: [] }), 'addresses'],
    ];
    for (const [answer, argument] of cases) {
      const { errors } = await answer;
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(api().total()).toBe(0);
  });

  it('answers partial data with a typed error when the upstream fails', async () => {
    api().setFault(BALANCES, { status: 503 });
    const { data, errors } = await shared.query(PrimaryBalancesDocument, { blockchain: 'p-chain', addresses: [mainnet().wallets[0]!.p] });
    expect(data).toEqual({ network: { balances: null } });
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api', status: 503 });
  });
});
