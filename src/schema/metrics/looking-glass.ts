/**
 * The metrics service's "Looking Glass" address lists: C-Chain addresses by net bridged BTC.b
 * (`Query.btcbBridgers`) and the composite query over balance and NFT-holder conditions
 * (`Query.lookingGlassAddresses`). Validator reward addresses live with the validator metrics.
 */
import { MAIN_NETWORK, NETWORKS } from '@avalanche-graph/identity';
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';
import type { CompositeQueryType, WireAddressDetails, WireCompositeQueryRequest, WireCompositeSubQuery } from '../../upstream/metrics/v2-types.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { enumValues } from '../common/enums.js';
import { Account } from '../account/account.js';
import { maxItems } from '../common/guards.js';
import { serves } from '../common/operations.js';
import { evmAddress, evmChainId } from '../common/validate.js';
import { ADDRESS_PAGE, expiredToken } from './shared.js';
import { upstreamList } from '../common/upstream-list.js';

/** The C-Chain of mainnet (the main network): the only chain the BTC.b route covers. */
const C_CHAIN_ID = NETWORKS[MAIN_NETWORK].cChainEvmId;

export const BtcbBridger = builder.objectRef<WireAddressDetails>('BtcbBridger').implement({
  description: 'A C-Chain address and the BTC.b it bridged, net of what it bridged back.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The EVM address.' }),
    netBridged: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Net bridged BTC.b in its smallest unit (satoshis), from the service\'s sort key; null when that is not a whole number.',
      resolve: (b) => (/^\d{1,78}$/.test(b.sortKey) ? BigInt(b.sortKey) : null),
    }),
    sortKey: t.exposeString('sortKey', { description: 'The service\'s sort key for this row, as it sent it (the net bridged amount).' }),
    account: t.field({ type: Account, description: 'The address on the C-Chain, with its balances and transactions.', resolve: (b) => ({ chainId: C_CHAIN_ID, address: b.address }) }),
  }),
});

export const BtcbBridgerConnection = connectionType<WireAddressDetails>('BtcbBridger', BtcbBridger, 'A page of BTC.b bridgers, largest net amount first.');

export const LookingGlassOperator = builder.enumType('LookingGlassOperator', {
  description: 'How the conditions of a Looking Glass query combine.',
  values: enumValues({
    AND: 'Addresses that meet every condition.',
    OR: 'Addresses that meet at least one condition.',
  }),
});

export const LookingGlassConditionType = builder.enumType('LookingGlassConditionType', {
  description: 'What a Looking Glass condition asks of an address.',
  values: enumValues({
    AllTimeNativeBalance: 'A native balance of at least `minBalance` throughout the dates (`firstDate`, `lastDate`, `evmChainId`).',
    AnyTimeNativeBalance: 'A native balance of at least `minBalance` at some time within the dates.',
    AllTimeErc20Balance: 'A balance of the ERC-20 `contractAddress` of at least `minBalance` throughout the dates.',
    AnyTimeErc20Balance: 'A balance of the ERC-20 `contractAddress` of at least `minBalance` at some time within the dates.',
    AllTimeNftHolders: 'Held a token of the collection `contractAddress` throughout the dates (or the `startTimestamp`-`endTimestamp` range).',
    AnyTimeNftHolders: 'Held a token of the collection `contractAddress` at some time within the dates (or the timestamp range).',
    LatestBalance: 'A current balance of at least `minBalance`, native or ERC-20 (`tokenType`, and `contractAddress` for ERC-20).',
    AllTimeStarsArenaBalance: 'Held at least `minBalance` Stars Arena shares of `subjectAddress` throughout the dates.',
    AnyTimeStarsArenaBalance: 'Held at least `minBalance` Stars Arena shares of `subjectAddress` at some time within the dates.',
    LatestBalanceStarsArena: { name: 'LATEST_STARS_ARENA_BALANCE', description: 'Holds at least `minBalance` Stars Arena shares of `subjectAddress` now.' },
  }),
});

export const LookingGlassTokenType = builder.enumType('LookingGlassTokenType', {
  description: 'The token of a LATEST_BALANCE condition.',
  values: enumValues({
    NATIVE: 'The chain\'s native token.',
    ERC20: 'An ERC-20 token (`contractAddress`).',
  }),
});

export const LookingGlassCondition = builder.inputType('LookingGlassCondition', {
  description: 'One condition of a Looking Glass query; which fields it needs depends on `type` (see LookingGlassConditionType).',
  fields: (t) => ({
    id: t.string({ required: true, description: 'Your name for the condition: its match count is reported under it (unique within the query).' }),
    type: t.field({ type: LookingGlassConditionType, required: true, description: 'What the condition asks.' }),
    evmChainId: t.string({ required: false, description: 'The EVM chain (decimal id), for every type but the Stars Arena ones.' }),
    contractAddress: t.string({ required: false, description: 'The ERC-20 token or NFT collection (EVM address).' }),
    minBalance: t.field({ type: 'BigInt', required: false, description: 'The smallest balance that matches, in the token\'s smallest unit.' }),
    firstDate: t.string({ required: false, description: 'First day of the range (YYYY-MM-DD, UTC).' }),
    lastDate: t.string({ required: false, description: 'Last day of the range (YYYY-MM-DD, UTC), not before `firstDate`.' }),
    startTimestamp: t.field({ type: 'Timestamp', required: false, description: 'NFT holders only: start of the range (Unix seconds), instead of the dates.' }),
    endTimestamp: t.field({ type: 'Timestamp', required: false, description: 'NFT holders only: end of the range (Unix seconds), after `startTimestamp`.' }),
    tokenType: t.field({ type: LookingGlassTokenType, required: false, description: 'LATEST_BALANCE only: native or ERC-20.' }),
    subjectAddress: t.string({ required: false, description: 'Stars Arena only: the subject whose shares are held (EVM address).' }),
  }),
});

export const LookingGlassQuery = builder.inputType('LookingGlassQuery', {
  description: 'Conditions on addresses and how they combine.',
  fields: (t) => ({
    operator: t.field({ type: LookingGlassOperator, required: true, description: 'AND: addresses meeting every condition; OR: any.' }),
    conditions: t.field({ type: [LookingGlassCondition], required: true, description: `The conditions (1 to ${20}).`, extensions: maxItems(20) }),
  }),
});

interface ConditionInput {
  id: string;
  type: CompositeQueryType;
  evmChainId?: string | null;
  contractAddress?: string | null;
  minBalance?: bigint | null;
  firstDate?: string | null;
  lastDate?: string | null;
  startTimestamp?: number | null;
  endTimestamp?: number | null;
  tokenType?: 'NATIVE' | 'ERC20' | null;
  subjectAddress?: string | null;
}

const MAX_CONDITIONS = 20;

function dateOf(argument: string, value: string | null | undefined): number {
  if (value == null) throw badInput(argument, 'is required for this condition type');
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) throw badInput(argument, `"${value.slice(0, 40)}" is not a date (YYYY-MM-DD)`);
  return ms;
}

/** Checks a query and builds the service's sub-queries; every error names the condition's field. */
export function compositeQueries(query: { operator: 'AND' | 'OR'; conditions: ConditionInput[] }): WireCompositeSubQuery[] {
  const { conditions } = query;
  if (conditions.length === 0 || conditions.length > MAX_CONDITIONS) throw badInput('query.conditions', `takes 1 to ${MAX_CONDITIONS} conditions, got ${conditions.length}`);
  const ids = new Set<string>();
  return conditions.map((c, i) => {
    const at = (field: string) => `query.conditions[${i}].${field}`;
    const need = <T>(field: keyof ConditionInput, value: T | null | undefined): T => {
      if (value == null) throw badInput(at(field), `is required for ${c.type} conditions`);
      return value;
    };
    if (c.id === '' || c.id.length > 100) throw badInput(at('id'), 'must be 1 to 100 characters');
    if (ids.has(c.id)) throw badInput(at('id'), `"${c.id}" names another condition too`);
    ids.add(c.id);
    const dates = () => {
      const first = dateOf(at('firstDate'), c.firstDate);
      const last = dateOf(at('lastDate'), c.lastDate);
      if (first > last) throw badInput(at('lastDate'), `must not be before firstDate (${c.firstDate})`);
      return { firstDate: c.firstDate!, lastDate: c.lastDate! };
    };
    const chain = () => evmChainId(at('evmChainId'), need('evmChainId', c.evmChainId));
    const contract = () => evmAddress(at('contractAddress'), need('contractAddress', c.contractAddress));
    const min = () => need('minBalance', c.minBalance).toString();
    if (c.minBalance != null && c.minBalance < 0n) throw badInput(at('minBalance'), 'must not be negative');
    let params: WireCompositeSubQuery['params'];
    switch (c.type) {
      case 'AllTimeNativeBalance':
      case 'AnyTimeNativeBalance':
        params = { ...dates(), minBalance: min(), evmChainId: chain() };
        break;
      case 'AllTimeErc20Balance':
      case 'AnyTimeErc20Balance':
        params = { ...dates(), minBalance: min(), evmChainId: chain(), contractAddress: contract() };
        break;
      case 'AllTimeNftHolders':
      case 'AnyTimeNftHolders': {
        const byTime = c.startTimestamp != null || c.endTimestamp != null;
        if (byTime) {
          const start = need('startTimestamp', c.startTimestamp);
          const end = need('endTimestamp', c.endTimestamp);
          if (start >= end) throw badInput(at('endTimestamp'), `must be after startTimestamp (${start})`);
          params = { evmChainId: chain(), contractAddress: contract(), startTs: start, endTs: end };
        } else {
          params = { ...dates(), evmChainId: chain(), contractAddress: contract() };
        }
        break;
      }
      case 'LatestBalance': {
        const tokenType = need('tokenType', c.tokenType);
        params = { minBalance: min(), evmChainId: chain(), tokenType, ...(tokenType === 'ERC20' ? { contractAddress: contract() } : {}) };
        break;
      }
      case 'AllTimeStarsArenaBalance':
      case 'AnyTimeStarsArenaBalance':
        params = { ...dates(), minBalance: min(), subjectAddress: evmAddress(at('subjectAddress'), need('subjectAddress', c.subjectAddress)) };
        break;
      case 'LatestBalanceStarsArena':
        params = { minBalance: min(), subjectAddress: evmAddress(at('subjectAddress'), need('subjectAddress', c.subjectAddress)) };
        break;
    }
    return { id: c.id, type: c.type, params };
  });
}

export const MatchedAddress = builder.objectRef<{ address: string }>('MatchedAddress').implement({
  description: 'An address a Looking Glass query matched.',
  fields: (t) => ({ address: t.exposeString('address', { description: 'The EVM address.' }) }),
});

export const ConditionCount = builder.objectRef<{ id: string; count: number }>('LookingGlassConditionCount').implement({
  description: 'How many addresses one condition matched on its own.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The condition\'s `id`.' }),
    count: t.exposeInt('count', { description: 'Addresses it matched.' }),
  }),
});

interface CompositeTotals {
  totalCount: number | null;
  conditionCounts: { id: string; count: number }[];
}

export const MatchedAddressConnection = connectionType<{ address: string }, CompositeTotals>(
  'MatchedAddress',
  MatchedAddress,
  'A page of the addresses a Looking Glass query matched, with its totals.',
);

builder.objectFields(MatchedAddressConnection, (t) => ({
  totalCount: t.exposeInt('totalCount', { nullable: true, description: 'Addresses the whole query matched (all pages); null when no page was read.' }),
  conditionCounts: t.field({
    type: [ConditionCount],
    description: 'Addresses each condition matched on its own, by condition id (empty when no page was read).',
    resolve: (c) => c.conditionCounts ?? [],
  }),
}));

const COMPOSITE_PAGE = { defaultSize: 1000, maxSize: 10_000 };

builder.queryFields((t) => ({
  btcbBridgers: t.checkedField({
    type: BtcbBridgerConnection,
    nullable: true,
    description:
      'C-Chain addresses whose net bridged BTC.b reaches a threshold, largest first (metrics service `GET /v2/chains/43114/btcb/bridged:getAddresses`). Cursors expire with the service\'s page tokens.',
    args: {
      threshold: t.arg({ type: 'BigInt', required: true, description: 'The smallest net bridged amount listed, in satoshis (BTC.b has 8 decimals).' }),
      ...connectionArgs(t, ADDRESS_PAGE),
    },
    extensions: serves('metrics:getAddressesByBtcbBridged'),
    check: (args) => {
      if (args.threshold < 0n) throw badInput('threshold', 'must not be negative');
      return { threshold: args.threshold.toString() };
    },
    resolve: (_, query, args, ctx) =>
      upstreamList(args, {
        name: 'btcbBridgers',
        page: ADDRESS_PAGE,
        path: [],
        query,
        read: (query) => ctx.upstreams.metrics.v2.getAddressesByBtcbBridged(query),
        items: (page) => page.addresses ?? [],
        readError: expiredToken,
      }),
  }),
  lookingGlassAddresses: t.checkedField({
    type: MatchedAddressConnection,
    nullable: true,
    description:
      'Addresses that meet balance and NFT-holder conditions, combined with AND or OR (metrics service `POST /v2/lookingGlass/compositeQuery`), with the match count of the whole query and of each condition. Cursors expire with the service\'s page tokens.',
    args: {
      query: t.arg({ type: LookingGlassQuery, required: true, description: 'The conditions and how they combine.' }),
      ...connectionArgs(t, COMPOSITE_PAGE),
    },
    extensions: serves('metrics:compositeQueryV2'),
    check: (args): WireCompositeQueryRequest => ({ operator: args.query.operator, queries: compositeQueries(args.query) }),
    resolve: (_, query, args, ctx) =>
      upstreamList(args, {
        name: 'lookingGlassAddresses',
        page: COMPOSITE_PAGE,
        path: [],
        query,
        read: (query) => ctx.upstreams.metrics.v2.compositeQueryV2(query),
        items: (page) => (page.addresses ?? []).map((address) => ({ address })),
        extras: (page) => ({
          totalCount: typeof page.totalCount === 'number' ? page.totalCount : null,
          conditionCounts: page.subQueryCounts && Object.entries(page.subQueryCounts).map(([id, count]) => ({ id, count })),
        }),
        readError: expiredToken,
      }),
  }),
}));
