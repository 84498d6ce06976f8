/**
 * A small leveled JSON-lines logger on stderr, shaped as yoga's logger. Messages are built by the
 * gateway from route templates and codes; request headers (where keys travel) are never logged.
 */
import type { Config } from './config.js';

export interface Logger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

export function createLogger(level: Config['logLevel'], write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const threshold = LEVELS[level];
  const log = (name: keyof typeof LEVELS) => (...args: unknown[]) => {
    if (LEVELS[name] < threshold) return;
    const [message, ...rest] = args;
    const text = message instanceof Error ? `${message.name}: ${message.message}` : String(message);
    const extra = rest.length ? { details: rest.map((r) => (r instanceof Error ? `${r.name}: ${r.message}` : r)) } : {};
    write(`${JSON.stringify({ time: new Date().toISOString(), level: name, msg: text, ...extra })}\n`);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
