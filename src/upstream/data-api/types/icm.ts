/** Wire shapes of the Data API's interchain-message (ICM, Teleporter) endpoints, by its official description. */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { VariantList } from './variants.js';


export type WireListIcmMessagesResponse = VariantList<DataApiSchema<'ListIcmMessagesResponse'>, 'messages'>;
/**
 * One message, in one of three variants told apart by `status`: `pending` (no destination
 * transaction), `delivered` (both), `delivered_source_not_indexed` (no source transaction).
 */
export type WireIcmMessage = WireListIcmMessagesResponse['messages'][number];
