/**
 * What the log keeps of each request: its id (on every line the request writes), one access line per
 * operation, and the unexpected errors of its answer with their stacks.
 *
 * - The id is the caller's `x-request-id` when it is sane (1 to 128 letters, digits and `_.:=+/-`),
 *   else a new UUID; it is sent back in the `x-request-id` response header, bound to every line of the
 *   request and put in each GraphQL error of the answer as `extensions.requestId`. Over WebSocket
 *   each operation gets an id of its own (src/http/websocket.ts).
 * - The access line is built from what the operation already counted (`OperationUsage`, which its
 *   span reports too); nothing of it is gathered while the level is above `info`. A query or mutation
 *   answered in payloads (`@defer`, `@stream`) has its line once the last is sent, as its span ends.
 * - Unexpected errors are masked in the answer (src/errors.ts); each is logged here, with its
 *   request's id, when its masked form is sent. Yoga's own logging of the errors it masks is
 *   therefore dropped (`yogaLogger`): it would log them again, without the request.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { getOperationAST, GraphQLError, type DocumentNode, type ExecutionResult } from 'graphql';
import { isAsyncIterable, mapAsyncIterator, type GraphQLParams, type Plugin, type YogaLogger } from 'graphql-yoga';
import { ErrorCodes, maskedCause, type AnswerPayload } from '../errors.js';
import { usesIncrementalDelivery } from '../plugins/incremental-delivery.js';
import type { Logger } from './logger.js';
import type { OperationUsage } from '../upstream/transport/request.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A caller's request id is kept when it matches this (a UUID, a ULID, a trace id); any other is replaced. */
const SANE_REQUEST_ID = /^[\w.:=+/-]{1,128}$/;

/**
 * The most characters of an operation name the access line and the operation's span keep (the name is
 * the caller's); the metrics' name label takes no longer name either (src/observability/metrics.ts).
 */
export const OPERATION_NAME_MAX_CHARS = 64;

/** The caller's request id when it is sane, else a new one. */
export function requestIdFrom(header: string | null): string {
  return header !== null && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

type Result = ExecutionResult | AsyncIterable<ExecutionResult>;

/** One operation of a request, as its access line will tell it. */
interface OperationEntry {
  params: GraphQLParams;
  /** The operation's context: its upstream usage once it is built (none when the answer came from the response cache). */
  context: { upstreams?: { usage?: OperationUsage } };
  result?: Result;
  /** When its result was ready, or its last payload sent (performance.now()). */
  end?: number;
  /**
   * A query or mutation answered in payloads (`@defer`, `@stream`): the codes of their errors. Its
   * line is written when the last is sent, not with the response's start.
   */
  payloads?: ErrorCodes;
}

/** How a gateway writes access lines (set on a request's log by `useRequestLog`). */
type AccessWriter = Pick<RequestLogOptions, 'documentOf' | 'clientOf'>;

/** The log of one request (one operation over WebSocket). */
export class RequestLog {
  #log: Logger | undefined;
  /** The request's operations, for their access lines; undefined while `info` is off. */
  operations: OperationEntry[] | undefined;
  /** Set with `operations`. */
  writer: AccessWriter | undefined;
  /** The error codes of an answer given before any operation ran (a refused request). */
  refusal: readonly string[] | undefined;
  /** The response's HTTP status, once it starts (none over WebSocket). */
  status: number | undefined;

  constructor(
    readonly id: string,
    /** The gateway's logger (access lines name the id themselves: no child logger to make for them). */
    readonly base: Logger,
    readonly transport: 'http' | 'ws',
    /** The node request (for the client's address). */
    readonly req: IncomingMessage | undefined,
    readonly start = performance.now(),
  ) {}

  /** The request's logger: every line carries `requestId`. */
  get log(): Logger {
    return (this.#log ??= this.base.child({ requestId: this.id }));
  }
}

const logs = new WeakMap<Request, RequestLog>();

/** The log of `request`, made on first use (with the caller's id when sane). */
export function requestLogFor(request: Request, logger: Logger, transport: 'http' | 'ws', req: IncomingMessage | undefined): RequestLog {
  let log = logs.get(request);
  if (!log) {
    log = new RequestLog(requestIdFrom(request.headers.get(REQUEST_ID_HEADER)), logger, transport, req);
    logs.set(request, log);
  }
  return log;
}

/**
 * Yoga's logger: the gateway's, without yoga's lines for the errors it masks (logged with their
 * request here) and without its debug lines, which name the phases of every request ("Processing
 * GraphQL Parameters") and could not carry the request's id.
 */
export function yogaLogger(logger: Logger): YogaLogger {
  return {
    debug: () => undefined,
    info: (...args: unknown[]) => logger.info(...(args as [string])),
    warn: (...args: unknown[]) => logger.warn(...(args as [string])),
    error: (...args: unknown[]) => {
      if (args[0] instanceof Error) return;
      logger.error(...(args as [string]));
    },
  };
}

/** An error as sent: with the request's id in its extensions; an unexpected one's cause is logged. */
export function sentError<E extends GraphQLError | { extensions?: Record<string, unknown> }>(error: E, log: RequestLog): E {
  const cause = maskedCause(error);
  if (cause !== undefined) log.log.error({ err: cause }, 'unexpected error');
  const extensions = { ...error.extensions, requestId: log.id };
  if (!(error instanceof GraphQLError)) return { ...error, extensions };
  // A copy: a validation error may be shared by every request of the same document (yoga's cache).
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions,
  }) as E;
}

/** A result (or one payload of a stream) with each of its errors, its own and its incremental parts', mapped. */
function mapErrors<R extends AnswerPayload>(result: R, map: (error: GraphQLError) => GraphQLError): R {
  if (!result.errors?.length && !result.incremental?.some((entry) => entry.errors?.length)) return result;
  return {
    ...result,
    ...(result.errors ? { errors: result.errors.map(map) } : {}),
    ...(result.incremental ? { incremental: result.incremental.map((entry) => (entry.errors ? { ...entry, errors: entry.errors.map(map) } : entry)) } : {}),
  };
}

/** A result (or one payload of a stream) as sent: its errors through `sentError`. */
function sentResult<R extends AnswerPayload>(result: R, log: RequestLog): R {
  return mapErrors(result, (error) => sentError(error, log));
}

/**
 * An error as the transports whose answers yoga does not serialise send it (graphql-ws, graphql-sse's
 * single connection mode): as `sentError` makes it, and without the extensions only the server reads
 * (`http`, `unexpected`), which yoga drops from the answers it writes itself.
 */
export function streamedError<E extends GraphQLError | { extensions?: Record<string, unknown> }>(error: E, log: RequestLog): E {
  const sent = sentError(error, log);
  const { http: _http, unexpected: _unexpected, ...extensions } = sent.extensions ?? {};
  if (!(sent instanceof GraphQLError)) return { ...sent, extensions } as E;
  return new GraphQLError(sent.message, { nodes: sent.nodes, source: sent.source, positions: sent.positions, path: sent.path, extensions }) as E;
}

/**
 * A result (or one payload of a stream: `@defer`, `@stream`) as those transports send it: every
 * error, its own and its incremental parts', through `streamedError`, and no `http` in its extensions.
 */
export function streamedResult<R extends AnswerPayload>(result: R, log: RequestLog): R {
  const sent = mapErrors(result, (error) => streamedError(error, log));
  if (!result.extensions) return sent;
  const { http: _http, ...extensions } = result.extensions;
  return { ...sent, extensions: Object.keys(extensions).length ? extensions : undefined };
}

export interface RequestLogOptions {
  logger: Logger;
  graphqlEndpoint: string;
  /** The parsed document of a query text, if it is kept (for an operation's name and type). */
  documentOf(query: string): DocumentNode | undefined;
  /** The client a request is limited as (a key's fingerprint or an address), for a refused request. */
  clientOf(request: Request, req: IncomingMessage | undefined): string;
}

/**
 * Writes the access lines of a finished request: one per operation, or one for a request refused
 * before any. An operation still sending payloads writes its own when the last is sent.
 */
export function finishRequest(log: RequestLog, request: Request, status?: number): void {
  const { operations, writer } = log;
  if (!operations || !writer) return;
  log.status = status;
  if (!operations.length) {
    if (!log.refusal) return;
    log.base.info(
      { requestId: log.id, transport: log.transport, status, durationMs: round(performance.now() - log.start), upstreamRequests: 0, cacheAnswers: 0, outcome: 'errors', errorCodes: log.refusal, client: writer.clientOf(request, log.req) },
      'access',
    );
    return;
  }
  for (const entry of operations) if (!entry.payloads) writeAccessLine(log, request, writer, entry);
}

/** The access line of one operation. */
function writeAccessLine(log: RequestLog, request: Request, writer: AccessWriter, { params, context, result, end, payloads }: OperationEntry): void {
  const document = params.query ? writer.documentOf(params.query) : undefined;
  const operation = document ? getOperationAST(document, params.operationName) : undefined;
  const name = operation?.name?.value ?? params.operationName ?? undefined;
  const usage = context.upstreams?.usage;
  const single = result && !isAsyncIterable(result) ? result : undefined;
  // An operation that threw before it had a result was answered with the request's errors.
  const codes = payloads ? payloads.list() : single ? new ErrorCodes().addPayload(single).list() : result ? [] : (log.refusal ?? []);
  const cached = (single?.extensions as { responseCache?: { hit?: boolean } } | undefined)?.responseCache?.hit === true;
  log.base.info(
    {
      requestId: log.id,
      operationName: name && name.length > OPERATION_NAME_MAX_CHARS ? name.slice(0, OPERATION_NAME_MAX_CHARS) : name,
      operationType: operation?.operation,
      transport: log.transport,
      status: log.status,
      durationMs: round((end ?? performance.now()) - log.start),
      upstreamRequests: usage?.requests ?? 0,
      cacheAnswers: usage?.cacheAnswers ?? 0,
      ...(cached ? { responseCache: 'hit' } : {}),
      // A subscription's line is written as its stream opens: what it will send is not known.
      outcome: result && isAsyncIterable(result) && !payloads ? 'stream' : codes.length ? 'errors' : 'ok',
      ...(codes.length ? { errorCodes: codes } : {}),
      client: usage?.client ?? writer.clientOf(request, log.req),
    },
    'access',
  );
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * The yoga plugins, the first and the last of the gateway's: `opening` opens a request's log (and
 * records its operations), answers its id in `x-request-id`, stamps and logs the errors of its answer
 * and writes its access lines when the response starts; `closing` sees each operation's parameters
 * as the plugins before it resolved them (a persisted document's text), its result, and the end of
 * a query or mutation answered in payloads, whose line it then writes.
 */
export function useRequestLog(options: RequestLogOptions): { opening: Plugin; closing: Plugin } {
  // Fixed for the process: with `info` off, no operation is recorded and no line is built.
  const access = options.logger.isLevelEnabled('info');
  const operationOf = new WeakMap<object, OperationEntry>();
  return { opening: openingPlugin(options, access, operationOf), closing: closingPlugin(operationOf) };
}

/** The first plugin: opens the request's log, records its operations (`access`), stamps its errors, answers its id, writes its lines. */
function openingPlugin(options: RequestLogOptions, access: boolean, operationOf: WeakMap<object, OperationEntry>): Plugin {
  const { logger, graphqlEndpoint } = options;
  return {
    onRequest({ request, url, serverContext }) {
      if (url.pathname !== graphqlEndpoint) return;
      const log = requestLogFor(request, logger, 'http', (serverContext as { req?: IncomingMessage }).req);
      if (access) {
        log.operations = [];
        log.writer = options;
      }
    },
    onParams({ request, params, context }) {
      const log = requestLogFor(request, logger, 'ws', (context as { req?: IncomingMessage }).req);
      if (!access) return;
      const entry: OperationEntry = { params, context: context as OperationEntry['context'] };
      (log.operations ??= []).push(entry);
      log.writer = options;
      operationOf.set(context, entry);
    },
    onResultProcess({ request, result, setResult }) {
      const log = logs.get(request);
      if (!log) return;
      if (isAsyncIterable(result)) {
        setResult(mapAsyncIterator(result, (payload) => sentResult(payload as AnswerPayload, log)));
        return;
      }
      if (Array.isArray(result)) {
        if (result.some((one) => one.errors?.length)) setResult(result.map((one) => sentResult(one, log)));
        return;
      }
      if (!result.errors?.length) return;
      // Errors no operation produced: the request was refused before any operation had a result.
      if (log.operations && !log.operations.some((entry) => entry.result)) log.refusal = new ErrorCodes().add(result.errors).list();
      setResult(sentResult(result, log));
    },
    onResponse({ request, response }) {
      const log = logs.get(request);
      if (!log) return;
      response.headers.set(REQUEST_ID_HEADER, log.id);
      finishRequest(log, request, response.status);
    },
  };
}

/** The last plugin: each operation's resolved parameters and result, and the end of one answered in payloads (its line written then). */
function closingPlugin(operationOf: WeakMap<object, OperationEntry>): Plugin {
  return {
    onParams({ params, context }) {
      const entry = operationOf.get(context);
      if (entry) entry.params = params;
    },
    onExecute({ args }) {
      // Only a document with @defer or @stream can be answered in payloads.
      if (!usesIncrementalDelivery(args.document)) return;
      const entry = operationOf.get(args.contextValue as object);
      if (!entry) return;
      return {
        onExecuteDone({ result }) {
          // A subscription is subscribed, not executed: only @defer and @stream answer an execution in payloads.
          if (!isAsyncIterable(result)) return;
          const payloads = (entry.payloads = new ErrorCodes());
          return {
            onNext: ({ result: payload }) => void payloads.addPayload(payload as AnswerPayload),
            onEnd: () => {
              entry.end = performance.now();
              const { request } = args.contextValue as { request: Request };
              const log = logs.get(request);
              if (log?.writer) writeAccessLine(log, request, log.writer, entry);
            },
          };
        },
      };
    },
    onExecutionResult({ result, context }) {
      const entry = operationOf.get(context);
      if (!entry) return;
      entry.result = result;
      entry.end = performance.now();
    },
  };
}
