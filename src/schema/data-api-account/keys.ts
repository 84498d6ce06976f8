/**
 * The caller's own Data API key: the account endpoints it opens, and the error when a request has
 * none. The account loaders and every field of DataApiAccount read the account through it. Also
 * what an id the service gave must look like (`serviceId`), checked by fields and loaders alike.
 */
import { GraphQLError } from 'graphql';
import type { Context } from '../../context.js';
import { badInput, type ErrorCode } from '../../errors.js';
import type { AccountEndpoints } from '../../upstream/data-api/account.js';
import { CALLER_KEY_HEADERS } from '../../upstream/index.js';

/** The reason code of the refusal, beside `code: FORBIDDEN`. */
export const CALLER_KEY_REQUIRED = 'CALLER_KEY_REQUIRED';

export function callerKeyRequired(): GraphQLError {
  return new GraphQLError(
    `Webhooks, usage metrics, request logs and export jobs belong to a Data API key: send your own key in the ${CALLER_KEY_HEADERS.join(' or ')} header. The gateway never uses its configured key for them.`,
    { extensions: { code: 'FORBIDDEN' satisfies ErrorCode, reason: CALLER_KEY_REQUIRED } },
  );
}

/** The caller's account operations, or the refusal when the request carries no key of its own. */
export function accountOf(ctx: Context): AccountEndpoints {
  const account = ctx.upstreams.dataApi.account;
  if (!account) throw callerKeyRequired();
  return account;
}

/** An id the service gave (a webhook's, an export job's): bounded, and only characters ids use. */
export function serviceId(argument: string, value: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(value)) {
    throw badInput(argument, `"${value.slice(0, 80)}" is not an id of the Data API (letters, digits, - and _, at most 100)`);
  }
  return value;
}
