/**
 * Metrics of a chain from the metrics service: the daily average-TPS series as a connection.
 */
import { builder } from '../../builder.js';
import type { WireMetricPoint } from '../../upstream/metrics/types.js';
import { Chain } from '../chain/chain.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { upstreamList } from '../common/upstream-list.js';
import { expiredToken } from './shared.js';

export const MetricPoint = builder.objectRef<WireMetricPoint>('MetricPoint').implement({
  description: 'One point of a metric series: the value over one interval (a day for `avgTps`; an hour, day, week or month for the v2 series).',
  fields: (t) => ({
    timestamp: t.expose('timestamp', { type: 'Timestamp', description: 'Start of the interval the value covers (Unix seconds, UTC; 00:00 for a day).' }),
    value: t.exposeFloat('value', { description: 'The value for that interval.' }),
  }),
});

/** What the service sends beside a page's points. */
interface SeriesInfo {
  status: number | null;
  lastRun: number | null;
}

export const MetricPointConnection = connectionType<WireMetricPoint, SeriesInfo>(
  'MetricPoint',
  MetricPoint,
  'A page of a metric series, newest point first.',
);

builder.objectFields(MetricPointConnection, (t) => ({
  status: t.exposeInt('status', { nullable: true, description: 'The `status` the metrics service sent with the series (its HTTP status, repeated in the body; `avgTps` only); null when it sent none.' }),
  lastRun: t.expose('lastRun', { type: 'Timestamp', nullable: true, description: 'When the service last updated the series (its `lastRun`, Unix seconds; `avgTps` only); null when it sent none.' }),
}));

/**
 * The service has no page-size parameter and serves fixed pages (50 points). Cursors record the
 * page they came from with this size, which bounds the page length they can address.
 */
const TPS_PAGE = { defaultSize: 50, maxSize: 200 };

/** A non-negative whole number the service sent, else null (a field it may leave out). */
function wholeNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

builder.objectFields(Chain, (t) => ({
  avgTps: t.field({
    type: MetricPointConnection,
    nullable: true,
    description:
      'Daily average transactions per second, newest day first (metrics service `GET /v1/avg_tps/{chainId}`). Cursors expire with the service\'s page tokens: an expired `after` or `before` is a BAD_USER_INPUT error asking to start again.',
    args: connectionArgs(t, TPS_PAGE),
    resolve: (chain, args, ctx) =>
      upstreamList(args, {
        name: 'avgTps',
        page: { ...TPS_PAGE, minSize: TPS_PAGE.maxSize },
        path: [chain.chainId],
        query: {},
        read: (chainId, { pageToken }) => ctx.upstreams.metrics.avgTps(chainId, pageToken),
        items: (page) => page.results ?? [],
        // The series' status and last update, as the pages tell them.
        extras: (page) => ({ status: wholeNumber(page.status), lastRun: wholeNumber(page.lastRun) }),
        readError: expiredToken,
      }),
  }),
}));
