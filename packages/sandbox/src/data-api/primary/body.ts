/**
 * The request body of the Data API's POST forms of address reads (`{"addresses": "a,b,c"}`): the
 * same comma-separated list the GET forms take in the URL, for lists a URL cannot hold.
 */
import type { ChainAlias, PrimaryNetwork } from '../../world/primary/index.js';
import { badRequest } from '../errors.js';
import { addressKeys } from './params.js';

/**
 * Most addresses a POST form takes. The description says only that it takes more than the GET
 * form's 64; the sandbox sets 256.
 */
export const BODY_MAX_ADDRESSES = 256;

/** The addresses of a POST form's body, as the hex of their key hashes; a missing or malformed list is a 400. */
export function addressesBody(body: unknown, net: PrimaryNetwork, chains: readonly ChainAlias[]): Set<string> {
  const raw = body !== null && typeof body === 'object' ? (body as { addresses?: unknown }).addresses : undefined;
  if (typeof raw !== 'string') throw badRequest('addresses must be a string');
  const items = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) throw badRequest('addresses should not be empty');
  if (items.length > BODY_MAX_ADDRESSES) throw badRequest(`addresses must contain no more than ${BODY_MAX_ADDRESSES} elements`);
  return addressKeys(items, 'addresses', net, chains);
}
