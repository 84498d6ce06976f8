/**
 * The gateway's log: JSON lines on stderr through pino, from LOG_LEVEL up. Each line has `level` (a
 * name), `time` (ISO 8601) and `msg`; a request's lines also have its `requestId`
 * (src/observability/request-log.ts). Nothing a caller's key travels in is written: the headers that can carry a
 * key are redacted wherever a logged object holds them (`REDACTED_HEADERS`, the configured key
 * header), and the configured secrets' values are replaced in every line.
 *
 * An error is logged under `err` with its name and message; an unexpected one (neither a GraphQL
 * error raised on purpose nor an upstream failure) with the stack of its cause too: it is masked in
 * the answer, so the log is the only place its cause shows.
 */
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { Config, RedisTarget } from '../config/index.js';
import { UpstreamError } from '../upstream/transport/errors.js';

export type Logger = PinoLogger;

/** What replaces a redacted value. */
export const REDACTED = '[redacted]';

/**
 * Request headers that can carry a key or a credential, redacted beside the configured key header
 * wherever a logged object holds them in one of `HEADER_CONTAINERS`.
 */
export const REDACTED_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-data-api-key', 'x-glacier-api-key', 'x-federation-secret'] as const;

/** Where a logged object may hold headers. Named paths: pino's wildcards walk every key of every line. */
const HEADER_CONTAINERS = ['headers', 'req.headers', 'request.headers'] as const;

/** The error at the bottom of a chain of GraphQL wrappers (`originalError`), the cause. */
function causeOf(error: Error): Error {
  let current = error;
  for (let depth = 0; depth < 5; depth++) {
    const next = (current as { originalError?: unknown }).originalError;
    if (!(next instanceof Error)) break;
    current = next;
  }
  return current;
}

/** A GraphQL error raised on purpose (or by graphql-js itself) or an upstream failure: expected, no stack. */
function isExpected(error: Error): boolean {
  return error.name === 'GraphQLError' || error instanceof UpstreamError;
}

/** The stack of an unexpected error's cause, else undefined. */
export function unexpectedStack(error: Error): string | undefined {
  const cause = causeOf(error);
  return isExpected(cause) ? undefined : cause.stack;
}

/** How `err` is written: name and message, the code of a GraphQL error, and the stack of an unexpected one. */
function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const code = (error as { extensions?: { code?: unknown } }).extensions?.code;
  const stack = unexpectedStack(error);
  return { type: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}), ...(stack ? { stack } : {}) };
}

/** The passwords REDIS_URL gives: a server's (in its URL), or a Sentinel group's or Cluster's nodes' and the sentinels'. */
function redisPasswords(redis: RedisTarget | undefined): Array<string | undefined> {
  if (!redis) return [];
  if (redis.mode === 'sentinel') return [redis.password, redis.sentinelPassword];
  if (redis.mode === 'cluster') return [redis.password];
  try {
    return [decodeURIComponent(new URL(redis.url).password)];
  } catch {
    return [];
  }
}

/** The values no line may hold: the configured key and secrets. */
export function configuredSecrets(config: Pick<Config, 'dataApiKey' | 'federationSecret' | 'redis'>): string[] {
  return [config.dataApiKey, config.federationSecret, ...redisPasswords(config.redis)].filter((value): value is string => !!value);
}

export interface LoggerOptions {
  /** Header names that carry a key beside `REDACTED_HEADERS` (DATA_API_KEY_HEADER). */
  keyHeaders?: readonly string[];
  /** Values replaced by `[redacted]` wherever they appear in a line (see `configuredSecrets`). */
  secrets?: readonly string[];
  /** Where lines go (tests); stderr by default. */
  write?: (line: string) => void;
}

/** The logger of a gateway process at `level` (LOG_LEVEL). */
export function createLogger(level: Config['logLevel'], options: LoggerOptions | ((line: string) => void) = {}): Logger {
  const { keyHeaders = [], secrets = [], write } = typeof options === 'function' ? { write: options } : options;
  const headers = [...new Set([...REDACTED_HEADERS, ...keyHeaders.map((name) => name.toLowerCase())])];
  // Each secret as JSON writes it inside a string (a quote or a backslash in it is escaped there).
  const hidden = [...new Set(secrets.map((secret) => JSON.stringify(secret).slice(1, -1)))];
  const destination: DestinationStream = write ? { write } : pino.destination({ dest: 2, sync: false });
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError },
      redact: { paths: HEADER_CONTAINERS.flatMap((container) => headers.map((name) => `${container}["${name}"]`)), censor: REDACTED },
      hooks: hidden.length
        ? {
            streamWrite: (line) => {
              for (const secret of hidden) if (line.includes(secret)) line = line.replaceAll(secret, REDACTED);
              return line;
            },
          }
        : {},
    },
    destination,
  );
}

/** A gateway's logger, with its configured key header and secrets redacted. */
export function createGatewayLogger(config: Config, write?: (line: string) => void): Logger {
  return createLogger(config.logLevel, { keyHeaders: config.dataApiKeyHeaders, secrets: configuredSecrets(config), write });
}
