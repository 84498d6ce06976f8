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
 * - `rate-limited`: a rate limit is in force (an upstream's `Retry-After` window for this key, or the
 *   client's upstream calls per second); nothing was sent.
 * - `unavailable`: the upstream's circuit breaker is open after consecutive failures; nothing was sent.
 * - `not-found`: a node says the block, transaction or asset asked for does not exist (the typed
 *   clients turn it into null; the Data API says so with a 404).
 * - `unsupported`: the node does not serve the method (JSON-RPC -32601): e.g. coreth, the C-Chain's
 *   VM, has no `eth_feeConfig`.
 * - `no-endpoint`: the chain has no node endpoint the gateway can reach (no usable `rpcUrl` in its
 *   Data API record and no `CHAIN_RPC_URLS` entry); nothing was sent.
 */
export type UpstreamFailure =
  | 'http'
  | 'timeout'
  | 'connection'
  | 'invalid-json'
  | 'rpc'
  | 'invalid-request'
  | 'budget'
  | 'rate-limited'
  | 'unavailable'
  | 'not-found'
  | 'unsupported'
  | 'no-endpoint';

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

  /**
   * The resource asked for does not exist: a Data API or metrics 404, or a node's "not found". A
   * node endpoint answering 404 is not that: it does not serve the chain at all (a routing fault).
   */
  get isNotFound(): boolean {
    return this.kind === 'not-found' || (this.kind === 'http' && this.status === 404 && this.service !== 'node-rpc');
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
    case 'unavailable':
      return `${who} is unavailable${said}`;
    case 'not-found':
      return `${who} found nothing${said}`;
    case 'unsupported':
      return `${who} does not serve the method${said}`;
    case 'no-endpoint':
      return `${who} has no endpoint${said}`;
  }
}

/** Longest upstream message passed on to a client. */
export const MAX_UPSTREAM_MESSAGE = 200;

const URL_LIKE = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]*/gi;
const HOST_PORT = /\b(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\]|[a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d{1,5})?(?:\/[^\s"'<>]*)?/gi;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b/g;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]+/g;

/**
 * Makes an upstream's structured message safe to show a client: the given secrets (the keys the
 * call carried) redacted, URLs, hosts and addresses removed, control and bidi characters dropped,
 * one line, at most MAX_UPSTREAM_MESSAGE characters.
 */
export function cleanUpstreamMessage(message: unknown, secrets: readonly string[] = []): string | undefined {
  let text: string | undefined;
  if (typeof message === 'string') text = message;
  else if (Array.isArray(message)) text = message.filter((m) => typeof m === 'string').join('; ');
  if (!text) return undefined;
  text = text.slice(0, 4 * MAX_UPSTREAM_MESSAGE);
  text = redact(text, secrets)
    .replace(CONTROL, ' ')
    .replace(URL_LIKE, '[url]')
    .replace(IPV4, '[host]')
    .replace(HOST_PORT, (match) => (/[:/]/.test(match) || /\.(com|net|org|io|network|internal|local|cloud)\b/i.test(match) ? '[host]' : match))
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  return text.length > MAX_UPSTREAM_MESSAGE ? `${text.slice(0, MAX_UPSTREAM_MESSAGE - 3)}...` : text;
}

/** Replaces every occurrence of each secret (of 4+ characters) with `[redacted]`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}

/**
 * The answer, or null when the service says the resource does not exist (a 404, a node's "not
 * found"); other failures throw. Only the typed clients use it: the schema sees null.
 */
export async function nullIfNotFound<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof UpstreamError && error.isNotFound) return null;
    throw error;
  }
}
