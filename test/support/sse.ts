/**
 * A small GraphQL-over-SSE client for tests: POSTs an operation with `accept: text/event-stream` and
 * collects the `next` events (a subscription's events, or an incremental answer's payloads) and the
 * `complete` event as they arrive.
 */
import type { GraphQLResponse } from './harness.js';

export interface SseStream<T = any> {
  status: number;
  /** The `next` events' payloads, in order. */
  events: GraphQLResponse<T>[];
  /** True once the server sent `complete` (or ended the response). */
  readonly completed: boolean;
  /** Resolves once at least `n` events arrived (or fails after `timeoutMs`). */
  waitForEvents(n: number, timeoutMs?: number): Promise<void>;
  waitForCompletion(timeoutMs?: number): Promise<void>;
  /** Closes the connection (as a client going away). */
  close(): void;
}

/** `send`: how the request goes (default: over the network; an in-process harness passes its `fetch`). */
export async function subscribe<T = any>(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
  send: (url: string, init: RequestInit) => Promise<Response> = fetch,
): Promise<SseStream<T>> {
  const abort = new AbortController();
  const response = await send(url, {
    method: 'POST',
    signal: abort.signal,
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const events: GraphQLResponse<T>[] = [];
  let completed = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
            .join('\n');
          if (event === 'next') events.push(JSON.parse(data) as GraphQLResponse<T>);
          if (event === 'complete') completed = true;
        }
      }
    } catch {
      // Aborted by close().
    }
    completed = true;
  })();
  void reading;
  return {
    status: response.status,
    events,
    get completed() {
      return completed;
    },
    waitForEvents: (n, timeoutMs = 5_000) => waitUntil(() => events.length >= n, timeoutMs, `${n} events (got ${events.length})`),
    waitForCompletion: (timeoutMs = 5_000) => waitUntil(() => completed, timeoutMs, 'completion'),
    close: () => abort.abort(),
  };
}

/** Resolves once `condition` holds, checking every 10 ms; fails after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
