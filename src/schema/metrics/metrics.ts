/**
 * Metrics of a chain from the metrics service: the daily average-TPS series as a connection.
 */
import type { GraphQLError } from 'graphql';
import { badInput } from '../../errors.js';
import { builder } from '../../builder.js';
import { UpstreamError } from '../../upstream/errors.js';
import type { WireMetricPoint } from '../../upstream/types/metrics.js';
import { Chain } from '../chain/chain.js';
import { connectionArgs, connectionType, paginate, type CursorArgument, type PageSource, type UpstreamPage } from '../common/connection.js';

export const MetricPoint = builder.objectRef<WireMetricPoint>('MetricPoint').implement({
  description: 'One point of a metric series: the value over one interval (a day for `avgTps`; an hour, day, week or month for the v2 series).',
  fields: (t) => ({
    timestamp: t.field({ type: 'Timestamp', description: 'Start of the interval the value covers (Unix seconds, UTC; 00:00 for a day).', resolve: (p) => p.timestamp }),
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
  status: t.int({
    nullable: true,
    description: 'The `status` the metrics service sent with the series (its HTTP status, repeated in the body; `avgTps` only); null when it sent none.',
    resolve: (c) => c.status ?? null,
  }),
  lastRun: t.field({
    type: 'Timestamp',
    nullable: true,
    description: 'When the service last updated the series (its `lastRun`, Unix seconds; `avgTps` only); null when it sent none.',
    resolve: (c) => c.lastRun ?? null,
  }),
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

/** The service's 400 on a page token a caller's cursor handed back: expired (tokens last minutes) or not its own. */
function expiredCursor(argument: CursorArgument): GraphQLError {
  return badInput(
    argument,
    `this cursor is no longer valid (the metrics service's page tokens expire after a few minutes). Start again from the first page: query without "${argument}".`,
    { extensions: { restart: true } },
  );
}

/**
 * A page read of the metrics service for `paginate`: a 400 on a token that a caller's cursor handed
 * back becomes a BAD_USER_INPUT on that cursor's argument that says to start again; a 400 on a token
 * read in the same operation stays the service's error.
 */
export function metricsPage<T>(fetchPage: (pageToken: string | undefined, pageSize: number) => Promise<UpstreamPage<T>>): PageSource<T>['fetchPage'] {
  return async (pageToken, pageSize, handedBack) => {
    try {
      return await fetchPage(pageToken, pageSize);
    } catch (error) {
      if (handedBack && error instanceof UpstreamError && error.kind === 'http' && error.status === 400) throw expiredCursor(handedBack);
      throw error;
    }
  };
}

builder.objectFields(Chain, (t) => ({
  avgTps: t.field({
    type: MetricPointConnection,
    nullable: true,
    description:
      'Daily average transactions per second, newest day first (metrics service `GET /v1/avg_tps/{chainId}`). Cursors expire with the service\'s page tokens: an expired `after` or `before` is a BAD_USER_INPUT error asking to start again.',
    args: connectionArgs(t, TPS_PAGE),
    resolve: async (chain, args, ctx) => {
      // The series' status and last update, as the first page read tells them.
      const info: SeriesInfo = { status: null, lastRun: null };
      let infoRead = false;
      const source: PageSource<WireMetricPoint> = {
        scope: `avgTps:${chain.chainId}`,
        ...TPS_PAGE,
        minSize: TPS_PAGE.maxSize,
        fetchPage: metricsPage(async (pageToken) => {
          const page = await ctx.upstreams.metrics.avgTps(chain.chainId, pageToken);
          if (!infoRead) Object.assign(info, { status: wholeNumber(page.status), lastRun: wholeNumber(page.lastRun) });
          infoRead = true;
          return { items: page.results ?? [], nextPageToken: page.nextPageToken };
        }),
      };
      return { ...(await paginate(source, args)), ...info };
    },
  }),
}));
