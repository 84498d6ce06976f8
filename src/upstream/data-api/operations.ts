/**
 * The Data API's "Operations" operations, the key's transaction export jobs: one started, one read.
 * Only a caller's own key opens this group (see `caller-owned.ts`).
 */
import { nullIfNotFound } from '../transport/errors.js';
import { FRESH } from './caller-owned.js';
import { Endpoints } from './endpoints.js';
import type { WireOperationStatus, WireTransactionExportRequest } from './types/account.js';

export class OperationsEndpoints extends Endpoints {
  /** `GET /v1/operations/{operationId}`: a job's status; null when the key has no such job. */
  getOperationResult(operationId: string): Promise<WireOperationStatus | null> {
    return nullIfNotFound(this.rest.get('/v1/operations/{operationId}', { operationId }, undefined, FRESH));
  }

  /** `POST /v1/operations/transactions:export`: starts an export job. */
  postTransactionExportJob(body: WireTransactionExportRequest): Promise<WireOperationStatus> {
    return this.rest.post('/v1/operations/transactions:export', undefined, body);
  }
}
