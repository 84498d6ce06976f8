/**
 * A bug on purpose: every operation's `ctx.upstreams.<client>` throws a TypeError, neither an upstream
 * failure nor a GraphQL error, as a resolver's bug would. For tests of what callers see of an
 * unexpected error (masked) and what operators see (its stack, under the request's id).
 */
import type { RequestUpstreams, Upstreams } from '../../src/upstream/index.js';

/** Breaks `client` of every operation's upstreams from now until the returned function is called. */
export function breakUpstream(upstreams: Upstreams, client: keyof RequestUpstreams, message: string): () => void {
  const forRequest = upstreams.forRequest;
  upstreams.forRequest = (...args) =>
    new Proxy(forRequest.apply(upstreams, args), {
      get(target, property) {
        if (property === client) throw new TypeError(message);
        return Reflect.get(target, property, target);
      },
    });
  return () => {
    upstreams.forRequest = forRequest;
  };
}
