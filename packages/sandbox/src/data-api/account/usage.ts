/**
 * `/v1/apiUsageMetrics`, `/v1/apiLogs`, `/v1/primaryNetworkRpcUsageMetrics`,
 * `/v1/subnetRpcUsageMetrics`. The Data API usage and logs of a key are the requests the sandbox
 * answered for it (see AccountStore.record); the RPC usage (the simulated nodes see no keys) is
 * derived from the key, the time bucket and the world's chains, so it is stable across reads.
 */
import { createHash } from 'node:crypto';
import { NETWORK_VALUES, networkOfValue, networkTypeOf } from '@avalanche-graph/identity';
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { badRequest, enumParam } from '../errors.js';
import { paginate } from '../primary/paging.js';
import type { Account, AccountStore, RequestRecord } from './store.js';

const DAY = 86_400;
const INTERVALS = { minute: 60, hourly: 3_600, daily: DAY, weekly: 7 * DAY, monthly: 0 } as const;
type Interval = keyof typeof INTERVALS;
const DURATION_NAMES: Record<Interval, string> = { minute: '1 minute', hourly: '1 hour', daily: '1 day', weekly: '1 week', monthly: '1 month' };
const USAGE_GROUPS = ['requestPath', 'responseCode', 'chainId', 'apiKeyId', 'requestType'] as const;
const PRIMARY_RPC_GROUPS = ['rpcMethod', 'requestPath', 'responseCode', 'country', 'continent', 'userAgent'] as const;
const SUBNET_RPC_GROUPS = ['rpcMethod', 'responseCode', 'rlBypassToken'] as const;
/** Most buckets one answer holds; a longer range at a finer interval is a 400. */
const MAX_BUCKETS = 2_000;

/** What the aggregates are computed over: one request, or a simulated batch of RPC calls. */
interface Atom {
  at: number;
  count: number;
  invalid: number;
  failed: number;
  credits: number;
  wasted: number;
  durationMs: number;
  groups: Record<string, string | number | undefined>;
}

function optionalInt(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw badRequest(`${name} must not be less than 0`);
  return Number(raw);
}

/** Start and end of a range: each rounded down to 0:00 UTC, the end day included; the last day by default. */
function range(query: URLSearchParams, nowSeconds: number): { from: number; to: number } {
  const start = optionalInt(query, 'startTimestamp');
  const end = optionalInt(query, 'endTimestamp');
  const endDay = Math.floor((end ?? nowSeconds) / DAY) * DAY;
  const startDay = Math.floor((start ?? endDay - DAY) / DAY) * DAY;
  if (startDay > endDay) throw badRequest('startTimestamp must not be after endTimestamp');
  return { from: startDay, to: endDay + DAY };
}

function bucketOf(at: number, interval: Interval): number {
  if (interval !== 'monthly') return Math.floor(at / INTERVALS[interval]) * INTERVALS[interval];
  const date = new Date(at * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
}

function bucketSeconds(start: number, interval: Interval): number {
  if (interval !== 'monthly') return INTERVALS[interval];
  const date = new Date(start * 1000);
  return (Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) - date.getTime()) / 1000;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Buckets of atoms, split by `groupBy`: each value's totals, rates and median. */
function aggregate(atoms: Atom[], interval: Interval, groupBy: string | undefined, valueFirst: boolean) {
  const buckets = new Map<number, Map<string, Atom[]>>();
  for (const atom of atoms) {
    const bucket = bucketOf(atom.at, interval);
    const group = groupBy === undefined ? '' : String(atom.groups[groupBy] ?? '');
    let groups = buckets.get(bucket);
    if (!groups) buckets.set(bucket, (groups = new Map()));
    let list = groups.get(group);
    if (!list) groups.set(group, (list = []));
    list.push(atom);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([timestamp, groups]) => ({
      timestamp,
      values: [...groups.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([group, list]) => {
          const total = list.reduce((n, a) => n + a.count, 0);
          const failed = list.reduce((n, a) => n + a.failed, 0);
          const groupValue = groupBy === 'responseCode' ? Number(group) : group;
          const totals = {
            totalRequests: total,
            requestsPerSecond: Number((total / bucketSeconds(timestamp, interval)).toFixed(6)),
            successRatePercent: total === 0 ? 0 : Number((((total - failed) / total) * 100).toFixed(2)),
            medianResponseTimeMsecs: median(list.map((a) => a.durationMs)),
            invalidRequests: list.reduce((n, a) => n + a.invalid, 0),
            apiCreditsUsed: list.reduce((n, a) => n + a.credits, 0),
            apiCreditsWasted: list.reduce((n, a) => n + a.wasted, 0),
          };
          const grouping = groupBy === undefined ? { groupedBy: 'None' } : { groupedBy: groupBy, groupValue };
          return valueFirst ? { ...grouping, ...totals } : { ...totals, ...grouping };
        }),
    }));
}

function checkBuckets(from: number, to: number, interval: Interval): void {
  const width = interval === 'monthly' ? 28 * DAY : INTERVALS[interval];
  if ((to - from) / width > MAX_BUCKETS) throw badRequest(`The time range is too long for the ${interval} interval`);
}

function atomOf(account: Account, r: RequestRecord): Atom {
  const invalid = r.status >= 400 && r.status < 500 ? 1 : 0;
  return {
    at: r.at,
    count: 1,
    invalid,
    failed: r.status >= 400 ? 1 : 0,
    credits: r.credits,
    wasted: invalid ? r.credits : 0,
    durationMs: r.durationMs,
    groups: { requestPath: r.path, responseCode: r.status, chainId: r.chainId, apiKeyId: account.apiKeyId, requestType: 'data' },
  };
}

/** The key's logged requests in the range, filtered as the query asks. */
function requestsOf(account: Account, query: URLSearchParams, from: number, to: number): RequestRecord[] {
  const orgId = query.get('orgId');
  if (orgId !== null && orgId !== account.orgId) throw badRequest('orgId is not an organization of this API key');
  const requestType = enumParam(query, 'requestType', ['data', 'rpc'] as const);
  const chainId = query.get('chainId');
  const responseCode = query.get('responseCode');
  const apiKeyId = query.get('apiKeyId');
  const path = query.get('requestPath');
  return account.requests.filter(
    (r) =>
      r.at >= from &&
      r.at < to &&
      requestType !== 'rpc' &&
      (chainId === null || r.chainId === chainId) &&
      (responseCode === null || String(r.status) === responseCode) &&
      (apiKeyId === null || apiKeyId === account.apiKeyId) &&
      (path === null || r.path === path),
  );
}

function log(account: Account, r: RequestRecord) {
  return {
    orgId: account.orgId,
    logId: `log_${account.fingerprint}_${r.seq}`,
    eventTimestamp: r.at,
    apiKeyId: account.apiKeyId,
    apiKeyAlias: 'sandbox key',
    hostRegion: 'sandbox-1',
    requestType: 'data',
    requestPath: r.path,
    apiCreditsConsumed: r.credits,
    requestDurationMsecs: r.durationMs,
    responseCode: r.status,
    ...(r.chainId !== undefined ? { chainId: r.chainId } : {}),
    metadata: { ipAddress: '127.0.0.1', host: r.host, userAgent: r.userAgent },
  };
}

/** A number from 0 to n-1 derived from its parts. */
function draw(n: number, ...parts: Array<string | number>): number {
  return createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0) % n;
}

const PRIMARY_METHODS = ['platform.getCurrentValidators', 'platform.getHeight', 'avm.getTx', 'eth_blockNumber', 'eth_call'];
const PRIMARY_PATHS: Record<string, string> = { platform: '/ext/bc/P', avm: '/ext/bc/X', eth: '/ext/bc/C/rpc' };
const PLACES = [
  ['US', 'NA'],
  ['DE', 'EU'],
  ['SG', 'AS'],
] as const;
const L1_METHODS = ['eth_blockNumber', 'eth_call', 'eth_getBalance', 'eth_getLogs'];

/** Simulated RPC batches of the key, one per method and hour of the range. */
function rpcAtoms(
  account: Account,
  salt: string,
  from: number,
  to: number,
  methods: readonly string[],
  extra: (method: string, hour: number) => Record<string, string | number>,
): Atom[] {
  const atoms: Atom[] = [];
  for (let hour = from; hour < to; hour += 3_600) {
    for (const method of methods) {
      const count = draw(40, account.fingerprint, salt, hour, method);
      if (count === 0) continue;
      const invalid = draw(3, account.fingerprint, salt, hour, method, 'invalid') === 0 ? 1 : 0;
      const groups = extra(method, hour);
      atoms.push({
        at: hour,
        count,
        invalid,
        failed: invalid,
        credits: count * 2,
        wasted: invalid * 2,
        durationMs: 10 + draw(90, account.fingerprint, salt, hour, method, 'ms'),
        groups: { rpcMethod: method, responseCode: invalid ? 400 : 200, ...groups },
      });
    }
  }
  return atoms;
}

function intervalParam(query: URLSearchParams, allowed: readonly Interval[], fallback: Interval): Interval {
  return enumParam(query, 'timeInterval', allowed) ?? fallback;
}

function filtered(atoms: Atom[], query: URLSearchParams, names: string[]): Atom[] {
  return atoms.filter((a) => names.every((name) => query.get(name) === null || String(a.groups[name === 'rlBypassApiToken' ? 'rlBypassToken' : name]) === query.get(name)));
}

export function usageRoutes(service: SandboxService, world: World, store: AccountStore): void {
  service.route('GET', '/v1/apiUsageMetrics', ({ headers, query }) => {
    const account = store.require(headers);
    const interval = intervalParam(query, ['minute', 'hourly', 'daily', 'weekly', 'monthly'], 'daily');
    const groupBy = enumParam(query, 'groupBy', USAGE_GROUPS);
    const { from, to } = range(query, Math.floor(Date.now() / 1000));
    checkBuckets(from, to, interval);
    const atoms = requestsOf(account, query, from, to).map((r) => atomOf(account, r));
    return { aggregateDuration: DURATION_NAMES[interval], orgId: account.orgId, metrics: aggregate(atoms, interval, groupBy, true) };
  });

  service.route('GET', '/v1/apiLogs', ({ headers, query }) => {
    const account = store.require(headers);
    const { from, to } = range(query, Math.floor(Date.now() / 1000));
    // Oldest first: requests logged while a caller pages are appended after its position.
    const records = requestsOf(account, query, from, to);
    const filters = [...query.entries()].filter(([name]) => name !== 'pageToken' && name !== 'pageSize');
    const page = paginate(records, query, { scope: `logs:${account.fingerprint}:${JSON.stringify(filters)}`, defaultSize: 10, maxSize: 100 });
    return { orgId: account.orgId, logs: page.items.map((r) => log(account, r)), ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) };
  });

  service.route('GET', '/v1/primaryNetworkRpcUsageMetrics', ({ headers, query }) => {
    const account = store.require(headers);
    const network = enumParam(query, 'network', NETWORK_VALUES);
    if (!network) throw badRequest(`network must be one of the following values: ${NETWORK_VALUES.join(', ')}`);
    const interval = intervalParam(query, ['hourly', 'daily', 'weekly', 'monthly'], 'daily');
    const groupBy = enumParam(query, 'groupBy', PRIMARY_RPC_GROUPS);
    for (const name of ['country', 'continent']) {
      const value = query.get(name);
      if (value !== null && !/^[A-Z]{2}$/.test(value)) throw badRequest(`${name} must be a two-letter code`);
    }
    const { from, to } = range(query, Math.floor(Date.now() / 1000));
    checkBuckets(from, to, interval);
    const key = networkOfValue(network);
    const atoms = rpcAtoms(account, key, from, to, PRIMARY_METHODS, (method, hour) => {
      const [country, continent] = PLACES[draw(PLACES.length, account.fingerprint, hour, method, key)]!;
      return { requestPath: PRIMARY_PATHS[method.split(/[._]/)[0]!]!, country, continent, userAgent: 'sandbox-client/1.0' };
    });
    const chosen = filtered(atoms, query, ['responseCode', 'requestPath', 'country', 'continent', 'userAgent', 'rpcMethod']);
    return { aggregateDuration: DURATION_NAMES[interval], metrics: aggregate(chosen, interval, groupBy, false), network: networkTypeOf(key) };
  });

  service.route('GET', '/v1/subnetRpcUsageMetrics', ({ headers, query }) => {
    const account = store.require(headers);
    const interval = intervalParam(query, ['hourly', 'daily', 'weekly', 'monthly'], 'daily');
    const groupBy = enumParam(query, 'groupBy', SUBNET_RPC_GROUPS);
    const chainId = query.get('chainId');
    const l1s = world.chains.filter((c) => !c.isCChain);
    if (chainId !== null && !l1s.some((c) => c.info.chainId === chainId)) throw badRequest(`chainId ${chainId} is not an L1 with a public RPC endpoint`);
    const { from, to } = range(query, Math.floor(Date.now() / 1000));
    checkBuckets(from, to, interval);
    const chains = chainId === null ? l1s : l1s.filter((c) => c.info.chainId === chainId);
    const atoms = chains.flatMap((chain) => rpcAtoms(account, chain.info.chainId, from, to, L1_METHODS, () => ({ chainId: chain.info.chainId, rlBypassToken: 'none' })));
    const chosen = filtered(atoms, query, ['responseCode', 'rpcMethod', 'rlBypassApiToken']);
    return { aggregateDuration: DURATION_NAMES[interval], metrics: aggregate(chosen, interval, groupBy, false), chainId: chainId ?? 'all' };
  });
}
