/**
 * `GET /v1/networks/{network}/rewards`: historical staking rewards (validator, delegator and
 * validator-fee rewards), filterable by reward addresses and node ids, priced in the requested
 * currency when they were paid more than a day ago.
 */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import type { HistoricalReward, PrimaryNetwork } from '../../world/primary/index.js';
import { DAY, WORLD_NOW } from '../../world/primary/constants.js';
import { amountOf } from '../../world/primary/ledger.js';
import { bareAddress } from '../../world/primary/wallets.js';
import { enumParam } from '../errors.js';
import { paginate, sortBy } from './paging.js';
import { addressesParam, networkParam, nodeIdsParam, SORT_ORDERS } from './params.js';

export const CURRENCIES = ['usd', 'eur', 'aud', 'cad', 'chf', 'clp', 'cny', 'czk', 'dkk', 'gbp', 'hkd', 'huf', 'jpy', 'nzd'] as const;
type Currency = (typeof CURRENCIES)[number];

/** Units of each currency per US dollar (fixed: the world has no FX market). */
const PER_USD: Record<Currency, number> = { usd: 1, eur: 0.92, aud: 1.52, cad: 1.36, chf: 0.88, clp: 945, cny: 7.2, czk: 23.1, dkk: 6.86, gbp: 0.79, hkd: 7.81, huf: 362, jpy: 151, nzd: 1.66 };

/** AVAX's price in USD at a time: a smooth, deterministic curve between roughly $18 and $46. */
export function avaxUsdAt(time: number): number {
  const days = time / DAY;
  return 32 + 9 * Math.sin(days / 23) + 5 * Math.sin(days / 7.3);
}

export function priceIn(currency: Currency, time: number): number {
  return Math.round(avaxUsdAt(time) * PER_USD[currency] * 100) / 100;
}

function rewardBody(net: PrimaryNetwork, reward: HistoricalReward, currency: Currency): Record<string, unknown> {
  const paidLongAgo = WORLD_NOW - reward.endTimestamp > DAY;
  return {
    addresses: reward.addresses.map((a) => bareAddress(net.hrp, a)),
    txHash: reward.txHash,
    amountStaked: reward.amountStaked.toString(),
    nodeId: reward.nodeId,
    startTimestamp: reward.startTimestamp,
    endTimestamp: reward.endTimestamp,
    rewardType: reward.rewardType,
    utxoId: reward.utxo.id,
    outputIndex: reward.utxo.outputIndex,
    reward: {
      assetId: net.avaxAssetId,
      name: 'Avalanche',
      symbol: 'AVAX',
      denomination: 9,
      type: 'secp256k1',
      amount: amountOf(reward.utxo.output).toString(),
      ...(paidLongAgo ? { historicalPrice: { currencyCode: currency, value: priceIn(currency, reward.endTimestamp) } } : {}),
    },
    rewardTxHash: reward.rewardTxHash,
  };
}

export function rewardRoutes(service: SandboxService, world: World): void {
  service.route('GET', '/v1/networks/{network}/rewards', ({ params, query }) => {
    const { net, network } = networkParam(world, params.network);
    const keys = addressesParam(query, 'addresses', net, ['P']);
    const nodeIds = nodeIdsParam(query);
    const sortOrder = enumParam(query, 'sortOrder', SORT_ORDERS) ?? 'asc';
    const currency = enumParam(query, 'currency', CURRENCIES) ?? 'usd';
    const matching = net.rewards.filter((r) => (!keys || r.addresses.some((a) => keys.has(a.hex))) && (!nodeIds || nodeIds.has(r.nodeId)));
    const ordered = sortBy(matching, (r) => r.endTimestamp, (r) => r.utxo.id, sortOrder);
    const scope = ['rewards', network, [...(keys ?? [])].sort().join(','), [...(nodeIds ?? [])].sort().join(','), sortOrder].join('|');
    const page = paginate(ordered, query, { scope, defaultSize: 10, maxSize: 100 });
    return { ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}), historicalRewards: page.items.map((r) => rewardBody(net, r, currency)) };
  });
}
