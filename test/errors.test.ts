/**
 * The error catalogue and the log of unexpected errors: every code the gateway emits is in
 * `ERROR_CODES` (and every code there is emitted), `badInput` builds every BAD_USER_INPUT, and an
 * unexpected error reaches the log with its stack but the client with neither stack nor message.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/index.js';
import { ERROR_CODES, badInput, maskError } from '../src/errors.js';
import { createLogger } from '../src/observability/logger.js';
import { Upstreams } from '../src/upstream/index.js';
import { UpstreamError } from '../src/upstream/transport/errors.js';
import { createGateway } from '../src/yoga.js';
import { breakUpstream } from './support/broken-upstreams.js';

const SRC = join(import.meta.dirname, '..', 'src');
/** Codes of `extensions.notices` (an answer's deliberate omissions), not errors: see src/schema/common/notices.ts. */
const NOTICE_CODES = new Set(['METHOD_NOT_SERVED']);

function gatewaySources(dir = SRC): Array<{ file: string; text: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // The sandbox simulates the upstreams' own errors, not the gateway's.
    if (entry.isDirectory()) return entry.name === 'sandbox' ? [] : gatewaySources(path);
    return entry.name.endsWith('.ts') ? [{ file: relative(SRC, path), text: readFileSync(path, 'utf8') }] : [];
  });
}

/** Codes written where an error's code goes: `code: 'X'`, `code = 'X'`, `refuse(…, status, 'X', …)`, `return 'X'` of a code function. */
function emittedCodes(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const patterns = [/\bcode\b(?:\s*:\s*ErrorCode)?\s*[:=]\s*'([A-Z][A-Z0-9_]*)'/g, /\brefuse\([^,]+,[^,]+,\s*\d+,\s*'([A-Z][A-Z0-9_]*)'/g, /Code\([^)]*\): ErrorCode \{[^}]*\}/g];
  for (const { file, text } of gatewaySources()) {
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const codes = match[1] ? [match[1]] : [...match[0].matchAll(/'([A-Z][A-Z0-9_]*)'/g)].map((m) => m[1]!);
        for (const code of codes) found.set(code, [...(found.get(code) ?? []), file]);
      }
    }
  }
  return found;
}

describe('error catalogue', () => {
  it('holds every code the gateway emits', () => {
    const emitted = emittedCodes();
    // The scan sees the codes emitted outside src/errors.ts (HTTP limits, persisted documents, guards).
    for (const code of ['URI_TOO_LONG', 'HEADERS_TOO_LARGE', 'PERSISTED_QUERY_HASH_MISMATCH', 'PERSISTED_QUERY_ONLY', 'UPSTREAM_BUDGET_EXCEEDED', 'FORBIDDEN']) {
      expect(emitted.has(code), code).toBe(true);
    }
    const outside = [...emitted].filter(([code]) => !(code in ERROR_CODES) && !NOTICE_CODES.has(code));
    expect(outside).toEqual([]);
  });

  it('is what docs/errors.md lists: every code, and no other', () => {
    const table = readFileSync(join(SRC, '..', 'docs', 'errors.md'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1]!);
    const documented = new Set(table.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)));
    expect([...documented].filter((code) => !NOTICE_CODES.has(code)).sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });

  it('holds no code the gateway never emits', () => {
    const sources = gatewaySources().filter(({ file }) => file !== 'errors.ts').map(({ text }) => text).join('\n');
    const errorsTs = readFileSync(join(SRC, 'errors.ts'), 'utf8');
    const functions = errorsTs.slice(errorsTs.indexOf('export type ErrorCode'));
    const unused = Object.keys(ERROR_CODES).filter((code) => !sources.includes(`'${code}'`) && !functions.includes(`'${code}'`));
    expect(unused).toEqual([]);
  });

  it('builds BAD_USER_INPUT only with badInput()', () => {
    const bypass = gatewaySources()
      .filter(({ file }) => file !== 'errors.ts')
      .flatMap(({ file, text }) => [...text.matchAll(/code:\s*'BAD_USER_INPUT'/g)].map(() => file));
    expect(bypass).toEqual([]);
  });

  it('badInput names the argument, or leaves it out for input no argument names', () => {
    expect(badInput('after', 'expired', { extensions: { restart: true } }).extensions).toEqual({ code: 'BAD_USER_INPUT', argument: 'after', restart: true });
    expect(badInput('after', 'expired').message).toBe('Argument "after": expired');
    const scalar = badInput(null, 'BigInt input must be a decimal string or an Int');
    expect(scalar.message).toBe('BigInt input must be a decimal string or an Int');
    expect(scalar.extensions).toEqual({ code: 'BAD_USER_INPUT' });
  });
});

describe('unexpected errors', () => {
  it('are masked for the client, with nothing of their cause (yoga logs the unmasked error)', () => {
    const cause = new TypeError('secret detail of a bug');
    const masked = maskError(new GraphQLError(cause.message, { originalError: cause }), 'Unexpected error.');
    expect(masked.message).toBe('Unexpected error.');
    // A cause on the masked error would also make yoga answer HTTP 500 where it answered 200.
    expect((masked as GraphQLError).originalError).toBeUndefined();
    const sent = JSON.stringify(masked);
    expect(sent).not.toContain('secret detail');
    expect(sent).not.toContain('stack');
    expect(sent).toContain('INTERNAL_SERVER_ERROR');
  });

  it('are logged with the stack of their cause; expected errors without one', () => {
    const lines: string[] = [];
    const logger = createLogger('debug', (line) => lines.push(line));
    const cause = new TypeError('a bug');
    logger.error(new GraphQLError(cause.message, { originalError: cause }));
    logger.error({ err: cause }, 'shutdown failed');
    logger.error(new GraphQLError('located', { originalError: badInput('id', 'not a global id') }));
    logger.error(new GraphQLError('upstream', { originalError: new UpstreamError({ service: 'data-api', kind: 'timeout', route: 'GET /v1/chains' }) }));
    type Line = { level: string; msg: string; err: { type: string; message: string; code?: string; stack?: string } };
    const [located, detail, input, upstream] = lines.map((line) => JSON.parse(line) as Line);
    expect(located).toMatchObject({ level: 'error', msg: 'a bug', err: { type: 'GraphQLError', message: 'a bug' } });
    expect(located!.err.stack).toMatch(/^TypeError: a bug\n\s+at /);
    expect(detail).toMatchObject({ msg: 'shutdown failed', err: { type: 'TypeError', message: 'a bug', stack: expect.stringMatching(/^TypeError: a bug\n\s+at /) } });
    expect(input!.err).toEqual({ type: 'GraphQLError', message: 'located', code: 'BAD_USER_INPUT' });
    expect(upstream!.err).toEqual({ type: 'GraphQLError', message: 'upstream' });
  });

  it('a resolver that throws: the answer says INTERNAL_SERVER_ERROR, the log has the stack', async () => {
    const lines: string[] = [];
    const config = loadConfig({ LOG_LEVEL: 'error', RESPONSE_CACHE_MAX_ENTRIES: '0' });
    const upstreams = new Upstreams(config);
    // Every Data API read fails as a bug would: not an UpstreamError, not a GraphQL error.
    breakUpstream(upstreams, 'dataApi', 'a bug in the gateway');
    const gateway = createGateway({ config, upstreams, logger: createLogger('error', (line) => lines.push(line)) });
    const response = await gateway.fetch('http://gateway/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query: '{ chains(network: FUJI) { chainId } }' }),
    });
    const text = await response.text();
    expect(JSON.parse(text).errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
    expect(text).not.toContain('a bug in the gateway');
    expect(text).not.toMatch(/\bat \S+ \(/);
    // Once, with the stack of its cause and the id the answer's error carries.
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; requestId?: string; err?: { stack?: string } });
    const unexpected = logged.filter((line) => line.err?.stack?.startsWith('TypeError: a bug in the gateway\n'));
    expect(unexpected).toEqual([expect.objectContaining({ msg: 'unexpected error', requestId: JSON.parse(text).errors[0].extensions.requestId })]);
  });
});
