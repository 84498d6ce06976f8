/**
 * A small leveled JSON-lines logger on stderr, shaped as yoga's logger. Messages are built by the
 * gateway from route templates and codes; request headers (where keys travel) are never logged.
 * An unexpected error (one that is neither a GraphQL error raised on purpose nor an upstream
 * failure) is logged with its stack: it is masked in the answer, so the log is the only place
 * its cause shows.
 */
import type { Config } from './config.js';
import { UpstreamError } from './upstream/errors.js';

export interface Logger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

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

const describe = (error: Error) => `${error.name}: ${error.message}`;

export function createLogger(level: Config['logLevel'], write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const threshold = LEVELS[level];
  const log = (name: keyof typeof LEVELS) => (...args: unknown[]) => {
    if (LEVELS[name] < threshold) return;
    const [message, ...rest] = args;
    const text = message instanceof Error ? describe(message) : String(message);
    const stack = message instanceof Error ? unexpectedStack(message) : undefined;
    const details = rest.map((r) => {
      if (!(r instanceof Error)) return r;
      const detailStack = unexpectedStack(r);
      return detailStack ? { error: describe(r), stack: detailStack } : describe(r);
    });
    write(`${JSON.stringify({ time: new Date().toISOString(), level: name, msg: text, ...(stack ? { stack } : {}), ...(details.length ? { details } : {}) })}\n`);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
