/**
 * An undici Dispatcher that hands each request to the simulated service answering its origin, in
 * process: the gateway's transport takes it in place of a Pool (`TransportOptions.dispatcher`), so
 * a test runs the real transport (deadlines, retries, breakers, error mapping) with no socket.
 *
 * What a socket would do, it does: a `reset` fault fails the call as a closed socket does
 * (`UND_ERR_SOCKET`), an origin nothing answers as a refused connection (`ECONNREFUSED`), a `hang`
 * lasts until the call's signal aborts it, and a closed dispatcher refuses new calls.
 */
import { Dispatcher, errors } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxAnswer, SandboxService } from '@avalanche-graph/sandbox';
import type { DispatcherFactory } from '../../src/upstream/transport/http.js';

/** Finds the service answering an origin (undefined: nothing listens there). */
export type ServiceResolver = (origin: string) => SandboxService | undefined;

/** One in-process dispatcher per origin, as the transport makes one Pool per origin. */
export function sandboxDispatchers(resolve: ServiceResolver): DispatcherFactory {
  return (origin) => new SandboxDispatcher(origin, resolve);
}

class SandboxDispatcher extends Dispatcher {
  private readonly host: string;
  private readonly inFlight = new Set<Call>();
  private closed = false;

  constructor(
    private readonly origin: string,
    private readonly resolve: ServiceResolver,
  ) {
    super();
    this.host = new URL(origin).host;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const call = new Call(handler);
    if (this.closed) {
      call.fail(new errors.ClientClosedError());
      return false;
    }
    this.inFlight.add(call);
    call.start();
    void this.send(options, call).finally(() => this.inFlight.delete(call));
    return true;
  }

  private async send(options: Dispatcher.DispatchOptions, call: Call): Promise<void> {
    // Aborted before it was sent (its signal had already fired).
    if (call.done) return;
    const service = this.resolve(this.origin);
    if (!service) {
      call.fail(Object.assign(new Error(`connect ECONNREFUSED ${this.host}`), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' }));
      return;
    }
    let answer: SandboxAnswer;
    try {
      const body = await bodyText(options.body);
      const headers = lowerCaseHeaders(options.headers);
      headers.host = this.host;
      if (body !== '') headers['content-length'] = String(Buffer.byteLength(body));
      answer = await service.answer({ method: options.method, url: options.path, headers, body, signal: call.signal });
    } catch (error) {
      call.fail(error as Error);
      return;
    }
    if ('dropped' in answer) call.fail(new errors.SocketError('other side closed'));
    else call.respond(answer.status, answer.headers, Buffer.from(answer.body));
  }

  override async close(): Promise<void> {
    this.closed = true;
    // As a Pool's close: in-flight calls finish first.
    await Promise.all([...this.inFlight].map((call) => call.finished));
  }

  override async destroy(): Promise<void> {
    this.closed = true;
    for (const call of this.inFlight) call.fail(new errors.ClientDestroyedError());
  }
}

/**
 * One request's side of the handler protocol, for both handler styles undici passes to a
 * dispatcher: the controller one (`onRequestStart`...) and the older callback one (`onConnect`...,
 * which `request()` still uses). Whatever happens first (an answer, a failure, an abort) ends it.
 */
class Call implements Dispatcher.DispatchController {
  private readonly abortion = new AbortController();
  private ended = false;
  private settle!: () => void;
  readonly finished = new Promise<void>((resolve) => (this.settle = resolve));
  reason: Error | null = null;

  constructor(private readonly handler: Dispatcher.DispatchHandler) {}

  /** Aborted when the caller gives up, so a hanging answer ends. */
  get signal(): AbortSignal {
    return this.abortion.signal;
  }

  get done(): boolean {
    return this.ended;
  }

  get aborted(): boolean {
    return this.reason !== null;
  }

  get paused(): boolean {
    return false;
  }

  // The whole body arrives in one chunk: there is nothing to pause.
  pause(): void {}
  resume(): void {}

  abort(reason: Error): void {
    if (this.ended) return;
    this.reason = reason;
    this.fail(reason);
  }

  start(): void {
    const { handler } = this;
    if (handler.onRequestStart) handler.onRequestStart(this, {});
    else handler.onConnect?.((reason) => this.abort(reason ?? new errors.RequestAbortedError()));
  }

  respond(status: number, headers: Record<string, string>, body: Buffer): void {
    if (this.end()) return;
    const { handler } = this;
    if (handler.onRequestStart) {
      handler.onResponseStart?.(this, status, headers, '');
      if (body.length > 0) handler.onResponseData?.(this, body);
      handler.onResponseEnd?.(this, {});
      return;
    }
    const raw = Object.entries(headers).flatMap(([name, value]) => [Buffer.from(name, 'latin1'), Buffer.from(value, 'latin1')]);
    handler.onHeaders?.(status, raw, () => undefined, '');
    if (body.length > 0) handler.onData?.(body);
    handler.onComplete?.([]);
  }

  fail(error: Error): void {
    if (this.end()) return;
    if (this.handler.onRequestStart) this.handler.onResponseError?.(this, error);
    else this.handler.onError?.(error);
  }

  /** Marks the call ended; true when it already was. */
  private end(): boolean {
    if (this.ended) return true;
    this.ended = true;
    this.abortion.abort();
    this.settle();
    return false;
  }
}

async function bodyText(body: Dispatcher.DispatchOptions['body']): Promise<string> {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  if (Symbol.asyncIterator in body) {
    const chunks: Buffer[] = [];
    for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  }
  throw new TypeError('sandbox dispatcher: unsupported request body');
}

/** The headers as node:http gives them to a server: names in lower case. */
function lowerCaseHeaders(headers: Dispatcher.DispatchOptions['headers']): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  if (!headers) return out;
  const entries: Iterable<[string, string | string[] | undefined]> = Array.isArray(headers)
    ? pairs(headers as string[])
    : Symbol.iterator in headers
      ? (headers as Iterable<[string, string | string[] | undefined]>)
      : Object.entries(headers as Record<string, string | string[] | undefined>);
  for (const [name, value] of entries) if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}

function* pairs(flat: string[]): Iterable<[string, string]> {
  for (let i = 0; i + 1 < flat.length; i += 2) yield [flat[i]!, flat[i + 1]!];
}
