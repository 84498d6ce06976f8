/**
 * A crowd of clients in a closed loop: `connections` virtual users, each on a connection of its own,
 * each sending its next operation as soon as its last one is answered, under a new API key every time
 * (as many distinct users would). A user told to wait (503 or 429 with `Retry-After`) waits that
 * long, as a well-behaved client does, before its next request. Counts what every request got: an
 * answer with data, a refusal with `Retry-After`, another answer, or no answer at all (a reset, a
 * cut connection). Used by the overload tests, `npm run bench:overload` and `npm run bench:hostile`.
 *
 * The gateway counts a client without an API key by its address, so a crowd of distinct users on one
 * machine binds each user's connection to a loopback address of its own (`localAddresses`, e.g.
 * `loopbackAddresses(connections)`: Linux answers on all of 127.0.0.0/8).
 */
import { Client } from 'undici';

/** The heavy operation of the overload runs: the C-Chain's latest 40 blocks with 50 transactions each (a 30-50 KB answer). */
export const HEAVY_QUERY = `query Crowd { chain(id: "43114") { blocks(first: 40) { nodes { number hash timestamp transactions(first: 50) { nodes { hash from { address } to { address } value gasUsed } } } } } }`;

export interface CrowdOptions {
  /** The gateway's GraphQL URL. */
  url: string;
  connections: number;
  durationMs: number;
  /** The operation each user sends (HEAVY_QUERY by default), and its variables. */
  query?: string;
  variables?: Record<string, unknown>;
  /** The API key of the n-th request of user `user` (a new one each time by default). */
  key?: (user: number, n: number) => string;
  /** Honour `Retry-After` (default true): a refused user waits before its next request. */
  honourRetryAfter?: boolean;
  /** The longest wait a `Retry-After` may impose on a user, in ms (default 2000). */
  maxRetryWaitMs?: number;
  /** Told of each request's outcome as it comes (a benchmark's timeline). */
  onOutcome?: (outcome: 'data' | 'shed' | 'other' | 'none') => void;
  /** The local addresses to connect from: user i binds to `localAddresses[i % length]` (default: the system's choice). */
  localAddresses?: readonly string[];
}

export interface CrowdResult {
  connections: number;
  seconds: number;
  /** Answers with data and no error. */
  answered: number;
  /** Answers with data and some errors (partial data). */
  partial: number;
  /** 503 and 429 refusals, each with a `Retry-After`. */
  shed: number;
  /** Refusals without `Retry-After`, and answers with no data. */
  otherAnswers: number;
  /** Requests that got no HTTP answer (reset, cut, timed out in the client). */
  noAnswer: number;
  /** Error codes seen, with their counts (answers' `extensions.code`, refusals' code). */
  codes: Record<string, number>;
  statuses: Record<string, number>;
  /** Latencies of the answers with data, sorted, in ms. */
  latencies: number[];
  /** The first few failures without an answer, for a test's message. */
  failures: string[];
}

/** Answers with data and no error, per second. */
export function goodput(result: CrowdResult): number {
  return result.answered / result.seconds;
}

export function percentileMs(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * `n` distinct loopback addresses, 127.0.<x>.<y>, from 127.0.0.<from> on (skipping the .0 and .255
 * of each /24), for connections that must look like `n` different clients. Linux routes all of
 * 127.0.0.0/8 to the loopback interface, so a socket can bind to any of them without set-up.
 */
export function loopbackAddresses(n: number, from = 10): string[] {
  if (!Number.isInteger(from) || from < 1 || from > 254) throw new RangeError(`loopbackAddresses: from must be 1-254, not ${from}`);
  const addresses: string[] = [];
  for (let x = 0, y = from; addresses.length < n; y++) {
    if (y > 254) {
      x++;
      y = 1;
    }
    if (x > 255) throw new RangeError(`loopbackAddresses: no ${n} addresses in 127.0.0.0/16 from 127.0.0.${from}`);
    addresses.push(`127.0.${x}.${y}`);
  }
  return addresses;
}

let crowdSerial = 0;

/** Runs the crowd for `durationMs`; resolves once every user's last request is answered (or failed). */
export async function runCrowd(options: CrowdOptions): Promise<CrowdResult> {
  const { connections, durationMs } = options;
  const query = options.query ?? HEAVY_QUERY;
  const serial = ++crowdSerial;
  const key = options.key ?? ((user, n) => `crowd-${serial}-${user}-${n}`);
  const honour = options.honourRetryAfter ?? true;
  const maxWait = options.maxRetryWaitMs ?? 2000;
  const url = new URL(options.url);
  const result: CrowdResult = { connections, seconds: 0, answered: 0, partial: 0, shed: 0, otherAnswers: 0, noAnswer: 0, codes: {}, statuses: {}, latencies: [], failures: [] };
  const count = (record: Record<string, number>, name: string) => (record[name] = (record[name] ?? 0) + 1);
  const body = JSON.stringify({ query, variables: options.variables });
  const started = performance.now();
  const end = started + durationMs;

  const user = async (index: number) => {
    // One connection per user, as a crowd of browsers has; a long timeout: a slow answer is still an answer.
    const localAddress = options.localAddresses?.length ? options.localAddresses[index % options.localAddresses.length] : undefined;
    const client = new Client(url.origin, { pipelining: 1, headersTimeout: 120_000, bodyTimeout: 120_000, keepAliveTimeout: 30_000, ...(localAddress ? { localAddress } : {}) });
    try {
      for (let n = 0; performance.now() < end; n++) {
        const sent = performance.now();
        let wait = 0;
        try {
          const response = await client.request({
            path: url.pathname,
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-data-api-key': key(index, n) },
            body,
          });
          const text = await response.body.text();
          count(result.statuses, String(response.statusCode));
          let parsed: { data?: unknown; errors?: { extensions?: { code?: string } }[] } | undefined;
          try {
            parsed = JSON.parse(text) as typeof parsed;
          } catch {
            parsed = undefined;
          }
          for (const error of parsed?.errors ?? []) count(result.codes, error.extensions?.code ?? 'none');
          const retryAfter = response.headers['retry-after'];
          if ((response.statusCode === 503 || response.statusCode === 429) && typeof retryAfter === 'string') {
            result.shed++;
            options.onOutcome?.('shed');
            if (honour) wait = Math.min(maxWait, Number(retryAfter) * 1000);
          } else if (response.statusCode === 200 && parsed?.data) {
            if (parsed.errors?.length) result.partial++;
            else result.answered++;
            result.latencies.push(performance.now() - sent);
            options.onOutcome?.('data');
          } else {
            result.otherAnswers++;
            options.onOutcome?.('other');
          }
        } catch (error) {
          result.noAnswer++;
          options.onOutcome?.('none');
          // Not at once again: a process that is gone refuses connections in microseconds.
          wait = 100;
          if (result.failures.length < 5) result.failures.push(`${(error as Error & { code?: string }).code ?? ''} ${(error as Error).message}`);
          // A cut connection: undici reconnects on the next request.
        }
        if (wait > 0) {
          // Spread the retries (half to the whole wait), as clients with jitter do.
          const jittered = wait * (0.5 + Math.random() / 2);
          await new Promise((resolve) => setTimeout(resolve, Math.min(jittered, Math.max(0, end - performance.now()))));
        }
      }
    } finally {
      await client.close().catch(() => undefined);
    }
  };

  await Promise.all(Array.from({ length: connections }, (_, i) => user(i)));
  result.seconds = (performance.now() - started) / 1000;
  result.latencies.sort((a, b) => a - b);
  return result;
}
