/**
 * Reading a request body before anything else runs for it: no admission slot is taken, and nothing
 * of it is parsed, until the client has sent it all. While it arrives it is bounded three ways:
 *
 * - its size, MAX_BODY_BYTES (413, refused on its Content-Length or when the bytes pass it);
 * - its pace, BODY_TIMEOUT_MS: the longest gap between two pieces (408 `REQUEST_TIMEOUT`); the whole
 *   request's deadline, REQUEST_TIMEOUT_MS, is Node's own (`server.requestTimeout`);
 * - the bytes held by all the bodies still arriving, MAX_BODY_BYTES_READING, of which one client (its
 *   address) may hold a quarter: a thousand half-sent bodies hold at most that, and one address's
 *   cannot take the others' room. The request whose next bytes would pass a bound is refused (503
 *   `OVERLOADED`, 429 `RATE_LIMITED` for the address's quarter) and its connection closed.
 *
 * The bytes are counted as they arrive (what is held), not as announced: a body sent one byte at a
 * time holds one byte, and a Content-Length cannot reserve room it never fills.
 */
import type { IncomingMessage } from 'node:http';

/** Why a body could not be read; `refuse` in http-limits.ts answers each. */
export type BodyFailure =
  | { kind: 'too-large' }
  | { kind: 'gap' }
  | { kind: 'budget'; scope: 'process' | 'client' }
  | { kind: 'unreadable' };

/** The bytes of request bodies being received, in all and per client (MAX_BODY_BYTES_READING). */
export class BodyBudget {
  /** Bytes held by bodies still arriving. */
  held = 0;
  private readonly perClient = new Map<string, number>();
  /** One client's share: a quarter of the whole, and room for at least one body of MAX_BODY_BYTES. */
  readonly clientLimit: number;

  constructor(
    readonly limit: number,
    maxBodyBytes: number,
  ) {
    this.clientLimit = Math.min(limit, Math.max(maxBodyBytes, Math.floor(limit / 4)));
  }

  /** Takes `bytes` for `client`; the scope whose bound it would pass, when refused (nothing taken). */
  take(client: string, bytes: number): 'process' | 'client' | undefined {
    const mine = this.perClient.get(client) ?? 0;
    if (mine + bytes > this.clientLimit) return 'client';
    if (this.held + bytes > this.limit) return 'process';
    this.perClient.set(client, mine + bytes);
    this.held += bytes;
    return undefined;
  }

  /** Gives back what `client` took for one body. */
  give(client: string, bytes: number): void {
    if (bytes === 0) return;
    this.held -= bytes;
    const left = (this.perClient.get(client) ?? 0) - bytes;
    if (left > 0) this.perClient.set(client, left);
    else this.perClient.delete(client);
  }
}

export interface BodyOptions {
  maxBodyBytes: number;
  /** BODY_TIMEOUT_MS */
  gapMs: number;
  budget: BodyBudget;
  /** Who the client is, for its share of the budget (its address). */
  client: string;
}

/**
 * Reads `req`'s body whole, within the bounds above: the body, or why not. The budget's bytes are
 * given back as soon as the reading ends, either way (the body then belongs to the request).
 */
export function readBody(req: IncomingMessage, options: BodyOptions): Promise<Buffer | BodyFailure> {
  const { maxBodyBytes, gapMs, budget, client } = options;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let done = false;
    const socket = req.socket;
    const finish = (outcome: Buffer | BodyFailure) => {
      if (done) return;
      done = true;
      budget.give(client, length);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('aborted', onAborted);
      req.off('error', onAborted);
      req.off('close', onAborted);
      req.off('timeout', onGap);
      // Back to Node's own (none while a request is handled; keep-alive sets its own after the answer).
      socket.setTimeout(0);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      if (length + chunk.length > maxBodyBytes) return finish({ kind: 'too-large' });
      const refused = budget.take(client, chunk.length);
      if (refused) return finish({ kind: 'budget', scope: refused });
      length += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => finish(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length));
    const onAborted = () => finish({ kind: 'unreadable' });
    // The socket's idle timer restarts with every byte received: it fires after a gap of `gapMs`.
    // Node tells the unfinished request first (a listener there keeps it from destroying the socket).
    const onGap = () => finish({ kind: 'gap' });
    req.setTimeout(gapMs);
    req.on('timeout', onGap);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('aborted', onAborted);
    req.once('error', onAborted);
    req.once('close', onAborted);
  });
}
