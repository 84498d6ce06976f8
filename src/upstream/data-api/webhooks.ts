/**
 * The Data API's "Webhooks" operations: the key's webhooks, the addresses they watch, and the
 * secret deliveries are signed with. Only a caller's own key opens this group (see `caller-owned.ts`).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { nullIfNotFound } from '../transport/errors.js';
import type { Query } from '../transport/rest.js';
import { FRESH } from './caller-owned.js';
import { Endpoints } from './endpoints.js';
import type { WireCreateWebhookRequest, WireSharedSecret, WireWebhook, WireWebhookStatus } from './types/account.js';

export class WebhooksEndpoints extends Endpoints {
  /** `POST /v1/webhooks`. */
  createWebhook(body: WireCreateWebhookRequest): Promise<WireWebhook> {
    return this.rest.post('/v1/webhooks', undefined, body);
  }

  /** `GET /v1/webhooks`: the key's webhooks, optionally of one status. */
  listWebhooks(query: { status?: WireWebhookStatus; pageToken?: string; pageSize?: number }): Promise<DataApiSchema<'ListWebhooksResponse'>> {
    return this.rest.get('/v1/webhooks', undefined, query as Query, FRESH);
  }

  /** `GET /v1/webhooks/{id}`: one webhook; null when the key has none with this id. */
  getWebhook(id: string): Promise<WireWebhook | null> {
    return nullIfNotFound(this.rest.get('/v1/webhooks/{id}', { id }, undefined, FRESH));
  }

  /** `DELETE /v1/webhooks/{id}`: the service deactivates the webhook and answers it. */
  deactivateWebhook(id: string): Promise<WireWebhook> {
    return this.rest.delete('/v1/webhooks/{id}', { id });
  }

  /** `PATCH /v1/webhooks/{id}`. */
  updateWebhook(id: string, body: DataApiSchema<'UpdateWebhookRequest'>): Promise<WireWebhook> {
    return this.rest.patch('/v1/webhooks/{id}', { id }, body);
  }

  /** `POST /v1/webhooks:generateOrRotateSharedSecret`. */
  generateOrRotateSharedSecret(): Promise<WireSharedSecret> {
    return this.rest.post('/v1/webhooks:generateOrRotateSharedSecret', undefined, undefined);
  }

  /** `GET /v1/webhooks:getSharedSecret`: the secret the service signs webhook deliveries with. */
  getSharedSecret(): Promise<WireSharedSecret> {
    return this.rest.get('/v1/webhooks:getSharedSecret', undefined, undefined, FRESH);
  }

  /** `PATCH /v1/webhooks/{id}/addresses`. */
  addAddressesToWebhook(id: string, addresses: string[]): Promise<WireWebhook> {
    return this.rest.patch('/v1/webhooks/{id}/addresses', { id }, { addresses });
  }

  /** `DELETE /v1/webhooks/{id}/addresses` (the addresses go in the body). */
  removeAddressesFromWebhook(id: string, addresses: string[]): Promise<WireWebhook> {
    return this.rest.delete('/v1/webhooks/{id}/addresses', { id }, { addresses });
  }

  /** `GET /v1/webhooks/{id}/addresses`: the addresses an EVM address-activity webhook watches. */
  getAddressesFromWebhook(id: string, query: { pageToken?: string; pageSize?: number }): Promise<DataApiSchema<'ListWebhookAddressesResponse'>> {
    return this.rest.get('/v1/webhooks/{id}/addresses', { id }, query as Query, FRESH);
  }
}
