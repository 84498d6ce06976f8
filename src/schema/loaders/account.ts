/**
 * The caller's own Data API account, shared within a request: webhooks and export jobs by id.
 * Only for a caller's own key: without one, each read fails with the refusal (FORBIDDEN).
 */
import DataLoader from 'dataloader';
import type { Context } from '../../context.js';
import type { WireOperationStatus, WireWebhook } from '../../upstream/data-api/types/account.js';
import { accountOf } from '../data-api-account/keys.js';
import { eachKey } from '../common/each-key.js';

/** The caller's webhooks by id (`getWebhook`): one call per distinct id; null for an id the key has no webhook of. */
export const webhookById = (ctx: Context) => new DataLoader<string, WireWebhook | null>((ids) => eachKey(ids, async (id) => accountOf(ctx).webhooks.getWebhook(id)));

/** The caller's export jobs by id (`getOperationResult`): one call per distinct id; null for an id the key has no job of. */
export const exportJobById = (ctx: Context) =>
  new DataLoader<string, WireOperationStatus | null>((ids) => eachKey(ids, async (id) => accountOf(ctx).operations.getOperationResult(id)));
