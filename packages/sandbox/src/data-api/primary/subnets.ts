/**
 * `GET /v1/networks/{network}/subnets` and `/subnets/{subnetId}`: the primary network and every
 * subnet of the world's blockchains, as the P-Chain created them (its CreateSubnetTx: time, block,
 * owner) and, for an L1, converted them (its ConvertSubnetToL1Tx: manager chain and address), each
 * with its registered blockchains.
 */
import { bytesToHex, cb58Decode, isCb58Id, toChecksumAddress } from '@avalanche-graph/identity';
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { HISTORY_START } from '../../world/primary/constants.js';
import { EMPTY_ID, type PrimaryNetwork } from '../../world/primary/index.js';
import { bareAddress } from '../../world/primary/wallets.js';
import { badRequest, enumParam, notFound } from '../errors.js';
import { blockchainBody } from './blockchains.js';
import { paginate, sortBy } from './paging.js';
import { networkParam, SORT_ORDERS } from './params.js';

interface SubnetRecord {
  id: string;
  time: number;
  body: Record<string, unknown>;
}

/** The network's subnets: the primary network first, then one per subnet id its blockchains name. */
export function subnetRecords(net: PrimaryNetwork): SubnetRecord[] {
  const ids = [EMPTY_ID, ...new Set(net.blockchains.map((b) => b.subnetId).filter((id) => id !== EMPTY_ID))];
  return ids.map((id) => {
    const created = id === EMPTY_ID ? undefined : net.p.txsById.get(id);
    const chains = net.blockchains.filter((b) => b.subnetId === id);
    const time = created?.time ?? (id === EMPTY_ID ? HISTORY_START : Math.min(...chains.map((b) => b.createdTime)));
    const owner = created?.subnetOwner;
    const ownership = {
      locktime: Number(owner?.locktime ?? 0n),
      threshold: owner?.threshold ?? 0,
      addresses: (owner?.addrs ?? []).map((a) => bareAddress(net.hrp, a)),
    };
    const conversion = net.p.txs.find((t) => t.type === 'ConvertSubnetToL1Tx' && t.subnetId === id);
    return {
      id,
      time,
      body: {
        createBlockTimestamp: time,
        createBlockIndex: String(created?.blockHeight ?? 0),
        subnetId: id,
        ownerAddresses: ownership.addresses,
        threshold: ownership.threshold,
        locktime: ownership.locktime,
        subnetOwnershipInfo: ownership,
        isL1: conversion !== undefined,
        ...(conversion
          ? {
              l1ConversionTransactionHash: conversion.id,
              l1ValidatorManagerDetails: { blockchainId: conversion.chain!.id, contractAddress: toChecksumAddress(bytesToHex(cb58Decode(conversion.chain!.id)!.subarray(0, 20))) },
            }
          : {}),
        blockchains: chains.map(blockchainBody),
      },
    };
  });
}

export function subnetRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/networks/{network}/subnets', ({ params, query }) => {
    const { net, network } = networkParam(world, params.network);
    const sortOrder = enumParam(query, 'sortOrder', SORT_ORDERS) ?? 'asc';
    const ordered = sortBy(subnetRecords(net), (s) => s.time, (s) => s.id, sortOrder);
    const page = paginate(ordered, query, { scope: `subnets|${network}|${sortOrder}`, defaultSize: 100, maxSize: 10_000 });
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), subnets: page.items.map((s) => s.body) };
  });

  service.route('GET', '/v1/networks/{network}/subnets/{subnetId}', ({ params }) => {
    const { net } = networkParam(world, params.network);
    const subnetId = params.subnetId!;
    if (!isCb58Id(subnetId)) throw badRequest('subnetId must be a valid cb58 subnet id');
    const record = subnetRecords(net).find((s) => s.id === subnetId);
    if (!record) throw notFound(`Subnet ${subnetId} not found on ${net.network}`);
    return record.body;
  });
}
