/**
 * The caller's own Data API account, shared within a request: webhooks and export jobs by id.
 * Only for a caller's own key: without one, each read fails with the refusal (FORBIDDEN).
 */
import type { WireOperationStatus, WireWebhook } from '../../upstream/data-api/types/account.js';
import { accountOf, serviceId } from '../data-api-account/keys.js';
import { eachKey, type BatchRead } from '../common/each-key.js';

/** The caller's webhooks by id (`getWebhook`), the `Webhook` ref's read: one call per distinct id; null for an id the key has no webhook of. */
export const webhooksById: BatchRead<WireWebhook> = (ids, ctx) => eachKey(ids, async (id) => accountOf(ctx).webhooks.getWebhook(serviceId('id', id)));

/** The caller's export jobs by id (`getOperationResult`), the `TransactionExportJob` ref's read: one call per distinct id; null for an id the key has no job of. */
export const exportJobsById: BatchRead<WireOperationStatus> = (ids, ctx) => eachKey(ids, async (id) => accountOf(ctx).operations.getOperationResult(serviceId('id', id)));
