/**
 * How a subscription's events are executed: each in a context of its own, once per event for every
 * subscriber of the same operation, and (over graphql-ws) once per event for a whole audience whose
 * transport fans the answers out itself. See clients.md, "How it behaves" (subscriptions), for what
 * is shared between whom.
 */
import { createSourceEventStream, execute, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { isAsyncIterable, mapAsyncIterator, type Plugin } from 'graphql-yoga';
import type { Context } from '../context.js';
import { subscriptionLimitError } from '../errors.js';
import { SubscriptionLimitError } from '../live/index.js';
import { usesIncrementalDelivery } from './incremental-delivery.js';

/**
 * A transport that fans one subscriber's stream of answers out to every subscriber of the same
 * operation itself (graphql-ws: src/http/shared-streams.ts), handed to each operation in its server
 * context. The plugin tells it whether the operation's answers may be shared across clients (`key`)
 * and, when a stream of that key already runs, reserves the subscriber's slot and opens no stream
 * (`joined`); the transport then attaches the subscriber to the running stream.
 */
export interface StreamSharing {
  /** Whether a stream of `key` runs that a new subscriber may join; if so it is kept running until the transport attaches the subscriber or lets it go. */
  pin(key: string): boolean;
  /** Set here: the operation's key when its answers may be shared by every client (nothing in it reads an upstream: its estimated upstream calls are 0). */
  key?: string;
  /** Set here with the key: the release of the subscription slot the subscriber holds (a shared stream holds none of its own). */
  slot?: () => void;
  /** Set here when the subscriber opened no stream: it joins the running stream of its key. */
  joined?: boolean;
  /** Set by the transport once it shares the stream: told of each event as the stream hands it on (it counts the event for every subscriber itself). */
  delivered?: (executed: boolean, arrivedAt: number | undefined) => void;
}

/** An operation's context with what the transport put in its server context. */
type OpenedContext = Context & { streamSharing?: StreamSharing };

/** A stream that ends at once: what a subscriber that joined a running stream gets from execution. */
async function* nothing(): AsyncGenerator<ExecutionResult> {}

/**
 * Runs each event of a subscription in a new context (`Context.forEvent`): fresh upstream clients
 * with their own budget and deadline, and fresh loaders. graphql-js would run every event in the
 * context of the request that opened the stream, whose deadline passes and whose loaders grow. An
 * operation that reads no upstream (the guard's estimate is 0) has nothing to pass or grow: its
 * events run in the opening context, and make no clients or loaders.
 *
 * One execution per event for every subscriber of the same operation: an event's value is one object
 * for all the subscribers of its subject (src/live/hub.ts), and subscribers whose document (the same
 * parsed document, which the document cache gives the same text), operation name, variables and key
 * partition are the same get the same answer, so the first to ask runs it (in its own event context)
 * and the others take that result. The partition: for an operation that reads no upstream (every field
 * from the event), the one its subjects are polled in (`LiveSession.feedPartition`: every key's, bar
 * AUTH_ALLOW_CALLER_KEYS's own-key callers), as its answer is the event's; for one that reads an
 * upstream, its caller's key (`LiveSession.partition`), whose Data API reads could differ from another
 * key's. Documents with `@defer` or `@stream`, whose answers are streams read once, never share. An
 * answer with errors is taken only by subscribers of the same client: another client's limits (its
 * upstream calls per second) may have caused them, so a subscriber of another client runs its own.
 *
 * With a transport that shares streams (StreamSharing), an operation that reads no upstream (an
 * estimate of 0 calls: every field comes from the event) is shared by every client of its feed
 * partition: the first subscriber's stream is the audience's, and later ones open none.
 */
export function useEventContexts(onEvent?: (executed: boolean, lagSeconds?: number) => void): Plugin<Context> {
  // Per event value, the answers by operation: gone with the value once every subscriber has it.
  const answers = new WeakMap<object, Map<string, { client: string; answer: ReturnType<typeof execute> }>>();
  return {
    onSubscribe({ args, setSubscribeFn }) {
      const sharing = (args.contextValue as OpenedContext).streamSharing;
      // This subscriber's answers in order, each with when its event arrived in this process
      // (LiveItem.arrivedAt) and whether it was executed for it: counted as it is handed on.
      const pending: { arrivedAt: number | undefined; executed: boolean }[] = [];
      const listening = onEvent !== undefined || sharing !== undefined;
      const note = <T>(answer: T, arrivedAt: number | undefined, executed: boolean): T => {
        if (listening) pending.push({ arrivedAt, executed });
        return answer;
      };
      setSubscribeFn(async (args) => {
        const executionArgs = args as unknown as ExecutionArgs;
        const opened = executionArgs.contextValue as OpenedContext;
        const operation = sharedOperationKey(executionArgs, opened);
        let sourceArgs = executionArgs;
        if (sharing && operation !== undefined && opened.estimatedUpstreamCalls === 0) {
          // A slot of its own, whether it joins a stream or opens the one its audience will share.
          try {
            sharing.slot = opened.live.reserve();
          } catch (error) {
            if (error instanceof SubscriptionLimitError) return { errors: [subscriptionLimitError(error)] };
            throw error;
          }
          sharing.key = operation;
          if (sharing.pin(operation)) {
            sharing.joined = true;
            return nothing();
          }
          sourceArgs = { ...executionArgs, contextValue: { ...opened, live: opened.live.forAudience() } };
        }
        const source = await createSourceEventStream(sourceArgs);
        if (!isAsyncIterable(source)) return source;
        // An operation that reads no upstream needs no fresh clients or loaders for its events.
        const lean = opened.estimatedUpstreamCalls === 0;
        const run = (payload: unknown) => execute({ ...executionArgs, rootValue: payload, contextValue: lean ? opened : { ...opened, ...opened.forEvent() } });
        const client = opened.live.client();
        return mapAsyncIterator(source, (payload) => {
          const item = payload as { value?: unknown; arrivedAt?: number } | null;
          const value = item?.value;
          const arrivedAt = item?.arrivedAt;
          if (operation === undefined || typeof value !== 'object' || value === null) return note(run(payload), arrivedAt, true);
          let byOperation = answers.get(value);
          if (!byOperation) answers.set(value, (byOperation = new Map()));
          const known = byOperation.get(operation);
          if (known === undefined) {
            const answer = run(payload);
            byOperation.set(operation, { client, answer });
            return note(answer, arrivedAt, true);
          }
          if (known.client === client) return note(known.answer, arrivedAt, false);
          return Promise.resolve(known.answer).then((result) => {
            const own = (result as { errors?: readonly unknown[] }).errors?.length ? true : false;
            return note(own ? run(payload) : result, arrivedAt, own);
          });
        });
      });
      // Counted as each subscriber's answer is handed on (after the plugins before the transport):
      // its lag then includes the wait behind the other subscribers of the event. A shared stream's
      // transport counts its events itself, one per subscriber it sends them to.
      if (!listening) return;
      return {
        onSubscribeResult: () => ({
          onNext: () => {
            const noted = pending.shift();
            if (!noted) return;
            if (sharing?.delivered) return sharing.delivered(noted.executed, noted.arrivedAt);
            onEvent?.(noted.executed, noted.arrivedAt === undefined ? undefined : (performance.now() - noted.arrivedAt) / 1000);
          },
        }),
      };
    },
  };
}

/** A number for each document seen, for the operation's key. */
const documentIds = new WeakMap<DocumentNode, number>();
let nextDocumentId = 0;

/** What makes two subscribers' answers to one event the same, or undefined when they must not be shared (`@defer`, `@stream`: their answers are streams). */
function sharedOperationKey(args: ExecutionArgs, opened: Context): string | undefined {
  const { document } = args;
  if (usesIncrementalDelivery(document)) return undefined;
  let id = documentIds.get(document);
  if (id === undefined) documentIds.set(document, (id = nextDocumentId++));
  // An answer read from the event alone is the same for every key the event's subject is shared by; one that reads an upstream reads with the caller's key.
  const partition = opened.estimatedUpstreamCalls === 0 ? opened.live.feedPartition() : opened.live.partition();
  return `${id}\u0000${args.operationName ?? ''}\u0000${partition}\u0000${JSON.stringify(args.variableValues ?? {})}`;
}
