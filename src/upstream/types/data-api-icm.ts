/** Wire shapes of the Data API's interchain-message (ICM, Teleporter) endpoints, by its official description. */
import type { DataApiSchema, Variants } from '@avalanche-graph/wire-types';

export type WireIcmReceipt = DataApiSchema<'IcmReceipt'>;
export type WireIcmRewardDetails = DataApiSchema<'IcmRewardDetails'>;
export type WireIcmSourceTransaction = DataApiSchema<'IcmSourceTransaction'>;
export type WireIcmDestinationTransaction = DataApiSchema<'IcmDestinationTransaction'>;

/**
 * One message, in one of three variants told apart by `status`: `pending` (no destination
 * transaction), `delivered` (both), `delivered_source_not_indexed` (no source transaction).
 */
export type WireIcmMessage = Variants<DataApiSchema<'ListIcmMessagesResponse'>['messages'][number]>;

export interface WireListIcmMessagesResponse extends Omit<DataApiSchema<'ListIcmMessagesResponse'>, 'messages'> {
  messages: WireIcmMessage[];
}
