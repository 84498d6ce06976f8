/**
 * The caller's own Data API key: the endpoint groups it opens (webhooks, usage metrics, export
 * operations), and the error when a request has none. The account loaders and every field of DataApiAccount read the account through it.
 */
import { GraphQLError } from 'graphql';
import type { Context } from '../../context.js';
import { badInput, type ErrorCode } from '../../errors.js';
import type { OperationsEndpoints } from '../../upstream/data-api/operations.js';
import type { UsageMetricsEndpoints } from '../../upstream/data-api/usage-metrics.js';
import type { WebhooksEndpoints } from '../../upstream/data-api/webhooks.js';
import { CALLER_KEY_HEADERS } from '../../upstream/index.js';

/** The reason code of the refusal, beside `code: FORBIDDEN`. */
export const CALLER_KEY_REQUIRED = 'CALLER_KEY_REQUIRED';

export function callerKeyRequired(): GraphQLError {
  return new GraphQLError(
    `Webhooks, usage metrics, request logs and export jobs belong to a Data API key: send your own key in the ${CALLER_KEY_HEADERS.join(' or ')} header. The gateway never uses its configured key for them.`,
    { extensions: { code: 'FORBIDDEN' satisfies ErrorCode, reason: CALLER_KEY_REQUIRED } },
  );
}

/** The endpoint groups of the caller's own key. */
export interface CallerAccount {
  webhooks: WebhooksEndpoints;
  usageMetrics: UsageMetricsEndpoints;
  operations: OperationsEndpoints;
}

/** The caller's account groups, or the refusal when the request carries no key of its own. */
export function accountOf(ctx: Context): CallerAccount {
  const { webhooks, usageMetrics, operations } = ctx.upstreams.dataApi;
  if (!webhooks || !usageMetrics || !operations) throw callerKeyRequired();
  return { webhooks, usageMetrics, operations };
}

/** An id the service gave (a webhook's, an export job's): bounded, and only characters ids use. */
export function serviceId(argument: string, value: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(value)) {
    throw badInput(argument, `"${value.slice(0, 80)}" is not an id of the Data API (letters, digits, - and _, at most 100)`);
  }
  return value;
}
