/**
 * The Data API's "Interchain Messaging" operations: interchain (ICM) messages (`/v1/icm/...`).
 */
import { nullIfNotFound } from '../transport/errors.js';
import { TTL } from '../transport/ttl.js';
import { Endpoints } from './endpoints.js';
import type { DataApiNetwork } from './types/chains.js';
import type { WireIcmMessage, WireListIcmMessagesResponse } from './types/icm.js';

/** The filters of `GET /v1/icm/messages`; each one given narrows the list. */
export interface IcmMessageFilters {
  sourceBlockchainId?: string;
  destinationBlockchainId?: string;
  /** Either side of the message. */
  blockchainId?: string;
  from?: string;
  to?: string;
  network?: DataApiNetwork;
}

export class InterchainMessagingEndpoints extends Endpoints {
  /** `GET /v1/icm/messages/{messageId}`: one message by id. */
  getIcmMessage(messageId: string): Promise<WireIcmMessage | null> {
    return nullIfNotFound(this.rest.get('/v1/icm/messages/{messageId}', { messageId }, undefined, { ttlMs: TTL.moving }));
  }

  /**
   * `GET /v1/icm/messages`: every message, newest first, narrowed by the filters given (chains by
   * blockchain id, or EVM chain id for source and destination; sender; recipient; network).
   */
  listIcmMessages(query: IcmMessageFilters & { pageToken?: string; pageSize?: number }): Promise<WireListIcmMessagesResponse> {
    return this.rest.get('/v1/icm/messages', undefined, { ...query }, { ttlMs: TTL.moving });
  }

  /** `GET /v1/icm/addresses/{address}/messages`: messages an address sent or received, newest first. */
  listIcmMessagesByAddress(
    address: string,
    query: { network?: DataApiNetwork; pageToken?: string; pageSize?: number },
  ): Promise<WireListIcmMessagesResponse> {
    return this.rest.get('/v1/icm/addresses/{address}/messages', { address }, { ...query }, { ttlMs: TTL.moving });
  }
}
