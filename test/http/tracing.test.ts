/**
 * OpenTelemetry traces, received as a collector receives them: an OTLP/HTTP receiver on a loopback
 * port (test/support/otlp-collector.ts) takes the spans the gateway exports (protobuf, the default; JSON with
 * `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`), and the tests check the tree of an example page against
 * the sandbox's own record of the requests it received: one operation span, a child per upstream
 * request with its route template and status, the caller's trace id, and each request carrying its
 * span upstream as `traceparent`, and the operation's access line reporting the span's counts and
 * request id. Then a repeat answered by the shared cache, a retry, failures, a refusal, `@defer`, a
 * subscription, an unsampled caller, graphql-ws, shutdown, a collector that refuses spans, and
 * tracing off.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { createClient } from 'graphql-ws';
import ts from 'typescript';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BlockExplorerDocument, ChainsOverviewDocument } from '../gql/graphql.js';
import { startHarness, startSocketHarness, type Harness } from '../support/harness.js';
import { Collector, ERROR_STATUS, KIND, type ReceivedSpan } from '../support/otlp-collector.js';

// ---------------------------------------------------------------------------------------------
// Helpers

/** A caller's W3C trace context: a new trace id and parent span id, sampled. */
function callerContext() {
  const traceId = randomBytes(16).toString('hex');
  const parentId = randomBytes(8).toString('hex');
  return { traceId, parentId, headers: { traceparent: `00-${traceId}-${parentId}-01`, tracestate: 'caller=7' } };
}

/** The one operation span of a trace, and its children by kind. */
function tree(spans: ReceivedSpan[]) {
  const operations = spans.filter((s) => s.kind === KIND.server);
  expect(operations).toHaveLength(1);
  const operation = operations[0]!;
  const others = spans.filter((s) => s !== operation);
  // Every other span of the trace is a child of the operation's.
  expect(others.filter((s) => s.parentSpanId !== operation.spanId)).toEqual([]);
  return { operation, requests: others.filter((s) => s.kind === KIND.client), served: others.filter((s) => s.kind === KIND.internal) };
}

const countBy = (values: string[]) => {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
};

/** Every attribute value of every span, as text. */
const attributeTexts = (spans: ReceivedSpan[]) => spans.flatMap((s) => Object.values(s.attributes).flatMap((v) => (Array.isArray(v) ? v : [v])).map(String));

const KEY = 'trace-test-key-0123456789';

// ---------------------------------------------------------------------------------------------

describe('traces over OTLP/HTTP (protobuf)', () => {
  const collector = new Collector();
  let h: Harness;
  const lines: string[] = [];
  /** The access line of the one operation with this request id. */
  const accessLine = (requestId: unknown) => {
    const found = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'access' && line.requestId === requestId);
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  beforeAll(async () => {
    await collector.start();
    h = await startHarness({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'graph-under-test', LOG_LEVEL: 'info' }, { logger: (line) => void lines.push(line) });
  });
  afterAll(async () => {
    await h?.close();
    await collector.close();
  });
  beforeEach(() => h.sandbox.reset());

  /** Sends an operation, then exports the spans it ended. */
  const send = async <T, V extends Record<string, unknown>>(document: TypedDocumentNode<T, V> | string, variables: V, headers: Record<string, string>) => {
    const answer = await h.query(document, variables, headers);
    await h.server.tracing!.flush();
    return answer;
  };

  it('block explorer page: one operation span, a child per upstream request, the caller\'s trace carried upstream', async () => {
    const caller = callerContext();
    const { data, errors } = await send(BlockExplorerDocument, { chainId: '43114' }, { 'x-data-api-key': KEY, 'x-request-id': 'explorer-page-1', ...caller.headers });
    expect(errors).toBeUndefined();
    expect(collector.requests.every((r) => r.path === '/v1/traces' && r.contentType === 'application/x-protobuf')).toBe(true);

    const { operation, requests, served } = tree(collector.trace(caller.traceId));
    // The caller's span is the operation's parent: the gateway joined its trace.
    expect(operation.parentSpanId).toBe(caller.parentId);
    expect(operation.name).toBe('query BlockExplorer');
    const dataApi = h.sandbox.services.dataApi;
    expect(operation.attributes).toMatchObject({
      'graphql.operation.type': 'query',
      'graphql.operation.name': 'BlockExplorer',
      'gateway.operation.outcome': 'ok',
      'gateway.operation.upstream_requests': dataApi.total(),
      'gateway.operation.cache_answers': served.length,
      'gateway.request.id': 'explorer-page-1',
    });
    expect(operation.attributes['gateway.operation.error_codes']).toBeUndefined();
    // Its access line: the same request id and the same counts.
    expect(accessLine('explorer-page-1')).toMatchObject({ operationName: 'BlockExplorer', upstreamRequests: dataApi.total(), cacheAnswers: served.length, outcome: 'ok' });

    // One span per request the Data API received, by route template; the page makes no other.
    expect(countBy(requests.map((s) => s.attributes['gateway.upstream.route'] as string))).toEqual(dataApi.counts());
    expect(h.sandbox.services.nodeMainnet.total() + h.sandbox.services.metrics.total()).toBe(0);
    for (const span of requests) {
      expect(span.name).toBe(span.attributes['gateway.upstream.route']);
      expect(span.attributes).toMatchObject({
        'service.peer.name': 'data-api',
        'http.request.method': 'GET',
        'http.response.status_code': 200,
        'gateway.upstream.cache': 'miss',
        'gateway.upstream.breaker': 'closed',
      });
      expect(span.attributes['url.template']).toBe((span.attributes['gateway.upstream.route'] as string).replace(/^GET /, ''));
      expect(span.attributes['http.request.resend_count']).toBeUndefined();
    }

    // Each request carried its own span upstream, in the caller's trace, with the caller's tracestate.
    const received = dataApi.recent.map((r) => ({ traceparent: r.headers.traceparent, tracestate: r.headers.tracestate }));
    expect(received).toHaveLength(requests.length);
    expect(received.map((r) => r.traceparent).sort()).toEqual(requests.map((s) => `00-${caller.traceId}-${s.spanId}-01`).sort());
    expect(received.every((r) => r.tracestate === 'caller=7')).toBe(true);

    // Never the key, an address of the answer, an upstream URL or a query string.
    const addresses = data!.chain!.blocks!.nodes.flatMap((b) => b.transactions!.nodes.flatMap((t) => [t.from.address, t.to?.address ?? t.from.address]));
    expect(addresses.length).toBeGreaterThan(0);
    const texts = attributeTexts(collector.trace(caller.traceId));
    for (const secret of [KEY, ...addresses, new URL(h.sandbox.urls.dataApi).host]) {
      expect(texts.filter((t) => t.toLowerCase().includes(secret.toLowerCase()))).toEqual([]);
    }
    expect(texts.filter((t) => t.includes('?') || t.includes('://'))).toEqual([]);
  });

  it('a repeat: calls the shared cache answers are spans too (cache hit, no request), the rest are requests', async () => {
    const first = callerContext();
    await send(BlockExplorerDocument, { chainId: '43114' }, { 'x-data-api-key': `${KEY}-repeat`, ...first.headers });
    const calls = tree(collector.trace(first.traceId)).requests.length;
    h.sandbox.reset();

    const repeat = callerContext();
    await send(BlockExplorerDocument, { chainId: '43114' }, { 'x-data-api-key': `${KEY}-repeat`, ...repeat.headers });
    const { operation, requests, served } = tree(collector.trace(repeat.traceId));
    // The chain list is kept a minute: answered by the cache, with no request.
    expect(served.map((s) => s.attributes['gateway.upstream.route'])).toContain('GET /v1/chains');
    for (const span of served) {
      expect(span.attributes['gateway.upstream.cache']).toBe('hit');
      expect(span.attributes['http.request.method']).toBeUndefined();
      expect(span.attributes['http.response.status_code']).toBeUndefined();
    }
    // The same calls as the first time: those the cache answered, and requests for the rest, as the Data API counted them.
    expect(served.length + requests.length).toBe(calls);
    expect(countBy(requests.map((s) => s.attributes['gateway.upstream.route'] as string))).toEqual(h.sandbox.services.dataApi.counts());
    expect(operation.attributes).toMatchObject({ 'gateway.operation.upstream_requests': requests.length, 'gateway.operation.cache_answers': served.length });
    expect(served.length).toBeGreaterThan(0);
    // The access line counts as the span does; the request id the gateway made is on both.
    expect(operation.attributes['gateway.request.id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(accessLine(operation.attributes['gateway.request.id'])).toMatchObject({ upstreamRequests: requests.length, cacheAnswers: served.length });
  });

  it('a retried request is one span with its resend count; a failed one carries its status and error type, and the operation its code', async () => {
    const dataApi = h.sandbox.services.dataApi;
    dataApi.setFault('GET /v1/chains', { reset: true, times: 1 });
    dataApi.setFault('GET /v1/chains/{chainId}/blocks', { status: 500 });
    const caller = callerContext();
    const { errors } = await send(BlockExplorerDocument, { chainId: '43114' }, { 'x-data-api-key': `${KEY}-faults`, ...caller.headers });
    expect(errors?.map((e) => e.extensions?.code)).toEqual(['UPSTREAM_ERROR']);

    const { operation, requests } = tree(collector.trace(caller.traceId));
    expect(operation.status).toBe(ERROR_STATUS);
    expect(operation.attributes).toMatchObject({ 'gateway.operation.outcome': 'error', 'gateway.operation.error_codes': ['UPSTREAM_ERROR'] });
    const byRoute = Object.fromEntries(requests.map((s) => [s.attributes['gateway.upstream.route'], s]));
    expect(requests).toHaveLength(2);
    // The connection reset, then the retry answered: one span, two requests upstream, both carrying it.
    expect(byRoute['GET /v1/chains']!.attributes).toMatchObject({ 'http.request.resend_count': 1, 'http.response.status_code': 200 });
    expect(dataApi.counts()).toEqual({ 'GET /v1/chains': 2, 'GET /v1/chains/{chainId}/blocks': 1 });
    const chainList = dataApi.recent.filter((r) => r.route === 'GET /v1/chains').map((r) => r.headers.traceparent);
    expect(chainList).toEqual([0, 1].map(() => `00-${caller.traceId}-${byRoute['GET /v1/chains']!.spanId}-01`));
    expect(byRoute['GET /v1/chains/{chainId}/blocks']!.status).toBe(ERROR_STATUS);
    expect(byRoute['GET /v1/chains/{chainId}/blocks']!.attributes).toMatchObject({ 'http.response.status_code': 500, 'error.type': 'http' });
  });

  it('an operation refused before any call has its span, with the refusal\'s code and no child', async () => {
    const caller = callerContext();
    const { errors } = await send(`query BadAddress { chain(id: "43114") { address(address: "not-an-address") { address } } }`, {}, caller.headers);
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const spans = collector.trace(caller.traceId);
    expect(spans).toHaveLength(1);
    expect(spans[0]!.attributes).toMatchObject({ 'gateway.operation.outcome': 'error', 'gateway.operation.error_codes': ['BAD_USER_INPUT'], 'gateway.operation.upstream_requests': 0 });
    expect(h.sandbox.services.dataApi.total()).toBe(0);
  });

  it('@defer: the span ends with the last payload and holds the deferred part\'s request', async () => {
    const caller = callerContext();
    const response = await h.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed', ...caller.headers },
      body: JSON.stringify({ query: 'query DeferredHead { chain(id: "43114") { chainId ... @defer(label: "head") { latestBlockNumber } } }' }),
    });
    expect(response.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    expect(await response.text()).toContain('latestBlockNumber');
    await h.server.tracing!.flush();
    const { operation, requests } = tree(collector.trace(caller.traceId));
    expect(operation.attributes).toMatchObject({ 'gateway.operation.outcome': 'ok', 'gateway.operation.upstream_requests': requests.length });
    // Its access line is written with the last payload too, and counts the deferred part's request.
    expect(accessLine(operation.attributes['gateway.request.id'])).toMatchObject({ operationName: 'DeferredHead', upstreamRequests: requests.length, outcome: 'ok' });
    // The chain's head comes from its node, in the deferred payload.
    const node = requests.filter((s) => s.attributes['service.peer.name'] === 'node-rpc');
    expect(node).toHaveLength(h.sandbox.services.nodeMainnet.recent.length);
    expect(node.length).toBeGreaterThan(0);
    expect(h.sandbox.services.nodeMainnet.recent.map((r) => r.headers.traceparent).sort()).toEqual(node.map((s) => `00-${caller.traceId}-${s.spanId}-01`).sort());
  });

  it('a subscription\'s span covers its subscribe, ended while the subscription stays open', async () => {
    const caller = callerContext();
    const abort = new AbortController();
    const response = await h.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...caller.headers },
      body: JSON.stringify({ query: 'subscription Heads { blockAdded(chainId: "43114") { number } }' }),
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    await h.server.tracing!.flush();
    const spans = collector.trace(caller.traceId);
    abort.abort();
    await response.body?.cancel().catch(() => undefined);
    expect(spans.filter((s) => s.kind === KIND.server).map((s) => [s.name, s.attributes['gateway.operation.outcome']])).toEqual([['subscription Heads', 'ok']]);
  });

  it('bounds a long operation name', async () => {
    const caller = callerContext();
    const name = `Q${'x'.repeat(300)}`;
    await send(`query ${name} { chains(network: MAINNET) { chainId } }`, {}, caller.headers);
    const { operation } = tree(collector.trace(caller.traceId));
    expect(operation.attributes['graphql.operation.name']).toBe(name.slice(0, 64));
    expect(operation.name).toBe(`query ${name.slice(0, 64)}`);
  });

  it('a caller\'s unsampled traceparent: nothing recorded, and the upstreams are told so', async () => {
    const caller = callerContext();
    const traceparent = caller.headers.traceparent.replace(/-01$/, '-00');
    const { errors } = await send(ChainsOverviewDocument, { network: 'MAINNET' }, { 'x-data-api-key': `${KEY}-unsampled`, traceparent });
    expect(errors).toBeUndefined();
    expect(collector.trace(caller.traceId)).toEqual([]);
    const sent = h.sandbox.services.dataApi.recent.map((r) => String(r.headers.traceparent));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(new RegExp(`^00-${caller.traceId}-[0-9a-f]{16}-00$`));
    expect(sent[0]).not.toContain(caller.parentId);
  });

  it('without a caller\'s traceparent, each operation starts a trace of its own', async () => {
    const before = new Set(collector.spans().map((s) => s.traceId));
    await send(ChainsOverviewDocument, { network: 'MAINNET' }, { 'x-data-api-key': `${KEY}-root` });
    const spans = collector.spans().filter((s) => !before.has(s.traceId));
    const { operation, requests } = tree(spans);
    expect(operation.parentSpanId).toBe('');
    expect(requests.length).toBe(h.sandbox.services.dataApi.total());
    expect(h.sandbox.services.dataApi.recent.every((r) => String(r.headers.traceparent).startsWith(`00-${operation.traceId}-`))).toBe(true);
  });
});

describe('traces over OTLP/HTTP (JSON), with graphql-ws and shutdown', () => {
  it('exports JSON, takes the traceparent of a graphql-ws connection_init, and flushes what it holds on shutdown', async () => {
    const collector = new Collector();
    await collector.start();
    const h = await startSocketHarness({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.url}/custom/traces`, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
    const caller = callerContext();
    const client = createClient({ url: h.url.replace(/^http/, 'ws'), webSocketImpl: WebSocket, connectionParams: { ...caller.headers }, retryAttempts: 0 });
    try {
      const result = await new Promise<{ data?: unknown; errors?: unknown }>((done, fail) => {
        let last: { data?: unknown; errors?: unknown } = {};
        client.subscribe({ query: 'query WsChains { chains(network: MAINNET) { chainId } }' }, { next: (value) => (last = value), error: fail, complete: () => done(last) });
      });
      expect(result.errors).toBeUndefined();
    } finally {
      await client.dispose();
      // No flush here: closing the gateway exports what the batch processor still holds.
      await h.close();
      await collector.close();
    }
    expect(collector.requests.map((r) => [r.path, r.contentType])).toContainEqual(['/custom/traces', 'application/json']);
    const { operation, requests } = tree(collector.trace(caller.traceId));
    expect(operation.parentSpanId).toBe(caller.parentId);
    expect(operation.name).toBe('query WsChains');
    expect(requests.map((s) => s.attributes['gateway.upstream.route'])).toEqual(['GET /v1/chains']);
  });
});

describe('a collector that refuses spans', () => {
  it('costs no request: the gateway logs once that exports fail, without the URL, and once that they recovered', async () => {
    const collector = new Collector();
    await collector.start();
    collector.status = 401;
    // The gateway's own lines, but for the access line of each operation.
    const lines: Array<[level: string, message: string]> = [];
    const logger = (line: string) => {
      const { level, msg } = JSON.parse(line) as { level: string; msg: string };
      if (msg !== 'access') lines.push([level, msg]);
    };
    const h = await startHarness({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, LOG_LEVEL: 'info' }, { logger });
    try {
      for (let i = 0; i < 2; i++) {
        const { errors } = await h.query(ChainsOverviewDocument, { network: 'MAINNET' }, { 'x-data-api-key': `${KEY}-refused` });
        expect(errors).toBeUndefined();
        await h.server.tracing!.flush();
      }
      expect(collector.requests).toHaveLength(2);
      expect(lines).toEqual([['warn', 'trace export failing (OTLPExporterError 401): spans are dropped until the collector answers']]);
      collector.status = 200;
      await h.query(ChainsOverviewDocument, { network: 'MAINNET' }, { 'x-data-api-key': `${KEY}-refused` });
      await h.server.tracing!.flush();
      expect(lines.slice(1)).toEqual([['info', 'trace export recovered']]);
    } finally {
      await h.close();
      await collector.close();
    }
  });
});

describe('tracing off (no endpoint)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({});
  });
  afterAll(() => h?.close());

  it('has no tracing, and passes no caller\'s traceparent upstream', async () => {
    expect(h.server.tracing).toBeUndefined();
    h.sandbox.reset();
    const caller = callerContext();
    const { errors } = await h.query(ChainsOverviewDocument, { network: 'MAINNET' }, { 'x-data-api-key': `${KEY}-off`, ...caller.headers });
    expect(errors).toBeUndefined();
    const sent = h.sandbox.services.dataApi.recent;
    expect(sent.length).toBe(1);
    expect(sent.map((r) => [r.headers.traceparent, r.headers.tracestate])).toEqual([[undefined, undefined]]);
  });

  it('loads no OpenTelemetry module: the gateway reaches one only through the dynamic import of src/observability/tracing-sdk.ts', () => {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
    /** The static (value) imports of a source file: type-only imports and dynamic `import()` load nothing at start. */
    const staticImports = (file: string): string[] => {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
      return source.statements.flatMap((statement) => {
        if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) return [(statement.moduleSpecifier as ts.StringLiteral).text];
        if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) return [(statement.moduleSpecifier as ts.StringLiteral).text];
        return [];
      });
    };
    const reached = new Set<string>();
    const packages = new Set<string>();
    const walk = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const specifier of staticImports(file)) {
        if (specifier.startsWith('.')) walk(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
        else packages.add(specifier);
      }
    };
    walk(join(root, 'main.ts'));
    expect(reached.size).toBeGreaterThan(100);
    expect(reached.has(join(root, 'observability', 'tracing.ts'))).toBe(true);
    expect([...packages].filter((p) => p.startsWith('@opentelemetry/'))).toEqual([]);
    expect(reached.has(join(root, 'observability', 'tracing-sdk.ts'))).toBe(false);
    // And the SDK module is where the packages are: nothing else in src/ imports them.
    const importers = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /from '@opentelemetry\//.test(readFileSync(join(root, file), 'utf8')));
    expect(importers).toEqual(['observability/tracing-sdk.ts']);
  });
});
