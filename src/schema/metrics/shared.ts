/**
 * What the metrics v2 fields share: the time-range arguments and their checks, connections over the
 * service's expiring page tokens, and the trailing-window type.
 */
import type { ArgBuilder } from '@pothos/core';
import { builder, type Types } from '../../builder.js';
import { badInput } from '../../errors.js';
import type { WireRollingWindow } from '../../upstream/metrics/v2-types.js';
import type { GraphQLError } from 'graphql';
import { UpstreamError } from '../../upstream/transport/errors.js';
import type { CursorArgument } from '../common/pagination.js';
import { ANY_INTERVAL_METRICS } from './enums.js';


/** The series routes' page sizes (`pageSize` 1 to 2160, default 100). */
export const SERIES_PAGE = { defaultSize: 100, maxSize: 2160 };
/** The Looking Glass address lists' page sizes (1 to 5000, default 1000). */
export const ADDRESS_PAGE = { defaultSize: 1000, maxSize: 5000 };

/** The last second of year 9999: a later timestamp is a typo, not a query. */
const MAX_TIMESTAMP = 253_402_300_799;

/** `startTimestamp`/`endTimestamp` arguments (Unix seconds, inclusive). */
export function rangeArgs(t: { arg: ArgBuilder<Types> }) {
  return {
    startTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only points from this time on (Unix seconds, inclusive).' }),
    endTimestamp: t.arg({ type: 'Timestamp', required: false, description: 'Only points up to this time (Unix seconds, inclusive); after `startTimestamp`.' }),
  };
}

export interface RangeArgs {
  startTimestamp?: number | null;
  endTimestamp?: number | null;
}

/** Checks a time range before any call (within bounds, the start before the end); the range as query parameters. */
export function checkRange(args: RangeArgs): { startTimestamp: number | undefined; endTimestamp: number | undefined } {
  for (const name of ['startTimestamp', 'endTimestamp'] as const) {
    const value = args[name];
    if (value != null && value > MAX_TIMESTAMP) throw badInput(name, `must be at most ${MAX_TIMESTAMP} (Unix seconds), got ${value}`);
  }
  if (args.startTimestamp != null && args.endTimestamp != null && args.startTimestamp >= args.endTimestamp) {
    throw badInput('endTimestamp', `must be after startTimestamp (${args.startTimestamp}), got ${args.endTimestamp}`);
  }
  return { startTimestamp: args.startTimestamp ?? undefined, endTimestamp: args.endTimestamp ?? undefined };
}

/** Only four chain metrics are served per hour, week or month. */
export function checkInterval(metric: string, interval: string | null | undefined): void {
  if (interval && interval !== 'day' && !ANY_INTERVAL_METRICS.has(metric)) {
    throw badInput('timeInterval', 'this metric is served per DAY only (per HOUR, WEEK or MONTH: TX_COUNT, GAS_USED, ACTIVE_ADDRESSES, ACTIVE_SENDERS)');
  }
}

/** The service's 400 on a page token a caller's cursor handed back: expired (tokens last minutes) or not its own. */
function expiredCursor(argument: CursorArgument): GraphQLError {
  return badInput(
    argument,
    `this cursor is no longer valid (the metrics service's page tokens expire after a few minutes). Start again from the first page: query without "${argument}".`,
    { extensions: { restart: true } },
  );
}

/**
 * What a failed page read of the service throws (`upstreamList`'s `readError`): a 400 on a token
 * that a caller's cursor handed back becomes a BAD_USER_INPUT on that cursor's argument that says
 * to start again; a 400 on a token read in the same operation stays the service's error.
 */
export function expiredToken(error: unknown, handedBack: CursorArgument | undefined): unknown {
  return handedBack && error instanceof UpstreamError && error.kind === 'http' && error.status === 400 ? expiredCursor(handedBack) : error;
}

/** A value the service sent as a number, else null. */
export const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

type FieldBuilder<T> = PothosSchemaTypes.ObjectFieldBuilder<Types, T>;

const windowField =
  (name: keyof WireRollingWindow, description: string) =>
  <T extends WireRollingWindow>(t: FieldBuilder<T>) =>
    t.float({ nullable: true, description: `${description} Null when the metric has no value for this window.`, resolve: (w) => numberOrNull(w[name]) });

/** The trailing-window fields shared by chain and ICM rolling windows. */
export function rollingWindowFields<T extends WireRollingWindow>(t: FieldBuilder<T>) {
  return {
    lastHour: windowField('lastHour', 'Over the last hour.')(t),
    lastDay: windowField('lastDay', 'Over the last day.')(t),
    lastWeek: windowField('lastWeek', 'Over the last week.')(t),
    lastMonth: windowField('lastMonth', 'Over the last month.')(t),
    last90Days: windowField('last90Days', 'Over the last 90 days.')(t),
    lastYear: windowField('lastYear', 'Over the last year.')(t),
    allTime: windowField('allTime', 'Over all time.')(t),
  };
}

export const RollingWindowMetrics = builder.objectRef<WireRollingWindow>('RollingWindowMetrics').implement({
  description: 'A metric over trailing windows that end now (the service updates them several times an hour).',
  fields: (t) => rollingWindowFields(t),
});
