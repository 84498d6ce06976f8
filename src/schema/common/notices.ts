/**
 * Notices: what an answer leaves out on purpose, without an error. When a chain's node does not
 * serve a method (JSON-RPC -32601: coreth, the C-Chain's VM, has no `eth_feeConfig`), the field is
 * null and `extensions.notices` of the response says which field and why; the response has no
 * error for it. Fields that can be null so say it in their descriptions.
 */
import { responsePathAsArray, type GraphQLResolveInfo } from 'graphql';
import type { Context, Notice } from '../../context.js';
import { UpstreamError } from '../../upstream/transport/errors.js';

/** Most notices one response carries (an operation may ask the same field of many chains). */
export const MAX_NOTICES = 20;

/** The read's answer, or null with a notice when the node does not serve the method; other failures throw. */
export async function servedOrNull<T>(ctx: Context, info: GraphQLResolveInfo, read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.kind !== 'unsupported') throw error;
    if (ctx.notices.length < MAX_NOTICES) {
      ctx.notices.push({ code: 'METHOD_NOT_SERVED', path: responsePathAsArray(info.path), message: `${error.message}; the field is null` });
    }
    return null;
  }
}

/** One payload of an incremental answer (`@defer`, `@stream`), as yoga's executor yields it. */
export interface IncrementalPayload {
  data?: unknown;
  incremental?: ReadonlyArray<{ data?: unknown; items?: readonly unknown[]; path: ReadonlyArray<string | number>; extensions?: Record<string, unknown> }>;
  hasNext: boolean;
  extensions?: Record<string, unknown>;
}

/** Whether `data` holds the field at `path` (it was delivered, null or not). */
function holds(data: unknown, path: ReadonlyArray<string | number>): boolean {
  let at = data;
  for (const [i, key] of path.entries()) {
    if (at === null || typeof at !== 'object' || !(key in at)) return false;
    if (i === path.length - 1) return true;
    at = (at as Record<string | number, unknown>)[key];
  }
  return false;
}

/**
 * The notices of an incremental answer, each sent once, with the payload that delivers its field:
 * the initial payload's in its `extensions.notices`, a deferred fragment's or streamed item's in its
 * incremental entry's `extensions.notices` (deferred parts run while earlier payloads are sent, so
 * a notice waits for its own field). What no payload delivered (a field nulled with its parent by an
 * error) goes in the last payload's `extensions.notices`. Returns the payload transform.
 */
export function noticeDelivery(notices: readonly Notice[]): <P extends IncrementalPayload>(payload: P) => P {
  const sent = new Set<Notice>();
  const take = (prefix: ReadonlyArray<string | number>, data: unknown): Notice[] => {
    const taken = notices.filter(
      (n) => !sent.has(n) && n.path.length > prefix.length && prefix.every((key, i) => n.path[i] === key) && holds(data, n.path.slice(prefix.length)),
    );
    for (const n of taken) sent.add(n);
    return taken;
  };
  return (payload) => {
    let extensions = payload.extensions;
    if ('data' in payload) {
      const own = take([], payload.data);
      if (own.length) extensions = { ...extensions, notices: own };
    }
    const incremental = payload.incremental?.map((entry) => {
      // A streamed entry's path ends with the index of its first item.
      const own = entry.items
        ? take(entry.path.slice(0, -1), Object.fromEntries(entry.items.map((item, i) => [Number(entry.path.at(-1)) + i, item])))
        : take(entry.path, entry.data);
      return own.length ? { ...entry, extensions: { ...entry.extensions, notices: own } } : entry;
    });
    if (!payload.hasNext) {
      const rest = notices.filter((n) => !sent.has(n));
      for (const n of rest) sent.add(n);
      if (rest.length) extensions = { ...extensions, notices: [...((extensions?.notices as Notice[] | undefined) ?? []), ...rest] };
    }
    return { ...payload, ...(incremental ? { incremental } : {}), ...(extensions ? { extensions } : {}) };
  };
}
