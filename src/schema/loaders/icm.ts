/** Interchain messages of the Data API shared within a request. */
import DataLoader from 'dataloader';
import type { Context } from '../../context.js';
import type { WireIcmMessage } from '../../upstream/data-api/types/icm.js';
import { eachKey } from '../common/each-key.js';

/** ICM messages by Teleporter message id (`getIcmMessage`): one call per distinct id; null when unknown. */
export const icmMessageById = (ctx: Context) =>
  new DataLoader<string, WireIcmMessage | null>((ids) => eachKey(ids, (id) => ctx.upstreams.dataApi.interchainMessaging.getIcmMessage(id)));
