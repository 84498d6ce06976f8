/**
 * The OpenTelemetry SDK behind src/observability/tracing.ts, loaded only when tracing is on. Nothing here is
 * registered globally (no global tracer provider, context manager or propagator): each gateway has
 * its own provider, and spans find their parent through the operation's context, not through
 * AsyncLocalStorage (an operation's calls, its dataloaders' batches included, run on its own
 * clients).
 *
 * Spans are exported in batches over OTLP/HTTP (the SDK's BatchSpanProcessor: every 5 s or 512
 * spans, at most 2048 queued; its `OTEL_BSP_*` variables tune it) and flushed on shutdown. What an
 * attribute may hold is listed in docs/operations.md#traces: never an API key, an address, a URL,
 * a variable's value or an upstream's message.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, defaultTextMapSetter, trace, type Attributes, type Context, type Span, type TextMapGetter, type Tracer } from '@opentelemetry/api';
import { ExportResultCode, W3CTraceContextPropagator, type ExportResult } from '@opentelemetry/core';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type ReadableSpan,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_ERROR_TYPE, ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_REQUEST_RESEND_COUNT, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { TracesConfig } from '../config/index.js';
import type { Logger } from './logger.js';
import { OPERATION_NAME_MAX_CHARS } from './request-log.js';
import type { OperationTrace, OperationType, Tracing, UpstreamCounts } from './tracing.js';
import type { RequestSpan, ServedFrom, HttpCall, RefusalReason } from '../upstream/transport/call.js';
import { UpstreamError, type UpstreamService } from '../upstream/transport/errors.js';
import type { BreakerStateName } from '../upstream/transport/resilience.js';

// OpenTelemetry's semantic conventions that are still incubating, copied as its guidance asks.
const ATTR_GRAPHQL_OPERATION_TYPE = 'graphql.operation.type';
const ATTR_GRAPHQL_OPERATION_NAME = 'graphql.operation.name';
const ATTR_SERVICE_PEER_NAME = 'service.peer.name';
const ATTR_URL_TEMPLATE = 'url.template';

/** The gateway's own attributes (docs/operations.md#traces). */
const ATTR = {
  outcome: 'gateway.operation.outcome',
  errorCodes: 'gateway.operation.error_codes',
  upstreamRequests: 'gateway.operation.upstream_requests',
  cacheAnswers: 'gateway.operation.cache_answers',
  requestId: 'gateway.request.id',
  route: 'gateway.upstream.route',
  cache: 'gateway.upstream.cache',
  breaker: 'gateway.upstream.breaker',
  refused: 'gateway.upstream.refused',
} as const;


/** The caller's headers, as yoga's request gives them. */
const headerGetter: TextMapGetter<{ get(name: string): string | null }> = {
  get: (carrier, key) => carrier.get(key) ?? undefined,
  keys: () => [],
};

function sampler(config: TracesConfig): Sampler {
  switch (config.sampler) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(config.samplerRatio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(config.samplerRatio) });
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/** What a failed export is logged as: its kind and code, never its message (it names the collector's address). */
function exportFailure(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return [typeof name === 'string' ? name : 'Error', code === undefined ? undefined : String(code)].filter(Boolean).join(' ');
}

/** Passes spans on to the OTLP exporter and logs when exports start failing and when they recover (once each). */
class ReportingExporter implements SpanExporter {
  private failing = false;

  constructor(
    private readonly inner: SpanExporter,
    private readonly logger: Logger,
  ) {}

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.inner.export(spans, (result) => {
      if (result.code === ExportResultCode.FAILED && !this.failing) {
        this.failing = true;
        this.logger.warn(`trace export failing (${exportFailure(result.error)}): spans are dropped until the collector answers`);
      } else if (result.code === ExportResultCode.SUCCESS && this.failing) {
        this.failing = false;
        this.logger.info('trace export recovered');
      }
      done(result);
    });
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

/** Marks a span failed with the error's kind (an UpstreamError's `kind`, else the error's name); never its message. */
function fail(span: Span, error: unknown): void {
  span.setAttribute(ATTR_ERROR_TYPE, error instanceof UpstreamError ? error.kind : error instanceof Error ? error.name : 'error');
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** The attributes every span of an upstream call has; the route is a template, never a URL. */
function callAttributes(service: UpstreamService, route: string, cache: 'miss' | ServedFrom): Attributes {
  return {
    [ATTR_SERVICE_PEER_NAME]: service,
    [ATTR.route]: route,
    // `GET /v1/chains/{chainId}`, `POST /ext/bc/{blockchainId}/rpc eth_getBlockByNumber`: the path template.
    [ATTR_URL_TEMPLATE]: route.split(' ', 2)[1] ?? route,
    [ATTR.cache]: cache,
  };
}

class SdkTracing implements Tracing {
  readonly propagator = new W3CTraceContextPropagator();
  readonly tracer: Tracer;

  constructor(
    private readonly provider: BasicTracerProvider,
    private readonly logger: Logger,
  ) {
    this.tracer = provider.getTracer('avalanche-graph');
  }

  operation(): OperationTrace {
    return new SdkOperationTrace(this);
  }

  flush(): Promise<void> {
    // A failed export is logged by ReportingExporter.
    return this.provider.forceFlush().catch(() => undefined);
  }

  async shutdown(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeoutMs);
      timer.unref();
    });
    const outcome = await Promise.race([this.provider.shutdown().then(() => 'done' as const, () => 'done' as const), late]);
    clearTimeout(timer);
    if (outcome === 'late') this.logger.warn(`trace export did not finish within ${timeoutMs} ms of shutdown: the spans it held are dropped`);
  }
}

class SdkOperationTrace implements OperationTrace {
  private span: Span | undefined;
  /** The operation span's context, the parent of its calls' spans; undefined before it starts and after it ends. */
  private context: Context | undefined;

  constructor(private readonly tracing: SdkTracing) {}

  start(type: OperationType, name: string | undefined, headers: { get(name: string): string | null }, requestId: string): void {
    if (this.span) return;
    const parent = this.tracing.propagator.extract(ROOT_CONTEXT, headers, headerGetter);
    const bounded = name?.slice(0, OPERATION_NAME_MAX_CHARS);
    const attributes: Attributes = { [ATTR_GRAPHQL_OPERATION_TYPE]: type, [ATTR.requestId]: requestId };
    if (bounded) attributes[ATTR_GRAPHQL_OPERATION_NAME] = bounded;
    this.span = this.tracing.tracer.startSpan(bounded ? `${type} ${bounded}` : type, { kind: SpanKind.SERVER, attributes }, parent);
    this.context = trace.setSpan(parent, this.span);
  }

  end(errorCodes: readonly string[], usage: UpstreamCounts | undefined): void {
    const span = this.span;
    if (!span || !this.context) return;
    this.context = undefined;
    span.setAttributes({
      [ATTR.outcome]: errorCodes.length ? 'error' : 'ok',
      [ATTR.upstreamRequests]: usage?.requests ?? 0,
      [ATTR.cacheAnswers]: usage?.cacheAnswers ?? 0,
    });
    if (errorCodes.length) {
      span.setAttribute(ATTR.errorCodes, [...errorCodes]);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  }

  request(call: HttpCall): RequestSpan | undefined {
    if (!this.context) return undefined;
    const attributes = callAttributes(call.service, call.route, 'miss');
    attributes[ATTR_HTTP_REQUEST_METHOD] = call.method;
    const span = this.tracing.tracer.startSpan(call.route, { kind: SpanKind.CLIENT, attributes }, this.context);
    return new SdkRequestSpan(span, this.tracing.propagator);
  }

  served(where: { service: UpstreamService; route: string }, from: ServedFrom, startedAt: number, error?: unknown): void {
    if (!this.context) return;
    const span = this.tracing.tracer.startSpan(where.route, { kind: SpanKind.INTERNAL, startTime: startedAt, attributes: callAttributes(where.service, where.route, from) }, this.context);
    if (error !== undefined) fail(span, error);
    span.end();
  }
}

class SdkRequestSpan implements RequestSpan {
  constructor(
    private readonly span: Span,
    private readonly propagator: W3CTraceContextPropagator,
  ) {}

  inject(headers: Record<string, string>): void {
    this.propagator.inject(trace.setSpan(ROOT_CONTEXT, this.span), headers, defaultTextMapSetter);
  }

  attempt(retry: number, breaker: BreakerStateName): void {
    this.span.setAttribute(ATTR.breaker, breaker);
    if (retry > 0) this.span.setAttribute(ATTR_HTTP_REQUEST_RESEND_COUNT, retry);
  }

  status(code: number): void {
    this.span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, code);
  }

  refused(reason: RefusalReason): void {
    this.span.setAttribute(ATTR.refused, reason);
  }

  end(error?: unknown): void {
    if (error !== undefined) fail(this.span, error);
    this.span.end();
  }
}

/** Builds the provider, its batch processor and the OTLP/HTTP exporter of `config.protocol`. */
export async function createTracing(config: TracesConfig, logger: Logger): Promise<Tracing> {
  // The exporter reads the rest of the standard variables itself (headers, timeout, compression, TLS files).
  const { OTLPTraceExporter } = config.protocol === 'http/json' ? await import('@opentelemetry/exporter-trace-otlp-http') : await import('@opentelemetry/exporter-trace-otlp-proto');
  const exporter = new ReportingExporter(new OTLPTraceExporter({ url: config.url }), logger);
  // OTEL_RESOURCE_ATTRIBUTES (envDetector) on the SDK's defaults, and the service's name on top.
  const resource = defaultResource().merge(detectResources({ detectors: [envDetector] })).merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName }));
  const provider = new BasicTracerProvider({ resource, sampler: sampler(config), spanProcessors: [new BatchSpanProcessor(exporter)] });
  return new SdkTracing(provider, logger);
}
