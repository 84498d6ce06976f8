/**
 * Primary-network transactions and X-Chain asset details:
 * `GET .../blockchains/{blockchainId}/transactions[/{txHash}]`, `.../transactions:listStaking`,
 * `.../assets/{assetId}[/transactions]`. Answers are the world's transactions (the ones the
 * simulated node's `platform.getTx` / `avm.getTx` serve), latest first unless asked otherwise.
 */
import { bytesToHex, isCb58Id, isEvmAddress, parseBech32Address, PRIMARY_CHAIN_NAMES } from '@avalanche-graph/identity';
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { WORLD_NOW, type ChainAlias, type PrimaryNetwork } from '../../world/primary/index.js';
import { badRequest, enumParam, notFound } from '../errors.js';
import { assetDetailsBody, cExports, cTxBody, evmAccountOf, pTxBody, stakingPeriod, utxosOfTx, xTxBody } from './ledger-wire.js';
import { paginate, sortBy } from './paging.js';
import { addressesParam, listParam, networkParam, primaryChainParam, SORT_ORDERS } from './params.js';

/** The description's `PrimaryNetworkTxType` values. */
const TX_TYPES = [
  'AddValidatorTx', 'AddSubnetValidatorTx', 'AddDelegatorTx', 'CreateChainTx', 'CreateSubnetTx', 'ImportTx', 'ExportTx', 'AdvanceTimeTx',
  'RewardValidatorTx', 'RemoveSubnetValidatorTx', 'TransformSubnetTx', 'AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx', 'BaseTx',
  'TransferSubnetOwnershipTx', 'ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx', 'SetL1ValidatorWeightTx', 'DisableL1ValidatorTx',
  'IncreaseL1ValidatorBalanceTx', 'UNKNOWN', 'CreateAssetTx', 'OperationTx',
] as const;

const PAGE = { defaultSize: 10, maxSize: 100 };

/** A listed transaction: what filters read, and its body, built only for the page served. */
export interface TxItem {
  id: string;
  type: string;
  time: number;
  /** Hex key hashes of the addresses it touches, and EVM accounts (lower case). */
  keys: Set<string>;
  l1ValidationIds?: string[];
  body: () => Record<string, unknown>;
}

export function txTypesParam(query: URLSearchParams): Set<string> | undefined {
  const raw = query.getAll('txTypes');
  if (raw.length === 0) return undefined;
  const items = raw.flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) throw badRequest('txTypes must not be empty');
  for (const item of items) if (!(TX_TYPES as readonly string[]).includes(item)) throw badRequest(`each value in txTypes must be one of the following values: ${TX_TYPES.join(', ')}`);
  return new Set(items);
}

/** `startTimestamp`/`endTimestamp`: non-negative integers, the end not before the start. */
export function timeRangeParam(query: URLSearchParams): { start?: number; end?: number } {
  const read = (name: string) => {
    const raw = query.get(name);
    if (raw === null || raw === '') return undefined;
    if (!/^\d{1,15}$/.test(raw)) throw badRequest(`${name} must not be less than 0`);
    return Number(raw);
  };
  const start = read('startTimestamp');
  const end = read('endTimestamp');
  if (start !== undefined && end !== undefined && end < start) throw badRequest('startTimestamp must be less than or equal to endTimestamp');
  return { start, end };
}

const inRange = (time: number, range: { start?: number; end?: number }) => (range.start === undefined || time >= range.start) && (range.end === undefined || time <= range.end);

const keysOf = (utxos: ReturnType<typeof utxosOfTx>) => new Set(utxos.flatMap((u) => u.output.owners.addrs.map((a) => a.hex)));

/** Every transaction of a chain, as list items. */
export function txItems(world: World, net: PrimaryNetwork, chain: ChainAlias): TxItem[] {
  if (chain === 'P') {
    return net.p.txs.map((tx) => {
      const keys = keysOf(utxosOfTx(net, tx.id));
      for (const owner of [tx.delegation?.rewardOwner, tx.type === 'AddPermissionlessValidatorTx' ? tx.validation?.validationRewardOwner : undefined]) {
        for (const a of owner?.addrs ?? []) keys.add(a.hex);
      }
      return { id: tx.id, type: tx.type, time: net.p.blocks[tx.blockHeight]!.time, keys, l1ValidationIds: tx.l1Validators?.map((v) => v.validationId), body: () => pTxBody(net, tx) };
    });
  }
  if (chain === 'X') return net.x.txs.map((tx) => ({ id: tx.id, type: tx.type, time: tx.time, keys: keysOf(utxosOfTx(net, tx.id)), body: () => xTxBody(net, tx) }));
  return cExports(net).map((exp) => {
    const keys = keysOf(exp.utxos);
    for (const u of exp.utxos) keys.add(evmAccountOf(u.output.owners.addrs[0]!.bytes).toLowerCase());
    return { id: exp.id, type: 'ExportTx', time: exp.time, keys, body: () => cTxBody(world, net, exp) };
  });
}

/** The `addresses` filter: bech32 of this network (any chain prefix), or EVM addresses on the C-Chain. */
function txAddressesParam(query: URLSearchParams, net: PrimaryNetwork, chain: ChainAlias): Set<string> | undefined {
  const items = listParam(query, 'addresses');
  if (!items) return undefined;
  const keys = new Set<string>();
  for (const item of items) {
    if (chain === 'C' && isEvmAddress(item)) {
      keys.add(item.toLowerCase());
      continue;
    }
    const parsed = parseBech32Address(item);
    if (!parsed || parsed.hrp !== net.hrp || (parsed.chain !== null && !['P', 'X', 'C'].includes(parsed.chain))) throw badRequest(`addresses contains an invalid ${net.network} address: ${item}`);
    keys.add(bytesToHex(parsed.bytes));
  }
  return keys;
}

/** A page of items, latest first unless the route takes a `sortOrder` and one is given. */
function listBody(items: TxItem[], query: URLSearchParams, scope: string, chain: ChainAlias, name: string, sortable = true) {
  const sortOrder = (sortable ? enumParam(query, 'sortOrder', SORT_ORDERS) : undefined) ?? 'desc';
  const ordered = sortBy(items, (t) => t.time, (t) => t.id, sortOrder);
  const page = paginate(ordered, query, { scope: `${scope}|${sortOrder}`, ...PAGE });
  return {
    ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
    transactions: page.items.map((t) => t.body()),
    chainInfo: { chainName: PRIMARY_CHAIN_NAMES[chain], network: name },
  };
}

const anyOf = (item: TxItem, keys: ReadonlySet<string>) => [...keys].some((k) => item.keys.has(k));

export function transactionRoutes(service: SandboxService, world: World): void {
  const base = '/v1/networks/{network}/blockchains/{blockchainId}';

  service.route('GET', `${base}/transactions/{txHash}`, ({ params }) => {
    const { net } = networkParam(world, params.network);
    const chain = primaryChainParam(net, params.blockchainId!, ['P', 'X', 'C']);
    const hash = params.txHash!;
    if (!isCb58Id(hash)) throw badRequest('txHash must be a valid transaction hash');
    const found = txItems(world, net, chain).find((t) => t.id === hash);
    if (!found) throw notFound(`Transaction ${hash} not found on ${PRIMARY_CHAIN_NAMES[chain]}`);
    return found.body();
  });

  service.route('GET', `${base}/transactions`, ({ params, query }) => {
    const { net, network, name } = networkParam(world, params.network);
    const chain = primaryChainParam(net, params.blockchainId!, ['P', 'X', 'C']);
    const keys = txAddressesParam(query, net, chain);
    const l1ValidationId = query.get('l1ValidationId') || undefined;
    if (l1ValidationId !== undefined && chain !== 'P') throw badRequest('l1ValidationId is only supported on the P-Chain');
    const types = txTypesParam(query);
    const range = timeRangeParam(query);
    if (!keys && !l1ValidationId && (types || range.start !== undefined || range.end !== undefined)) {
      throw badRequest('An address filter must be provided to use txTypes and timestamp filters');
    }
    const items = txItems(world, net, chain).filter(
      (t) =>
        (!keys || anyOf(t, keys)) &&
        (!l1ValidationId || (t.l1ValidationIds ?? []).includes(l1ValidationId)) &&
        (!types || types.has(t.type)) &&
        inRange(t.time, range),
    );
    const scope = ['txs', network, chain, keys ? [...keys].sort().join(',') : '*', l1ValidationId ?? '', types ? [...types].sort().join(',') : '*', range.start ?? '', range.end ?? ''].join('|');
    return listBody(items, query, scope, chain, name);
  });

  service.route('GET', `${base}/transactions:listStaking`, ({ params, query }) => {
    const { net, network, name } = networkParam(world, params.network);
    primaryChainParam(net, params.blockchainId!, ['P']);
    const keys = addressesParam(query, 'addresses', net, ['P', 'X']);
    const types = txTypesParam(query);
    const range = timeRangeParam(query);
    const active = new Set(
      net.p.txs.filter((tx) => {
        const period = stakingPeriod(tx);
        return period !== undefined && period.start <= WORLD_NOW && WORLD_NOW < period.end;
      }).map((tx) => tx.id),
    );
    const items = txItems(world, net, 'P').filter((t) => active.has(t.id) && (!keys || anyOf(t, keys)) && (!types || types.has(t.type)) && inRange(t.time, range));
    const scope = ['staking', network, keys ? [...keys].sort().join(',') : '*', types ? [...types].sort().join(',') : '*', range.start ?? '', range.end ?? ''].join('|');
    return listBody(items, query, scope, 'P', name);
  });

  service.route('GET', `${base}/assets/{assetId}`, ({ params }) => {
    const { net } = networkParam(world, params.network);
    primaryChainParam(net, params.blockchainId!, ['X']);
    if (!isCb58Id(params.assetId!)) throw badRequest('assetId must be a valid cb58 id');
    const details = assetDetailsBody(net, params.assetId!);
    if (!details) throw notFound(`Asset ${params.assetId} not found`);
    return details;
  });

  service.route('GET', `${base}/assets/{assetId}/transactions`, ({ params, query }) => {
    const { net, network, name } = networkParam(world, params.network);
    primaryChainParam(net, params.blockchainId!, ['X']);
    const assetId = params.assetId!;
    if (!isCb58Id(assetId)) throw badRequest('assetId must be a valid cb58 id');
    if (!assetDetailsBody(net, assetId)) throw notFound(`Asset ${assetId} not found`);
    const types = txTypesParam(query);
    const range = timeRangeParam(query);
    const ofAsset = new Set(
      net.x.txs.filter((tx) => tx.id === assetId || (tx.operations ?? []).some((op) => op.assetId === assetId) || utxosOfTx(net, tx.id).some((u) => u.assetId === assetId)).map((tx) => tx.id),
    );
    const items = txItems(world, net, 'X').filter((t) => ofAsset.has(t.id) && (!types || types.has(t.type)) && inRange(t.time, range));
    const scope = ['asset-txs', network, assetId, types ? [...types].sort().join(',') : '*', range.start ?? '', range.end ?? ''].join('|');
    return listBody(items, query, scope, 'X', name, false);
  });
}
