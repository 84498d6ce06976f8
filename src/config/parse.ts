/**
 * How the variables' values are read: the parsers the tables of sections/ share. Each says what it
 * accepts, as the documentation shows it, and throws a ConfigError naming the variable when a value is
 * bad; one whose value may be a secret never echoes it.
 */
import { ConfigError, type Parser } from './variable.js';

/** Anything: the value as it is. */
export const text = (accepts: string): Parser<string> => ({ accepts, parse: (raw) => raw });

/** A whole number from `min` to `max`. */
export const whole = (min: number, max: number): Parser<number> => ({
  accepts: `whole number, ${min}–${max}`,
  parse(raw, name) {
    if (!/^\d+$/.test(raw)) throw new ConfigError(name, `"${raw}" is not a whole number`);
    const value = Number(raw);
    if (value < min || value > max) throw new ConfigError(name, `${value} is outside ${min}..${max}`);
    return value;
  },
});

/** A number from 0 to 1. */
export const ratio: Parser<number> = {
  accepts: 'a number, 0–1',
  parse(raw, name) {
    if (!/^\d*\.?\d+$/.test(raw) || Number(raw) > 1) throw new ConfigError(name, `"${raw}" is not a number from 0 to 1`);
    return Number(raw);
  },
};

/** One of `values`, compared in lower case (as OpenTelemetry's SDKs do). */
export const oneOf = <const V extends readonly string[]>(values: V): Parser<V[number]> => ({
  accepts: values.length === 2 ? `\`${values[0]}\` or \`${values[1]}\`` : values.map((value) => `\`${value}\``).join(', '),
  parse(raw, name) {
    const value = raw.toLowerCase();
    if (!values.includes(value)) throw new ConfigError(name, `"${raw}" is not one of ${values.join(', ')}`);
    return value as V[number];
  },
});

const truth = oneOf(['false', 'true']);

/** `true` or `false`. */
export const flag: Parser<boolean> = { accepts: '`true` or `false`', parse: (raw, name) => truth.parse(raw, name) === 'true' };

/**
 * Printable ASCII (without spaces unless `spaces`), `min` to `max` characters when bounded. A
 * `secret`'s error says so, to show the value is left out on purpose.
 */
export function printable(options: { min?: number; max?: number; spaces?: boolean; secret?: boolean } = {}): Parser<string> {
  const { min, max, spaces = false, secret = false } = options;
  const accepts = `${min === undefined ? 'printable ASCII' : `${min} to ${max} printable ASCII characters`}${spaces ? '' : ' without spaces'}`;
  const pattern = new RegExp(`^[${spaces ? '\\x20' : '\\x21'}-\\x7e]${min === undefined ? '+' : `{${min},${max}}`}$`);
  return {
    accepts,
    parse(raw, name) {
      if (!pattern.test(raw)) throw new ConfigError(name, `must be ${accepts}${secret ? ' (the value is not shown)' : ''}`);
      return raw;
    },
  };
}

/** The URL an upstream service is reached at, without a trailing slash: base URLs are joined with absolute paths. */
export const baseUrl = (example: string): Parser<string> => ({
  accepts: 'http(s) URL without query, fragment or credentials',
  parse(raw, name) {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new ConfigError(name, `"${raw}" is not a URL (expected e.g. ${example})`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new ConfigError(name, `must be an http or https URL, got "${parsed.protocol}"`);
    }
    if (parsed.search || parsed.hash) throw new ConfigError(name, 'must not carry a query or fragment');
    if (parsed.username || parsed.password) throw new ConfigError(name, 'must not carry credentials; use DATA_API_KEY for the Data API key');
    return parsed.toString().replace(/\/+$/, '');
  },
});

/** One URL `where` in the JSON of variable `name`: http(s), no credentials, no fragment; no trailing slash. */
export function endpointUrl(name: string, where: string, value: unknown): string {
  if (typeof value !== 'string') throw new ConfigError(name, `${where} must be a URL string`);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `${where}: "${value.slice(0, 80)}" is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError(name, `${where} must be an http or https URL`);
  if (parsed.username || parsed.password || parsed.hash) throw new ConfigError(name, `${where} must not carry credentials or a fragment`);
  return parsed.toString().replace(/\/+$/, '');
}

/** An HTTP header's name, lower-cased. */
export const headerName: Parser<string> = {
  accepts: 'a header name (letters, digits, `-`)',
  parse(raw, name) {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(raw)) throw new ConfigError(name, `"${raw.slice(0, 64)}" is not a valid header name`);
    return raw.toLowerCase();
  },
};

/** The path of a file `read` at start: what it reads, or the variable's error saying what is wrong (a bad file stops the gateway). */
export function fromFile<T>(accepts: string, read: (path: string) => T): Parser<T> {
  return {
    accepts,
    parse(path, name) {
      try {
        return read(path);
      } catch (error) {
        throw new ConfigError(name, (error as Error).message);
      }
    },
  };
}
