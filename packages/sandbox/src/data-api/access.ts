/**
 * The Data API's API keys and rate limits, simulated: opt-in (off by default, so load tests run
 * unlimited). With `apiKeys`, a key outside the list (under either header name) is answered 401; with
 * a rate, each key (by fingerprint) or all keyless callers together may make that many requests per
 * minute, then get 429 with `Retry-After` and `ratelimit-*` headers. State is bounded.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LRUCache } from 'lru-cache';
import { SandboxConfigError } from '../lib/config-error.js';
import { SandboxResponse, type Admission } from '../http.js';
import { dataApiErrorBody } from './errors.js';

/** The header names the real service reads a key from: the official description's first. */
export const KEY_HEADERS = ['x-glacier-api-key', 'x-data-api-key'] as const;

export interface DataApiAccessOptions {
  /** Valid keys; when set, any other key is refused with 401. Unset: every key is accepted. */
  apiKeys?: readonly string[];
  /** Requests per minute per key; unset: unlimited. */
  rateLimitKeyed?: number;
  /** Requests per minute of all keyless callers together; unset: `rateLimitKeyed` (or unlimited). */
  rateLimitKeyless?: number;
  /** Most keys (fingerprints) whose minute is tracked; the least recently seen is forgotten first. */
  maxTrackedKeys?: number;
}

const WINDOW_MS = 60_000;

/** Reads the sandbox's opt-in key and rate settings from the environment (all unset: off). */
export function dataApiAccessFromEnv(env: Record<string, string | undefined>): DataApiAccessOptions | undefined {
  const keys = env.SANDBOX_API_KEYS?.split(',').map((k) => k.trim()).filter((k) => k !== '');
  const keyed = perMinute(env, 'SANDBOX_RATE_LIMIT_KEYED');
  const keyless = perMinute(env, 'SANDBOX_RATE_LIMIT_KEYLESS');
  if (keyed !== undefined && keyless !== undefined && keyless > keyed) {
    throw new SandboxConfigError('SANDBOX_RATE_LIMIT_KEYLESS', `${keyless} is above SANDBOX_RATE_LIMIT_KEYED (${keyed}): a key raises the limit`);
  }
  if (!keys?.length && keyed === undefined && keyless === undefined) return undefined;
  return { apiKeys: keys?.length ? keys : undefined, rateLimitKeyed: keyed, rateLimitKeyless: keyless };
}

function perMinute(env: Record<string, string | undefined>, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 1_000_000) throw new SandboxConfigError(name, `"${raw}" is not a whole number of requests per minute (1..1000000)`);
  return Number(raw);
}

function fingerprint(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 16);
}

/** The admission check of the simulated Data API, or undefined when keys and limits are off. */
export function dataApiAccess(options: DataApiAccessOptions | undefined): ((headers: IncomingMessage['headers']) => Admission) | undefined {
  if (!options) return undefined;
  const valid = options.apiKeys ? new Set(options.apiKeys) : undefined;
  const keyed = options.rateLimitKeyed;
  const keyless = options.rateLimitKeyless ?? keyed;
  const windows = new LRUCache<string, { start: number; count: number }>({ max: options.maxTrackedKeys ?? 10_000 });

  return (headers) => {
    const sent = KEY_HEADERS.map((name) => headerValue(headers[name])).filter((v): v is string => v !== undefined);
    if (valid && sent.some((key) => !valid.has(key))) {
      return { refuse: new SandboxResponse(401, dataApiErrorBody(401, 'Invalid API key')) };
    }
    const key = sent[0];
    const limit = key === undefined ? keyless : keyed;
    if (limit === undefined) return {};
    const id = key === undefined ? 'anon' : fingerprint(key);
    const now = Date.now();
    let window = windows.get(id);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, count: 0 };
      windows.set(id, window);
    }
    const reset = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
    if (window.count >= limit) {
      const rate = { 'ratelimit-limit': String(limit), 'ratelimit-remaining': '0', 'ratelimit-reset': String(reset), 'retry-after': String(reset) };
      return { refuse: new SandboxResponse(429, dataApiErrorBody(429, 'Too Many Requests'), rate) };
    }
    window.count += 1;
    return { headers: { 'ratelimit-limit': String(limit), 'ratelimit-remaining': String(limit - window.count), 'ratelimit-reset': String(reset) } };
  };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : undefined;
}
