/**
 * What every resolver gets: the request's upstream clients (with the caller's key and the
 * per-operation memo), the request's loaders and the configuration. The loadable refs' own
 * dataloaders are attached by Pothos's dataloader plugin to this object.
 */
import type { Ticket } from './admission/admission.js';
import type { Config } from './config/index.js';
import type { LiveSession } from './live/index.js';
import type { Loaders } from './schema/loaders/index.js';
import type { RequestLog } from './observability/request-log.js';
import type { Notice } from './schema/common/notices.js';
import type { OperationTrace } from './observability/tracing.js';
import type { RequestUpstreams } from './upstream/index.js';

export interface Context {
  upstreams: RequestUpstreams;
  /** The request's loaders, one per shared upstream read (src/schema/loaders), each made on first use. */
  loaders: Loaders;
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
