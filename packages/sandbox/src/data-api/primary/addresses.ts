/**
 * Reads about primary-network addresses, answered from the same UTXO ledger the UTXO lists show:
 *
 * - `GET .../blockchains/{blockchainId}/balances`: the addresses' UTXOs on a chain (the set its UTXO
 *   list shows, at `blockTimestamp` or now) summed per asset and sorted into the description's
 *   categories: on the P-Chain by staking and lock state, on the X-Chain by lock state, and on every
 *   chain the atomic outputs other chains exported to it. Mint outputs hold no value and are left out.
 * - `GET`/`POST .../blockchains/{blockchainId}/lastActivityTimestampByAddresses`: the latest
 *   creation (by a transaction of that chain) or consumption (on that chain) of one of their UTXOs;
 *   404 when there is none.
 * - `GET /v1/networks/{network}/addresses:listChainIds`: per address, the chains that created or
 *   hold one of its UTXOs.
 */
import { PRIMARY_CHAIN_NAMES } from '@avalanche-graph/identity';
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import type { ChainAlias, PrimaryNetwork, UtxoRecord } from '../../world/primary/index.js';
import { WORLD_NOW } from '../../world/primary/constants.js';
import { assetOf, ownedByAny, placementOf } from '../../world/primary/queries.js';
import { badRequest, notFound } from '../errors.js';
import { addressesBody } from './body.js';
import { addressesParam, listParam, networkParam, primaryChainParam, addressKeys } from './params.js';
import { assetWire, listedAmount } from './utxos.js';

const CHAINS: readonly ChainAlias[] = ['P', 'X', 'C'];

/** Whether a UTXO existed, unspent, at `time`. */
function heldAt(utxo: UtxoRecord, time: number): boolean {
  return utxo.createdTime <= time && (!utxo.spent || utxo.spent.time > time);
}

interface Bucket {
  assetId: string;
  amount: bigint;
  utxoCount: number;
  sharedWith?: ChainAlias;
}

/** Sums UTXOs per asset (and per source chain for atomic ones): AVAX first, then by asset id. */
class Buckets {
  private readonly map = new Map<string, Bucket>();

  add(utxo: UtxoRecord, sharedWith?: ChainAlias): void {
    const key = `${utxo.assetId}|${sharedWith ?? ''}`;
    const bucket = this.map.get(key) ?? { assetId: utxo.assetId, amount: 0n, utxoCount: 0, sharedWith };
    bucket.amount += listedAmount(utxo);
    bucket.utxoCount += 1;
    this.map.set(key, bucket);
  }

  body(net: PrimaryNetwork, status?: string): Record<string, unknown>[] {
    const rank = (b: Bucket) => (b.assetId === net.avaxAssetId ? '' : b.assetId) + (b.sharedWith ?? '');
    return [...this.map.values()]
      .sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0))
      .map((b) => {
        const asset = assetOf(net, b.assetId)!;
        return {
          ...assetWire(asset),
          amount: b.amount.toString(),
          utxoCount: b.utxoCount,
          ...(b.sharedWith ? { sharedWithChainId: net.chainIds[b.sharedWith] } : {}),
          ...(b.sharedWith && status !== undefined ? { status } : {}),
        };
      });
  }
}

const locked = (utxo: UtxoRecord, time: number) => utxo.output.owners.locktime > BigInt(time);

function pChainBalances(net: PrimaryNetwork, utxos: UtxoRecord[], time: number) {
  const b = {
    unlockedUnstaked: new Buckets(),
    unlockedStaked: new Buckets(),
    lockedPlatform: new Buckets(),
    lockedStakeable: new Buckets(),
    lockedStaked: new Buckets(),
    pendingStaked: new Buckets(),
    atomicMemoryUnlocked: new Buckets(),
    atomicMemoryLocked: new Buckets(),
  };
  for (const u of utxos) {
    if (u.createdOn !== 'P') (locked(u, time) ? b.atomicMemoryLocked : b.atomicMemoryUnlocked).add(u, u.createdOn);
    else if (u.staking && u.staking.end > time) (u.staking.start > time ? b.pendingStaked : locked(u, time) ? b.lockedStaked : b.unlockedStaked).add(u);
    else if (u.output.type === 'lockOut' && u.output.stakeableLocktime > BigInt(time)) b.lockedStakeable.add(u);
    else (locked(u, time) ? b.lockedPlatform : b.unlockedUnstaked).add(u);
  }
  // Atomic outputs on the P-Chain wait to be imported: their status says so.
  return Object.fromEntries(Object.entries(b).map(([name, buckets]) => [name, buckets.body(net, name.startsWith('atomic') ? 'pendingImport' : undefined)]));
}

function xChainBalances(net: PrimaryNetwork, utxos: UtxoRecord[], time: number) {
  const b = { locked: new Buckets(), unlocked: new Buckets(), atomicMemoryUnlocked: new Buckets(), atomicMemoryLocked: new Buckets() };
  for (const u of utxos) {
    if (u.createdOn !== 'X') (locked(u, time) ? b.atomicMemoryLocked : b.atomicMemoryUnlocked).add(u, u.createdOn);
    else (locked(u, time) ? b.locked : b.unlocked).add(u);
  }
  return Object.fromEntries(Object.entries(b).map(([name, buckets]) => [name, buckets.body(net)]));
}

function cChainBalances(net: PrimaryNetwork, utxos: UtxoRecord[], time: number) {
  const b = { atomicMemoryUnlocked: new Buckets(), atomicMemoryLocked: new Buckets() };
  for (const u of utxos) (locked(u, time) ? b.atomicMemoryLocked : b.atomicMemoryUnlocked).add(u, u.createdOn);
  return Object.fromEntries(Object.entries(b).map(([name, buckets]) => [name, buckets.body(net)]));
}

/** An epoch-seconds query parameter (a non-negative integer), or undefined. */
function timestampParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d{1,12}$/.test(raw)) throw badRequest(`${name} must be an integer number not less than 0`);
  return Number(raw);
}

interface Activity {
  time: number;
  txId: string;
  utxo: UtxoRecord;
  isConsumed: boolean;
}

/** The latest creation or consumption of one of `keys`' UTXOs by a transaction of `chain`. */
function lastActivity(net: PrimaryNetwork, chain: ChainAlias, keys: ReadonlySet<string>): Activity | undefined {
  let latest: Activity | undefined;
  // Latest time; at one time a consumption comes after a creation, then the larger UTXO id.
  const later = (a: Activity, b: Activity) => (a.time !== b.time ? a.time > b.time : a.isConsumed !== b.isConsumed ? a.isConsumed : a.utxo.id > b.utxo.id);
  const consider = (a: Activity) => {
    if (!latest || later(a, latest)) latest = a;
  };
  for (const u of net.utxos) {
    if (!ownedByAny(u, keys)) continue;
    if (u.createdOn === chain) consider({ time: u.createdTime, txId: u.createdByTxId ?? u.txId, utxo: u, isConsumed: false });
    if (u.spent?.chain === chain) consider({ time: u.spent.time, txId: u.spent.txId, utxo: u, isConsumed: true });
  }
  return latest;
}

function activityBody(world: World, params: Record<string, string>, keysOf: (net: PrimaryNetwork, chain: ChainAlias) => Set<string>) {
  const { net } = networkParam(world, params.network);
  const chain = primaryChainParam(net, params.blockchainId!, CHAINS);
  const activity = lastActivity(net, chain, keysOf(net, chain));
  if (!activity) throw notFound('No activity found for the given addresses');
  return {
    timestamp: activity.time,
    // C-Chain atomic transactions are not placed in the world's EVM blocks: height 0.
    blockNumber: String(placementOf(net, activity.txId)?.height ?? 0),
    txHash: activity.txId,
    utxoId: activity.utxo.id,
    isConsumed: activity.isConsumed,
    chainName: PRIMARY_CHAIN_NAMES[chain],
    network: net.network,
  };
}

export function addressRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/networks/{network}/blockchains/{blockchainId}/balances', ({ params, query }) => {
    const { net, name } = networkParam(world, params.network);
    const chain = primaryChainParam(net, params.blockchainId!, CHAINS);
    const time = timestampParam(query, 'blockTimestamp') ?? WORLD_NOW;
    const keys = addressesParam(query, 'addresses', net, [chain]);
    if (!keys) throw badRequest('addresses should not be empty');
    const utxos = net.utxos.filter((u) => u.holder === chain && ownedByAny(u, keys) && heldAt(u, time) && u.output.type !== 'secpMint' && u.output.type !== 'nftMint');
    const balances = chain === 'P' ? pChainBalances(net, utxos, time) : chain === 'X' ? xChainBalances(net, utxos, time) : cChainBalances(net, utxos, time);
    return { balances, chainInfo: { chainName: PRIMARY_CHAIN_NAMES[chain], network: name } };
  });

  const activityPath = '/v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses';
  service.route('GET', activityPath, ({ params, query }) =>
    activityBody(world, params, (net, chain) => {
      const keys = addressesParam(query, 'addresses', net, [chain]);
      if (!keys) throw badRequest('addresses should not be empty');
      return keys;
    }),
  );
  service.route('POST', activityPath, ({ params, body }) => activityBody(world, params, (net, chain) => addressesBody(body, net, [chain])));

  service.route('GET', '/v1/networks/{network}/addresses:listChainIds', ({ params, query }) => {
    const { net } = networkParam(world, params.network);
    const items = listParam(query, 'addresses');
    if (!items) throw badRequest('addresses should not be empty');
    return {
      addresses: items.map((address) => {
        const keys = addressKeys([address], 'addresses', net, ['P', 'X']);
        const touched = new Set<ChainAlias>();
        for (const u of net.utxos) if (ownedByAny(u, keys)) touched.add(u.createdOn).add(u.holder);
        return { address, blockchainIds: CHAINS.filter((c) => touched.has(c)).map((c) => net.chainIds[c]) };
      }),
    };
  });
}
