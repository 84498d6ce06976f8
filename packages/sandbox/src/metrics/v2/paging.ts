/**
 * Pages of the v2 routes: `pageSize` within the route's bounds and the service's expiring page
 * tokens (the same tokens as `/v1/avg_tps`), each bound to its list by a fingerprint of the route
 * and its filters, so a token of one list is refused on another.
 */
import { createHash } from 'node:crypto';
import type { PageTokens } from '../token.js';
import { bad, intParam } from './params.js';

export interface PageBounds {
  defaultSize: number;
  maxSize: number;
}

export const SERIES_PAGE: PageBounds = { defaultSize: 100, maxSize: 2160 };
export const ADDRESS_PAGE: PageBounds = { defaultSize: 1000, maxSize: 5000 };
export const COMPOSITE_PAGE: PageBounds = { defaultSize: 1000, maxSize: 10000 };

/** The tokens' list key: a whole number from the scope's hash (the token class keys by number). */
function scopeKey(scope: string): number {
  return parseInt(createHash('sha256').update(scope).digest('hex').slice(0, 12), 16);
}

/** One page of `items` from the page token and size given (as query parameters or body fields). */
export function pageOf<T>(
  tokens: PageTokens,
  scope: string,
  items: readonly T[],
  request: { pageToken?: string | null; pageSize?: number },
  bounds: PageBounds | { fixedSize: number },
): { items: T[]; nextPageToken?: string } {
  const key = scopeKey(scope);
  let offset = 0;
  if (request.pageToken) {
    const checked = tokens.check(request.pageToken, key);
    if (!checked.ok) throw bad(checked.reason === 'expired' ? 'pageToken has expired' : 'pageToken is invalid');
    if (checked.offset > items.length) throw bad('pageToken is invalid');
    offset = checked.offset;
  }
  const size = 'fixedSize' in bounds ? bounds.fixedSize : (request.pageSize ?? bounds.defaultSize);
  const page = items.slice(offset, offset + size);
  const next = offset + page.length;
  return { items: page, ...(next < items.length ? { nextPageToken: tokens.issue(key, next) } : {}) };
}

/** The page request of a GET route: `pageToken` and `pageSize` within the bounds. */
export function queryPage(query: URLSearchParams, bounds: PageBounds): { pageToken: string | null; pageSize: number } {
  return { pageToken: query.get('pageToken'), pageSize: intParam(query, 'pageSize', 1, bounds.maxSize) ?? bounds.defaultSize };
}

/** The page request of a JSON body (`pageSize` a whole number within the bounds). */
export function bodyPage(body: Record<string, unknown>, bounds: PageBounds): { pageToken: string | null; pageSize: number } {
  const { pageSize, pageToken } = body;
  if (pageSize !== undefined && (!Number.isInteger(pageSize) || (pageSize as number) < 1 || (pageSize as number) > bounds.maxSize)) {
    throw bad(`pageSize must be an integer between 1 and ${bounds.maxSize}`);
  }
  if (pageToken !== undefined && typeof pageToken !== 'string') throw bad('pageToken must be a string');
  return { pageToken: (pageToken as string | undefined) ?? null, pageSize: (pageSize as number | undefined) ?? bounds.defaultSize };
}
