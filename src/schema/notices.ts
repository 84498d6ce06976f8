/**
 * Notices: what an answer leaves out on purpose, without an error. When a chain's node does not
 * serve a method (JSON-RPC -32601: coreth, the C-Chain's VM, has no `eth_feeConfig`), the field is
 * null and `extensions.notices` of the response says which field and why; the response has no
 * error for it. Fields that can be null so say it in their descriptions.
 */
import { responsePathAsArray, type GraphQLResolveInfo } from 'graphql';
import type { Context } from '../context.js';
import { UpstreamError } from '../upstream/errors.js';

/** Most notices one response carries (an operation may ask the same field of many chains). */
export const MAX_NOTICES = 20;

export interface Notice {
  code: 'METHOD_NOT_SERVED';
  path: ReadonlyArray<string | number>;
  message: string;
}

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
