/**
 * The span of each GraphQL operation (src/tracing.ts): started when it runs, ended with its outcome.
 * Registered only when tracing is on, before the plugins that may answer in its place (the
 * federation secret, the operation guard), so that a refused operation has its span too.
 *
 * - A query or mutation's span ends with its answer; with `@defer` or `@stream`, with its last payload
 *   (or when the client goes away).
 * - A subscription's span covers its subscribe only (the checks and the stream's opening), not the
 *   hours it may stay open; its events run in contexts of their own, untraced.
 */
import { getOperationAST, type ExecutionResult, type GraphQLError } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { Context } from './context.js';
import { maskError } from './errors.js';
import type { OperationTrace } from './tracing.js';

/** Most distinct error codes kept on a span (there are fewer codes than this: a bound, not a cut). */
const MAX_ERROR_CODES = 16;

/** An incremental payload: its own errors, and those of its `incremental` parts. */
type Payload = ExecutionResult & { incremental?: ReadonlyArray<{ errors?: readonly GraphQLError[] }> };

/** The distinct codes of an operation's errors, as the caller sees them (errors are masked after this plugin runs: masked the same way here). */
class ErrorCodes {
  private readonly codes = new Set<string>();

  add(errors: readonly unknown[] | undefined): this {
    for (const error of errors ?? []) {
      if (this.codes.size >= MAX_ERROR_CODES) break;
      const code = (maskError(error, 'Unexpected error.') as GraphQLError).extensions?.code;
      this.codes.add(typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR');
    }
    return this;
  }

  addPayload(payload: Payload): this {
    this.add(payload.errors);
    for (const part of payload.incremental ?? []) this.add(part.errors);
    return this;
  }

  list(): string[] {
    return [...this.codes];
  }
}

/** Starts the operation's span from the execution arguments; the context's trace, or undefined when it has none. */
function startSpan(args: { document: Parameters<typeof getOperationAST>[0]; operationName?: string | null; contextValue: unknown }): OperationTrace | undefined {
  const context = args.contextValue as Context & { request?: Request };
  const trace = context.trace;
  if (!trace) return undefined;
  const operation = getOperationAST(args.document, args.operationName);
  trace.start(operation?.operation ?? 'query', operation?.name?.value, context.request?.headers ?? new Headers());
  return trace;
}

export function useTracing(): Plugin<Context> {
  return {
    onExecute({ args }) {
      const trace = startSpan(args);
      if (!trace) return;
      return {
        onExecuteDone({ result }) {
          if (!isAsyncIterable(result)) return void trace.end(new ErrorCodes().addPayload(result).list());
          const codes = new ErrorCodes();
          return { onNext: ({ result: payload }) => void codes.addPayload(payload as Payload), onEnd: () => trace.end(codes.list()) };
        },
      };
    },
    onSubscribe({ args }) {
      const trace = startSpan(args);
      if (!trace) return;
      return {
        onSubscribeResult: ({ result }) => trace.end(isAsyncIterable(result) ? [] : new ErrorCodes().addPayload(result).list()),
        onSubscribeError: ({ error }) => trace.end(new ErrorCodes().add([error]).list()),
      };
    },
  };
}
