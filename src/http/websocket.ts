/**
 * GraphQL over WebSocket (the graphql-ws protocol, subprotocol `graphql-transport-ws`) on the
 * GraphQL path, beside SSE. The `graphql-ws` library speaks the protocol over a `ws` server; every
 * operation then runs through yoga as a POST does once its body is read (`getResultForParams`, as
 * the Hive Gateway does it): persisted and trusted documents, the response cache, graphql-armor's
 * limits, the operation guard, the per-event contexts and error masking all apply. What HTTP does
 * before that is done here for the upgrade: the URL and header size limits, and, instead of the CSRF
 * check (a browser cannot add a header to a WebSocket), the `Origin` against CORS_ORIGINS.
 *
 * The caller's API key is read from the `connection_init` payload (an entry named like the key
 * headers), else from the upgrade request's headers; the client's address is read from the upgrade as
 * a POST's is (TRUST_PROXY). With caller authentication (AUTH_JWKS_URL, AUTH_CONSUMERS),
 * `connection_init` must carry a token or consumer key (an entry named like the header, else the
 * upgrade's header) before the socket is acknowledged: the
 * verified caller is then the socket's client (src/auth/), and a refused one is closed with 4401. An operation therefore gets the context, limits and key partition a POST
 * with those headers from that socket would get, and a request id and access line of its own.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { GraphQLError, Kind, OperationTypeNode, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { CloseCode, type Context as GraphQLWsContext, type SubscribePayload } from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import { finalAsyncIterator, isAsyncIterable } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import type { Config } from '../config/index.js';
import { ErrorCodes, maskError, type ErrorCode } from '../errors.js';
import { headRefusal, refuseOnSocket } from './http-limits.js';
import { isRefused } from './connections.js';
import { isShed, type Admission } from '../admission/admission.js';
import { shedCode } from '../admission/http.js';
import type { Logger } from '../observability/logger.js';
import { finishRequest, REQUEST_ID_HEADER, requestLogFor, streamedError, streamedResult, type RequestLog } from '../observability/request-log.js';
import { CALLER_KEY_HEADERS } from '../upstream/index.js';
import type { Gateway } from '../yoga.js';
import { SharedStreams } from './shared-streams.js';
import { setIdentity, type Callers, type Credentials } from '../auth/index.js';

/** How long a new socket may take to send `connection_init` before it is closed (4408). */
export const CONNECTION_INIT_TIMEOUT_MS = 3_000;

/**
 * The close code (RFC 6455's "try again later") of a WebSocket the gateway cannot take now, or whose
 * only operation was shed: graphql-ws clients retry it with backoff.
 */
export const TRY_AGAIN_LATER = 1013;

/** Between the server's pings; a client that has not answered one by the next is cut. */
const KEEP_ALIVE_MS = 12_000;

/**
 * What graphql-ws gets back from `onSubscribe`: a subscription document, so that it hands the
 * operation's result (one result or a stream) to `subscribe` whatever the operation was; yoga has
 * already parsed, validated and run the real document.
 */
const RESULT_DOCUMENT: DocumentNode = {
  kind: Kind.DOCUMENT,
  definitions: [{ kind: Kind.OPERATION_DEFINITION, operation: OperationTypeNode.SUBSCRIPTION, selectionSet: { kind: Kind.SELECTION_SET, selections: [] } }],
};

/** An operation's result, carried from `onSubscribe` to `subscribe` in the execution arguments. */
type OperationResult = ExecutionResult | AsyncIterable<ExecutionResult>;
type ResultCarrier = ExecutionArgs & { contextValue: { result: OperationResult; log: RequestLog } };

/**
 * Headers of the upgrade that describe the socket, not the caller: not handed to the operation (the
 * upgrade's request id names the connection; each operation gets its own).
 */
const HANDSHAKE_HEADERS = new Set(['host', 'connection', 'upgrade', 'content-length', 'transfer-encoding', 'keep-alive', REQUEST_ID_HEADER]);

export interface WebSocketEndpoint {
  /** Closes every WebSocket with 1001 (going away: graphql-ws clients reconnect elsewhere) and refuses new ones; resolves once all are closed. */
  close(): Promise<void>;
  /** Cuts the sockets whose clients have not completed the closing handshake. */
  terminate(): void;
}

/** Whether a browser page of `origin` may open a WebSocket: the rule CORS applies to its requests. */
function originAllowed(origin: string | undefined, allowed: readonly string[] | undefined): boolean {
  // No list: any origin, as CORS answers any. No Origin header: not a browser (a browser always sends one).
  if (!allowed || origin === undefined) return true;
  let normalized: string;
  try {
    normalized = new URL(origin).origin;
  } catch {
    return false;
  }
  return allowed.includes(normalized);
}

/**
 * The caller's key from the `connection_init` payload, by a key header's name (any case): a string,
 * or undefined when the payload names none. Throws for a value no header could carry.
 */
function payloadKey(params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  if (!params) return undefined;
  for (const name of CALLER_KEY_HEADERS) {
    const entry = Object.entries(params).find(([key]) => key.toLowerCase() === name);
    if (!entry) continue;
    const value = entry[1];
    if (typeof value !== 'string' || !/^[\x20-\x7e]*$/.test(value)) throw new Error(`${name} in the connection_init payload must be a string of printable ASCII`);
    if (value.trim()) return value;
  }
  return undefined;
}

/** W3C trace context a `connection_init` payload may carry for the socket's operations (browsers cannot set upgrade headers). */
const TRACE_CONTEXT_ENTRIES = ['traceparent', 'tracestate'] as const;

/**
 * The headers an operation on this socket is run with: the upgrade's, with the payload's key in
 * place of theirs, and its `traceparent`/`tracestate` entries, if any, in place of theirs.
 */
function operationHeaders(upgrade: IncomingMessage, key: string | undefined, params: Readonly<Record<string, unknown>> | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(upgrade.headers)) {
    if (value === undefined || HANDSHAKE_HEADERS.has(name) || name.startsWith('sec-websocket-')) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  if (key !== undefined) {
    for (const name of CALLER_KEY_HEADERS) headers.delete(name);
    headers.set(CALLER_KEY_HEADERS[0], key);
  }
  for (const name of TRACE_CONTEXT_ENTRIES) {
    const value = params?.[name];
    // Checked for what a header can hold; the propagator checks the format.
    if (typeof value === 'string' && /^[\x20-\x7e]{1,512}$/.test(value)) headers.set(name, value);
  }
  headers.set('content-type', 'application/json');
  return headers;
}

/** What the WebSocket endpoint admits its operations with: the process's admission, and who a socket's client is. */
export interface WebSocketAdmission {
  admission: Admission;
  clientOf(req: IncomingMessage): string;
  /** Caller authentication (AUTH_JWKS_URL, AUTH_CONSUMERS): a socket's `connection_init` must carry a token or key they take. */
  callers?: Callers;
  /** Told of each socket refused for its token. */
  onUnauthenticated?(): void;
}

/** The close code of a socket whose caller is not authenticated: graphql-ws's Unauthorized, which its clients do not retry. */
export const UNAUTHENTICATED_CLOSE = CloseCode.Unauthorized;

/** What a socket's caller presents: each a `connection_init` entry of the header's name (any case), else the upgrade's header. */
function credentialsOf(params: Readonly<Record<string, unknown>> | undefined, upgrade: IncomingMessage, consumerHeader: string): Credentials {
  const read = (name: string): string | undefined => {
    const entry = params && Object.entries(params).find(([key]) => key.toLowerCase() === name);
    if (entry) return typeof entry[1] === 'string' ? entry[1] : '';
    const header = upgrade.headers[name];
    return typeof header === 'string' ? header : undefined;
  };
  return { authorization: read('authorization'), consumerKey: read(consumerHeader), ownDataApiKey: payloadKey(params) !== undefined || CALLER_KEY_HEADERS.some((name) => read(name)?.trim()) };
}

/**
 * Serves graphql-ws on the gateway's GraphQL path of `server`. Messages are at most MAX_BODY_BYTES
 * (a larger one closes the socket with 1009), as a request body is.
 */
export function serveWebSockets(server: Server, gateway: Gateway, config: Config, logger: Logger, admit: WebSocketAdmission, shared = new SharedStreams()): WebSocketEndpoint {
  const wss = new WebSocketServer({ noServer: true, maxPayload: config.maxBodyBytes });
  server.on('upgrade', upgradeHandler(wss, gateway.graphqlEndpoint, config, admit.admission));
  const served = useServer(
    {
      connectionInitWaitTimeout: CONNECTION_INIT_TIMEOUT_MS,
      onConnect: (ctx) => authenticateSocket(ctx, admit),
      onSubscribe: operationSubscriber(gateway, logger, admit, shared),
      subscribe: (args) => (args as ResultCarrier).contextValue.result,
      onNext: (_ctx, _id, _payload, args, result) => streamedResult(result, (args as ResultCarrier).contextValue.log),
    },
    wss,
    KEEP_ALIVE_MS,
  );

  // useServer writes a socket's errors to the console. They are the client's protocol errors (a
  // message over maxPayload, a bad frame), and ws has already closed the socket with their code
  // (1009, 1002, ...): a debug line in the gateway's own log instead.
  wss.on('connection', (socket) => {
    socket.removeAllListeners('error');
    socket.on('error', (error: Error & { code?: string }) => logger.debug(`WebSocket closed on a protocol error (${error.code ?? error.name})`));
  });

  return {
    close: async () => {
      await served.dispose();
    },
    terminate: () => {
      for (const ws of wss.clients) ws.terminate();
    },
  };
}

/** A socket's graphql-ws context on `ws`. */
type WsContext = GraphQLWsContext<Record<string, unknown> | undefined, Extra>;

/** An upgrade's checks (its head's limits, its path, its origin), then the handshake, or a refusal: on the socket, or a 1013 close once it is open. */
function upgradeHandler(wss: WebSocketServer, path: string, config: Config, admission: WebSocketAdmission['admission']) {
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A connection refused for its address's bound has had its answer (connections.ts).
    if (isRefused(socket)) return void socket.destroy();
    const limit = headRefusal(req, config);
    if (limit) return refuseOnSocket(socket, limit);
    // Split, not parsed: a request target URL cannot parse (`http://[`) must not throw here.
    if ((req.url ?? '').split('?')[0] !== path) {
      return refuseOnSocket(socket, { status: 404, code: 'BAD_REQUEST', message: `WebSocket connections are served at ${path} only.` });
    }
    if (!originAllowed(req.headers.origin, config.corsOrigins)) {
      return refuseOnSocket(socket, { status: 403, code: 'FORBIDDEN', message: 'This origin may not open a WebSocket here: it is not one of CORS_ORIGINS.' });
    }
    // What cannot be taken now (past MAX_WEBSOCKETS: an idle socket costs little, but each holds
    // buffers and a keep-alive timer; or under heap or event-loop pressure, as in a reconnect storm
    // after a deploy) is let through its handshake and closed at once with 1013, before graphql-ws
    // sees it: graphql-ws clients retry that close with their backoff, where a refused upgrade (an
    // HTTP 503) ends them unless told otherwise.
    if (wss.clients.size >= config.maxWebSockets) {
      admission.count('websockets');
      return wss.handleUpgrade(req, socket, head, (ws) => ws.close(TRY_AGAIN_LATER, `over MAX_WEBSOCKETS (${config.maxWebSockets}): retry in 5 s`));
    }
    const pressure = admission.pressureRefusal();
    if (pressure) return wss.handleUpgrade(req, socket, head, (ws) => ws.close(TRY_AGAIN_LATER, `overloaded (${pressure.reason}): retry in ${pressure.retryAfter} s`));
    // After close() ws answers 503 itself.
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
}

/** graphql-ws's `onConnect`: a key in the payload must be a string; with caller authentication, the caller once for the socket (each of its operations is then that caller's). */
async function authenticateSocket(ctx: WsContext, admit: WebSocketAdmission): Promise<boolean> {
    try {
      payloadKey(ctx.connectionParams);
    } catch (error) {
      ctx.extra.socket.close(CloseCode.BadRequest, (error as Error).message);
      return false;
    }
    if (!admit.callers) return true;
    // The caller, once for the socket: each of its operations is then that caller's.
    const verdict = await admit.callers.authenticate(credentialsOf(ctx.connectionParams, ctx.extra.request, admit.callers.consumerHeader));
    if ('identity' in verdict) {
      setIdentity(ctx.extra.request, verdict.identity);
      return true;
    }
    if ('ownKey' in verdict) return true;
    admit.onUnauthenticated?.();
    if ('refused' in verdict) ctx.extra.socket.close(UNAUTHENTICATED_CLOSE, `Unauthenticated: ${verdict.refused.description}`.slice(0, 120));
    else ctx.extra.socket.close(TRY_AGAIN_LATER, `${verdict.unavailable}: retry in 5 s`.slice(0, 120));
    return false;
}

/** graphql-ws's `onSubscribe`: each operation admitted as a POST is, run through the gateway's plugins, then served from its audience's shared stream or on its own. */
function operationSubscriber(gateway: Gateway, logger: Logger, admit: WebSocketAdmission, shared: SharedStreams) {
  const { admission } = admit;
  const path = gateway.graphqlEndpoint;
  return async (ctx: WsContext, id: string, params: SubscribePayload): Promise<ResultCarrier | readonly GraphQLError[]> => {
    const upgrade = ctx.extra.request;
    const request = new gateway.fetchAPI.Request(`http://localhost${path}`, {
      method: 'POST',
      headers: operationHeaders(upgrade, payloadKey(ctx.connectionParams), ctx.connectionParams),
    });
    const log = requestLogFor(request, logger, 'ws', upgrade);
    // Admitted as a POST is: a slot of its own, waiting in the same queue; refused with an `error` message.
    let admitted = admission.admit(admit.clientOf(upgrade));
    if (admitted instanceof Promise) admitted = await admitted;
    if (isShed(admitted)) {
      log.refusal = [shedCode(admitted)];
      finishRequest(log, request);
      // The socket's only operation: closed with 1013 (try again later), which graphql-ws clients
      // retry with backoff, where an `error` message would end their subscription for good.
      if (Object.keys(ctx.subscriptions).every((other) => other === id)) ctx.extra.socket.close(TRY_AGAIN_LATER, admitted.message.slice(0, 120));
      return [new GraphQLError(admitted.message, { extensions: { code: shedCode(admitted), retryAfter: admitted.retryAfter, reason: admitted.reason, requestId: log.id } })];
    }
    const ticket = admitted;
    const sharing = shared.sharing();
    let result: OperationResult | undefined;
    try {
      const { operationName, variables, extensions } = params;
      result = await gateway.getResultForParams(
        { params: { ...params, operationName: operationName ?? undefined, variables: variables ?? undefined, extensions: extensions ?? undefined }, request },
        { req: upgrade, ticket, streamSharing: sharing },
      );
    } catch (error) {
      ticket.release();
      shared.abandon(sharing);
      // What a plugin throws before execution (an unknown persisted document): masked as over
      // HTTP (an unexpected one is logged by `streamedError`).
      const masked = maskError(error, 'Unexpected error.') as GraphQLError;
      log.refusal = new ErrorCodes().add([masked]).list();
      finishRequest(log, request);
      return [streamedError(masked, log)];
    }
    finishRequest(log, request);
    // Served from the stream its audience shares (shared-streams.ts), or on its own below.
    const seat = shared.attach(sharing, result, { id, socket: ctx.extra.socket, log });
    if (seat) {
      ticket.release();
      return { schema: undefined as never, document: RESULT_DOCUMENT, contextValue: { result: seat, log } };
    }
    // A single result is built: the slot is free as it is sent. A stream (`@defer`, `@stream`)
    // holds it until its last payload or the client's complete (`finalAsyncIterator` passes the
    // complete on at once; a generator would wait for the next event); a subscription gave it back
    // as its stream started.
    if (result && isAsyncIterable(result)) result = finalAsyncIterator(result, () => ticket.release());
    else ticket.release();
    if (!result) return [new GraphQLError('The operation gave no result.', { extensions: { code: 'INTERNAL_SERVER_ERROR' satisfies ErrorCode, requestId: log.id } })];
    // Refused before it ran (invalid, over a limit, a bad argument, no subscription slot left): an
    // `error` message, as graphql-ws sends for an operation that does not execute.
    if (!isAsyncIterable(result) && result.errors?.length && !('data' in result)) return result.errors.map((error) => streamedError(error, log));
    // graphql-ws reads no schema from arguments `onSubscribe` returns.
    return { schema: undefined as never, document: RESULT_DOCUMENT, contextValue: { result, log } };
  };
}
