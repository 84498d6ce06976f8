/**
 * `GET /v1/networks/{network}/blockchains/{blockchainId}/utxos` (and its POST form, addresses in the
 * body and pages of up to 1024): the UTXOs of addresses (or, without
 * `addresses`, of every address) on the P-, X- or C-Chain. A chain lists what its UTXO set or shared memory holds (its own outputs, and
 * atomic outputs exported to it); P-Chain items carry staking fields, X- and C-Chain items the
 * AVM fields (credentials, NFT group and payload).
 */
import { bytesToHex, PRIMARY_CHAIN_NAMES } from '@avalanche-graph/identity';
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import type { Asset, ChainAlias, PrimaryNetwork, UtxoRecord } from '../../world/primary/index.js';
import { amountOf } from '../../world/primary/ledger.js';
import { assetOf, isLockedStake, ownedByAny, placementOf } from '../../world/primary/queries.js';
import { bareAddress } from '../../world/primary/wallets.js';
import { badRequest, enumParam } from '../errors.js';
import { addressesBody } from './body.js';
import { paginate, sortBy } from './paging.js';
import { addressesParam, booleanParam, cb58IdParam, networkParam, primaryChainParam, SORT_ORDERS } from './params.js';

const SORT_BY = ['timestamp', 'amount'] as const;

function bare(net: PrimaryNetwork, utxo: UtxoRecord): string[] {
  return utxo.output.owners.addrs.map((a) => bareAddress(net.hrp, a));
}

/** The amount a listing shows (an NFT output holds one token; mint outputs hold none). */
export function listedAmount(utxo: UtxoRecord): bigint {
  return utxo.output.type === 'nftTransfer' ? 1n : amountOf(utxo.output);
}

/** The Data API's `Asset` fields of a primary-network asset: what its amounts, balances and details start with. */
export function assetWire(asset: Asset) {
  return { assetId: asset.id, name: asset.name, symbol: asset.symbol, denomination: asset.denomination, type: asset.type };
}

function assetAmount(net: PrimaryNetwork, utxo: UtxoRecord) {
  return { ...assetWire(assetOf(net, utxo.assetId)!), amount: listedAmount(utxo).toString() };
}

export function pChainUtxo(net: PrimaryNetwork, utxo: UtxoRecord): Record<string, unknown> {
  const created = placementOf(net, utxo.createdByTxId ?? utxo.txId);
  const consumed = utxo.spent ? placementOf(net, utxo.spent.txId) : undefined;
  const locked = isLockedStake(utxo);
  const body: Record<string, unknown> = {
    addresses: bare(net, utxo),
    asset: assetAmount(net, utxo),
    consumedOnChainId: net.chainIds[utxo.holder],
    createdOnChainId: net.chainIds[utxo.createdOn],
    utxoId: utxo.id,
    amount: amountOf(utxo.output).toString(),
    assetId: utxo.assetId,
    blockNumber: String(created?.height ?? 0),
    blockTimestamp: created?.time ?? utxo.createdTime,
    platformLocktime: Number(utxo.output.owners.locktime),
    outputIndex: utxo.outputIndex,
    staked: locked,
    threshold: utxo.output.owners.threshold,
    txHash: utxo.txId,
    utxoType: locked ? 'STAKE' : 'TRANSFER',
  };
  if (utxo.spent) {
    body.consumingTxHash = utxo.spent.txId;
    body.consumingBlockNumber = String(consumed?.height ?? 0);
    body.consumingBlockTimestamp = consumed?.time ?? utxo.spent.time;
  }
  if (utxo.rewardType) body.rewardType = utxo.rewardType;
  if (utxo.output.type === 'lockOut') body.stakeableLocktime = Number(utxo.output.stakeableLocktime);
  if (utxo.staking) {
    body.utxoStartTimestamp = utxo.staking.start;
    body.utxoEndTimestamp = utxo.staking.end;
  }
  return body;
}

/** Deterministic 33-byte compressed public key for an owner (credentials show who signed). */
function publicKeyOf(utxo: UtxoRecord, index: number): string {
  const key = utxo.output.owners.addrs[index]?.bytes ?? new Uint8Array(20);
  const out = new Uint8Array(33);
  out[0] = 0x02 | (key[0]! & 1);
  for (let i = 1; i < 33; i++) out[i] = key[i % 20]! ^ (i * 31);
  return Buffer.from(out).toString('base64');
}

export function avmUtxo(net: PrimaryNetwork, utxo: UtxoRecord): Record<string, unknown> {
  const output = utxo.output;
  const body: Record<string, unknown> = {
    addresses: bare(net, utxo),
    asset: assetAmount(net, utxo),
    consumedOnChainId: net.chainIds[utxo.holder],
    createdOnChainId: net.chainIds[utxo.createdOn],
    utxoId: utxo.id,
    creationTxHash: utxo.txId,
    locktime: Number(output.owners.locktime),
    outputIndex: String(utxo.outputIndex),
    threshold: output.owners.threshold,
    timestamp: utxo.createdTime,
    utxoType: output.type === 'secpMint' || output.type === 'nftMint' ? 'mint' : 'transfer',
  };
  if (utxo.spent) {
    body.consumingTxHash = utxo.spent.txId;
    body.consumingTxTimestamp = utxo.spent.time;
    body.credentials = utxo.spent.signatures.map((sig, i) => ({ signature: Buffer.from(sig).toString('base64'), publicKey: publicKeyOf(utxo, i) }));
  }
  if (output.type === 'nftMint' || output.type === 'nftTransfer') body.groupId = output.groupId;
  if (output.type === 'nftTransfer') body.payload = bytesToHex(output.payload);
  return body;
}

export function utxoRoutes(service: SandboxService, world: World): void {
  // Without addresses, the chain's whole UTXO set (the route's addresses are optional).
  service.route('GET', '/v1/networks/{network}/blockchains/{blockchainId}/utxos', ({ params, query }) =>
    listUtxos(world, params, query, (net, chain) => addressesParam(query, 'addresses', net, [chain])),
  );
  // The POST form: the same list, the addresses (required) in the body, for lists too long for a URL.
  service.route('POST', '/v1/networks/{network}/blockchains/{blockchainId}/utxos', ({ params, query, body }) => {
    if (query.has('addresses')) throw badRequest('addresses must be sent in the request body');
    return listUtxos(world, params, query, (net, chain) => addressesBody(body, net, [chain]), 1024);
  });
}

function listUtxos(
  world: World,
  params: Record<string, string>,
  query: URLSearchParams,
  addresses: (net: PrimaryNetwork, chain: ChainAlias) => Set<string> | undefined,
  maxPageSize = 100,
) {
  const { net, network, name } = networkParam(world, params.network);
  const chain: ChainAlias = primaryChainParam(net, params.blockchainId!, ['P', 'X', 'C']);
  const keys = addresses(net, chain);
  const assetId = cb58IdParam(query.get('assetId'), 'assetId');
  const minRaw = query.get('minUtxoAmount');
  if (minRaw !== null && !/^\d+(\.\d+)?$/.test(minRaw)) throw badRequest('minUtxoAmount must be a number not less than 0');
  const minAmount = minRaw === null ? 0n : BigInt(minRaw.split('.')[0]!);
  const includeSpent = booleanParam(query, 'includeSpent', false);
  const orderBy = enumParam(query, 'sortBy', SORT_BY) ?? 'timestamp';
  const sortOrder = enumParam(query, 'sortOrder', SORT_ORDERS) ?? 'asc';

  const matching = net.utxos.filter(
    (u) => u.holder === chain && (!keys || ownedByAny(u, keys)) && (includeSpent || !u.spent) && (!assetId || u.assetId === assetId) && listedAmount(u) >= minAmount,
  );
  const ordered = sortBy(matching, orderBy === 'amount' ? listedAmount : (u) => u.createdTime, (u) => u.id, sortOrder);
  const scope = ['utxos', network, chain, keys ? [...keys].sort().join(',') : '*', assetId ?? '', minAmount, includeSpent, orderBy, sortOrder].join('|');
  const page = paginate(ordered, query, { scope, defaultSize: 10, maxSize: maxPageSize });
  return {
    ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
    utxos: page.items.map((u) => (chain === 'P' ? pChainUtxo(net, u) : avmUtxo(net, u))),
    chainInfo: { chainName: PRIMARY_CHAIN_NAMES[chain], network: name },
  };
}
