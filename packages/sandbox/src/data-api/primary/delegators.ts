/**
 * `GET /v1/networks/{network}/delegators`: delegations to primary-network validators, active,
 * pending or completed, filterable by reward addresses, node ids and status. Completed ones carry
 * their paid rewards; the others the rewards they are expected to earn.
 */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import type { Delegation, PrimaryNetwork } from '../../world/primary/index.js';
import { bareAddress } from '../../world/primary/wallets.js';
import { enumParam } from '../errors.js';
import { paginate, sortBy } from './paging.js';
import { addressesParam, networkParam, nodeIdsParam, SORT_ORDERS } from './params.js';

const STATUSES = ['completed', 'active', 'pending'] as const;

/** A delegation fee in parts per million as a percentage with four decimals ("2.0000"). */
export function feePercent(shares: number): string {
  return (shares / 10_000).toFixed(4);
}

function delegatorBody(net: PrimaryNetwork, d: Delegation): Record<string, unknown> {
  const net_ = d.grossReward - d.feeReward;
  const common = {
    txHash: d.txId,
    nodeId: d.nodeId,
    rewardAddresses: d.rewardOwner.addrs.map((a) => bareAddress(net.hrp, a)),
    amountDelegated: d.amount.toString(),
    delegationFee: feePercent(d.period.shares),
    startTimestamp: d.start,
    endTimestamp: d.end,
  };
  return d.status === 'completed'
    ? { ...common, grossReward: d.grossReward.toString(), netReward: net_.toString(), delegationStatus: 'completed' }
    : { ...common, estimatedGrossReward: d.grossReward.toString(), estimatedNetReward: net_.toString(), delegationStatus: d.status };
}

export function delegatorRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/networks/{network}/delegators', ({ params, query }) => {
    const { net, network } = networkParam(world, params.network);
    const keys = addressesParam(query, 'rewardAddresses', net, ['P']);
    const nodeIds = nodeIdsParam(query);
    const status = enumParam(query, 'delegationStatus', STATUSES);
    const sortOrder = enumParam(query, 'sortOrder', SORT_ORDERS) ?? 'asc';
    const matching = net.delegations.filter(
      (d) => (!keys || d.rewardOwner.addrs.some((a) => keys.has(a.hex))) && (!nodeIds || nodeIds.has(d.nodeId)) && (!status || d.status === status),
    );
    const ordered = sortBy(matching, (d) => d.start, (d) => d.txId, sortOrder);
    const scope = ['delegators', network, [...(keys ?? [])].sort().join(','), [...(nodeIds ?? [])].sort().join(','), status ?? '', sortOrder].join('|');
    const page = paginate(ordered, query, { scope, defaultSize: 10, maxSize: 100 });
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), delegators: page.items.map((d) => delegatorBody(net, d)) };
  });
}
