/**
 * What every resolver gets: the request's upstream clients (with the caller's key and the
 * per-operation memo) and the configuration. Its loaders (src/schema/loaders) and the loadable
 * refs' own dataloaders (Pothos's dataloader plugin) are kept beside it, keyed by this object: the
 * context names no schema type, so it sits below the schema, not in a circle with it.
 */
import type { Ticket } from './admission/admission.js';
import type { Config } from './config/index.js';
import type { LiveSession } from './live/index.js';
import type { RequestLog } from './observability/request-log.js';
import type { OperationTrace } from './observability/tracing.js';
import type { RequestUpstreams } from './upstream/index.js';

/** A field left null on purpose, for the answer's `extensions.notices` (src/schema/common/notices.ts). */
export interface Notice {
  code: 'METHOD_NOT_SERVED';
  path: ReadonlyArray<string | number>;
  message: string;
}

export interface Context {
  upstreams: RequestUpstreams;
  config: Config;
  /** What the answer leaves out on purpose (a method a node does not serve), for `extensions.notices`. */
  notices: Notice[];
  /** Live subscriptions of this request's caller (its key and client). */
  live: LiveSession;
  /** The request's id and its logger (`requestLog.log`: every line carries the id). */
  requestLog: RequestLog;
  /**
   * A new context for the same caller: fresh upstream clients (memo, budget, deadline), notices and
   * loaders. Each event of a subscription is resolved in one, so a long subscription neither hits
   * the deadline of the request that opened it nor keeps every event's loads.
   */
  forEvent(): Context;
  /** The operation's trace when tracing is on (src/observability/tracing.ts); a subscription's events have none. */
  trace: OperationTrace | undefined;
  /** The operation's estimated upstream calls (the operation guard's, src/plugins/operation-guard.ts), once it has passed the guard. */
  estimatedUpstreamCalls?: number;
  /** The request's admission ticket (src/admission/), when the server admits requests; a subscription gives it back as its stream starts. */
  ticket: Ticket | undefined;
}
