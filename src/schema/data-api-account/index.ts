/**
 * The account owner's domain: `Query.dataApiAccount` (webhooks, shared secret, usage, logs, export
 * jobs of the caller's own Data API key) and the mutations that write them. Without a key of the
 * caller's own, every field of it is refused (FORBIDDEN, `CALLER_KEY_REQUIRED`) before any call.
 */
import { builder } from '../../builder.js';
import { DataApiAccount } from './account.js';
import { accountOf } from './keys.js';
import './webhooks.js';
import './webhook-mutations.js';
import './usage.js';
import './exports.js';

builder.queryFields((t) => ({
  dataApiAccount: t.field({
    type: DataApiAccount,
    nullable: true,
    description:
      'The Data API account of the API key sent with this request (`x-glacier-api-key` or `x-data-api-key`): its webhooks, usage and export jobs. Null, with a FORBIDDEN error (`reason: CALLER_KEY_REQUIRED`), when the request carries no key of its own: the gateway\'s configured key is never used for these.',
    resolve: (_, __, ctx) => {
      accountOf(ctx);
      return { owner: 'caller' as const };
    },
  }),
}));
