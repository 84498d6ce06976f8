/**
 * The span of each GraphQL operation (src/observability/tracing.ts): started when it runs, ended with its outcome.
 * Registered only when tracing is on, before the plugins that may answer in its place (the
 * federation secret, the operation guard), so that a refused operation has its span too.
 *
 * - A query or mutation's span ends with its answer; with `@defer` or `@stream`, with its last payload
 *   (or when the client goes away).
 * - A subscription's span covers its subscribe only (the checks and the stream's opening), not the
 *   hours it may stay open; its events run in contexts of their own, untraced.
 */
import { getOperationAST } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { Context } from '../context.js';
import { ErrorCodes, type AnswerPayload } from '../errors.js';

/** Starts the operation's span from the execution arguments and returns what ends it; undefined when its context has no trace. */
function startSpan(args: { document: Parameters<typeof getOperationAST>[0]; operationName?: string | null; contextValue: unknown }): ((codes: ErrorCodes) => void) | undefined {
  const context = args.contextValue as Context & { request?: Request };
  const trace = context.trace;
  if (!trace) return undefined;
  const operation = getOperationAST(args.document, args.operationName);
  trace.start(operation?.operation ?? 'query', operation?.name?.value, context.request?.headers ?? new Headers(), context.requestLog.id);
  // Its errors' codes and its upstream counts, as the operation's access line reports them (src/observability/request-log.ts).
  return (codes) => trace.end(codes.list(), context.upstreams.usage);
}

export function useTracing(): Plugin<Context> {
  return {
    onExecute({ args }) {
      const end = startSpan(args);
      if (!end) return;
      return {
        onExecuteDone({ result }) {
          if (!isAsyncIterable(result)) return void end(new ErrorCodes().addPayload(result));
          const codes = new ErrorCodes();
          return { onNext: ({ result: payload }) => void codes.addPayload(payload as AnswerPayload), onEnd: () => end(codes) };
        },
      };
    },
    onSubscribe({ args }) {
      const end = startSpan(args);
      if (!end) return;
      return {
        onSubscribeResult: ({ result }) => end(isAsyncIterable(result) ? new ErrorCodes() : new ErrorCodes().addPayload(result)),
        onSubscribeError: ({ error }) => end(new ErrorCodes().add([error])),
      };
    },
  };
}
