/**
 * `@defer` and `@stream` (incremental delivery): yoga's defer-stream plugin adds their validation
 * rules, and yoga's executor runs them, sending the initial payload as soon as the non-deferred part
 * is resolved and each deferred fragment or streamed item in a later payload, as `multipart/mixed`
 * or `text/event-stream` (the directives themselves are in the schema: src/schema/index.ts).
 *
 * A request that cannot take a stream gets the whole answer at once, as if the directives were
 * absent (the incremental delivery proposal lets a server ignore them): a batch (its answer is one
 * JSON array) and a request whose `Accept` admits neither multipart nor event streams. Without this,
 * the first would answer `{}` for the operation and the second 406.
 *
 * Deferred parts run in the operation's own context: the same upstream budget, deadline, memo and
 * loaders (src/upstream/transport/request.ts), and the operation guard has checked and counted them before
 * anything ran (it walks every fragment, deferred or not). Their errors are masked as every other
 * error is (`maskError`): yoga masks a payload's own `errors`, not those of its incremental entries.
 */
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { Kind, visit, type DocumentNode, type ExecutionResult } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { maskError } from '../errors.js';

const DIRECTIVES = new Set(['defer', 'stream']);

/** Documents (yoga parses a repeated text once, so the same object) and whether they use the directives. */
const uses = new WeakMap<DocumentNode, boolean>();
const flattened = new WeakMap<DocumentNode, DocumentNode>();

/** Whether a document asks for incremental delivery anywhere (`@defer` or `@stream`, whatever their `if`). */
export function usesIncrementalDelivery(document: DocumentNode): boolean {
  let found = uses.get(document);
  if (found === undefined) {
    found = false;
    visit(document, {
      Directive(node) {
        if (!DIRECTIVES.has(node.name.value)) return undefined;
        found = true;
        return false;
      },
    });
    uses.set(document, found);
  }
  return found;
}

/** The document without `@defer` and `@stream`: its answer comes whole. */
function withoutIncrementalDelivery(document: DocumentNode): DocumentNode {
  let flat = flattened.get(document);
  if (!flat) {
    flat = visit(document, { [Kind.DIRECTIVE]: (node) => (DIRECTIVES.has(node.name.value) ? null : undefined) });
    flattened.set(document, flat);
  }
  return flat;
}

/** The media types an incremental answer is sent as, and the wildcards that admit them. */
const STREAMING = ['multipart/mixed', 'text/event-stream', 'multipart/*', 'text/*', '*/*'];

/** Whether the request's `Accept` (none: anything) admits a streamed answer. */
function acceptsStream(request: Request): boolean {
  const accept = request.headers.get('accept');
  if (!accept) return true;
  return accept.split(',').some((range) => STREAMING.includes(range.split(';')[0]!.trim().toLowerCase()));
}

/** Yoga's message for a masked error (its `maskedErrors.errorMessage` default, which the gateway keeps). */
const MASKED_MESSAGE = 'Unexpected error.';

type SubsequentPayload = ExecutionResult & { incremental?: Array<{ errors?: readonly Error[] }> };

export function useIncrementalDelivery(): Plugin[] {
  /** Requests whose body is a batch (an array of operations). */
  const batches = new WeakSet<Request>();
  /** As yoga masks: the masked error replaces the original (an unexpected one's cause is logged with its request when sent, src/observability/request-log.ts). */
  const mask = (error: Error) => maskError(error, MASKED_MESSAGE);
  const delivery: Plugin = {
    onRequestParse({ request }) {
      return {
        onRequestParseDone({ requestParserResult }) {
          if (Array.isArray(requestParserResult)) batches.add(request);
        },
      };
    },
    onExecute({ args, executeFn, setExecuteFn }) {
      if (!usesIncrementalDelivery(args.document)) return;
      const request = (args.contextValue as { request?: Request }).request;
      if (request && (batches.has(request) || !acceptsStream(request))) {
        setExecuteFn((executionArgs) => executeFn({ ...executionArgs, document: withoutIncrementalDelivery(executionArgs.document) }));
        return;
      }
      return {
        onExecuteDone({ result }) {
          if (!isAsyncIterable(result)) return;
          return {
            onNext({ result: payload, setResult }) {
              const { incremental } = payload as SubsequentPayload;
              if (!incremental?.some((entry) => entry.errors?.length)) return;
              setResult({ ...payload, incremental: incremental.map((entry) => (entry.errors ? { ...entry, errors: entry.errors.map(mask) } : entry)) } as typeof payload);
            },
          };
        },
      };
    },
  };
  return [useDeferStream(), delivery];
}
