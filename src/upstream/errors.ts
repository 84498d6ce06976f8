/**
 * The one error type every upstream client throws. It names the service, the route template (never
 * a concrete URL, which could hold an address or, for some deployments, a key) and what went wrong.
 */

export type UpstreamService = 'data-api' | 'node-rpc' | 'metrics';

/**
 * - `http`: the service answered with a non-2xx status.
 * - `timeout`: no complete answer before the deadline.
 * - `connection`: refused, reset or otherwise broken connection.
 * - `invalid-json`: a 2xx answer whose body is not the JSON the protocol promises.
 * - `rpc`: a JSON-RPC error object.
 * - `invalid-request`: the client refused to build the request (e.g. a dot path segment).
 * - `budget`: the operation used up its upstream request budget; nothing was sent.
 * - `rate-limited`: a rate limit is in force (the client's upstream calls per second); nothing was sent.
 */
export type UpstreamFailure = 'http' | 'timeout' | 'connection' | 'invalid-json' | 'rpc' | 'invalid-request' | 'budget' | 'rate-limited';

export interface UpstreamErrorDetails {
  service: UpstreamService;
  kind: UpstreamFailure;
  /** Route template, e.g. `GET /v1/chains/{chainId}/blocks` or `POST /ext/bc/X avm.getTx`. */
  route: string;
  status?: number;
  /** The upstream's own message, when it sent one. */
  upstreamMessage?: string;
  /** JSON-RPC error code. */
  rpcCode?: number;
  /** Seconds to wait, from a 429's `retry-after`. */
  retryAfter?: number;
  /** `ratelimit-*` and `x-ratelimit-*` headers of a 429, as sent. */
  rateLimit?: Record<string, string>;
}

export class UpstreamError extends Error implements UpstreamErrorDetails {
  readonly service: UpstreamService;
  readonly kind: UpstreamFailure;
  readonly route: string;
  readonly status?: number;
  readonly upstreamMessage?: string;
  readonly rpcCode?: number;
  readonly retryAfter?: number;
  readonly rateLimit?: Record<string, string>;

  constructor(details: UpstreamErrorDetails) {
    super(describe(details));
    this.name = 'UpstreamError';
    this.service = details.service;
    this.kind = details.kind;
    this.route = details.route;
    this.status = details.status;
    this.upstreamMessage = details.upstreamMessage;
    this.rpcCode = details.rpcCode;
    this.retryAfter = details.retryAfter;
    this.rateLimit = details.rateLimit;
  }

  get isNotFound(): boolean {
    return this.kind === 'http' && this.status === 404;
  }

  get isRateLimited(): boolean {
    return this.kind === 'http' && this.status === 429;
  }
}

const SERVICE_NAMES: Record<UpstreamService, string> = {
  'data-api': 'Data API',
  'node-rpc': 'Node RPC',
  metrics: 'Metrics service',
};

function describe(d: UpstreamErrorDetails): string {
  const who = `${SERVICE_NAMES[d.service]} (${d.route})`;
  const said = d.upstreamMessage ? `: ${d.upstreamMessage}` : '';
  switch (d.kind) {
    case 'http':
      return `${who} answered ${d.status}${said}`;
    case 'timeout':
      return `${who} did not answer in time`;
    case 'connection':
      return `${who} could not be reached${said}`;
    case 'invalid-json':
      return `${who} sent a body that is not valid JSON`;
    case 'rpc':
      return `${who} returned JSON-RPC error ${d.rpcCode}${said}`;
    case 'invalid-request':
      return `${who} request refused before sending${said}`;
    case 'budget':
    case 'rate-limited':
      return `${who} not called${said}`;
  }
}

/** Trims an upstream message to something safe to show: one line, bounded length. */
export function cleanUpstreamMessage(message: unknown): string | undefined {
  let text: string | undefined;
  if (typeof message === 'string') text = message;
  else if (Array.isArray(message)) text = message.filter((m) => typeof m === 'string').join('; ');
  if (!text) return undefined;
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** The answer, or null when the service says the resource does not exist (404); other failures throw. */
export async function nullIfNotFound<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof UpstreamError && error.isNotFound) return null;
    throw error;
  }
}
