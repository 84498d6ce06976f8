/**
 * graphql-sse's single connection mode on the GraphQL path, beside its distinct connections mode
 * (yoga's own SSE, untouched). A client reserves a stream with a `PUT` (answered with a token), opens
 * it with a `GET` carrying the token (`x-graphql-event-stream-token`, or `?token=`), then sends each
 * operation in a `POST` with the token (202) and stops one with a `DELETE ?operationId=`; results
 * arrive on the one stream, tagged with the operation's id. Requests of this mode are told apart by
 * their method (`PUT`, `DELETE`) or their token; anything else is yoga's as before.
 *
 * The protocol is graphql-sse's own handler (`graphql-sse/lib/use/fetch`), as in
 * `@graphql-yoga/plugin-graphql-sse`; unlike that plugin, which mounts it on its own path in
 * `onRequest` (before the CSRF check) and runs operations with `getEnveloped` (past yoga's parameter
 * hooks), this one answers in `onRequestParse`, after the CSRF check, and runs every operation with
 * `getResultForParams`, as a POST's is once its body is read (and as the WebSocket transport does):
 * persisted and trusted documents, the response cache, graphql-armor's limits, the operation guard,
 * subscription limits, per-event contexts and error masking all apply. The operation's `POST` is
 * admitted at the HTTP door as any POST (src/admission/http.ts) and answers its 202 once the result
 * (or the subscription's stream) is there.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ExecutionResult } from 'graphql';
import { TOKEN_HEADER_KEY, TOKEN_QUERY_KEY } from 'graphql-sse';
import { createHandler } from 'graphql-sse/lib/use/fetch';
import { isAsyncIterable, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { Logger } from '../observability/logger.js';
import { requestLogFor, streamedResult } from '../observability/request-log.js';

export { TOKEN_HEADER_KEY as SSE_TOKEN_HEADER };

/** Whether a request to the GraphQL path belongs to graphql-sse's single connection mode. */
export function isSingleConnectionRequest(request: Request, url: URL): boolean {
  return request.method === 'PUT' || request.method === 'DELETE' || request.headers.has(TOKEN_HEADER_KEY) || url.searchParams.has(TOKEN_QUERY_KEY);
}

type ServerContext = { req?: IncomingMessage };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyYoga = YogaServerInstance<any, any>;

/** A result as yoga's HTTP answer shows it (`streamedResult`), logged with the operation's request. */
function resultAsSent(result: ExecutionResult, request: Request, logger: Logger, req: IncomingMessage | undefined): ExecutionResult {
  return streamedResult(result, requestLogFor(request, logger, 'http', req));
}

async function* once(result: ExecutionResult): AsyncGenerator<ExecutionResult> {
  yield result;
}

export interface SingleConnectionOptions {
  endpoint: string;
  logger: Logger;
  /** How long a reservation waits for its stream (SSE_RESERVATION_TTL_MS). */
  reservationTtlMs: number;
  /** The most reservations waiting for their stream at once (SSE_MAX_RESERVATIONS); a PUT past it is answered 503. */
  maxReservations: number;
  /** The most event streams open at once (SSE_MAX_STREAMS); the GET that would open one more is answered 503. */
  maxStreams: number;
  /** Told of each of those refusals (for `avalanche_graph_shed_total` and `/ready`'s count). */
  onShed?: (reason: 'sse-reservations' | 'sse-streams') => void;
}

/** How long a client refused for open streams is told to wait, as one refused a WebSocket is. */
const STREAMS_RETRY_AFTER_S = 5;

/** The response with its body passed through unchanged, calling `onEnd` once when the body ends or is cancelled (its client went away). */
function untilBodyEnds(response: Response, fetchAPI: { Response: typeof Response; ReadableStream: typeof ReadableStream }, onEnd: () => void): Response {
  if (!response.body) {
    onEnd();
    return response;
  }
  const reader = response.body.getReader();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  const body = new fetchAPI.ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          end();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        end();
        controller.error(error);
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
  return new fetchAPI.Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** A 503 `OVERLOADED` answer with `Retry-After`. */
function overloaded(fetchAPI: { Response: typeof Response }, message: string, retryAfter: number, reason: string): Response {
  const body = { errors: [{ message, extensions: { code: 'OVERLOADED', retryAfter, reason } }] };
  return new fetchAPI.Response(JSON.stringify(body), { status: 503, headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(retryAfter) } });
}

export function useGraphQLSSESingleConnection({ endpoint, logger, reservationTtlMs, maxReservations, maxStreams, onShed }: SingleConnectionOptions): Plugin {
  let yoga: AnyYoga | undefined;
  /** Event streams open now. */
  let openStreams = 0;
  /** The node adapter's context of each request (its socket, for the client's address; its admission ticket). */
  const serverContexts = new WeakMap<Request, ServerContext>();
  let handler: ((request: Request) => Promise<Response>) | undefined;
  const handle = (request: Request) => (handler ??= sseHandler(yoga!, serverContexts, logger))(request);
  /** Reservations whose stream has not opened yet, by token, with the timer that drops them. */
  const pending = new Map<string, NodeJS.Timeout>();
  // graphql-sse keeps a reservation until its stream closes: one whose stream never opens (a client
  // that reserved and left) would stay for good. It is opened here and closed at once, which drops it.
  const expire = (url: string, token: string) => {
    pending.delete(token);
    const open = new yoga!.fetchAPI.Request(url, { method: 'GET', headers: { accept: 'text/event-stream', [TOKEN_HEADER_KEY]: token } });
    void handle(open).then(
      (response) => response.body?.cancel(),
      () => undefined,
    );
  };
  return {
    onYogaInit({ yoga: server }) {
      yoga = server as AnyYoga;
    },
    // After the CSRF check (its own onRequestParse, earlier in the list), before yoga's method check (405 to a PUT).
    onRequestParse({ request, url, serverContext, endResponse }) {
      if (url.pathname !== endpoint || !isSingleConnectionRequest(request, url)) return;
      const fetchAPI = yoga!.fetchAPI;
      const token = request.headers.get(TOKEN_HEADER_KEY) ?? url.searchParams.get(TOKEN_QUERY_KEY);
      const opensStream = Boolean(token) && request.headers.get('accept') === 'text/event-stream';
      if (opensStream && openStreams >= maxStreams) {
        // Bounded: each open stream holds a connection for as long as its client keeps it. Refused
        // before the reservation's stream opens, so the reservation still waits (and expires).
        onShed?.('sse-streams');
        endResponse(overloaded(fetchAPI, `The gateway holds its maximum of ${maxStreams} event streams (SSE_MAX_STREAMS). Retry after the time in Retry-After.`, STREAMS_RETRY_AFTER_S, 'sse-streams'));
        return;
      }
      if (opensStream) {
        // Claimed now, before the handler answers: concurrent GETs cannot all pass the bound.
        openStreams++;
        clearTimeout(pending.get(token!));
        pending.delete(token!);
      }
      if (request.method === 'PUT' && pending.size >= maxReservations) {
        // Bounded: a flood of reservations that never open their stream holds no unbounded memory.
        const retryAfter = Math.max(1, Math.ceil(reservationTtlMs / 1000));
        onShed?.('sse-reservations');
        endResponse(overloaded(fetchAPI, `Too many stream reservations are waiting for their stream; retry after ${retryAfter} s.`, retryAfter, 'sse-reservations'));
        return;
      }
      serverContexts.set(request, serverContext as ServerContext);
      return handle(request).then(
        async (response) => {
          if (request.method === 'PUT' && response.status === 201) {
            const reserved = await response.clone().text();
            pending.set(reserved, setTimeout(() => expire(request.url, reserved), reservationTtlMs).unref());
          }
          if (!opensStream) return endResponse(response);
          // Held while the stream is open (until its body ends or its client goes away); a GET that
          // opened nothing (no such reservation, one already open) gives its claim back at once.
          if (response.status === 200) return endResponse(untilBodyEnds(response, fetchAPI, () => openStreams--));
          openStreams--;
          endResponse(response);
        },
        (error: unknown) => {
          if (opensStream) openStreams--;
          throw error;
        },
      );
    },
  };
}

/** graphql-sse's handler over the gateway: each operation through yoga's plugins, in the server context its request came with. */
function sseHandler(yoga: AnyYoga, serverContexts: WeakMap<Request, ServerContext>, logger: Logger): (request: Request) => Promise<Response> {
  return createHandler<ServerContext>(
    {
      onSubscribe: async (req, params) => {
        const serverContext = serverContexts.get(req.raw) ?? {};
        const result = await yoga.getResultForParams(
          {
            params: {
              query: params.query,
              operationName: params.operationName ?? undefined,
              variables: params.variables ?? undefined,
              extensions: params.extensions ?? undefined,
            },
            request: req.raw,
          },
          serverContext,
        );
        if (isAsyncIterable(result)) return result as AsyncIterable<ExecutionResult>;
        // graphql-sse takes a result without `data` (an operation refused before it ran: invalid, a
        // bad argument, no subscription slot left) for execution arguments: it goes as a stream of one.
        return once((result ?? { errors: [] }) as ExecutionResult);
      },
      onNext: (_ctx, req, result) => resultAsSent(result as ExecutionResult, req.raw, logger, serverContexts.get(req.raw)?.req),
      // A reservation's token is always a new random one of the gateway's, never one the PUT carries.
      // graphql-sse's client writes the token it got into the headers object it was given and sends
      // it again with its next PUT (in its default lazy mode it closes the stream after its last
      // operation and reserves anew for the next): taken as asked, that PUT met the old stream, not
      // yet closed, and was refused 409 "Stream already registered". And no caller picks a token.
      authenticate: (req) => (req.method === 'PUT' ? randomUUID() : (req.headers.get(TOKEN_HEADER_KEY) ?? new URL(req.url).searchParams.get(TOKEN_QUERY_KEY) ?? randomUUID())),
    },
    yoga.fetchAPI,
  );
}
