/**
 * The account owner's part of the graph (webhooks, usage, logs, export jobs): what every field of
 * it shares. The rule of the whole domain is here: these operations run only with the caller's own
 * Data API key. The upstream layer offers them only for such a key (`DataApiClient.webhooks`,
 * `usageMetrics` and `operations`); `accountOf` turns their absence into a FORBIDDEN error before
 * any upstream call.
 */
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';

/** The account of the caller's key; it has no fields of its own, only the key's lists and reads. */
export interface AccountRoot {
  readonly owner: 'caller';
}

export const DataApiAccount = builder.objectRef<AccountRoot>('DataApiAccount');

DataApiAccount.implement({
  description:
    'What the Data API keeps for the caller\'s own API key: its webhooks, their shared secret, its usage metrics and request logs, and its transaction export jobs. Reachable only with a key sent in the request (`x-glacier-api-key` or `x-data-api-key`), never with the gateway\'s configured key; answers are never cached.',
  fields: () => ({}),
});

/** A bounded free-text input (a name, a description, a filter value). */
export function text(argument: string, value: string, max: number): string {
  if (value.length > max) throw badInput(argument, `at most ${max} characters, got ${value.length}`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) throw badInput(argument, 'must not contain control characters');
  return value;
}

/** A time range in Unix seconds: each end optional, start not after end. */
export function timeRange(args: { start?: number | null; end?: number | null }): { startTimestamp?: number; endTimestamp?: number } {
  const start = args.start ?? undefined;
  const end = args.end ?? undefined;
  const limit = 2 ** 32;
  if (start !== undefined && start >= limit) throw badInput('start', `must be Unix seconds below ${limit}`);
  if (end !== undefined && end >= limit) throw badInput('end', `must be Unix seconds below ${limit}`);
  if (start !== undefined && end !== undefined && start > end) throw badInput('start', `must not be after end (${start} > ${end})`);
  return { startTimestamp: start, endTimestamp: end };
}

/** An HTTP status code filter, as the service takes it (a string). */
export function responseCodeArg(argument: string, value: number | null | undefined): string | undefined {
  if (value == null) return undefined;
  if (!Number.isInteger(value) || value < 100 || value > 599) throw badInput(argument, `must be an HTTP status code (100 to 599), got ${value}`);
  return String(value);
}

/** Unix seconds from a number the service sends (it may carry fractions, or milliseconds). */
export function seconds(value: number): number {
  const n = Math.floor(value);
  return n > 1e11 ? Math.floor(n / 1000) : Math.max(0, n);
}
