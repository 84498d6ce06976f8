/**
 * What the groups of the key owner's operations share: webhooks (`webhooks.ts`), usage metrics and
 * request logs (`usage-metrics.ts`) and transaction export jobs (`operations.ts`). Every answer is
 * the key's own, so nothing there is kept past the call (no TTL: in-flight sharing only, within the
 * key's cache partition), writes go out once (never retried, cached or shared), and reads of what a
 * write changes skip the operation's memo.
 *
 * These groups only exist for a caller's own key (see `DataApiClient.webhooks`): the gateway's
 * configured key never reaches their routes.
 */

/** Reads of moving, per-key state: not memoized for the operation (its own writes change them). */
export const FRESH = { memo: false } as const;
