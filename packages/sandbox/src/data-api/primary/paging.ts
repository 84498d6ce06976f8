/**
 * The Data API's page tokens: opaque to callers, here base64url of an offset bound to the query
 * that produced it (a token replayed with other filters, or forged, is a 400). The page size may
 * change between pages.
 */
import { sha256Bytes } from '@avalanche-graph/identity';
import { badRequest } from '../errors.js';
import { intParam } from './params.js';

export interface PageSpec {
  /** Everything that selects and orders the list (not the page size): what a token is bound to. */
  scope: string;
  defaultSize: number;
  maxSize: number;
}

export interface Page<T> {
  items: T[];
  nextPageToken?: string;
}

function fingerprint(scope: string): string {
  return Buffer.from(sha256Bytes(scope).subarray(0, 6)).toString('base64url');
}

function decodeToken(token: string, scope: string): number {
  let text: string;
  try {
    text = Buffer.from(token, 'base64url').toString('utf8');
  } catch {
    throw badRequest('Invalid pageToken');
  }
  const match = /^v1:([A-Za-z0-9_-]+):(\d{1,9})$/.exec(text);
  if (!match || match[1] !== fingerprint(scope) || Buffer.from(text, 'utf8').toString('base64url') !== token) throw badRequest('Invalid pageToken');
  return Number(match[2]);
}

export function paginate<T>(items: T[], query: URLSearchParams, spec: PageSpec): Page<T> {
  const pageSize = intParam(query, 'pageSize', spec.defaultSize, 1, spec.maxSize);
  const token = query.get('pageToken');
  const offset = token === null || token === '' ? 0 : decodeToken(token, spec.scope);
  if (offset > items.length) throw badRequest('Invalid pageToken');
  const end = offset + pageSize;
  const page: Page<T> = { items: items.slice(offset, end) };
  if (end < items.length) page.nextPageToken = Buffer.from(`v1:${fingerprint(spec.scope)}:${end}`, 'utf8').toString('base64url');
  return page;
}

/** Sorts by a numeric or bigint key, ties by a string key, in the requested order. */
export function sortBy<T>(items: T[], key: (item: T) => number | bigint, tie: (item: T) => string, order: 'asc' | 'desc'): T[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
    const ta = tie(a);
    const tb = tie(b);
    return ta === tb ? 0 : (ta < tb ? -1 : 1) * sign;
  });
}
