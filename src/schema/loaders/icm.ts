/** Interchain messages of the Data API shared within a request. */
import type { WireIcmMessage } from '../../upstream/data-api/types/icm.js';
import { eachKey, type BatchRead } from '../common/each-key.js';

/** ICM messages by Teleporter message id (`getIcmMessage`), the `InterchainMessage` ref's read: one call per distinct id; null when unknown. */
export const icmMessagesById: BatchRead<WireIcmMessage> = (ids, ctx) => eachKey(ids, (id) => ctx.upstreams.dataApi.interchainMessaging.getIcmMessage(id));
