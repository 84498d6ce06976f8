/**
 * ICM message counts of the simulated metrics service: the world's ICM messages (those the Data API
 * lists), counted by the time their source transaction was sent, filtered by network, source and
 * destination, grouped as `groupBy` asks. A count over every source (or destination) reports that
 * side as an empty string.
 */
import type { MetricsSchema } from '@avalanche-graph/wire-types';
import { WORLD_NOW_MS } from '../../world/evm/index.js';
import type { IcmMessage } from '../../world/evm/types.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import { intervalStart, type TimeInterval } from './chain-series.js';
import type { RollingWindow } from './chain-series.js';

export const GROUP_BY = ['srcBlockchainId', 'destBlockchainId', 'srcBlockchainId,destBlockchainId'] as const;
export type GroupBy = (typeof GROUP_BY)[number];

export interface IcmFilter {
  network?: NetworkKey;
  src?: string;
  dest?: string;
  groupBy?: GroupBy;
}

/** The world's clock for trailing windows. */
const NOW = Math.floor(WORLD_NOW_MS / 1000);

function selected(messages: readonly IcmMessage[], filter: IcmFilter): IcmMessage[] {
  return messages.filter(
    (m) =>
      (!filter.network || m.network === filter.network) &&
      (!filter.src || m.sourceBlockchainId === filter.src) &&
      (!filter.dest || m.destinationBlockchainId === filter.dest),
  );
}

/** The group of a message: the sides `groupBy` keeps, else the filter's value (or "" for all). */
function groupOf(m: IcmMessage, filter: IcmFilter): { src: string; dest: string } {
  const bySrc = filter.groupBy === 'srcBlockchainId' || filter.groupBy === 'srcBlockchainId,destBlockchainId';
  const byDest = filter.groupBy === 'destBlockchainId' || filter.groupBy === 'srcBlockchainId,destBlockchainId';
  return { src: bySrc ? m.sourceBlockchainId : (filter.src ?? ''), dest: byDest ? m.destinationBlockchainId : (filter.dest ?? '') };
}

export type IcmPoint = MetricsSchema<'ICMMetricsValue'>;

/** Counts per interval and group, newest interval first, groups in id order; intervals without messages are left out. */
export function icmSeries(messages: readonly IcmMessage[], filter: IcmFilter, interval: TimeInterval, range: { start: number; end: number }): IcmPoint[] {
  const counts = new Map<string, IcmPoint>();
  for (const m of selected(messages, filter)) {
    const timestamp = intervalStart(m.source.timestamp, interval);
    if (timestamp < range.start || timestamp > range.end) continue;
    const g = groupOf(m, filter);
    const key = `${timestamp}|${g.src}|${g.dest}`;
    const point = counts.get(key) ?? { timestamp, value: 0, srcBlockchainId: g.src, destBlockchainId: g.dest };
    point.value++;
    counts.set(key, point);
  }
  return [...counts.values()].sort(
    (a, b) => b.timestamp - a.timestamp || a.srcBlockchainId.localeCompare(b.srcBlockchainId) || a.destBlockchainId.localeCompare(b.destBlockchainId),
  );
}

export type IcmWindow = MetricsSchema<'ICMRollingWindowMetricsValue'>;

const WINDOWS: [keyof RollingWindow, number][] = [
  ['lastHour', 3_600],
  ['lastDay', 86_400],
  ['lastWeek', 7 * 86_400],
  ['lastMonth', 30 * 86_400],
  ['last90Days', 90 * 86_400],
  ['lastYear', 365 * 86_400],
];

/** Counts over trailing windows ending at the world's now, one per group (one in all without `groupBy`). */
export function icmSummary(messages: readonly IcmMessage[], filter: IcmFilter): IcmWindow[] {
  const groups = new Map<string, IcmWindow>();
  const empty = (src: string, dest: string): IcmWindow => ({
    ...Object.fromEntries(WINDOWS.map(([name]) => [name, 0])),
    allTime: 0,
    srcBlockchainId: src,
    destBlockchainId: dest,
  });
  for (const m of selected(messages, filter)) {
    const g = groupOf(m, filter);
    const key = `${g.src}|${g.dest}`;
    const window = groups.get(key) ?? empty(g.src, g.dest);
    for (const [name, seconds] of WINDOWS) if (m.source.timestamp > NOW - seconds) window[name]! += 1;
    window.allTime! += 1;
    groups.set(key, window);
  }
  if (groups.size === 0) return [empty(filter.src ?? '', filter.dest ?? '')];
  return [...groups.values()].sort((a, b) => a.srcBlockchainId.localeCompare(b.srcBlockchainId) || a.destBlockchainId.localeCompare(b.destBlockchainId));
}
